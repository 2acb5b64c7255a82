"""The OCS supply phase (games/ocs/sequence.py): the engine's own shares applied to the position.
OCS v4 series rules, chapter 13 (seed 003; no date in it): 13.1 (an HQ is 1 RE; it needs supply
like any other combat unit), 13.1b (an HQ throws SP), 13.2 / 13.2c (Transport Points move and
carry SP), 13.5 (both players share the generic SP counters: "take care to remember who owns
which"); 12.6d, eating SP, as 13.7a cites it (chapter 12 is not in the seeds: `ocs_eat_per_re`).

The map: 15 x 7 clear hexes (1 truck MP each), the German Supply Source at 0104; along row 04 a
hex is one column from the next (logistics/rulings/cases/ocs_supply.py builds the positions)."""
from dataclasses import replace

import pytest
from conftest import DATA, edit
from test_turn import run

from logistics.games.base import Step
from logistics.games.ocs import OCS
from logistics.games.ocs.sequence import supply_phase
from logistics.games.ocs.supply import EATS, OOS
from logistics.position import SupplyStock, Turn
from logistics.rulings.cases.ocs_supply import hq, ocs, truck, u


def phase(m, p):
    """The Axis supply phase on `p`: the step (actions, verdicts) and the position after it."""
    p = replace(p, turn=Turn(1, "Jul I 41", "supply", "Axis"))
    step = Step(p.turn, p)
    return step, supply_phase(step, p, m, "Axis", "test")


def stocks(m, p) -> list[tuple[str, str, float]]:
    return sorted((s.side, m.hex_id(s.hex), s.amount) for s in p.supply)


def eaten_from(step) -> dict[str, str]:
    """unit -> the dump its 12.6d line names, checked against the dump its verdict names."""
    out = {}
    for line in step.actions:
        if " eats " in line:
            unit, dump = line.removeprefix("12.6d: ").split(" eats ")[0], line.split(" SP from ")[1].split(" (")[0]
            out[unit] = dump
    verdicts = {v.unit: v.source for v in step.verdicts if v.general == EATS}
    assert out == verdicts
    return out


def test_the_sp_eaten_are_the_dumps_own_sides_not_an_enemy_stock_in_its_hex():
    """13.5: both players share the generic SP counters and must remember who owns which. A
    Soviet stock of 5 SP lies in 1204, listed before the German dump of 2 SP there; two German
    regiments beyond every source eat 1 SP each (1 SP per RE) from the German dump. Before: the
    first SP stock in the hex, of any side, paid (the Soviet one lost 2, the German dump kept
    its 2)."""
    m, p = ocs(u("Rgt A", "1304"), u("Rgt B", "1404"), dumps=[("1204", 2)], ocs_eat_per_re=1)
    p = replace(p, supply=(SupplyStock("Allied", "sp", m.hex_at("1204"), 5),) + p.supply)
    step, after = phase(m, p)
    assert eaten_from(step) == {"Rgt A": "dump at 1204", "Rgt B": "dump at 1204"}
    assert stocks(m, after) == [("Allied", "1204", 5)]
    assert after.unit("Rgt A").oos == after.unit("Rgt B").oos == 0


def test_a_dump_held_in_two_stocks_feeds_as_the_one_dump_the_verdict_names():
    """12.6d / 13.1b: the engine's dump in a hex is the side's SP there (two stocks of 1/2 SP:
    1 SP); the regiment eating 1 SP empties both. Before: each stock, less than the 1 SP a unit
    eats, was taken for dry, and the regiment went Out of Supply beside 1 SP of its own."""
    m, p = ocs(u("Rgt A", "1304"), dumps=[("1204", 0.5), ("1204", 0.5)], ocs_eat_per_re=1)
    step, after = phase(m, p)
    assert eaten_from(step) == {"Rgt A": "dump at 1204"}
    assert after.unit("Rgt A").oos == 0 and after.supply == ()


def test_each_unit_eats_from_the_dump_its_verdict_names_so_no_unit_goes_wrongly_out_of_supply():
    """12.6d, 13.1b, 13.2c (eating.py): as many REs are fed as the SP allow. Rgt B (1304, listed
    first) reaches the 1-SP dumps at 1204 and 1504; Rgt A (1004) only the one at 1204 (direct
    draw 2 truck MP). The engine feeds both: A from 1204, B from 1504, and the phase takes the SP
    from those dumps. Before, with `ocs_trace_sp: 1` beside `ocs_eat_per_re: 0.5`, the verdicts
    shared at 1/2 SP a unit (both on 1204, first by name) while the phase ate 1 SP unit by unit in
    the file's order: B emptied 1204 and A went Out of Supply, 1 SP left untouched at 1504."""
    m, p = ocs(u("Rgt B", "1304"), u("Rgt A", "1004"), dumps=[("1204", 1), ("1504", 1)],
               ocs_eat_per_re=1, ocs_direct_draw=2)
    step, after = phase(m, p)
    assert eaten_from(step) == {"Rgt A": "dump at 1204", "Rgt B": "dump at 1504"}
    assert after.unit("Rgt A").oos == after.unit("Rgt B").oos == 0 and after.supply == ()


