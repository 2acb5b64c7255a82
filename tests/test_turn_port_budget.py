"""Europa 30A: a port's capacity is the phase's, over every orders file the phase is given in;
the turn engine keeps what the phase spent in the position (`capacity_used`, "port NAME",
turn/budget.py) and it comes anew when the phase ends."""
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.errors import LoadError
from logistics.position import NavalGroup, Turn
from logistics.rulings.builders import position, unit
from logistics.rulings.cases.europa_naval import island_map
from logistics.scenario import Scenario
from logistics.turn.engine import play
from logistics.turn.orders import apply_orders

SANTANDER = "0305"


def _game(phase="movement"):
    m = island_map()
    units = [replace(unit(uid, "People's Army", SANTANDER, m), tags=("cm",)) for uid in ("PA", "PB")]
    nt = NavalGroup("NT", "Loyalist", "transport", m.hex_at(SANTANDER), in_port=True, capacity=4.0)
    p = position(m, units, naval_groups=(nt,), turn=Turn(5, "Sep I 36", phase, "Loyalist"),
                 options={"port_capacity": {"standard": 1}})
    return m, p


def _orders(tmp_path: Path, m, p, name: str, text: str):
    orders = tmp_path / name
    orders.write_text(text, encoding="utf-8")
    return apply_orders(Scenario(tmp_path / "s.yaml", m, p), orders, "s.yaml"), str(orders)


def test_a_ports_capacity_is_spent_over_the_orders_files_of_one_phase_30A(tmp_path):
    """30A: Santander (a standard port, capacity 1 here) takes PA's RE in a first orders file of
    the movement phase; PB embarking there in a second file of the same phase would be 2 REs:
    refused in one line naming the second file, its line and field."""
    m, p = _game()
    first, _ = _orders(tmp_path, m, p, "first.yaml", "embark:\n  - {unit: PA, group: NT}\n")
    assert first.position.capacity_used == {"port Santander": 1}
    with pytest.raises(LoadError) as err:
        _orders(tmp_path, m, first.position, "second.yaml", "embark:\n  - {unit: PB, group: NT}\n")
    e = err.value
    assert (Path(e.file).name, e.line, e.field) == ("second.yaml", 2, "embark[0].unit")
    assert e.message == "2 REs through Santander this phase (1 by earlier orders)"
    assert str(e).startswith(f"{tmp_path / 'second.yaml'}:2: embark[0].unit: 2 REs through Santander")


def test_a_ports_capacity_comes_anew_with_the_next_phase_30A(tmp_path):
    """The movement phase's REs through Santander are not counted in the exploitation phase: PB
    (c/m, 31A) embarks there then."""
    m, p = _game()
    first, _ = _orders(tmp_path, m, p, "first.yaml", "embark:\n  - {unit: PA, group: NT}\n")
    for _ in range(2):                                          # movement -> combat -> exploitation
        step, entries = play(first.position, m)
        first = replace(first, position=step.position)
        if _ == 0:
            assert ("capacity", "30A: port capacity comes anew with the phase (was spent: Santander 1 REs)") in entries
    assert step.position.turn.phase == "exploitation" and step.position.capacity_used == {}
    later, _ = _orders(tmp_path, m, step.position, "later.yaml", "embark:\n  - {unit: PB, group: NT}\n")
    assert later.position.unit("PB").aboard == "NT"


def test_two_orders_files_of_one_phase_from_the_command_line_share_a_ports_capacity_30A(tmp_path):
    """30A from the command line: `turn orders` applies a first orders file and stays in the
    Loyalist movement phase, keeping Gijon's 2 REs spent (capacity 2 here) in the scenario; a second
    file disembarking the same 2 REs there is refused in one line naming file:line:field, nothing
    written; `turn undo` gives back the original bytes."""
    from conftest import edit
    from test_turn import run
    from test_turn_naval_orders import _aug_at_sea
    scenario = _aug_at_sea(tmp_path)
    edit(scenario, "options:\n", "options:\n  port_capacity: {major: 2}\n")
    original = scenario.read_bytes()
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("embark:\n  - {unit: Asturian Col, group: NT-1}\n", encoding="utf-8")
    second.write_text("disembark:\n  - {unit: Asturian Col}\n", encoding="utf-8")
    code, out = run("turn", "orders", scenario, first)
    assert code == 0 and "  move: 30 / 31A: Asturian Col embarks on NT-1 at Gijon\n" in out, out
    assert "port Gijon: 2" in scenario.read_text(encoding="utf-8")
    assert "phase: movement, player: Loyalist}" in scenario.read_text(encoding="utf-8")
    after_first = scenario.read_bytes()
    code, out = run("turn", "orders", scenario, second)
    assert (code, out) == (1, f"error: {second}:2: disembark[0].unit: 4 REs through Gijon this phase (2 by earlier "
                              "orders) (expected at most its capacity, 2 REs (30A; options.port_capacity, port_damage))\n")
    assert scenario.read_bytes() == after_first
    assert run("turn", "undo", scenario)[0] == 0
    assert scenario.read_bytes() == original
