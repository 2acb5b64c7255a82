"""docs/supply-output.md matches `supply --json` exactly: every field the document shows is printed
for some unit of the bundled scenarios (or of the explanation tests' positions, for the fields
only an unusual position fills), and every field printed is documented; the values of the
enumerated fields that are printed are the documented ones."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from logistics.report.supply import verdict_json

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "supply-output.md"
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scenarios").rglob("*.yaml")
                   if not p.name.endswith(".moves.yaml")) + \
    ["tests/data/scenarios/testland.yaml", "tests/data/scenarios/ocs-test.yaml"]
MAPS = {"lengths"}          # objects whose keys are values (documented under Values)


def documented_objects() -> list:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    return [json.loads(re.sub(r"\s*//[^\n]*", "", b)) for b in blocks]


def documented_values() -> dict[str, set[str]]:
    section = DOC.read_text(encoding="utf-8").split("## Values", 1)[1]
    return {m.group(1): set(re.findall(r"`([^`]+)`", m.group(2)))
            for m in re.finditer(r"^- `([^`]+)`: (.*)$", section, flags=re.M)}


def paths(obj, prefix: str = "") -> set[str]:
    """Every key path of a JSON value: "units.blocked.cut.hex"; lists add nothing to the path."""
    out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            p = f"{prefix}.{k}" if prefix else k
            out.add(p)
            if k not in MAPS:
                out |= paths(v, p)
    elif isinstance(obj, list):
        for v in obj:
            out |= paths(v, prefix)
    return out


def values(obj, field: str) -> set[str]:
    """The values printed for `field` ("general", "line.element") or, for a map, its keys."""
    head, _, rest = field.partition(".")
    out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == head and not rest:
                out |= set(v) if isinstance(v, dict) else {v}
            elif k == head:
                out |= values(v, rest)
            else:
                out |= values(v, field)
    elif isinstance(obj, list):
        for v in obj:
            out |= values(v, field)
    return out


@pytest.fixture(scope="module")
def printed() -> list:
    out = []
    for scenario in SCENARIOS:
        result = CliRunner().invoke(main, ["supply", str(ROOT / scenario), "--json"])
        assert result.exit_code == 0, result.output
        out.append(json.loads(result.stdout))
    return out


@pytest.fixture(scope="module")
def unusual() -> list:
    """The explanation tests' positions: a 12C1 cut, and units that lost a limited source."""
    from logistics.games.europa.supply import EuropaSupply
    from tests.test_explanations import connection_cut_position, palma_ruling_position
    out = []
    for m, p in (connection_cut_position(), palma_ruling_position()):
        out.append({"scenario": "-", "game": p.game,
                    "units": [verdict_json(v) for v in EuropaSupply(p, m).verdicts()]})
    return out


def test_every_printed_field_is_documented(printed, unusual):
    """A field added or renamed without the document fails here."""
    documented = set().union(*map(paths, documented_objects()))
    shown = set().union(*map(paths, printed + unusual))
    assert shown - documented == set()


def test_every_documented_field_is_printed(printed, unusual):
    """A field documented but gone from the output (renamed, removed) fails here."""
    documented = set().union(*map(paths, documented_objects()))
    shown = set().union(*map(paths, printed + unusual))
    assert documented - shown == set()


def test_the_bundled_scenarios_alone_print_every_field_they_can(printed):
    """The bundled scenarios print every field but those of a 12C1 cut and of a lost limited
    source (no unit of theirs is in either case)."""
    documented = set().union(*map(paths, documented_objects()))
    shown = set().union(*map(paths, printed))
    assert {p for p in documented - shown} == {f"units.blocked.cut.{k}" for k in
                                               ("hex", "rule", "reason", "units", "side", "zone", "group", "cut")} | \
        {f"units.limited_lost.{k}" for k in ("source", "place", "capacity", "taken_by")}


@pytest.mark.parametrize("field", ["general", "line.element", "lengths"])
def test_printed_values_are_documented(printed, unusual, field):
    listed = documented_values()[field]
    shown = set().union(*(values(d, f"units.{field}") for d in printed + unusual))
    assert shown and shown <= listed, shown - listed


def test_the_documented_examples_are_the_shape_printed(printed):
    """Each documented unit has the printed keys in the printed order."""
    order = list(printed[0]["units"][0])
    for doc in documented_objects():
        for unit in doc["units"]:
            assert list(unit) == order
