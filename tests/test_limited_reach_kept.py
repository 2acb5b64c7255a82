"""What `limited_reach.Reachable` keeps: the forward overland weights once per map index, and the
rail walk from a side's junctions once per engine, whatever the naval origin classes (12C2c: a
side's lines toward minor / standard ports differ from its other lines only by sea)."""
import sys
from pathlib import Path

import numpy as np

from logistics.games.europa import limited_reach
from logistics.games.europa.supply import EuropaSupply
from logistics.in_edges import shared

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

