"""The catalogue of rulings and rule statements in the four seeds (catalogue/*.yaml)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

SEEDS = {  # catalogue file -> (seed file number, title)
    "fwtbt.yaml": ("000", "For Whom the Bell Tolls FAQ (Europa), October 2006"),
    "second_front.yaml": ("001", "Second Front errata & Q&A (Europa), March 1998"),
    "tscw.yaml": ("002", "The Spanish Civil War living rules 2.0 (GMT), June 2011"),
    "ocs.yaml": ("003", "OCS v4, chapter 13"),
}
PREFIXES = {"FW": "fwtbt.yaml", "SF": "second_front.yaml", "TSCW": "tscw.yaml", "OCS": "ocs.yaml"}


@dataclass(frozen=True)
class Ruling:
    id: str
    seed: str
    line: int
    heading: str
    rules: tuple[str, ...]
    who: str
    date: str
    topic: str
    scope: str
    statement: str
    why_out: str
    issue: str
    supersedes: str

    @property
    def in_scope(self) -> bool:
        return self.scope == "in"


@lru_cache(maxsize=1)
def load_catalogue() -> tuple[Ruling, ...]:
    rulings = []
    folder = resources.files("logistics.rulings") / "catalogue"
    for name, (seed, _) in SEEDS.items():
        for e in yaml.safe_load((folder / name).read_text(encoding="utf-8")):
            rulings.append(Ruling(e["id"], seed, int(e["line"]), e["heading"], tuple(str(r) for r in e["rules"]),
                                  e.get("who", ""), str(e.get("date", "")), e["topic"], e["scope"],
                                  e["statement"], e.get("why_out", ""), e.get("issue", ""), e.get("supersedes", "")))
    return tuple(rulings)


def by_id() -> dict[str, Ruling]:
    return {r.id: r for r in load_catalogue()}
