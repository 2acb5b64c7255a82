"""Europa naval transport orders (games/europa/transport.py): embark, sail, disembark, as far as
the seeds rule on them (30 / 31A, the DAT 15-Feb-04 rulings, 34F AEG 11-Mar-04)."""
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.errors import LoadError
from logistics.games.europa.supply import EuropaSupply
from logistics.position import NavalGroup, Turn
from logistics.rulings.builders import position, unit
from logistics.rulings.cases.europa_naval import island_map
from logistics.scenario import Scenario
from logistics.turn.orders import apply_orders

SANTANDER, GIJON, CEUTA = "0305", "0905", "0802"
VOYAGE = ('embark:\n  - {unit: PA, group: NT}\n'
          f'sail:\n  - {{group: NT, to: "{GIJON}", in_port: true}}\n'
          'disembark:\n  - {unit: PA}\n')


def _game(phase="movement", size=1.0, capacity=2.0, tags=(), **fields):
    m = island_map()
    pa = replace(unit("PA", "People's Army", SANTANDER, m), size=size, tags=tags)
    nt = NavalGroup("NT", "Loyalist", "transport", m.hex_at(SANTANDER), in_port=True, capacity=capacity)
    p = position(m, [pa], naval_groups=(nt,), turn=Turn(5, "Sep I 36", phase, "Loyalist"), **fields)
    return m, p


def _orders(tmp_path: Path, m, p, text: str):
    orders = tmp_path / "orders.yaml"
    orders.write_text(text, encoding="utf-8")
    return apply_orders(Scenario(tmp_path / "s.yaml", m, p), orders, "s.yaml")


def test_a_unit_embarks_sails_and_disembarks_at_friendly_ports_30_31A(tmp_path):
    m, p = _game()
    done = _orders(tmp_path, m, p, VOYAGE)
    assert [t for _, t in done.entries] == ["30 / 31A: PA embarks on NT at Santander",
                                            f"30: naval group NT sails to {GIJON} and enters Gijon",
                                            "31A: PA disembarks from NT at Gijon"]
    after = done.position
    assert m.hex_id(after.unit("PA").hex) == GIJON and after.unit("PA").aboard is None
    assert m.hex_id(after.naval_groups[0].hex) == GIJON


@pytest.mark.parametrize("sail, supplied", [("", True), ('sail:\n  - {group: NT, to: "0504"}\n', False)])
def test_a_unit_aboard_traces_from_its_groups_port_and_not_at_sea_SF_QA_12(tmp_path, sail, supplied):
    """SF Q&A on Rule 12 (GR/D 1998): a unit embarked on a group in port may trace supply from the
    port; embarked and at sea, it can trace no supply line. Santander, its port, is a source."""
    from logistics.rulings.builders import source
    m, p = _game()
    p = replace(p, supply_sources=(source("Santander", "Loyalist", ["Santander"]),),
                options={"supply_lengths": {"clear": {"overland": 9, "road": 0}}})
    done = _orders(tmp_path, m, p, 'embark:\n  - {unit: PA, group: NT}\n' + sail)
    assert done.position.unit("PA").aboard == "NT"
    v = EuropaSupply(done.position, m).verdict(done.position.unit("PA"))
    assert (v.general == "in supply") is supplied
    if not supplied:
        assert "embarked at sea" in v.blocked.reason


