"""Ownership that starts sensible (docs/scenario-format.md): from another scenario with only the
changes listed, or derived from the units (Europa 3D); and a verdict that says when no source is
active because its cities are not the side's."""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from logistics.errors import LoadError
from logistics.games import supply_engine
from logistics.scenario import load_scenario

ROOT = Path(__file__).parent.parent
AUG36 = ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml"
OWNERSHIP = re.compile(r"ownership:\n  grid: .*\n  Loyalist: .*\n")


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "iberia-europa").symlink_to(ROOT / "maps" / "iberia-europa")
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        shutil.copy(AUG36.parent / name, tmp_path / name)
    return tmp_path


def _variant(folder, ownership: str) -> Path:
    path = folder / "variant.yaml"
    path.write_text(OWNERSHIP.sub(ownership, AUG36.read_text()))
    return path


def test_ownership_from_another_scenario_with_changes(folder):
    """`from:` takes the other scenario's ownership; the lists after it change only their hexes."""
    base = load_scenario(folder / "aug-1936.yaml").position
    variant = load_scenario(_variant(folder, 'ownership:\n  from: aug-1936.yaml\n  Insurgent: ["23A:1108"]\n'))
    m, owner = variant.map, variant.position.owner
    changed = {m.hex_id(h) for h in set(owner) | set(base.owner) if owner.get(h) != base.owner.get(h)}
    assert changed == {"23A:1108"} and owner[m.hex_at("23A:1108")] == "Insurgent"


def test_ownership_from_a_scenario_on_another_map_is_one_error(folder):
    tscw = ROOT / "scenarios" / "tscw"
    other = next(p for p in sorted(tscw.glob("*.yaml")) if ".moves." not in p.name and ".orders" not in p.name)
    with pytest.raises(LoadError, match=r"ownership.from: .* is on map iberia-tscw"):
        load_scenario(_variant(folder, f"ownership:\n  from: {other}\n"))


def test_ownership_derived_from_units_is_europa_3d(folder):
    """`derive: units` (3D, as the FWtBT FAQ restates it): a side owns the hexes its units occupy
    and those into which only its units exert a ZOC; a hex both sides' ZOCs reach stays unowned."""
    sc = load_scenario(_variant(folder, "ownership:\n  derive: units\n"))
    m, owner = sc.map, sc.position.owner
    assert owner[m.hex_at("23A:1007")] == "Insurgent"          # Oviedo Gar occupies it
    assert owner[m.hex_at("23A:1006")] == "Loyalist"           # Asturian Col occupies it
    # 23A:1107 borders Oviedo Gar (1007) and Asturian Col (1006), both with ZOCs: contested
    assert owner.get(m.hex_at("23A:1107"), "unowned") == "unowned"
    far = m.hex_at("23A:4010")                                  # no unit within reach
    assert owner.get(far, "unowned") == "unowned"


def test_no_active_source_names_the_unowned_cities(folder):
    """12C1: when no source of the unit's side is active because its cities are not its side's,
    the verdict says so, naming the cities."""
    sc = load_scenario(folder / "aug-1936.yaml")
    p = sc.position
    p = dataclasses.replace(p, owner={h: o for h, o in p.owner.items() if o != "Insurgent"})
    verdict = next(v for v in supply_engine(p, sc.map).verdicts() if v.unit == "Castejon Col")
    text = verdict.blocked.reason
    assert "no full general supply source of its affiliation is active: its source cities are unowned (Sevilla, Cordoba" in text
