"""Positions are snapshots; changes make new snapshots and never alter the old one."""
import pytest

from logistics.position import (
    AddUnit,
    MoveUnit,
    RemoveUnit,
    SetMarker,
    SetOwner,
    SetPortDamage,
    SetRailBreak,
    SetTurn,
    Turn,
    Unit,
)


def test_changes_make_a_new_snapshot(testland_scenario):
    before = testland_scenario.position
    m = testland_scenario.map
    target = m.hex_at("T:0404")
    after = before.apply(
        MoveUnit("1 PA Inf XX", hex=target),
        SetMarker("2 PA Inf XX", 2),
        SetRailBreak(m.hex_at("T:0504"), broken=False),
        SetPortDamage("Baytown", 0),
        SetTurn(Turn(4, "Sep I 36", "initial", "Insurgent")),
    )
    assert after.unit("1 PA Inf XX").hex == target and before.unit("1 PA Inf XX").hex == m.hex_at("T:0505")
    assert after.unit("2 PA Inf XX").oos == 2 and before.unit("2 PA Inf XX").oos == 1
    assert not after.rail_breaks and before.rail_breaks
    assert after.port_damage == {} and before.port_damage == {"Baytown": 1}
    assert after.turn.number == 4 and before.turn.number == 3


def test_ownership_changes_and_unowned(testland_scenario):
    before = testland_scenario.position
    h = testland_scenario.map.hex_at("T:0604")
    assert before.owner_of(h) == "Insurgent"
    assert before.apply(SetOwner((h,), "unowned")).owner_of(h) == "unowned"
    assert before.owner_of(testland_scenario.map.hex_at("T:0105")) == "neutral"


def test_units_added_and_removed(testland_scenario):
    before = testland_scenario.position
    new = Unit("3 PA Inf XX", "Loyalist", "Republican", "People's Army", hex=testland_scenario.map.hex_at("T:0403"))
    after = before.apply(AddUnit(new), RemoveUnit("Durruti Col"))
    assert [u.id for u in after.units].count("3 PA Inf XX") == 1
    assert "Durruti Col" not in {u.id for u in after.units}
    with pytest.raises(ValueError):
        after.apply(AddUnit(new))
    with pytest.raises(KeyError):
        before.apply(MoveUnit("no such unit", hex=None))