@pytest.mark.parametrize("game, text, line, field, message", [
    (dict(capacity=1.0, size=2.0), VOYAGE, 2, "embark[0].unit", "2 REs aboard NT"),
    (dict(phase="exploitation"), VOYAGE, 2, "embark[0].unit", "PA is not c/m and may not embark in the exploitation phase"),
    (dict(phase="combat"), VOYAGE, 2, "embark[0].unit", "naval transport in the combat phase"),
    (dict(size=2.0, options={"port_capacity": {"standard": 1}}), VOYAGE, 2, "embark[0].unit",
     "2 REs through Santander this phase"),
    (dict(), VOYAGE.replace("in_port: true", "in_port: false"), 6, "disembark[0].unit", "naval group NT is not in port"),
    (dict(), VOYAGE.replace(GIJON, "0504"), 4, "sail[0].in_port", "hex 0504 has no port"),
    (dict(), VOYAGE.replace("group: NT}", "group: Bismarck}"), 2, "embark[0].group", "unknown naval group 'Bismarck'"),
])
def test_bad_naval_orders_are_one_line_naming_the_field(tmp_path, game, text, line, field, message):
    """30: the group's cargo capacity; 31A / DAT 15-Feb-04: a non-c/m unit embarks in the movement
    phase only, and naval transport is a movement or exploitation phase's; 30A: a port's capacity;
    31A: a unit disembarks at a port its group is in."""
    m, p = _game(**game)
    with pytest.raises(LoadError) as err:
        _orders(tmp_path, m, p, text)
    assert (err.value.line, err.value.field, err.value.message) == (line, field, message)


def test_a_cm_unit_embarks_in_exploitation_and_an_enemy_port_refuses_disembarking_DAT_15Feb04(tmp_path):
    m, p = _game(phase="exploitation", tags=("cm",))
    assert m.hex_id(_orders(tmp_path, m, p, VOYAGE).position.unit("PA").hex) == GIJON
    enemy = replace(p, owner={**p.owner, m.hex_at(GIJON): "Insurgent"})
    with pytest.raises(LoadError) as err:
        _orders(tmp_path, m, enemy, VOYAGE)
    assert (err.value.field, err.value.message) == ("sail[0].in_port", "port Gijon is Insurgent's")


def test_a_group_sailing_into_a_danger_zone_is_reported_not_refused_34F_AEG_11Mar04(tmp_path):
    """34F: a danger zone stops a naval element of a supply line, never a ship, which may run it at
    the risk of damage (AEG 11-Mar-04): the move is made and the roll reported."""
    m, p = _game()
    ports = [replace(pt, naval_base=True) if pt.name == "Ceuta" else pt for pt in m.ports]
    m.ports[:] = ports
    p = replace(p, owner={**p.owner, m.hex_at(CEUTA): "Insurgent"})
    done = _orders(tmp_path, m, p, 'embark:\n  - {unit: PA, group: NT}\nsail:\n  - {group: NT, to: "0702"}\n')
    assert m.hex_id(done.position.naval_groups[0].hex) == "0702"
    assert any(t.startswith("34F (AEG 11-Mar-04): NT is in a danger zone at 0702") for _, t in done.entries)


def _aug_at_sea(tmp_path):
    from conftest import edit
    from test_turn import copy_tree
    scenario = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    edit(scenario, "phase: initial, player: Insurgent}", "phase: movement, player: Loyalist}")
    edit(scenario, "naval_groups:\n", 'naval_groups:\n  - {id: NT-1, side: Loyalist, kind: transport, '
                                      'hex: "23A:1006", in_port: true, capacity: 2}   # at Gijon\n')
    return scenario


