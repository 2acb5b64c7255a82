"""The Python API (docs/api.md): the answers the `logistics` command prints, as objects.

Each function takes a scenario as a path or as the `Scenario` that `load` returns, and returns a
report whose `.to_json()` is the command's `--json` output and whose `str()` is its text.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from logistics.errors import LoadError
from logistics.files import load_any, load_scenario_file
from logistics.jsontext import json_text
from logistics.mapdata import Map
from logistics.scenario import Scenario
from logistics.verdict import Verdict

ONLY = ("out",)   # `--only out`: units not in supply (out of supply, TSCW city supply)


class Report:
    """What a command prints: `to_json()` (its `--json`) and `str()` (its text)."""

    def to_dict(self) -> dict:
        raise NotImplementedError

    def lines(self) -> list[str]:
        raise NotImplementedError

    def to_json(self) -> str:
        return json_text(self.to_dict())

    def __str__(self) -> str:
        return "\n".join(self.lines())


def load(path: str | Path) -> Scenario | Map:
    """A scenario file (its position and map) or a map folder / map.yaml."""
    return load_any(path)


def _scenario(scenario: str | Path | Scenario) -> tuple[Scenario, str]:
    if isinstance(scenario, Scenario):
        return scenario, str(scenario.path)
    return load_scenario_file(scenario), str(scenario)


def move(scenario: str | Path | Scenario, unit: str, hex_id: str) -> Scenario:
    """The scenario with one unit moved to the hex of printed id `hex_id` (a what-if: nothing is
    written)."""
    from logistics.position import MoveUnit
    sc, name = _scenario(scenario)
    if not any(u.id == unit for u in sc.position.units):
        raise LoadError(name, f"no unit {unit!r}", field="unit", expected="a unit id of the scenario")
    from logistics.numbering import NumberingError
    try:
        to = sc.map.hex_at(hex_id)
    except NumberingError as exc:
        raise LoadError(name, f"no hex {hex_id!r}: {exc}", field="hex", expected="a printed hex id") from None
    if to not in sc.map:
        raise LoadError(name, f"no hex {hex_id!r} on map {sc.map.name}", field="hex", expected="a printed hex id")
    return replace(sc, position=sc.position.apply(MoveUnit(unit, to)))


@dataclass
class SupplyReport(Report):
    """Every unit's verdict (`logistics supply`); `explain`: the text of `--explain`."""

    scenario: str
    game: str
    verdicts: list[Verdict] = field(default_factory=list)
    explain: bool = False
    map: dict = field(default_factory=dict)   # the map judged on and its corrections (mapcorrect)

    def unit(self, unit_id: str) -> Verdict:
        return next(v for v in self.verdicts if v.unit == unit_id)

    def to_dict(self) -> dict:
        from logistics.report.supply import verdict_json
        return {"scenario": self.scenario, "game": self.game, "map": self.map,
                "units": [verdict_json(v) for v in self.verdicts]}

    def lines(self, paint=None) -> list[str]:
        from logistics.mapcorrect import header_line
        from logistics.report.supply import explanation, table
        header = [header_line(self.map)] if self.map else []
        if self.explain:
            return header + [line for v in self.verdicts for line in explanation(v)]
        return header + table(self.verdicts, paint)


def supply(scenario: str | Path | Scenario, *, side: str | None = None, unit: str | None = None,
           hex: str | None = None, only: str | None = None, explain: bool = False) -> SupplyReport:
    """Every unit's supply verdict, or those of one side, unit or hex; `only="out"`: the units
    not in supply."""
    from logistics.games import supply_engine
    sc, name = _scenario(scenario)
    from logistics.filters import filter_verdicts
    verdicts = filter_verdicts(supply_engine(sc.position, sc.map).verdicts(), name, sc, side, unit, hex)
    if only is not None:
        if only not in ONLY:
            raise LoadError(name, f"no filter {only!r}", field="--only", expected="one of " + ", ".join(ONLY))
        verdicts = [v for v in verdicts if not v.supplied and v.general != "not checked"]
    from logistics.mapcorrect import corrections_summary
    return SupplyReport(name, sc.position.game, verdicts, explain, corrections_summary(sc.map))


def trace(scenario: str | Path | Scenario, unit: str) -> SupplyReport:
    """One unit's line, hex by hex with its element, or where and why it fails (`logistics trace`)."""
    return supply(scenario, unit=unit, explain=True)


@dataclass
class DataReport(Report):
    """A report that is its JSON data, with the lines of its text."""

    data: dict
    text: list[str]
    scenario: Scenario | None = None     # turn: the scenario the steps lead to

    def to_dict(self) -> dict:
        return self.data

    def lines(self) -> list[str]:
        return self.text


def naval(scenario: str | Path | Scenario) -> DataReport:
    """Danger and combat zones, ports, naval connections, the limited-source allocation."""
    from logistics import games
    from logistics.games import supply_engine
    from logistics.report.naval import naval_summary, naval_text
    sc, name = _scenario(scenario)
    game = games.of(sc.position, name)
    if not game.naval_supply:
        # Naval supply (Europa 12B4, 34) is a Europa rule: TSCW and OCS scenarios have no naval report.
        raise LoadError(name, f"naval supply does not apply to {game.title}", field="game",
                        expected="a Europa scenario (europa-fwtbt, europa-sf)")
    summary = naval_summary(supply_engine(sc.position, sc.map))
    return DataReport(summary, naval_text(summary))


