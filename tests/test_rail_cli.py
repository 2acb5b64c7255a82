"""`logistics rail` and MOVES.yaml: output shapes, one-line errors with file:line:field, and the
acceptance case of a northern rail net cut off from the main net (two sections, two capacities)."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import TESTLAND_MAP, TESTLAND_SCENARIO, edit

from cli import Command
from logistics.cli.rail import rail
from logistics.mapdata import City, Place, Yard
from logistics.mapio import load_map, write_map
from logistics.position import Position, SupplySource
from logistics.rail.model import MoveRequest, Orders
from logistics.rail.planner import plan
from logistics.rulings.builders import SIDES, plain_map, position
from logistics.scenario_writer import write_scenario

TESTLAND_MOVES = TESTLAND_SCENARIO.parent / "testland.moves.yaml"
IBERIA = Path(__file__).parent.parent / "maps" / "iberia-europa"
# cli.py registers `rail` on its main group; the same error handling is used here.
logistics = Command(name="logistics", commands={"rail": rail})


def run(*args):
    result = CliRunner().invoke(logistics, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


# --- the commands ------------------------------------------------------------------------------------

def test_rail_shows_each_sides_sections_with_capacity_used_and_free():
    out = run("rail", "sections", TESTLAND_SCENARIO).output
    assert "Loyalist: 7A3 (AEG 02-Apr-03): each rail net has its own yards' capacity" in out
    assert "net 2: capacity 4, used 0, free 4  (Capital 4;" in out and "net 1: capacity 2, used 0, free 2  (Portville 2;" in out


def test_rail_with_a_moves_file_shows_what_the_plan_uses():
    data = json.loads(run("rail", "sections", TESTLAND_SCENARIO, TESTLAND_MOVES, "--json").output)
    (loyalist,) = data["sides"]
    pool = next(p for p in loyalist["pools"] if "Capital" in p["yards"])
    assert set(pool) == {"id", "name", "yards", "temporary", "capacity", "used", "free", "rail_hexes"}
    assert (pool["yards"], pool["temporary"], pool["capacity"], pool["used"], pool["free"]) == ({"Capital": 4}, 1, 5, 5, 0)


def test_rail_plan_text_names_every_move_and_why_the_rejected_did_not_move():
    result = run("rail", "plan", TESTLAND_SCENARIO, TESTLAND_MOVES)
    assert result.exit_code == 0
    out = result.output
    assert "OPTIMAL" in out and "west: 1 PA Inf XX T:0505 -> T:0305" in out
    assert "rejected, illegal: T:0504: rail broken" in out and "(7A3)" in out
    assert "rejected, illegal: T:0205: hex of a neutral country" in out
    assert "rejected, capacity: net 2: capacity 5, this plan uses 5, 0 free" in out


def test_rail_plan_json_shape_is_stable_and_byte_identical_between_runs():
    first = run("rail", "plan", TESTLAND_SCENARIO, TESTLAND_MOVES, "--json").output
    assert first == run("rail", "plan", TESTLAND_SCENARIO, TESTLAND_MOVES, "--json").output
    data = json.loads(first)
    assert set(data) == {"scenario", "moves_file", "game", "side", "phase", "capacity_rule", "status", "objective",
                         "pools", "other_sections", "unusable_yards", "increases", "moves"}
    keys = {"id", "unit", "cargo", "from", "to", "size", "priority", "kind", "status", "pool", "cost", "route",
            "rules", "reason", "rule", "blocked", "explanation"}
    assert all(set(m) == keys for m in data["moves"])
    assert [m["status"] for m in data["moves"]] == ["moved", "rejected", "rejected", "rejected", "rejected", "moved"]
    assert all(m["explanation"] and m["rule"] for m in data["moves"] if m["status"] == "rejected")
    assert data["moves"][2]["blocked"] is None and data["moves"][3]["blocked"]["hex"] == "T:0504"


# --- errors: one line, file:line: field ----------------------------------------------------------------

@pytest.mark.parametrize("old, new, message", [
    ("unit: Durruti Col,", "unit: Nobody,", ":8: moves[2].unit: unknown unit 'Nobody'"),
    ("{id: west, unit: 1 PA Inf XX,", "{id: west, cargo: x, unit: 1 PA Inf XX,", ":6: moves[0]: a move needs exactly one"),
    ("cargo: general supply, size: 2, from: \"T:0505\"", "cargo: general supply, from: \"T:0505\"",
     ":9: moves[3]: missing field 'size'"),
    ("id: south,", "id: west,", ":8: moves[2]: duplicate move id 'west' (first at line 6)"),
    ("to: \"T:0305\", priority: 2}", "to: \"T:0305\", priority: 2, kind: express}", ":6: moves[0].kind: unknown rail movement kind"),
    ("yard: Capital,", "yard: Atlantis,", ":4: increases[0].yard: unknown rail yard 'Atlantis'"),
    ("side: Loyalist", "side: Insurgent", ":6: moves[0].unit: unit 1 PA Inf XX is Loyalist's"),
    ("to: \"T:0506\"}", "to: \"T:9999\"}", ":8: moves[2].to: 'T:9999' lies outside sheet T"),
    ("priority: 2}", "priority: 2, colour: red}", ":6: moves[0].colour: unknown field 'colour'"),
    ("priority: 2}", "priority: 2, arrival: true}", ":6: moves[0].arrival: arrival by rail is an OCS rule (13.6b)"),
])
def test_bad_moves_file_gives_one_line_error_with_file_line_field(data_copy, old, new, message):
    moves = edit(data_copy / "scenarios" / "testland.moves.yaml", old, new)
    result = run("rail", "plan", data_copy / "scenarios" / "testland.yaml", moves)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines


def test_bad_scenario_and_missing_files_are_one_line_errors(tmp_path):
    assert run("rail", "sections", tmp_path / "none.yaml").output.startswith("error: ")
    assert "is a map, not a scenario" in run("rail", "plan", TESTLAND_MAP, TESTLAND_MOVES).output
    assert "no side 'Martians'" in run("rail", "sections", TESTLAND_SCENARIO, "--side", "Martians").output


# --- acceptance: a northern net cut off from the main net --------------------------------------------------

def _north_and_main(sections: bool, one_pool: bool = False):
    """A hand-made stand-in for Iberia: a northern line (Santander 0402, Bilbao 0802 along rows
    02-03) and a main line (Madrid 0408, Valencia 0808 along rows 08-09), joined by a line down
    column 06 through Insurgent-held rows 04-07."""
    m = plain_map(rail={"North": ["0202", "1002"], "Main": ["0208", "1008"], "Link": ["0602", "0608"]})
    for name, hid in (("Santander", "0402"), ("Bilbao", "0802"), ("Madrid", "0408"), ("Valencia", "0808")):
        m.yards.append(Yard(name, Place((m.hex_at(hid),))))
        m.cities.append(City(name, "dot", Place((m.hex_at(hid),))))
    m.name = "north"
    held = {f"{c:02d}{r:02d}": "Insurgent" for c in range(1, 12) for r in range(4, 8)}
    p = position(m, [], owner=held, rail_capacity={"Santander": 1, "Bilbao": 1, "Madrid": 4, "Valencia": 2},
                 options={"isolated_rail_sections": sections, "one_rail_pool": one_pool})
    return m, replace(p, map_ref="north", turn=replace(p.turn, player="Loyalist"))


def _write(tmp_path, m, p) -> Path:
    write_map(m, tmp_path / "maps" / "north")
    write_scenario(p, m, tmp_path / "north.yaml")
    (tmp_path / "north.moves.yaml").write_text(
        'moves:\n'
        '  - {id: north, cargo: general supply, size: 3, from: "0402", to: "0802"}\n'
        '  - {id: main, cargo: general supply, size: 3, from: "0408", to: "0808"}\n', encoding="utf-8")
    return tmp_path / "north.yaml"


def test_acceptance_northern_net_cut_off_shows_two_sections_with_separate_capacities(tmp_path):
    scenario = _write(tmp_path, *_north_and_main(sections=True))
    out = run("rail", "sections", scenario, "--side", "Loyalist").output
    assert "Loyalist: 43C2: each isolated section has its own yards' capacity" in out
    assert "section 1: capacity 2, used 0, free 2  (Bilbao 1, Santander 1;" in out
    assert "section 2: capacity 6, used 0, free 6  (Madrid 4, Valencia 2;" in out
    data = json.loads(run("rail", "plan", scenario, tmp_path / "north.moves.yaml", "--json").output)
    north, main = data["moves"]
    assert main["status"] == "moved" and main["pool"] == "section 2"
    assert north["status"] == "rejected" and north["reason"] == "capacity"
    assert north["explanation"] == "section 1: capacity 2, this plan uses 0, 2 free; the move needs 3"


def test_without_43C2_each_net_keeps_its_own_capacity_7A3_AEG_02Apr03(tmp_path):
    """7A3 (AEG, 02-Apr-03): separate nets keep separate capacities in the basic game too."""
    scenario = _write(tmp_path, *_north_and_main(sections=False))
    data = json.loads(run("rail", "plan", scenario, tmp_path / "north.moves.yaml", "--json").output)
    assert [(p["name"], p["capacity"]) for p in data["pools"]] == [("net 1", 2), ("net 2", 6)]


def test_with_one_rail_pool_the_cut_off_net_shares_one_capacity(tmp_path):
    """The literal reading of 7A, kept as the option `one_rail_pool`."""
    scenario = _write(tmp_path, *_north_and_main(sections=False, one_pool=True))
    data = json.loads(run("rail", "plan", scenario, tmp_path / "north.moves.yaml", "--json").output)
    assert [p["capacity"] for p in data["pools"]] == [8]
    assert [m["status"] for m in data["moves"]] == ["moved", "moved"]


@pytest.mark.skipif(not (IBERIA / "map.yaml").exists(), reason="the Iberia-Europa map is not built")
def test_acceptance_on_the_iberia_europa_map_the_gobernito_north_is_its_own_section():
    """Loyalists hold Asturias, Santander and Euzkadi in the north and New Castile, Valencia,
    Murcia and Catalunya; the Insurgents hold the rest of Spain between them."""
    m = load_map(IBERIA)
    loyal = {"Asturias", "Santander", "Euzkadi", "Castilla la Nueva", "Valencia", "Murcia", "Catalunya"}
    owner = {}
    for h in m.terrain:
        country = m.countries.get(m.country_of(h))
        if country is not None and country.neutral:
            owner[h] = "neutral"
        elif m.is_land(h):
            owner[h] = "Loyalist" if m.region_of(h) in loyal else "Insurgent"
    p = Position(game="europa-fwtbt", map_ref="iberia-europa", sides=SIDES, owner=owner,
                 rail_capacity={"Bilbao": 1, "Madrid": 4, "Valencia": 2, "Barcelona": 3},
                 options={"isolated_rail_sections": True})
    bilbao, madrid = (next(y.place.hex for y in m.yards if y.name == n) for n in ("Bilbao", "Madrid"))
    the_plan = plan(p, m, Orders("iberia", "Loyalist", moves=(MoveRequest("to Madrid", bilbao, madrid, 1),)))
    capacities = sorted((sorted(pool.yards), pool.capacity) for pool in the_plan.pools if pool.yards)
    assert (["Bilbao"], 1) in capacities
    assert any("Madrid" in yards and capacity == 9 for yards, capacity in capacities)
    assert the_plan.moves[0].reason == "illegal"   # no friendly rail joins Bilbao to Madrid


def test_ocs_scenario_rail_cap_and_plan_through_the_files(tmp_path):
    m = plain_map(rail={"Main": ["0105", "1105"]})
    m.name, m.game = "ocsland", "ocs"
    for hid in ("0105", "1105"):
        m.cities.append(City(f"Town {hid}", "village", Place((m.hex_at(hid),))))
    p = position(m, [], options={"rail_cap": 4}, marks={"trainbusting": frozenset({m.hex_at("0605")})},
                 sources=[SupplySource("Rail head", "Loyalist", (), hexes=(m.hex_at("0105"),))])
    p = replace(p, game="ocs", map_ref="ocsland", turn=replace(p.turn, player="Loyalist", phase="movement"))
    write_map(m, tmp_path / "maps" / "ocsland")
    write_scenario(p, m, tmp_path / "ocs.yaml")
    (tmp_path / "moves.yaml").write_text('moves:\n  - {cargo: SP, size: 2, from: "0105", to: "1105"}\n'
                                         '  - {cargo: SP, size: 1, from: "0105", to: "1105"}\n', encoding="utf-8")
    assert "Rail Cap: capacity 4, used 0, free 4" in run("rail", "sections", tmp_path / "ocs.yaml").output
    data = json.loads(run("rail", "plan", tmp_path / "ocs.yaml", tmp_path / "moves.yaml", "--json").output)
    assert [(mv["id"], mv["status"], mv["cost"]) for mv in data["moves"]] == [("move 1", "moved", 4),
                                                                               ("move 2", "rejected", None)]
    assert "13.3a: x2, path includes a trainbusting zone" in data["moves"][0]["rules"]
    (tmp_path / "bad.yaml").write_text('moves:\n  - {cargo: SP, size: 2, from: "0105", to: "1105", kind: strategic}\n',
                                       encoding="utf-8")
    bad = run("rail", "plan", tmp_path / "ocs.yaml", tmp_path / "bad.yaml").output
    assert bad.startswith("error: ") and ":2: moves[0].kind: 'kind' applies to units" in bad
