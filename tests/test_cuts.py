"""`logistics cut` and `supply --if` (docs/cuts.md): minimum cuts of a side's supply, each
confirmed by re-judging, checked against brute force on small maps built in code."""
from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from logistics import games
from logistics.analysis.cuts import CutSearch, find_cuts, in_general_supply
from logistics.analysis.flow import RouteFlow
from logistics.analysis.whatif import parse_change, taken, what_if
from logistics.errors import LoadError
from logistics.files import load_scenario_file
from logistics.rulings.builders import plain_map, position, source, unit

AUG = "scenarios/fwtbt/aug-1936.yaml"
LONG = {"supply_lengths": {"clear": {"overland": 30, "road": 0}}}   # lengths never bind here


def walled(gaps: tuple[str, ...]):
    """7 x 5 clear hexes, an all-sea wall down column 4 but for `gaps`; the Loyalist source city
    at 0103 (held by a unit, so the enemy cannot take it), the unit L at 0703."""
    wall = {f"04{r:02}": "all_sea" for r in range(1, 6) if f"04{r:02}" not in gaps}
    m = plain_map(7, 5, terrain=wall, cities={"Capital": ("0103",)})
    units = [unit("L", "People's Army", "0703", m), unit("F", "People's Army", "0103", m)]
    return m, position(m, units, sources=[source("Src", "Loyalist", ["Capital"])], options=LONG)


def brute_force(m, p, size: int) -> dict[tuple[str, ...], set[str]]:
    """Every set of `size` hexes the enemy may take, re-judged: the sets that put a unit out."""
    search = CutSearch(p, m, "Loyalist")
    hexes = sorted((h for h in m.terrain if search.placeable(h)), key=m.hex_id)
    found = {}
    for combo in itertools.combinations(hexes, size):
        lost = search.lost(frozenset(combo))
        if lost:
            found[tuple(sorted(map(m.hex_id, combo)))] = set(lost)
    return found


def test_a_single_chokepoint_is_the_cut_and_brute_force_finds_no_other_single():
    """12A (FWtBT FAQ, AEG 1998): no line enters a hex with an enemy unit; with one gap in the
    wall, taking the gap cuts L, and trying every hex finds no other single cut."""
    m, p = walled(("0403",))
    report = find_cuts(p, m, "Loyalist", top=50)
    singles = {c.hexes: set(c.units) for c in report.cuts if len(c.hexes) == 1}
    assert singles == {("0403",): {"L"}}
    assert singles == brute_force(m, p, 1)
    assert report.cuts[0].hexes == ("0403",) and report.cuts[0].rule == "12A"
    assert report.min_cut["L"] == 1


def test_two_parallel_routes_no_single_cut_and_the_pair_is_found():
    """Two gaps: no hex alone cuts L (brute force over every hex), the max-flow is 2, and the
    pairs found (the minimum cuts nearest the source and nearest the unit: a gap at the map's
    edge has one hex beside it) are confirmed pairs that brute force finds (every pair tried)."""
    m, p = walled(("0401", "0405"))
    report = find_cuts(p, m, "Loyalist", top=50)
    assert brute_force(m, p, 1) == {}
    pairs = brute_force(m, p, 2)
    assert ("0401", "0405") in pairs
    assert report.min_cut["L"] == 2
    assert report.cuts and all(len(c.hexes) == 2 and pairs[c.hexes] == set(c.units) for c in report.cuts)


def test_the_flow_network_gives_the_vertex_cut_of_the_gaps():
    """Menger: the max-flow over the node-split network is the least number of hexes cutting
    every route; the cut is read from the saturated hex arcs."""
    m, p = walled(("0401", "0405"))
    engine = games.supply_engine(p, m)
    net = games.of(p).supply_network(engine, p.unit("L"))
    search = CutSearch(p, m, "Loyalist")
    flow = RouteFlow(net, np.array([search.placeable(h) for h in net.index.hexes]))
    value, cuts = flow.min_cuts(net.index.pos[m.hex_at("0703")], 2)
    found = [sorted(m.hex_id(net.index.hexes[i]) for i in c) for c in cuts]
    assert value == 2 and found and all(len(c) == 2 and ("0401" in c or "0405" in c) for c in found)
    # The unit's own hex is held: a unit next to an uncuttable source has no cut at all.
    value, cuts = flow.min_cuts(net.index.pos[m.hex_at("0203")], 2)
    assert value is None and cuts == []