def test_naval_orders_from_the_command_line_rewrite_the_scenario_or_refuse_in_one_line(tmp_path):
    """`turn next --orders`: the Asturian column embarks at Gijon and its transport puts to sea
    (written: `aboard`, the group's hex, the comment kept); an order for a unit not in the group's
    hex is one line naming file:line:field, and nothing is written."""
    from test_turn import run

    from logistics.scenario import load_scenario
    scenario = _aug_at_sea(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("embark:\n  - {unit: Asturian Trubia Col, group: NT-1}\n", encoding="utf-8")
    before = scenario.read_bytes()
    code, out = run("turn", "next", scenario, "--orders", bad)
    assert (code, out) == (1, f"error: {bad}:2: embark[0].unit: Asturian Trubia Col is not in naval group NT-1's hex "
                              "(expected a unit in the group's port hex, or on a beach the group lies off)\n")
    assert scenario.read_bytes() == before
    good = tmp_path / "good.yaml"
    good.write_text('embark:\n  - {unit: Asturian Col, group: NT-1}\nsail:\n  - {group: NT-1, to: "23A:1005"}\n',
                    encoding="utf-8")
    code, out = run("turn", "next", scenario, "--orders", good)
    assert code == 0, out
    assert "  30 / 31A: Asturian Col embarks on NT-1 at Gijon\n  30: naval group NT-1 sails to 23A:1005 (at sea)\n" in out
    text = scenario.read_text(encoding="utf-8")
    assert "aboard: NT-1" in text and "# at Gijon" in text
    p = load_scenario(scenario)
    assert p.position.unit("Asturian Col").aboard == "NT-1" and p.map.hex_id(p.position.naval_groups[0].hex) == "23A:1005"


PLAYA = "0306"        # a beach beside the all-sea hexes 0405 and 0406
LANDING = ('embark:\n  - {unit: PA, group: NT}\n'
           'sail:\n  - {group: NT, to: "0405"}\n'
           'disembark:\n  - {unit: PA, beach: Playa}\n')


def _beach_game(unit_type="infantry", **fields):
    from logistics.mapdata import Beach, Place
    m, p = _game(**fields)
    m.beaches.append(Beach("Playa", Place((m.hex_at(PLAYA),))))
    p = replace(p, units=tuple(replace(u, type=unit_type) for u in p.units))
    return m, p


def test_an_amphibious_unit_lands_at_a_friendly_beach_its_group_lies_off_SF_31B(tmp_path):
    """SF 31B rewrite (GR/D, 03-Mar-98): any amphibious unit (27B6: a marine) may land at a beach;
    a beach has no port capacity. The marine sails from Santander and lands at Playa."""
    m, p = _beach_game("marine", options={"port_capacity": {"standard": 1}})
    done = _orders(tmp_path, m, p, LANDING)
    assert done.entries[-1] == ("move", "31B: PA lands from NT at beach Playa")
    assert m.hex_id(done.position.unit("PA").hex) == PLAYA
    back = _orders(tmp_path, m, replace(done.position, naval_groups=tuple(
        replace(g, hex=m.hex_at("0406")) for g in done.position.naval_groups)), 'embark:\n  - {unit: PA, group: NT}\n')
    assert back.entries == [("move", "30B / 31B: PA embarks on NT at beach Playa")]


@pytest.mark.parametrize("unit_type, fields, owner, field, message", [
    ("infantry", {}, "Loyalist", "disembark[0].unit",
     "PA is not amphibious and is on NTs: it lands at a beach only solely on LCs (SF 31B, GR/D 03-Mar-98)"),
    ("marine", {"options": {"stormy_seas": True}}, "Loyalist", "disembark[0].beach",
     "beach Playa is in stormy seas (every sea): no cargo at a beach (SF 31B, GR/D 03-Mar-98)"),
    ("marine", {}, "Insurgent", "disembark[0].beach",
     "beach Playa is Insurgent-owned: cargo only at a friendly beach (31, TEM 62; SF amphibious recap)"),
])
def test_a_landing_at_a_beach_is_refused_for_a_non_amphibious_unit_in_stormy_seas_or_at_an_enemy_beach(
        tmp_path, unit_type, fields, owner, field, message):
    """SF 31B rewrite (GR/D, 03-Mar-98): a non-amphibious unit lands solely from LCs (not
    modelled: a group carries as NTs); no cargo at a beach in stormy seas; cargo only at a
    friendly beach (31, TEM 62), an enemy beach being an amphibious landing (32), not an order."""
    m, p = _beach_game(unit_type, **fields)
    p = replace(p, owner={**p.owner, m.hex_at(PLAYA): owner})
    with pytest.raises(LoadError) as err:
        _orders(tmp_path, m, p, LANDING)
    assert (err.value.line, err.value.field, err.value.message) == (6, field, message)


def test_a_unit_lands_only_at_a_beach_its_group_lies_off_30B(tmp_path):
    m, p = _beach_game("marine")
    with pytest.raises(LoadError) as err:
        _orders(tmp_path, m, p, LANDING.replace('"0405"', '"0504"'))
    assert (err.value.line, err.value.field, err.value.message) == (
        6, "disembark[0].beach", "naval group NT does not lie off beach Playa")
