"""The units behind a blocked hex (12A: an enemy unit in the hex; Rule 5: an enemy ZOC into it)
are found from the position's units sorted once by node (issue 19), and from a table of their own
for units on hexes beyond the map's edge, whose ZOC still projects into it: on every hex of the
bundled map, against the units as the position lists them and the sides' ZOC maps."""
from dataclasses import replace
from pathlib import Path

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.view import LOSE_ZOC_AT
from logistics.zoc import zoc_hexes

ROOT = Path(__file__).resolve().parents[1]


def test_the_units_in_and_around_every_hex_including_units_beyond_the_edge():
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    position, map_ = loaded.position, loaded.map
    # Two units of each side stepped off the map, next to a map hex, and one more into a hex
    # that already holds a unit.
    edge = sorted((n, h) for h in map_.terrain for n in h.neighbours() if n not in map_.terrain)
    units, moved = list(position.units), {}
    for side in sorted({u.side for u in units}):
        for k in [k for k, u in enumerate(units) if u.side == side and u.hex is not None][:2]:
            units[k] = replace(units[k], hex=edge[len(moved) * 7][0])
            moved[units[k].id] = units[k].hex
    units[-1] = replace(units[-1], hex=units[0].hex)
    position = replace(position, units=tuple(units))
    engine = EuropaSupply(position, map_)
    side_of = {u.id: u.side for u in position.units}
    named = beyond = 0
    for side in sorted({u.side for u in position.units}):
        enemies = set(position.enemies_of(side))
        zoc: dict = {}
        for enemy in enemies:
            for h, ids in zoc_hexes(position, map_, enemy, LOSE_ZOC_AT).items():
                zoc.setdefault(h, []).extend(ids)
        for h in {*map_.terrain, *moved.values()}:
            for rule, ids in (("12A", {u.id for u in position.units if u.hex == h and u.side in enemies}),
                              ("12A, Rule 5", set(zoc.get(h, [])))):
                ids = tuple(sorted(ids))
                expected = (ids, ", ".join(sorted({side_of[u] for u in ids})) or None)
                assert engine.blockers(h, side, rule, "") == expected, (side, h, rule)
                named += bool(ids)
                beyond += bool(set(ids) & set(moved))
    assert named > 40 and beyond >= 4, (named, beyond)