def test_lengths_make_a_single_cut_the_flow_does_not_see():
    """12B: the overland element is held to its length. Two gaps, one route short enough: taking
    the gap on it cuts L although the max-flow (lengths aside) is 2; brute force agrees."""
    m, _ = walled(("0403", "0405"))
    units = [unit("L", "People's Army", "0603", m), unit("F", "People's Army", "0103", m)]
    p = position(m, units, sources=[source("Src", "Loyalist", ["Capital"])],
                 options={"supply_lengths": {"clear": {"overland": 5, "road": 0}}})
    report = find_cuts(p, m, "Loyalist", top=50)
    singles = {c.hexes: set(c.units) for c in report.cuts if len(c.hexes) == 1}
    assert report.min_cut["L"] == 2
    assert singles == brute_force(m, p, 1) and ("0403",) in singles


@pytest.fixture(scope="module")
def aug():
    return load_scenario_file(AUG)


def test_aug_1936_top_cuts_are_confirmed_by_re_judging(aug):
    """The bundled position: each of the top five Loyalist cuts, re-judged here with the hexes
    taken (an enemy unit of no ZOC in each, the hex enemy-owned), puts exactly its units out of
    general supply, and their REs add up. Taking Barcelona (33:3625), the per-hex source of the
    Catalan and Radical cities (12C1b), comes first."""
    report = find_cuts(aug.position, aug.map, "Loyalist", top=5)
    assert len(report.cuts) >= 2
    assert report.cuts[0].hexes == ("33:3625",)
    sizes = {u.id: u.size for u in aug.position.units}
    for c in report.cuts:
        hexes = [aug.map.hex_at(h) for h in c.hexes]
        changed = what_if(aug.position, aug.map, [taken(aug.map, "Insurgent", hexes)])
        out = sorted(x.unit for x in changed if in_general_supply(x.before) and not in_general_supply(x.after))
        assert out == list(c.units) and c.res == sum(sizes[u] for u in out)
    assert [c.per_hex for c in report.cuts] == sorted((c.per_hex for c in report.cuts), reverse=True)


def test_a_game_without_the_network_hook_gets_single_cuts_from_its_lines():
    """TSCW (seed 002, 9.4: no supply line through a hex with an enemy unit) has no supply network
    hook: single cuts come from the units' lines, each confirmed, the rule from the new verdict."""
    tscw = load_scenario_file("scenarios/tscw/example-9-5.yaml")
    report = find_cuts(tscw.position, tscw.map, "Nationalist", top=10)
    assert report.cuts and report.min_cut == {}
    enemy = tscw.position.enemies_of("Nationalist")[0]
    for c in report.cuts:
        changed = what_if(tscw.position, tscw.map, [taken(tscw.map, enemy, [tscw.map.hex_at(h) for h in c.hexes])])
        assert sorted(x.unit for x in changed if in_general_supply(x.before) and not in_general_supply(x.after)) \
            == list(c.units)
        assert c.rule == ", ".join(sorted({b.rule for b in c.why.values()}))


