"""Small rail positions built in code for the rail ruling cases (cases/europa_rail.py,
cases/ocs_rail.py) and the planner tests: a plain map crossed west-east by the Main line (0105 ..
1105, the hexes of row 05 in order), with yards where a case asks, and helpers that plan moves."""
from __future__ import annotations

from dataclasses import replace

from logistics.mapdata import City, Country, Place, Yard
from logistics.network import index_of
from logistics.rail.model import Increase, MoveRequest, Orders
from logistics.rail.planner import plan
from logistics.rulings.builders import plain_map, position

MAIN = [f"{c:02d}05" for c in range(1, 12)]      # the Main line, west to east


def rail_map(yards: dict[str, str] | None = None, *, rail: dict[str, list[str]] | None = None,
             tracks: dict[str, dict] | None = None, cities: tuple[str, ...] = (), portugal: int = 0, **kw):
    """The Main line plus `rail`; `yards`: name -> hex (each also a dot city); `tracks`: fields to
    change on a line ({"Main": {"klass": "multi_track"}}); `portugal`: that many westernmost
    columns are neutral Portugal."""
    m = plain_map(rail={"Main": ["0105", "1105"], **(rail or {})}, neutral_columns=portugal, **kw)
    for name, fields in (tracks or {}).items():
        m.rail = [replace(t, **fields) if t.name == name else t for t in m.rail]
    for name, hid in (yards or {}).items():
        m.yards.append(Yard(name, Place((m.hex_at(hid),))))
        m.cities.append(City(name, "dot", Place((m.hex_at(hid),))))
    for hid in cities:
        m.cities.append(City(f"Town {hid}", "village", Place((m.hex_at(hid),))))
    if portugal:
        m.countries = {"Ruritania": Country("Ruritania"), "Portugal": Country("Portugal", neutral=True)}
        m.layers["country"] = {h: "Portugal" if c == "Neutralia" else c for h, c in m.layers["country"].items()}
    return m


def two_yards(west: float = 2, east: float = 3, *, owner=None, **fields):
    """Yards West (0205) and East (1005) on the Main line; all land Loyalist unless `owner` says."""
    m = rail_map({"West": "0205", "East": "1005"})
    p = position(m, fields.pop("units", []), owner=owner or "Loyalist",
                 rail_capacity={"West": west, "East": east}, **fields)
    return m, p


def cargo(move_id: str, m, start: str, to: str, size: float = 1, priority: int = 1) -> MoveRequest:
    return MoveRequest(move_id, m.hex_at(start), m.hex_at(to), size, priority, cargo="supply")


def by_unit(move_id: str, p, m, uid: str, to: str, priority: int = 1, kind: str = "operational",
            also: tuple[str, ...] = ()) -> MoveRequest:
    u = p.unit(uid)
    return MoveRequest(move_id, u.hex, m.hex_at(to), u.size, priority, unit=uid, kind=kind, also=tuple(also))


def run(p, m, *requests: MoveRequest, side: str = "Loyalist", increases: tuple[Increase, ...] = (),
        phase: str = "movement", gauge: str | None = None):
    return plan(p, m, Orders("test", side, phase, gauge, tuple(requests), tuple(increases)))


def result(the_plan, move_id: str):
    return next(r for r in the_plan.moves if r.request.id == move_id)


def route(m, move_result) -> list[str]:
    """The printed ids of the route a moved request takes."""
    hexes = index_of(m).hexes
    return [m.hex_id(hexes[n]) for n in move_result.chosen.nodes]


def pool_capacities(the_plan) -> dict[str, float]:
    """Capacity of each pool that has a yard, by its name."""
    return {p.name: p.capacity for p in the_plan.pools if p.yards}