def test_a_unit_eats_a_transport_points_load_without_unloading_it():
    """13.2f: "SP can (in effect) be unloaded by direct-draw as its load is used by nearby units
    and HQs": the regiment (2 REs, 1/4 SP per RE) eats 1/2 SP of the truck's 2; the load left is
    1.5 and the truck stays."""
    m, p = ocs(u("Rgt A", "1304", size=2), truck("1 Truck", "1204", load=2), ocs_eat_per_re=0.25)
    step, after = phase(m, p)
    assert eaten_from(step) == {"Rgt A": "truck 1 Truck"}
    assert after.unit("1 Truck").load == 1.5 and after.unit("1 Truck").hex == m.hex_at("1204")
    assert "12.6d: truck 1 Truck held 2 SP, 0.5 eaten, 1.5 left" in step.actions


def test_units_fed_by_an_hqs_dump_go_out_of_supply_when_it_runs_dry():
    """13.1b: the HQ at 1104 (10 truck MP from the source, beyond its draw) throws the SP of the
    3-SP dump it stands on; 13.1: it is 1 RE and needs supply itself. At 1 SP per RE the HQ and
    one 2-RE regiment eat all 3 SP (the other regiment, its equal, comes second by name and is
    Out of Supply, its verdict naming the dump and who eats it); the next supply phase finds the
    dump dry: all three are Out of Supply, the one fed before loses nothing but its supply."""
    m, p = ocs(hq("Corps", "1104"), u("Rgt 1304", "1304", size=2), u("Rgt 1404", "1404", size=2),
               dumps=[("1104", 3)], ocs_direct_draw=1, ocs_eat_per_re=1)
    p = replace(p, units=tuple(replace(x, oos=1) if x.id == "Rgt 1304" else x for x in p.units))
    step, after = phase(m, p)
    assert eaten_from(step) == {"Corps": "dump at 1104", "Rgt 1304": "dump at 1104"}
    assert [x.unit("Rgt 1304").oos for x in (p, after)] == [1, 0]
    assert after.unit("Rgt 1404").oos == 1 and after.supply == ()
    dry = {v.unit: v for v in step.verdicts}["Rgt 1404"]
    assert dry.general == OOS and "dump at 1104 holds 3 SP, 3 eaten by Corps, Rgt 1304" in dry.blocked.reason
    step, again = phase(m, after)
    assert eaten_from(step) == {}
    assert [again.unit(x).oos for x in ("Corps", "Rgt 1304", "Rgt 1404")] == [1, 1, 1]


def test_fractions_of_sp_are_kept_exact_in_the_position():
    """SP are counted in fractions (13.2h: tokens); three 1-RE units at 0.1 SP per RE leave
    0.7 of 1 SP, not 0.7000000000000001."""
    m, p = ocs(*(u(f"Rgt {h}", h) for h in ("1304", "1404", "1305")), dumps=[("1204", 1)], ocs_eat_per_re=0.1)
    _, after = phase(m, p)
    assert stocks(m, after) == [("Axis", "1204", 0.7)]


def test_what_is_eaten_does_not_depend_on_the_order_of_units_or_dumps():
    """The phase applies one judgement of the position (the engine's shares, eating.py): the
    actions and verdicts come from the same snapshot whatever the order of the units."""
    units = [u("Rgt B", "1304"), u("Rgt A", "1004"), u("Rgt C", "1404")]
    m, p = ocs(*units, dumps=[("1204", 1), ("1504", 1)], ocs_eat_per_re=1, ocs_direct_draw=2)
    m2, q = ocs(*reversed(units), dumps=[("1504", 1), ("1204", 1)], ocs_eat_per_re=1, ocs_direct_draw=2)
    (s1, a1), (s2, a2) = phase(m, p), phase(m2, q)
    assert eaten_from(s1) == eaten_from(s2)
    assert {x.id: x.oos for x in a1.units} == {x.id: x.oos for x in a2.units}


def test_the_retired_ocs_trace_sp_option_is_one_line_naming_its_replacement(tmp_path):
    """One option says what a unit eats: `ocs_eat_per_re` (an HQ is 1 RE, 13.1)."""
    import shutil
    shutil.copytree(DATA, tmp_path / "data")
    scenario = edit(tmp_path / "data" / "scenarios" / "ocs-test.yaml", "  ocs_direct_draw: 5\n",
                    "  ocs_direct_draw: 5\n  ocs_trace_sp: 1\n")
    code, out = run("supply", scenario)
    assert code == 1 and out.count("\n") == 1
    assert "ocs_trace_sp" in out and "expected ocs_eat_per_re" in out


@pytest.mark.parametrize("phase_name", ["movement", "reaction"])
def test_no_sp_are_eaten_outside_the_supply_phase(phase_name):
    m, p = ocs(u("Rgt A", "1304"), dumps=[("1204", 1)], ocs_eat_per_re=1)
    p = replace(p, turn=Turn(1, "Jul I 41", phase_name, "Axis"))
    assert OCS.step(p, m, "test").position.supply == p.supply
