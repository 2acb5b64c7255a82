"""What a supply picture shows, worked out once from a scenario: each unit's verdict and line,
the blocking hexes, enemy ZOC, naval zones, sources and rail sections (the `--layers`).

The drawing (render/marks.py) and the interactive page (render/page.py) both read this one
object, so the picture, the page and `logistics supply` never disagree.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from logistics import games
from logistics.errors import LoadError
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position
from logistics.report.supply import blockers_text
from logistics.verdict import Block, Verdict
from logistics.zoc import zoc_hexes

# Every unit is always marked by its verdict; these layers come on top (`--layers`).
LAYERS = ("blocks", "line", "zoc", "zones", "sources", "rail", "cuts")
CUTS_SHOWN = 5      # the cuts layer: the top single-hex cuts of the side (analysis/cuts.py)
DEFAULT_LAYERS = ("blocks", "line")
LOSE_ZOC_AT = 2   # a U-2 unit has no ZOC (12B ruling, DPS 08-Oct-04); as the supply engines read it


@dataclass(frozen=True)
class UnitMark:
    id: str
    side: str
    hex: Hex
    kind: str                              # a key of palette.VERDICTS
    verdict: Verdict
    line: tuple[tuple[Hex, str], ...]      # hex and element, unit first
    block: tuple[Hex, str, str] | None     # hex, rule, reason

    @property
    def u_level(self) -> str:
        v = self.verdict
        return f"U-{v.marker}\u2192{v.next_marker}" if v.marker != v.next_marker else f"U-{v.marker}"


@dataclass(frozen=True)
class RailSection:
    side: str
    name: str
    capacity: float
    free: float
    hexes: tuple[Hex, ...]


@dataclass
class SupplyPicture:
    scenario: str
    title: str
    sides: list[str]
    layers: tuple[str, ...]
    units: list[UnitMark] = field(default_factory=list)
    chosen: str | None = None                       # --unit: its line is drawn
    zoc_side: str | None = None                     # whose enemies' ZOC the zoc layer shows
    zoc: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    zones: dict[Hex, tuple[str, str]] = field(default_factory=dict)   # hex -> (danger | combat, why)
    sources: dict[Hex, str] = field(default_factory=dict)
    rail: list[RailSection] = field(default_factory=list)
    cuts: list[tuple[Hex, float, str, tuple[str, ...]]] = field(default_factory=list)   # hex, REs, rule, units
    engine: object = None

    def mark(self, unit_id: str) -> UnitMark | None:
        return next((m for m in self.units if m.id == unit_id), None)


def verdict_kind(v: Verdict) -> str:
    """The mark of a verdict (palette.VERDICTS) from its general status, whatever the game."""
    if v.general == "not checked":
        return "unchecked"
    if v.general == "city supply":        # TSCW 9.6
        return "city"
    if not v.supplied:
        return "isolated" if v.isolated else "out"
    if "limited" in v.general:            # Europa 12C2
        return "limited"
    if "supply points" in v.general or "eats SP" in v.general:   # Europa 12C3, OCS 12.6
        return "points"
    return "in"


def title_of(scenario: str, position: Position) -> str:
    t = position.turn
    info = games.RULE_SYSTEMS.get(position.game)
    game = info.title if info else position.game
    when = f"turn {t.number}" + (f" ({t.date})" if t.date else "")
    phase = f"{t.player} {t.phase} phase" if t.player else f"{t.phase} phase"
    return f"{scenario} \u2014 {game} \u2014 {when}, {phase}"


def supply_picture(scenario: str, position: Position, map_: Map, layers: tuple[str, ...] = DEFAULT_LAYERS,
                   unit: str | None = None, side: str | None = None) -> SupplyPicture:
    """The verdicts of every unit and the chosen layers; `unit`: whose line is drawn; `side`:
    whose enemies' ZOC the zoc layer shows (the chosen unit's side, else the first side)."""
    sides = [s.name for s in position.sides]
    pic = SupplyPicture(scenario, title_of(scenario, position), sides, tuple(layers), chosen=unit)
    engine = games.supply_engine(position, map_)
    pic.engine = engine
    verdicts = engine.verdicts()
    for v in verdicts:
        u = position.unit(v.unit)
        if u.hex is None or u.hex not in map_.terrain:
            continue
        line = tuple((map_.hex_at(s.hex), s.element) for s in v.line if _on_map(map_, s.hex))
        block = None
        if v.blocked is not None and _on_map(map_, v.blocked.hex):
            block = (map_.hex_at(v.blocked.hex), v.blocked.rule, v.blocked.reason + blockers_text(v.blocked))
        pic.units.append(UnitMark(v.unit, v.side, u.hex, verdict_kind(v), v, line, block))
    pic.units.sort(key=lambda m: (map_.hex_id(m.hex), m.id))
    chosen = pic.mark(unit) if unit else None
    pic.zoc_side = side or (chosen.side if chosen else (sides[0] if sides else None))
    if "zoc" in layers and pic.zoc_side:
        for enemy in position.enemies_of(pic.zoc_side):
            for h, ids in zoc_hexes(position, map_, enemy, LOSE_ZOC_AT).items():
                pic.zoc[h] = tuple(sorted(set(pic.zoc.get(h, ())) | set(ids)))
    if "zones" in layers and hasattr(engine, "zones") and pic.zoc_side:
        zones = engine.zones(pic.zoc_side)      # Europa 34F danger / 34A2 combat zones
        pic.zones = {**{h: ("danger", why) for h, why in zones.danger.items()},
                     **{h: ("combat", why) for h, why in zones.combat.items()}}
    if "sources" in layers:
        for source in (*position.supply_sources, *position.limited_sources):
            names = source.cities if hasattr(source, "cities") else (source.city,)   # full / limited
            for name in names:
                city = map_.city(name) if _has_city(map_, name) else None
                for h in (city.place.hexes if city else ()):
                    pic.sources.setdefault(h, source.name)
            for h in getattr(source, "hexes", ()):
                pic.sources.setdefault(h, source.name)
    if "rail" in layers:
        pic.rail = _rail_sections(position, map_, sides, side)
    if "cuts" in layers and pic.zoc_side:
        # The hexes whose loss to the enemy would put the most REs of the side out of general
        # supply, each confirmed by re-judging the position (docs/cuts.md).
        from logistics.analysis.cuts import find_cuts
        found = find_cuts(position, map_, side=pic.zoc_side, top=CUTS_SHOWN, max_size=1, engine=engine,
                          verdicts=verdicts)
        pic.cuts = [(map_.hex_at(c.hexes[0]), c.res, c.rule, c.units) for c in found.cuts]
    return pic


def entry_blocks(pic: SupplyPicture, map_: Map) -> dict[str, dict[Hex, str]]:
    """For each side, the land hexes a supply line may not enter, with the rule that stops it
    (the engine's `entry_block`); an engine without one gives nothing."""
    hook = getattr(pic.engine, "entry_block", None)
    who = getattr(pic.engine, "blockers", None)     # the units behind it, as in the verdicts
    out: dict[str, dict[Hex, str]] = {}
    for side in pic.sides:
        out[side] = {}
        for h in map_.hexes():
            why = hook(h, side) if hook and map_.is_land(h) else None
            if why:
                units, by = who(h, side, *why) if who else ((), None)
                out[side][h] = f"{why[1]}{blockers_text(Block('', *why, units=units, side=by))} ({why[0]})"
    return out


def _rail_sections(position: Position, map_: Map, sides: list[str], only: str | None) -> list[RailSection]:
    from logistics.network import index_of
    from logistics.rail.model import Orders
    from logistics.rail.planner import plan
    hexes = index_of(map_).hexes
    out = []
    for side in ([only] if only else sides):
        try:
            p = plan(position, map_, Orders("", side))
        except LoadError:   # a game without rail rules (or a side without rail) has no rail layer
            continue
        for k, pool in enumerate(p.pools):
            if pool.capacity or pool.yards:
                out.append(RailSection(side, pool.name, pool.capacity, pool.capacity - p.used[k],
                                       tuple(sorted(hexes[n] for n in pool.nodes))))
    return out


def _on_map(map_: Map, hex_id: str) -> bool:
    try:
        return map_.hex_at(hex_id) in map_.terrain
    except Exception:  # noqa: BLE001 - an off-map box or a holding area
        return False


def _has_city(map_: Map, name: str) -> bool:
    return any(c.name == name for c in map_.cities)