def test_aug_1936_what_if_prints_only_changed_verdicts_with_why(aug):
    """12A, Rule 5: Oviedo's garrison is blocked by a ZOC at 23A:1108; moved there, it traces."""
    r = CliRunner().invoke(main, ["supply", AUG, "--if", "move Oviedo Gar to 23A:1108"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "map: iberia-europa; corrections: none"     # the map judged on
    assert r.output.splitlines()[1].startswith("Oviedo Gar (Insurgent) at 23A:1007 -> 23A:1108: out of supply")
    assert "was: blocked at 23A:1108 (12A, Rule 5" in r.output and "now: line to Rebel cities" in r.output
    assert "Madrid Militia" not in r.output
    r = CliRunner().invoke(main, ["supply", AUG, "--if", "block 33:3625", "--json"])
    changed = json.loads(r.output)["changes"]
    assert sorted(c["unit"] for c in changed) == ["Catalan Col", "Durruti Col", "POUM Col"]
    assert all(c["after"]["blocked"]["hex"] == "33:3625" for c in changed)


def test_what_if_an_enemy_unit_projects_its_zoc(aug):
    """'enemy at HEX' is a real unit (normal ZOC, Rule 5); 'block HEX' loses the hex alone."""
    m, p = walled(("0401", "0405"))
    ozc = what_if(p, m, [parse_change("enemy at 0402", p, m, "Loyalist"), parse_change("block 0405", p, m)])
    assert [c.unit for c in ozc] == ["L"] and ozc[0].after.blocked.rule.startswith("12A")
    assert what_if(p, m, [parse_change("block 0405", p, m)]) == []


@pytest.mark.parametrize("phrase, message", [
    ("move Nobody to 0703", "no unit 'Nobody'"),
    ("teleport L", "cannot read"),
    ("enemy at 9999", "no hex '9999'"),
])
def test_what_if_bad_phrases_are_one_line_errors(phrase, message):
    m, p = walled(("0403",))
    with pytest.raises(LoadError, match=message):
        parse_change(phrase, p, m, "Loyalist")


def test_cut_cli_errors_and_json(aug):
    r = CliRunner().invoke(main, ["cut", AUG])
    assert r.exit_code == 1 and r.output.startswith("error: scenarios/fwtbt/aug-1936.yaml: --side: name one side")
    r = CliRunner().invoke(main, ["cut", AUG, "--units", "Nobody"])
    assert r.exit_code == 1 and "no unit 'Nobody'" in r.output
    r = CliRunner().invoke(main, ["cut", AUG, "--units", "Santander Col", "--json"])
    data = json.loads(r.output)
    assert data["side"] == "Loyalist" and data["units"] == 1
    assert [c["units"] for c in data["cuts"]] == [["Santander Col"]] * len(data["cuts"]) and data["cuts"]


def test_the_screen_agrees_with_the_verdicts(aug):
    """`traces_general_supply` (the screen of each candidate) says 'in supply' exactly when the
    verdict is 'in supply' from a full source or deemed so (12B, 12C1, 39D), before 12C2 limited
    sources and 12C3 supply points."""
    engine = games.supply_engine(aug.position, aug.map)
    verdicts = {v.unit: v for v in engine.verdicts()}
    for u in aug.position.units:
        if u.hex is not None and u.aboard is None:
            assert engine.traces_general_supply(u) == (verdicts[u.id].general == "in supply"), u.id


def test_same_answer_whatever_the_order_of_the_units():
    """Deterministic output: the units listed in reverse give byte-identical JSON."""
    from dataclasses import replace
    m, p = walled(("0401", "0405"))
    first = json.dumps(find_cuts(p, m, "Loyalist").as_dict())
    again = json.dumps(find_cuts(replace(p, units=p.units[::-1]), m, "Loyalist").as_dict())
    assert first == again


def minimal_pairs(m, p) -> dict[tuple[str, ...], set[str]]:
    """Brute force: the pairs that cut a unit neither of their hexes cuts alone."""
    singles = brute_force(m, p, 1)
    alone = {h[0]: units for h, units in singles.items()}
    return {pair: units for pair, units in brute_force(m, p, 2).items()
            if not units <= alone.get(pair[0], set()) | alone.get(pair[1], set())}


@pytest.mark.parametrize("at, held, overland", [("0603", "0203", 5), ("0703", "0103", 6)])
def test_exhaustive_pairs_equal_brute_force_where_lengths_bind(at, held, overland):
    """12B lengths: with a short overland element, two gaps (and the source city unheld, so that
    its hex alone is a cut, 12C1, and the max-flow is 1), the pairs that cut L are not all minimum
    cuts. With --exhaustive, the pairs reported are exactly the minimal pairs brute force finds
    (every pair re-judged); without it, fewer."""
    m, _ = walled(("0402", "0404"))
    units = [unit("L", "People's Army", at, m), unit("F", "People's Army", held, m)]
    p = position(m, units, sources=[source("Src", "Loyalist", ["Capital"])],
                 options={"supply_lengths": {"clear": {"overland": overland, "road": 0}}})
    brute = minimal_pairs(m, p)
    assert len(brute) >= 2
    report = find_cuts(p, m, "Loyalist", top=10_000, exhaustive=True)
    assert {c.hexes: set(c.units) for c in report.cuts if len(c.hexes) == 2} == brute
    plain = find_cuts(p, m, "Loyalist", top=10_000)
    assert {c.hexes for c in plain.cuts if len(c.hexes) == 2} < set(brute)


def test_what_if_filters_by_side_unit_and_hex():
    """--side, --unit and --hex keep only the changed verdicts they name."""
    args = ["supply", AUG, "--if", "move Oviedo Gar to 23A:1108", "--if", "block 33:3625"]
    runner = CliRunner()
    assert "Oviedo Gar" not in runner.invoke(main, args + ["--side", "Loyalist"]).output
    only = runner.invoke(main, args + ["--unit", "POUM Col"]).output.split("\n", 1)[1]    # after the map line
    assert only.startswith("POUM Col") and "Durruti" not in only
    assert runner.invoke(main, args + ["--hex", "23A:1108"]).output.split("\n", 1)[1].startswith("Oviedo Gar")
