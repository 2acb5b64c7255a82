"""The full turn engine (logistics/turn): orders applied, the turn's rail capacity spent and
refused beyond it, supply's effects, weather by schedule, files kept as the player wrote them."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import DATA, edit
from test_turn import ROOT, copy_tree, run

from logistics.mapio import load_map
from logistics.scenario import load_scenario
from logistics.turn.budget import remaining, spend
from logistics.turn.effects import capture_yards, marker_effects
from logistics.turn.engine import play

ORDERS = DATA / "turn"
# The weather zones of the bundled map ("": a map without a weather_zone layer has one zone).
ZONES = sorted(set(load_map(ROOT / "maps" / "iberia-europa").layers.get("weather_zone", {}).values())) or [""]
SCHEDULE = ("  weather_schedule: {Sep I 36: {%s}, Sep II 36: {%s}}\n"
            % (", ".join(f'"{z}": mud' for z in ZONES), ", ".join(f'"{z}": clear' for z in ZONES)))


def zone_label(zone: str) -> str:
    return f"zone {zone}" if zone else "(the map has one zone)"


def game_copy(tmp_path: Path) -> Path:
    """A copy of the bundled maps and scenarios, with the FWtBT scenario given a weather schedule."""
    scenario = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    edit(scenario, "options:\n", "options:\n" + SCHEDULE)
    return scenario


# The scripted game: each entry is one `turn next`, with the orders of the phase it leaves.
SCRIPT = [None, "aug-ins-t4-movement.yaml", None, "aug-ins-t4-exploitation.yaml",
          None, "aug-loy-t4-movement.yaml", None, None,
          *[None] * 16]


def play_script(scenario: Path) -> list[dict]:
    steps = []
    for orders in SCRIPT:
        args = ["turn", "next", scenario, "--json"] + (["--orders", ORDERS / orders] if orders else [])
        code, out = run(*args)
        assert code == 0, out
        steps += json.loads(out)["steps"]
    return steps


def changes(steps, kind):
    return [c["text"] for s in steps for c in s["changes"] if c["kind"] == kind]


@pytest.fixture(scope="module")
def scripted(tmp_path_factory):
    """Three game turns of aug-1936 (Aug II 36 to Sep II 36) from orders files only."""
    tmp = tmp_path_factory.mktemp("game")
    scenario = game_copy(tmp)
    original = {p: p.read_bytes() for p in scenario.parent.iterdir()}
    return scenario, original, play_script(scenario)


def test_a_scripted_game_moves_units_and_spends_rail_capacity_7A_43C2(scripted):
    """7A / 43C2: the Insurgent movement phase's rail moves spend 3.5 REs of section 2 (Sevilla 3,
    Valladolid 0.5, in yard-name order); exploitation spends 2 more of the same budget; the next
    initial phase (the Loyalist player turn) starts anew."""
    scenario, _, steps = scripted
    rail = changes(steps, "rail")
    assert rail[:3] == ["Bandera to Merida: 1 Leg Bandera 23A:3224 -> 23A:2522 by operational, 0.5 of section 2",
                        "Cordoba to Badajoz: Cordoba Gar 23A:3320 -> 23A:2423 by operational, 1 of section 2",
                        "Zaragoza to Huesca: Zaragoza Div 33:2833 -> 33:2731 by operational, 2 of section 2"]
    capacity = changes(steps, "capacity")
    assert capacity[:3] == ["spent this turn: Sevilla 3, Valladolid 0.5", "spent this turn: Sevilla 3, Valladolid 2.5",
                            "capacity reset for the new turn (was spent: Sevilla 3, Valladolid 2.5)"]
    final = load_scenario(scenario).position
    assert final.unit("Tella Col").hex == load_scenario(scenario).map.hex_at("23A:2923")


def test_a_hex_moved_through_is_taken_3D_AEG_05May04(scripted):
    """3D (AEG, 05-May-04 under 44B1): to gain a hex, 'move a unit through the hex': Asensio's
    column takes 23A:2719 on its way to 23A:2818."""
    _, _, steps = scripted
    assert changes(steps, "move")[0] == "Asensio Col: 23A:2520 -> 23A:2619 -> 23A:2719 -> 23A:2818"
    assert "3D (AEG 05-May-04): Asensio Col takes 23A:2719, 23A:2818" in changes(steps, "ownership")


def test_the_oviedo_pocket_goes_U1_then_U2_with_its_effects_and_is_not_counted_up_silently(scripted):
    """12B step 4 (DPS 08-Oct-04): the besieged Oviedo garrison goes U-1 (keeps a reduced ZOC), then
    U-2 (no ZOC). The seeds give no effect past U-2 and the scenario sets no `oos_eliminate_at`:
    passing U-2 is reported once, not at every later marker."""
    _, _, steps = scripted
    effects = [t for t in changes(steps, "effect") if t.startswith("Oviedo Gar")]
    assert effects == ["Oviedo Gar U-1: keeps a reduced ZOC (DPS 08-Oct-04); defense unaffected on the first "
                       "turn (erratum)", "Oviedo Gar U-2: no ZOC (12B ruling, DPS 08-Oct-04)"]
    markers = [t for t in changes(steps, "marker") if t.startswith("12B step 4: Oviedo Gar")]
    assert len(markers) >= 4, "the pocket stays cut off for three game turns"
    assert [t for t in changes(steps, "warning") if t.startswith("Oviedo Gar")] == [
        "Oviedo Gar U-3: the seeds give no effect past U-2; set options.oos_eliminate_at to the game's table"]


def test_the_weather_follows_the_schedule_at_the_start_of_each_game_turn(scripted):
    """The scenario's weather schedule: mud in Sep I 36, clear again in Sep II 36, set as the game
    turn begins (before its first supply check)."""
    scenario, _, steps = scripted
    assert changes(steps, "weather") == [f"weather {zone_label(z)}: unset -> mud (schedule, Sep I 36)" for z in ZONES] \
        + [f"weather {zone_label(z)}: mud -> clear (schedule, Sep II 36)" for z in ZONES]
    assert load_scenario(scenario).position.weather == {z: "clear" for z in ZONES}


def test_the_scripted_game_is_reproduced_byte_for_byte_and_undone_to_the_original(scripted, tmp_path):
    """Same inputs, same files (scenario, ownership grid, history); undoing every step gives back
    the original bytes and removes the history."""
    scenario, original, _ = scripted
    again = game_copy(tmp_path)
    play_script(again)
    folder = scenario.parent
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            assert (again.parent / path.relative_to(folder)).read_bytes() == path.read_bytes(), path
    for _ in SCRIPT:
        code, out = run("turn", "undo", again)
        assert code == 0, out
    assert {p: p.read_bytes() for p in again.parent.iterdir()} == {
        again.parent / p.name: b for p, b in original.items()}


# --- bad orders: one line naming file:line:field, the position untouched -------------------------

def at_movement(tmp_path) -> Path:
    scenario = game_copy(tmp_path)
    code, out = run("turn", "next", scenario)
    assert code == 0, out
    return scenario


@pytest.mark.parametrize("order, message", [
    ('{unit: Nobody, to: "23A:2521"}', ':3: moves[0].unit: unknown unit \'Nobody\' (expected a unit id of the scenario)'),
    ('{unit: Tella Col, to: "23A:9999"}', ":3: moves[0].to: '23A:9999' lies outside sheet 23A; nor is it the name of a place of map iberia-europa (expected a hex id of the map)"),
    ('{unit: Beorlegui Col, to: "33:1932", via: ["33:2032"]}', ":3: moves[0].to: hex 33:1932 holds the enemy unit Euzkadi Col "
                                             "(expected a path through hexes free of enemy units)"),
    ('{unit: Beorlegui Col, to: "33:1933", via: ["33:2032", "33:1932"]}',
     ":3: moves[0].via[1]: hex 33:1932 holds the enemy unit"),
    ('{unit: Madrid Militia, to: "23A:2711"}', ":3: moves[0].unit: unit Madrid Militia is Loyalist's"),
])
def test_a_bad_unit_move_is_one_line_and_changes_nothing(tmp_path, order, message):
    scenario = at_movement(tmp_path)
    before = {p: p.read_bytes() for p in scenario.parent.rglob("*") if p.is_file()}
    orders = tmp_path / "orders.yaml"
    orders.write_text(f"phase: movement\nmoves:\n  - {order}\n", encoding="utf-8")
    code, out = run("turn", "next", scenario, "--orders", orders)
    assert code == 1
    assert out.count("\n") == 1 and out.startswith(f"error: {orders}{message}"), out
    assert {p: p.read_bytes() for p in scenario.parent.rglob("*") if p.is_file()} == before


def test_rail_moves_beyond_the_capacity_left_are_refused_with_the_planners_reason_7A3(tmp_path):
    """7A3 / 43C2: after the movement phase's 3.5 REs, section 2 has 3.5 left for exploitation;
    orders asking 5 are refused, naming the move the planner could not fit, and nothing moves."""
    scenario = at_movement(tmp_path)
    for orders in ("aug-ins-t4-movement.yaml", None):
        assert run("turn", "next", scenario, *(["--orders", ORDERS / orders] if orders else []))[0] == 0
    before = scenario.read_bytes()
    code, out = run("turn", "next", scenario, "--orders", ORDERS / "aug-ins-t4-exploitation-over.yaml")
    assert code == 1 and out.count("\n") == 1
    assert out == (f"error: {ORDERS / 'aug-ins-t4-rail-over.yaml'}:6: moves[3]: Zaragoza back: refused (7A3, 43C2): "
                   "section 2: capacity 3.5, this plan uses 3, 0.5 free; the move needs 2 "
                   "(expected a legal move within the capacity this turn has left)\n")
    assert scenario.read_bytes() == before


def test_orders_for_another_phase_are_refused(tmp_path):
    scenario = game_copy(tmp_path)          # the Insurgent initial phase
    code, out = run("turn", "next", scenario, "--orders", ORDERS / "aug-ins-t4-movement.yaml")
    assert code == 1 and ":2: phase: orders for the movement phase;" in out


def test_logistics_move_moves_one_unit_and_can_be_undone(tmp_path):
    scenario = at_movement(tmp_path)
    before = scenario.read_bytes()
    code, out = run("move", scenario, "Asensio Col", "23A:2818", "--via", "23A:2619", "--via", "23A:2719", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["written"] and report["changes"][0] == {
        "kind": "move", "text": "Asensio Col: 23A:2520 -> 23A:2619 -> 23A:2719 -> 23A:2818"}
    loaded = load_scenario(scenario)
    assert loaded.map.hex_id(loaded.position.unit("Asensio Col").hex) == "23A:2818"
    assert loaded.position.owner_of(loaded.map.hex_at("23A:2719")) == "Insurgent"
    code, out = run("move", scenario, "Asensio Col", "23A:2520")
    assert (code, out) == (1, "error: command line: HEX: the path jumps from 23A:2818 to 23A:2520, which are not "
                              "adjacent (expected each hex adjacent to the one before ('via' the hexes between))\n")
    assert run("turn", "undo", scenario)[0] == 0
    assert scenario.read_bytes() == before


# --- capacity, yards, effects as functions ---------------------------------------------------------

def test_a_captured_yard_gives_half_its_capacity_and_drops_what_the_loser_spent_7A4a():
    """7A4a (AEG 1998): Bilbao's 2 REs, taken by the Insurgents, give them 1; what the Loyalists had
    spent of Bilbao this turn no longer counts."""
    loaded = load_scenario(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    m, p = loaded.map, replace(loaded.position, capacity_used={"Bilbao": 1.0, "Madrid": 2.0})
    bilbao = m.yard("Bilbao").place.hex
    taken = replace(p, owner={**p.owner, bilbao: "Insurgent"})
    after, lines = capture_yards(p, taken, m)
    assert after.rail_capacity["Bilbao"] == 1 and after.rail_capacity["Madrid"] == 6
    assert after.capacity_used == {"Madrid": 2.0}
    assert lines == ["7A4a: yard Bilbao taken by Insurgent: capacity 2 -> 1"]
    assert capture_yards(p, p, m) == (p, [])


def test_a_yard_captured_by_the_steps_ownership_update_is_halved_once_7A4a():
    """7A4a (AEG 1998): the Europa step's ownership update (3D) already gives the captor half of
    Bilbao's 2 REs; the engine reports it and drops the loser's spending, and halves nothing again
    (1, not 0.5)."""
    loaded = load_scenario(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    m, p = loaded.map, loaded.position
    bilbao = m.yard("Bilbao").place.hex
    rebels = next(u for u in p.units if u.side == "Insurgent" and u.hex is not None)
    units = tuple(replace(u, hex=bilbao) if u.id == rebels.id else u for u in p.units if u.hex != bilbao)
    p = replace(p, units=units, capacity_used={"Bilbao": 1.0},
                turn=replace(p.turn, phase="movement", player="Insurgent"))
    step, changes = play(p, m)
    assert step.position.owner_of(bilbao) == "Insurgent"
    assert step.position.rail_capacity["Bilbao"] == 1 and "Bilbao" not in step.position.capacity_used
    assert ("capacity", "7A4a: yard Bilbao taken by Insurgent: capacity 2 -> 1") in changes


def test_the_turns_budget_takes_off_what_was_spent_and_spends_yards_in_name_order():
    """What a pool has left is its yards less this turn's spending; a move spends the yards of its
    pool in name order (the base of a pool with no yards, such as OCS Rail Cap, first)."""
    from logistics.rail.model import Candidate, Pool
    pool = Pool(0, "section 1", frozenset(), {"Valladolid": 3.0, "Sevilla": 3.0, "Zaragoza": 1.0})
    remaining({"Sevilla": 2.0})([pool], "Insurgent")
    assert pool.yards == {"Valladolid": 3.0, "Sevilla": 1.0, "Zaragoza": 1.0}
    used = spend({"Sevilla": 2.0}, pool, "Insurgent", Candidate(0, 2.5, ()))
    assert used == {"Sevilla": 3.0, "Valladolid": 1.5}
    cap = Pool(0, "Rail Cap", frozenset(), base=4.0)
    assert spend({}, cap, "Axis", Candidate(0, 3, ())) == {"Axis Rail Cap": 3.0}


def test_oos_eliminate_at_removes_the_unit_when_its_marker_reaches_it(tmp_path):
    """The U-level table is not in the seeds: `options: {oos_eliminate_at: 2}` eliminates the Oviedo
    garrison as it would go U-2."""
    loaded = load_scenario(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    p = replace(loaded.position, options={**loaded.position.options, "oos_eliminate_at": 2})
    oviedo = p.unit("Oviedo Gar")
    before = replace(p, units=tuple(replace(u, oos=1) if u.id == oviedo.id else u for u in p.units))
    marked = replace(p, units=tuple(replace(u, oos=2) if u.id == oviedo.id else u for u in p.units))
    after, entries = marker_effects(before, marked, loaded.map)
    assert ("elimination", "Oviedo Gar eliminated at U-2 (options.oos_eliminate_at: 2)") in entries
    assert all(u.id != "Oviedo Gar" for u in after.units)


def test_weather_given_for_the_step_is_set_before_it(tmp_path):
    """`--weather ZONE=WEATHER`: the turn's weather as an input, reported and kept."""
    loaded = load_scenario(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    step, entries = play(loaded.position, loaded.map, weather={ZONES[0]: "mud"})
    assert ("weather", f"weather {zone_label(ZONES[0])}: unset -> mud (given)") in entries
    assert step.position.weather[ZONES[0]] == "mud"
    scenario = game_copy(tmp_path)
    code, out = run("turn", "next", scenario, "--weather", "nowhere")
    assert code == 1 and "--weather" in out and out.count("\n") == 1


def test_a_dry_run_with_orders_reports_them_and_writes_nothing(tmp_path):
    scenario = at_movement(tmp_path)
    before = {p: p.read_bytes() for p in scenario.parent.rglob("*") if p.is_file()}
    code, out = run("turn", "next", scenario, "--orders", ORDERS / "aug-ins-t4-movement.yaml", "--dry-run")
    assert code == 0, out
    assert "  Asensio Col: 23A:2520 -> 23A:2619 -> 23A:2719 -> 23A:2818\n" in out
    assert "  spent this turn: Sevilla 3, Valladolid 0.5\n" in out and out.endswith("(dry run: nothing written)\n")
    assert {p: p.read_bytes() for p in scenario.parent.rglob("*") if p.is_file()} == before


def test_weather_zones_are_the_maps(data_copy):
    """--weather names a zone of the map's weather_zone layer (Testland: D and E, 36A1) and a
    condition of the Supply Line Summary (36D), even in a dry run."""
    scenario = data_copy / "scenarios" / "testland.yaml"
    code, out = run("turn", "next", scenario, "--weather", "Q=mud")
    assert (code, out) == (1, f"error: {scenario}: weather.Q: weather zone 'Q' is not on map testland "
                              "(expected a zone of the map's weather_zone layer: D, E)\n")
    code, out = run("turn", "next", scenario, "--weather", "D=lunch", "--dry-run")
    assert (code, out) == (1, f"error: {scenario}: weather.D: unknown weather 'lunch' "
                              "(expected one of clear, frost, snow, winter, mud)\n")
    code, out = run("turn", "next", scenario, "--weather", "D=mud", "--json")
    assert code == 0, out
    assert {"kind": "weather", "text": "weather zone D: clear -> mud (given)"} in json.loads(out)["steps"][0]["changes"]
    assert load_scenario(scenario).position.weather == {"D": "mud", "E": "mud"}


def test_rail_orders_are_planned_for_the_scenarios_phase_7A2(tmp_path):
    """7A2 (DPS 25-Sep-05): strategic rail movement is made in the movement phase: in the
    exploitation phase the orders are refused with the planner's reason."""
    scenario = at_movement(tmp_path)
    for _ in range(2):
        assert run("turn", "next", scenario)[0] == 0                 # to the exploitation phase
    rail = tmp_path / "rail.yaml"
    rail.write_text("side: Insurgent\nmoves:\n  - {id: far, unit: Tella Col, to: \"23A:2923\", kind: strategic}\n",
                    encoding="utf-8")
    orders = tmp_path / "orders.yaml"
    orders.write_text("rail: rail.yaml\n", encoding="utf-8")
    code, out = run("turn", "next", scenario, "--orders", orders)
    assert code == 1 and out.count("\n") == 1
    assert f"{rail}:3: moves[0]: far: refused (7A2)" in out and "not the exploitation phase" in out