def sea_capacity(scenario: str | Path | Scenario, origins, destinations, *, side: str | None = None) -> DataReport:
    """How much cargo `side` can carry by sea this phase from the ports or beaches `origins` to
    `destinations`: a max-flow bounded by port capacities and the side's naval transport capacity,
    over passages free of danger and combat zones (12B4, 30, 34K; naval.naval_flow)."""
    from logistics import games
    from logistics.games.europa.naval import naval_flow
    from logistics.games.europa.rules import EuropaRules
    sc, name = _scenario(scenario)
    game = games.of(sc.position, name)
    if not game.naval_supply:
        raise LoadError(name, f"naval transport does not apply to {game.title}", field="game",
                        expected="a Europa scenario (europa-fwtbt, europa-sf)")
    if not origins or not destinations:
        raise LoadError(name, "a cargo question needs both ends", field="--carry-from" if not origins else "--carry-to",
                        expected="at least one --carry-from and one --carry-to port or beach")
    from logistics.filters import side_name
    side = side_name(name, sc.position, side) if side else sc.position.turn.player
    if not side:
        raise LoadError(name, "no side given and the turn names no phasing player", field="--side",
                        expected="--side SIDE")
    known = {p.name for p in sc.map.ports} | {b.name for b in sc.map.beaches}
    for option, ends in (("--carry-from", origins), ("--carry-to", destinations)):
        for end in ends:
            if end not in known:
                raise LoadError(name, f"no port or beach {end!r}", field=option,
                                expected="a port or beach of the map: " + ", ".join(sorted(known)[:12]) + " ...")
    coalition = sc.position.side(side).coalitions[0][0]
    flow = naval_flow(sc.position, sc.map, EuropaRules.for_position(sc.position), side, list(origins),
                      list(destinations), coalition)
    data = {"scenario": name, "side": side, "from": list(origins), "to": list(destinations), "res": flow.res,
            "general_supply_points": flow.general_supply_points, "resource_points": flow.resource_points,
            "attack_steps": flow.attack_steps, "limited_by": flow.limited_by, "refused": dict(sorted(flow.refused.items()))}
    text = [f"{side} cargo by sea {', '.join(origins)} -> {', '.join(destinations)}: {flow.res:g} REs this phase "
            f"({flow.general_supply_points} general supply points, {flow.resource_points} resource points, "
            f"{flow.attack_steps} attack steps); limited by {flow.limited_by}"]
    text += [f"  {end}: {why}" for end, why in sorted(flow.refused.items())]
    return DataReport(data, text)


SECTION_KEYS = ("side", "capacity_rule", "pools", "other_sections", "unusable_yards")


def plan_rail(scenario: str | Path | Scenario, moves: str | Path | None = None, *, side: str | None = None,
              sections: bool = False) -> DataReport:
    """The rail plan of a moves file (`logistics rail plan`), or with `sections=True` each side's
    rail sections and capacity, used by that plan if any (`logistics rail sections`)."""
    from logistics import games
    from logistics.rail.model import Orders
    from logistics.rail.moves import load_moves
    from logistics.rail.planner import plan
    from logistics.report.rail import plan_json, plan_text, pools_text
    sc, name = _scenario(scenario)
    position = sc.position
    if not sections:
        if moves is None:
            raise LoadError(name, "a rail plan needs a moves file", field="moves", expected="a moves .yaml file")
        data = {"scenario": name, "moves_file": str(moves),
                **plan_json(plan(position, sc.map, load_moves(moves, sc), source=name), sc.map)}
        return DataReport(data, plan_text(data))
    names = [s.name for s in position.sides]
    if side is not None:
        from logistics.filters import side_name
        side = side_name(name, position, side)       # any case
    if moves is not None:
        orders = [load_moves(moves, sc)]
    elif side is not None:
        orders = [Orders("", side)]
    elif games.of(position, name).orders.phasing_player_only:
        if not position.turn.player:
            raise LoadError(name, "OCS Rail Cap is the phasing player's and the turn names none",
                            field="turn.player", expected="a player in the scenario's turn, or --side")
        orders = [Orders("", position.turn.player)]
    else:
        orders = [Orders("", n) for n in names]
    plans = [plan_json(plan(position, sc.map, o, source=name), sc.map) for o in orders]
    data = {"scenario": name, "game": position.game, "sides": [{k: p[k] for k in SECTION_KEYS} for p in plans]}
    return DataReport(data, [line for p in plans for line in pools_text(p)])


def turn(scenario: str | Path | Scenario, steps: int = 1) -> DataReport:
    """What `steps` phases / segments of the sequence of play do, written nowhere (`logistics turn
    next --dry-run`); `.position` of the report: the position they lead to."""
    from logistics.turn.engine import run
    from logistics.turn.report import as_text
    sc, name = _scenario(scenario)
    done, position = run(sc.position, sc.map, name, steps)
    data = {"scenario": name, "written": False, "steps": done}
    return DataReport(data, as_text(done) + ["(dry run: nothing written)"], replace(sc, position=position))


def render(scenario: str | Path | Scenario, output: str | Path, *, unit: str | None = None, side: str | None = None,
           layers: tuple[str, ...] | None = None, ids: bool = False, hex_size: float = 12.0) -> DataReport:
    """Draw the scenario (or a map) with its supply into OUTPUT (.svg, .png or .html)."""
    from logistics.render.output import write_picture
    loaded, name = (scenario, str(scenario.path)) if isinstance(scenario, Scenario) else (load_any(scenario),
                                                                                            str(scenario))
    done = write_picture(name, loaded, str(output), unit=unit, side=side, layers=layers, ids=ids, hex_size=hex_size)
    return DataReport(done, [f"wrote {output}"])
