"""The turn report: what each step changed, by kind, as text and as JSON.

Kinds: move, rail, ownership, capacity, weather, marker, effect, elimination, warning, supply
(a check that changes no marker, TSCW 9.2), rule (any other rule the step ran)."""
from __future__ import annotations

from logistics.jsontext import json_text

# A game's step reports its actions as text lines, each opening with its rule.
PREFIXES = (("3D ownership", "ownership"), ("10.7 control", "ownership"), ("12B step 4", "marker"),
            ("9.2 supply check", "supply"), ("12.6d", "supply"), ("Out of Supply", "marker"))


def kind_of(line: str) -> str:
    return next((kind for prefix, kind in PREFIXES if line.startswith(prefix)), "rule")


def as_text(steps: list[dict]) -> list[str]:
    out = []
    for s in steps:
        out.append(f"{s['from']} -> {s['to']}")
        for e in s["changes"] or [{"kind": "", "text": "nothing to do automatically"}]:
            out.append(f"  {'warning: ' if e['kind'] == 'warning' else ''}{e['text']}")
    return out


def step_record(start: str, end: str, entries: list[tuple[str, str]], verdicts) -> dict:
    return {"from": start, "to": end, "changes": [{"kind": k, "text": t} for k, t in entries],
            "supply": [v.as_dict() for v in verdicts]}


def report_json(scenario: str, written: bool, steps: list[dict]) -> str:
    return json_text({"scenario": scenario, "written": written, "steps": steps})
