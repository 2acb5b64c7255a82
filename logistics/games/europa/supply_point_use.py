"""Europa 12C3: the general supply points a unit uses up when it draws general supply from them
at a supply check (step 4 of an initial phase, where both sides check supply: 12B, DPS 08-Oct-04).

What the seeds rule:
- 12C3a limits the points generated at each source "so only a finite number of units can draw
  supply from them" (DPS, 22-Jun-05): a unit drawing on points uses them up.
- Supply points supply the unit but do not negate or defer its count of turns out of general
  supply (12C3 / 44D1, AEG 1998): its marker counts up either way, only its verdict differs.
- A point of general supply is 1/4 RE of cargo (3A3, as cited in the 12Ha answer): that is its
  size as cargo, not what a unit uses.

What they do not rule: how many points a unit uses. `options: {supply_points_per_re: N}` sets
it, N points per RE of the unit at each supply check it draws on them; a check where a unit
draws on points and the scenario gives no N is one line naming the option.

The units drawing on points use them in unit-id order, the oldest points of the hex its line
reaches first; a unit finding too few there is judged again on the points left (another stock
within reach, or out of supply).
"""
from __future__ import annotations

from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.europa.status import ON_POINTS
from logistics.mapdata import Map
from logistics.position import Position, SupplyStock, Unit
from logistics.verdict import Verdict

OPTION = "supply_points_per_re"
EPSILON = 1e-9


def use_points(position: Position, map_: Map, verdicts: list[Verdict],
               source: str) -> tuple[list[Verdict], Position, list[str]]:
    """The verdicts of a supply check after the units on points used them (12C3), `position`
    (the check's result, markers changed) with what is left of each stock, and one line a unit.
    A unit's marker is the same whether on points or out of supply (12C3 / 44D1, AEG 1998)."""
    on_points = sorted((v for v in verdicts if v.general == ON_POINTS), key=lambda v: v.unit)
    if not on_points:
        return verdicts, position, []
    per_re = position.options.get(OPTION)
    if per_re is None:
        raise LoadError(source, f"{on_points[0].unit} draws on general supply points (12C3) and the scenario "
                                "gives no amount", field=f"options.{OPTION}",
                        expected="the general supply points a unit uses per RE at each supply check "
                                 "(12C3; not in the seeds)")
    from logistics.games.europa.supply import EuropaSupply
    by_unit = {v.unit: v for v in verdicts}
    # 12B (DPS 08-Oct-04): judged again on the check's snapshot, every marker as it was before it
    snapshot = replace(position, units=tuple(replace(u, oos=by_unit[u.id].marker) if u.id in by_unit else u
                                             for u in position.units))
    engine = EuropaSupply(snapshot, map_)
    left = [s.amount for s in position.supply]
    lines: list[str] = []
    for v in on_points:
        unit = snapshot.unit(v.unit)
        need = float(per_re) * unit.size
        short: set = set()                      # hexes too poor for this unit
        while v.general == ON_POINTS:
            h = map_.hex_at(v.line[-1].hex)
            stocks = _usable(position, unit, h, left, {"", unit.affiliation, engine.supplied_as(unit).affiliation})
            if sum(left[i] for i in stocks) + EPSILON >= need:
                _take(stocks, left, need)
                lines.append(f"12C3: {unit.id} uses {need:g} general supply point(s) at {map_.hex_id(h)}")
                break
            short.add(h)
            v = _judge_again(snapshot, map_, unit, left, short)
            if v.general != ON_POINTS:
                lines.append(f"12C3: {unit.id}: too few general supply points left within reach ({need:g} "
                             f"needed, options.{OPTION}): {v.general}")
        by_unit[unit.id] = v
    supply = tuple(replace(s, amount=round(a, 6)) for s, a in zip(position.supply, left) if a > EPSILON)
    return [by_unit[v.unit] for v in verdicts], replace(position, supply=supply), lines


def _usable(position: Position, unit: Unit, h, left: list[float], affiliations: set[str]) -> list[int]:
    """The stocks in `h` the unit may draw on (as the supply engine reads them), oldest first."""
    found = [i for i, s in enumerate(position.supply)
             if s.hex == h and s.side == unit.side and s.kind == "general" and left[i] > EPSILON
             and s.affiliation in affiliations]
    return sorted(found, key=lambda i: (position.supply[i].generated, position.supply[i].affiliation, i))


def _take(stocks: list[int], left: list[float], need: float) -> None:
    for i in stocks:
        part = min(left[i], need)
        left[i] -= part
        need -= part
        if need <= EPSILON:
            return


def _judge_again(position: Position, map_: Map, unit: Unit, left: list[float], short: set) -> Verdict:
    from logistics.games.europa.supply import EuropaSupply
    kept = tuple(SupplyStock(s.side, s.kind, s.hex, a, s.affiliation, s.generated)
                 for s, a in zip(position.supply, left) if a > EPSILON and not (s.kind == "general" and s.hex in short))
    return EuropaSupply(replace(position, supply=kept), map_).verdict(unit)
