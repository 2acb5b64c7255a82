"""What `limited_reach.Reachable` keeps: the forward overland weights once per map index, and the
rail walk from a side's junctions once per engine, whatever the naval origin classes (12C2c: a
side's lines toward minor / standard ports differ from its other lines only by sea)."""
import sys
from pathlib import Path

import numpy as np

from logistics.games.europa import limited, limited_reach
from logistics.games.europa.supply import EuropaSupply
from logistics.in_edges import shared
from logistics.network import FORWARD_ADVERSE

ROOT = Path(__file__).resolve().parents[1]


def synthetic_map(size: int, seed: int):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic
    return synthetic(size, size // 20, seed)


def test_the_forward_weight_is_each_edge_read_backwards():
    """43C3: entering a mountain or wooded-rough hex, or crossing a narrow strait, counts double.
    The forward walk's weight of edge a -> b is the backward search's weight of b -> a: kept once
    per index, it is that weight edge for edge, and a second engine on the map reads the same array."""
    s = synthetic_map(10000, 1)
    engine = EuropaSupply(s.position, s.map)
    engine.verdicts()
    ix = engine.index
    nodes = np.flatnonzero(ix.land)[:200]
    limited_reach._junctions(engine, s.position.units[0].side, nodes)
    kept = shared(ix, "forward adverse weight", lambda: None)
    reverse = {(int(a), int(b)): e for e, (a, b) in enumerate(zip(ix.src, ix.dst))}
    backward = np.array([ix.adverse_weight[reverse[int(b), int(a)]] for a, b in zip(ix.src, ix.dst)])
    assert (kept == backward).all() and kept.dtype == np.float32 and set(np.unique(kept).tolist()) == {1.0, 2.0}
    other = EuropaSupply(s.position, s.map)
    limited_reach._junctions(other, s.position.units[0].side, nodes)
    assert shared(ix, "forward adverse weight", lambda: None) is kept


def test_a_sides_rail_walk_runs_once_for_all_its_origin_classes(monkeypatch):
    """12C2c (minor and standard ports as origins) and the general origin classes of the same side
    walk the same rail from the same junctions: one walk per side, and the limited options are the
    reference's (test_limited_reach.py) all the same."""
    from test_limited_reach import reference_options, with_sources_near_stranded_units
    position, map_ = with_sources_near_stranded_units(2, 10000)
    engine = EuropaSupply(position, map_)
    verdicts = [engine.verdict(u) for u in position.units]
    walks, by_rail = [], limited_reach.Reachable._by_rail
    monkeypatch.setattr(limited_reach.Reachable, "_by_rail",
                        lambda self, starts: starts.any() and walks.append((self.side, starts.tobytes()))
                        or by_rail(self, starts))
    built = []
    init = limited_reach.Reachable.__init__
    monkeypatch.setattr(limited_reach.Reachable, "__init__", lambda self, *a: built.append(a[1:4]) or init(self, *a))
    found = limited.limited_options(engine, verdicts)
    assert found == reference_options(EuropaSupply(position, map_), verdicts)
    sides = {side for side, _, _ in built}
    assert len(built) > len(sides)                  # some side asks for more than one set of classes
    assert walks and len(walks) == len(set(walks))  # no rail walk from the same starts twice


def test_the_junctions_walk_forward_over_the_engines_masks_swapped():
    """12B, 36D, 43C3: where the overland and road elements of a line from some units may end
    (`_junctions`, reading the engine's masks of each side and weather level) is the forward walk
    made from masks of its own: overland out of land into hexes the side may enter within its
    length, then road from those ends, per weather level (several weathers on these maps)."""
    from logistics.network import search
    for size, seed in ((3000, 1), (10000, 1), (10000, 2)):
        s = synthetic_map(size, seed)
        engine = EuropaSupply(s.position, s.map)
        verdicts = engine.verdicts()
        ix, rules = engine.index, engine.rules
        assert len(engine._levels) > 1
        rng = np.random.default_rng(seed)
        weight = shared(ix, FORWARD_ADVERSE, lambda: limited_reach._forward_adverse(ix))
        for side in sorted({u.side for u in s.position.units}):
            out = [k for k, (u, v) in enumerate(zip(s.position.units, verdicts)) if u.side == side and v.hex]
            nodes = np.unique(np.array(engine._unit_nodes(), dtype=object)[rng.choice(out, 300)].astype(np.int64))
            view = engine.view(side)
            units, ends, junctions = (np.zeros(len(ix), dtype=bool) for _ in range(3))
            units[nodes] = True
            for level in engine._levels:
                allowed = engine.level <= level
                over = search(ix, units & allowed, ix.crossable, into=ix.land & allowed, out_of=view.enter & allowed,
                              weight=weight, cutoff=rules.lengths[rules.weather_order[level]]["overland"])
                ends |= over.dist.array != np.inf
            for level in engine._levels:
                allowed = engine.level <= level
                road = search(ix, ends & allowed, ix.road & ix.crossable, into=allowed, out_of=view.enter & allowed,
                              cutoff=rules.lengths[rules.weather_order[level]]["road"])
                junctions |= road.dist.array != np.inf
            found = limited_reach._junctions(engine, side, nodes)
            assert (found == junctions).all() and junctions.sum() > ends.sum() > units.sum()
