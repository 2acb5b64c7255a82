"""Europa 12C3 as the turn engine runs it: the units drawing general supply from supply points at
a step-4 supply check use them up (DPS 22-Jun-05: "only a finite number of units can draw supply
from them"); the amount a unit uses is the scenario's `supply_points_per_re` (not in the seeds)."""
from dataclasses import replace

import pytest

from logistics.errors import LoadError
from logistics.games.europa.supply import ON_POINTS, OUT_OF_SUPPLY
from logistics.position import SupplyStock, Turn
from logistics.rulings.builders import position, unit
from logistics.rulings.cases.europa_supply import SHORT, _republican, _three_cities, nb
from logistics.turn.engine import advance

C = "0509"      # a Republican city, cut off from A and B: no source, units there live on points


def _game(units, stocks, **options):
    m, _ = _three_cities()
    p = position(m, [unit(uid, "People's Army", h, m, size=size) for uid, h, size in units],
                 sources=[_republican()], options={**SHORT, **options},
                 turn=Turn(5, "Sep I 36", "initial", "Loyalist"))
    p = replace(p, owner={**p.owner, m.rail[1].hexes[2]: "Insurgent"},
                supply=tuple(SupplyStock("Loyalist", "general", m.hex_at(h), n, generated=5) for h, n in stocks))
    return m, p


def _checks(m, p, n):
    """The supply verdicts of the next `n` initial phases, with the stocks after each."""
    seen = []
    while len(seen) < n:
        step = advance(p, m)
        if step.after.phase == "initial":
            seen.append(({v.unit: v.general for v in step.verdicts},
                         sorted((m.hex_id(s.hex), s.amount) for s in step.position.supply), step.actions))
        p = step.position
    return seen


def test_a_stock_used_up_leaves_the_second_unit_out_of_supply_12C3_DPS_22Jun05():
    """12C3 (DPS, 22-Jun-05): one point at C, one point used per RE: L1 (first in id order) uses
    it at the Insurgent Sep II 36 check, and L2 beside it finds none left: out of supply."""
    m, p = _game([("L1", C, 1), ("L2", C, 1)], [(C, 1)], supply_points_per_re=1)
    (verdicts, stocks, actions), = _checks(m, p, 1)
    assert verdicts == {"L1": ON_POINTS, "L2": OUT_OF_SUPPLY}
    assert stocks == []
    assert f"12C3: L1 uses 1 general supply point(s) at {C}" in actions


def test_points_used_at_one_check_are_gone_at_the_next_12C3():
    """The point L uses at the Insurgent Sep II 36 check is not there for the Loyalist one, though
    unused points would last through it (TEM 62): L is out of supply there."""
    m, p = _game([("L", C, 1)], [(C, 1)], supply_points_per_re=1)
    assert [v for v, _, _ in _checks(m, p, 2)] == [{"L": ON_POINTS}, {"L": OUT_OF_SUPPLY}]
    m, p = _game([("L", C, 1)], [(C, 2)], supply_points_per_re=1)
    assert [(v, s) for v, s, _ in _checks(m, p, 2)] == [({"L": ON_POINTS}, [(C, 1)]), ({"L": ON_POINTS}, [])]


def test_a_unit_uses_points_per_RE_and_takes_another_stock_within_reach():
    """`supply_points_per_re`: a 2-RE unit needs two points; L1 uses C's, L2 finds C's gone and is
    judged again on the points left: the stock next to C."""
    m, p = _game([("Big", C, 2)], [(C, 1)], supply_points_per_re=1)
    assert _checks(m, p, 1)[0][:2] == ({"Big": OUT_OF_SUPPLY}, [(C, 1)])
    beside = nb(m, C, 0)
    m, p = _game([("L1", C, 1), ("L2", C, 1)], [(C, 1), (beside, 1.5)], supply_points_per_re=1)
    (verdicts, stocks, actions), = _checks(m, p, 1)
    assert verdicts == {"L1": ON_POINTS, "L2": ON_POINTS}
    assert stocks == [(beside, 0.5)]
    assert f"12C3: L2 uses 1 general supply point(s) at {beside}" in actions


def test_points_used_without_the_scenarios_amount_is_one_line_naming_the_option():
    m, p = _game([("L", C, 1)], [(C, 1)])
    with pytest.raises(LoadError) as err:
        _checks(m, p, 1)
    assert err.value.field == "options.supply_points_per_re"
    assert err.value.message == "L draws on general supply points (12C3) and the scenario gives no amount"
