"""The naval element's sea graph built from the map's index as arrays (`sea_passages.SeaPassages`,
issue 19: a cold 1M-hex verdict spent 1.6 s in `mapcheck.sea_network` and 0.7 s in the symmetric
check) against `mapcheck.sea_network`, the map checks' build, and the passages and symmetric check
written as they were (the reference kept here): random ragged maps with coasts, partial-sea
hexes, all-sea / narrow-strait / coastal / river hexsides (some off the map), ports on land and at
sea, off-map boxes and naval routes (box to box, box to hex, to an inland hex, off the map,
malformed ids); the seeded synthetic maps and the bundled FWtBT map. 34A1: ships pass between
adjacent sea hexes when one is all-sea or water lies across or along their hexside (AEG 1998)."""
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.naval import SeaGraph, sea_graph
from logistics.hexgrid import Hex, Hexside, Layout
from logistics.mapcheck import sea_network
from logistics.mapdata import Box, Map, Place, Port, Route, SideFeature
from logistics.network import index_of
from logistics.numbering import Numbering, Sheet
from logistics.sea_passages import SeaPassages, symmetric

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def reference_passages(nodes, adjacent):
    """naval.SeaGraph.passages as it was built from `adjacent`."""
    order = {n: k for k, n in enumerate(nodes)}
    counts = np.fromiter((len(adjacent[n]) for n in nodes), np.int64, len(nodes))
    indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return indptr, np.fromiter((order[b] for n in nodes for b in adjacent[n]), np.int64, int(indptr[-1]))


def reference_symmetric(adjacent) -> bool:
    """naval.SeaGraph.symmetric as it was."""
    ways = {(a, b) for a, near in adjacent.items() for b in near}
    return all((b, a) in ways for a, b in ways)


