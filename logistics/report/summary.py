"""What a map or a scenario holds, counted for people (`logistics show`)."""
from __future__ import annotations

from collections import Counter

from logistics.mapcheck import land_components, sea_components
from logistics.mapdata import Map
from logistics.position import Position


def _counted(values) -> dict[str, int]:
    return dict(sorted(Counter(values).items()))


def map_summary(map_: Map) -> dict:
    rail_hexes: dict[str, set] = {}
    for side, track in map_.rail_links.items():
        rail_hexes.setdefault(track.klass, set()).update(side.hexes)
    return {
        "map": map_.name,
        "game": map_.game,
        "grid": f"{map_.columns} x {map_.rows} {map_.layout.orientation}-topped, {map_.layout.offset} offset",
        "numbering": f"{map_.numbering.style} (e.g. {map_.hex_id(map_.hexes()[0])})",
        "hexes": len(map_.terrain),
        "terrain": _counted(map_.terrain.values()),
        "partial_sea_hexes": len(map_.partial_sea),
        "countries": {c: {"hexes": n, "neutral": map_.countries[c].neutral}
                      for c, n in _counted(map_.layers.get("country", {}).values()).items()},
        "regions": _counted(map_.layers.get("region", {}).values()),
        "sea_zones": _counted(map_.layers.get("sea_zone", {}).values()),
        "cities": {size: sorted(c.name for c in map_.cities if c.size == size)
                   for size in sorted({c.size for c in map_.cities})},
        "ports": {klass: sorted(p.name for p in map_.ports if p.klass == klass)
                  for klass in sorted({p.klass for p in map_.ports})},
        "naval_bases": sorted(p.name for p in map_.ports if p.naval_base),
        "yards": sorted(y.name for y in map_.yards),
        "beaches": sorted(b.name for b in map_.beaches),
        "rail_hexes": {k: len(v) for k, v in sorted(rail_hexes.items())},
        "road_hexes": len({h for side in map_.road_links for h in side.hexes}),
        "hexside_features": _counted(f for fs in map_.hexside_features.values() for f in fs),
        "boxes": sorted(b.name for b in map_.boxes),
        "weather_zones": _counted(map_.layers.get("weather_zone", {}).values()),
        "seas": sea_components(map_),
        "land": land_components(map_),
    }


def position_summary(position: Position, map_: Map) -> dict:
    return {
        "game": position.game,
        "turn": {"number": position.turn.number, "date": position.turn.date, "phase": position.turn.phase,
                 "player": position.turn.player},
        "units": {s.name: {"count": sum(u.side == s.name for u in position.units),
                           "REs": sum(u.size for u in position.units if u.side == s.name),
                           "out_of_supply_markers": sum(u.oos > 0 for u in position.units if u.side == s.name)}
                  for s in position.sides},
        "ownership": _counted(position.owner.values()),
        "unowned_hexes": sum(1 for h in map_.terrain if map_.is_land(h) and h not in position.owner),
        "naval_groups": {s.name: sum(g.side == s.name for g in position.naval_groups) for s in position.sides},
        "unpacified_hexes": len(position.unpacified),
        "rail_breaks": len(position.rail_breaks),
        "map": map_summary(map_),
    }
