"""OCS trace supply (13.1, 13.2, 13.7a): the CLI on the OCS test scenario, scenario files with
OCS fields, and the engine's whole-map searches against a per-unit networkx brute force."""
from dataclasses import replace

import networkx as nx
import pytest
from click.testing import CliRunner
from conftest import DATA, edit
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from logistics.games.ocs.supply import (
    DEFAULT_DIRECT_DRAW,
    DEFAULT_TRUCK_COSTS,
    OOS,
    TRACED,
    OcsSupply,
    may_supply,
    throw_range,
)
from logistics.position import SupplySource, Unit
from logistics.project import any_path
from logistics.rulings.cases.ocs_supply import SIDES, ocs
from logistics.scenario import load_scenario
from logistics.scenario_writer import scenario_text

SCENARIO = DATA / "scenarios" / "ocs-test.yaml"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def test_ocs_supply_table_on_the_test_scenario():
    code, out = run("supply", SCENARIO)
    assert code == 0
    rows = {line.split("  ")[0]: line for line in out.splitlines()[1:]}
    assert "in supply" in rows["7 Pz 25 Pz Rgt"] and "HQ XXXXVIII Pz Corps HQ" in rows["7 Pz 25 Pz Rgt"]
    assert "Transport Points are never Out of Supply (13.2b)" in rows["1 Truck"]
    # 13.1d: the divisional HQ beside the Italian regiment may not supply it.
    assert "out of supply" in rows["9 Inf Rgt"] and "Divisional HQ of 7 Pz" in rows["9 Inf Rgt"]


def test_ocs_trace_shows_the_line_unit_hq_source_with_truck_mp():
    code, out = run("trace", SCENARIO, "--unit", "7 Pz 6 PzGren Rgt")
    assert code == 0
    assert "A11.06 [throw]" in out and "A04.04 [draw]" in out and out.rstrip().endswith("13.7a")


def test_ocs_json_is_byte_identical_between_runs():
    assert run("supply", SCENARIO, "--json") == run("supply", SCENARIO, "--json")


def test_ocs_fields_round_trip(tmp_path):
    loaded = load_scenario(SCENARIO)
    text = scenario_text(loaded.position, loaded.map)
    copy = tmp_path / "scenarios" / "copy.yaml"
    copy.parent.mkdir()
    copy.write_text(text.replace("map: ../maps/ocs-test", f"map: {DATA / 'maps' / 'ocs-test'}"), encoding="utf-8")
    with any_path(True):                  # an absolute map path outside the project: allowed explicitly
        again = load_scenario(copy)
    assert again.position.units == loaded.position.units
    assert again.position.options == loaded.position.options
    hq = again.position.unit("7 Pz HQ")
    assert (hq.throw, hq.formation) == ((6, 3), "7 Pz")


@pytest.mark.parametrize("old, new, words", [
    ("throw: {combat: 8, move: 4}", "throw: {combat: 4, move: 4}",
     ["ocs-test.yaml:13: units[0].throw.combat: Combat Mode throw range 4 is not greater than Move Mode's 4",
      "(OCS 13.1a)"]),
    ("type: hq, mode: move, throw: {combat: 6, move: 3}", "type: hq, mode: flying, throw: {combat: 6, move: 3}",
     ["ocs-test.yaml:14: units[1].mode: unknown OCS mode 'flying'", "combat, move, strat"]),
    (", throw: {combat: 6, move: 3}", "", ["ocs-test.yaml:14: units[1]: an OCS HQ needs its throw ranges"]),
    ("woods: 3", "forest: 3", ["options.ocs_truck_costs.forest: unknown terrain 'forest'"]),
    ("ocs_direct_draw: 5", "ocs_direct_draw: far", ["options.ocs_direct_draw"]),
])
def test_bad_ocs_input_is_one_clear_line(data_copy, old, new, words):
    path = edit(data_copy / "scenarios" / "ocs-test.yaml", old, new)
    code, out = run("validate", path)
    assert code != 0 and "Traceback" not in out and len(out.strip().splitlines()) == 1
    for w in words:
        assert w in out


# --- the engine against a brute force ------------------------------------------------------------

M, _ = ocs()
HEXES = [M.hex_id(h) for h in M.hexes()]
unit_st = st.tuples(st.sampled_from(["German", "Soviet"]), st.sampled_from(HEXES),
                    st.sampled_from(["unit", "hq", "divisional hq"]), st.sampled_from(["combat", "move", "strat"]))


def brute_force(p, unit: Unit) -> bool:
    """Free trace supply for a unit of no formation, one Dijkstra per question in networkx."""
    g = nx.DiGraph()
    enemy = {u.hex for u in p.units if u.side != unit.side}
    friendly = {u.hex for u in p.units if u.side == unit.side}
    zoc = {n for u in p.units if u.side != unit.side and u.type != "hq" for n in M.neighbours(u.hex)}
    for h in M.hexes():
        for n in M.neighbours(h):
            if n not in enemy and (n not in zoc or n in friendly):
                g.add_edge(h, n, weight=DEFAULT_TRUCK_COSTS[M.terrain[n]])

    def dist(a, b):
        try:
            return nx.dijkstra_path_length(g, a, b) if a != b else 0.0
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return float("inf")
    sources = [h for s in p.supply_sources if s.side == unit.side for h in s.hexes]
    if any(dist(s, unit.hex) <= DEFAULT_DIRECT_DRAW for s in sources):
        return True
    for hq in p.units:
        if hq.side != unit.side or hq.type != "hq" or not may_supply(hq, unit):
            continue
        rng, _ = throw_range(hq)
        if rng is not None and dist(hq.hex, unit.hex) <= rng and any(dist(s, hq.hex) <= rng for s in sources):
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(st.lists(unit_st, min_size=1, max_size=8), st.sampled_from(HEXES))
def test_free_trace_matches_a_per_unit_dijkstra(specs, source_hex):
    units = []
    for k, (aff, h, kind, mode) in enumerate(specs):
        side = "Axis" if aff == "German" else "Allied"
        fields = {"type": "hq", "throw": (6, 3)} if "hq" in kind else {}
        if kind == "divisional hq":
            fields["formation"] = "7 Pz"
        units.append(Unit(f"U{k}", side, side, aff, hex=M.hex_at(h), mode=mode, **fields))
    _, p = ocs(source=None)
    p = replace(p, units=tuple(units), sides=SIDES,
                supply_sources=(SupplySource("S", "Axis", (), hexes=(M.hex_at(source_hex),)),))
    engine = OcsSupply(p, M)
    for u in p.units:
        if u.formation:
            continue                       # 13.7a may keep a formation's unit off its own HQ
        assert (engine.verdict(u).general == TRACED) == brute_force(p, u), u
        assert engine.verdict(u).general in (TRACED, OOS)


def test_a_transport_point_loaded_beyond_its_size_is_refused_13_2c(data_copy):
    path = edit(data_copy / "scenarios" / "ocs-test.yaml", "type: truck, size: 2,", "type: truck, size: 1,")
    code, out = run("validate", path)
    assert code == 1 and "units[5].load: a Transport Point of size 1 carries 2 SP" in out and "(OCS 13.2c)" in out