def random_map(seed: int) -> Map:
    rng = random.Random(seed)
    layout = Layout(rng.choice(("flat", "pointy")), rng.choice(("odd", "even")))
    m = Map(name="seas", game="europa", layout=layout, numbering=Numbering("tscw", (Sheet("", 0, 0, 30, 30),)),
            columns=30, rows=30)
    cols, rows = rng.randint(2, 30), rng.randint(2, 30)
    cells = [(c, r) for c in range(cols) for r in range(rows) if rng.random() < 0.93]
    rng.shuffle(cells)                                   # the build must not depend on dict order
    sea_share = rng.choice((0.0, 0.3, 0.6, 1.0))
    for c, r in cells:
        m.terrain[layout.to_hex(c, r)] = "all_sea" if rng.random() < sea_share else rng.choice(("clear", "rough", "lake"))
    hexes = list(m.terrain)
    off = [Hex(h.q + 40, h.r) for h in rng.sample(hexes, min(3, len(hexes)))]
    m.partial_sea = frozenset(rng.sample(hexes, len(hexes) // 5) + off[:1])
    sides = []
    for _ in range(len(hexes) // 3):
        h = rng.choice(hexes + off)
        sides.append(Hexside(h, h.neighbour(rng.randrange(6))))
    for feature in ("all_sea", "narrow_strait", "coastal", "minor_river", "mountain"):
        m.side_features.append(SideFeature(feature, feature, tuple(rng.sample(sides, len(sides) // 4))))
    land = [h for h in hexes if m.terrain[h] != "all_sea"]
    at_sea = [h for h in hexes if m.terrain[h] == "all_sea"]
    for k, h in enumerate(rng.sample(land, min(4, len(land))) + rng.sample(at_sea, min(2, len(at_sea))) + off[1:2]):
        m.ports.append(Port(f"P{k}", "minor", Place((h,))))
    m.boxes = [Box(f"Box{k}", "ports") for k in range(rng.randint(0, 3))]
    m.ports.append(Port("Boxed", "minor", Place(box="Box0"))) if m.boxes else None
    ends = [b.name for b in m.boxes] + [m.hex_id(h) for h in rng.sample(hexes, min(6, len(hexes)))] + ["nowhere", "9999"]
    m.routes = [Route((rng.choice(ends), rng.choice(ends)), rng.choice(("naval", "naval", "rail"))) for _ in range(6)]
    return m


def assert_same_sea(m: Map) -> SeaPassages:
    nodes, adjacent = sea_network(m)
    built = SeaPassages(index_of(m))
    assert built.nodes == nodes
    assert built.adjacent == adjacent and list(built.adjacent) == list(adjacent)
    assert built.order == {n: k for k, n in enumerate(nodes)}
    indptr, indices = reference_passages(nodes, adjacent)
    assert np.array_equal(built.indptr, indptr) and np.array_equal(built.indices, indices)
    assert symmetric(built.nodes, built.order, built.indptr, built.indices) == reference_symmetric(adjacent)
    return built


@pytest.mark.parametrize("seed", range(40))
def test_the_sea_graph_of_a_random_map_is_the_map_checks_sea_network(seed):
    assert_same_sea(random_map(seed))


def test_random_maps_have_coasts_straits_routes_and_ports_inland():
    """The random maps exercise what the build must get right (else the test above proves little)."""
    seen = {"strait only": 0, "route": 0, "inland port": 0, "all sea": 0}
    for seed in range(40):
        m = random_map(seed)
        nodes, adjacent = sea_network(m)
        seen["all sea"] += bool(m.terrain) and all(t == "all_sea" for t in m.terrain.values())
        seen["route"] += any(isinstance(b, str) or (isinstance(a, Hex) and a.distance(b) > 1)
                             for a in adjacent for b in adjacent[a])
        seen["inland port"] += any(p.place.hex in adjacent and m.terrain.get(p.place.hex) != "all_sea"
                                   and p.place.hex not in m.partial_sea for p in m.ports)
        seen["strait only"] += any(isinstance(a, Hex) and isinstance(b, Hex) and a.distance(b) == 1
                                   and m.terrain[a] != "all_sea" and m.terrain[b] != "all_sea"
                                   for a in adjacent for b in adjacent[a])
    assert all(seen.values()), seen


def test_a_passage_without_its_way_back_is_not_symmetric():
    """The symmetric check reads the passages: one passage turned to another node (whose way back
    is missing) makes it false, as the reference says."""
    built = assert_same_sea(random_map(3))
    assert symmetric(built.nodes, built.order, built.indptr, built.indices)
    a = int(np.flatnonzero(np.diff(built.indptr))[0])
    b = next(k for k in range(len(built.nodes)) if k != a and a not in built.indices[built.indptr[k]:built.indptr[k + 1]])
    built.indices = built.indices.copy()
    built.indices[built.indptr[a]] = b
    adjacent = {n: list(v) for n, v in built.adjacent.items()}
    adjacent[built.nodes[a]][0] = built.nodes[b]
    assert reference_symmetric(adjacent) is False
    assert symmetric(built.nodes, built.order, built.indptr, built.indices) is False


def test_a_map_without_hexes_or_without_sea():
    m = random_map(7)
    m.terrain = {h: "clear" for h in m.terrain}
    m.partial_sea, m.ports = frozenset(), []
    assert assert_same_sea(m).nodes == [b.name for b in m.boxes]
    m.terrain, m.boxes = {}, []
    assert assert_same_sea(m).nodes == []


def test_two_boxes_of_one_name_are_one_node_as_the_map_checks_have_it():
    m = random_map(5)
    m.boxes = [Box("Twin", "ports"), Box("Twin", "holding")]
    m.routes = [Route(("Twin", m.hex_id(next(iter(m.terrain)))), "naval")]
    assert_same_sea(m)


@pytest.mark.parametrize("n, seed", [(1000, 1), (10000, 2)])
def test_the_sea_graph_of_a_synthetic_map(n, seed):
    m = synthetic(n, n // 20, seed).map
    built = assert_same_sea(m)
    assert len(built.nodes) > 50 and symmetric(built.nodes, built.order, built.indptr, built.indices)
    sea = sea_graph(m)
    assert sea.nodes == built.nodes and sea.adjacent == built.adjacent and sea.order == built.order
    assert all(np.array_equal(a, b) for a, b in zip(sea.passages, reference_passages(built.nodes, built.adjacent)))
    assert sea.symmetric


def test_the_sea_graph_of_the_bundled_map():
    m = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map
    built = assert_same_sea(m)
    assert any(isinstance(n, str) for n in built.nodes) and m.routes


def random_passages(seed: int):
    """Passages in random order, some one-way, some twice, to a node given twice or to itself."""
    rng = random.Random(seed)
    nodes = [Hex(q, 0) for q in range(rng.randint(1, 12))] + ["box", "box"] * rng.randint(0, 1)
    adjacent = {a: [] for a in nodes}
    for _ in range(rng.randint(0, 30)):
        a, b = rng.choice(nodes), rng.choice(nodes)
        adjacent[a].append(b)
        if rng.random() < 0.9:
            adjacent[b].append(a)
    return nodes, adjacent


@pytest.mark.parametrize("seed", range(30))
def test_the_symmetric_check_on_random_passages(seed):
    """`SeaGraph.symmetric` on a sea graph made by hand (as the naval search tests make them)."""
    sea = SeaGraph.__new__(SeaGraph)
    sea.nodes, sea.adjacent = random_passages(seed)
    assert sea.symmetric == reference_symmetric(sea.adjacent)


def test_random_passages_are_both_symmetric_and_not():
    assert {reference_symmetric(random_passages(seed)[1]) for seed in range(30)} == {True, False}
