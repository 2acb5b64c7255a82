"""Shared fixtures: the hand-drawn Testland map and scenario (tests/data), and a way to copy
them and break one line for the validation tests."""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from logistics.mapio import load_map
from logistics.scenario import load_scenario

DATA = Path(__file__).parent / "data"
TESTLAND_MAP = DATA / "maps" / "testland"
TESTLAND_SCENARIO = DATA / "scenarios" / "testland.yaml"


@pytest.fixture(scope="session")
def testland():
    return load_map(TESTLAND_MAP)


@pytest.fixture(scope="session")
def testland_scenario():
    return load_scenario(TESTLAND_SCENARIO)


@pytest.fixture(scope="session")
def indexes():
    """The map indexes of the bundled FWtBT scenario and of a synthetic map of 3,000 hexes."""
    import sys

    from logistics.files import load_scenario_file
    from logistics.network import index_of
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    from synthetic import synthetic
    return [index_of(load_scenario_file(str(root / "scenarios/fwtbt/aug-1936.yaml")).map),
            index_of(synthetic(3000, 150, 4).map)]


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A private copy of tests/data that a test may edit."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def edit(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def reference_reaching(regions, seeds):
    """Regions.reaching as it was: a set of the seeds' regions, and per node the regions it enters."""
    targets = {regions.region(s) for s in np.flatnonzero(seeds & regions.into).tolist()}
    return lambda a: bool(seeds[a]) or bool(targets and targets & regions._entered_regions(a))


def dijkstra_distances(ix, seeds, edges, into, out_of, weight, cutoff) -> np.ndarray:
    """What `network.search` should give: a plain Dijkstra (`backward_reach`) over the same edges."""
    from logistics.network import backward_reach
    keep = edges & into[ix.dst] & out_of[ix.src]
    w = np.ones(len(ix.src)) if weight is None else weight
    dist = np.full(len(ix), np.inf)
    for node, d in backward_reach(len(ix), seeds, ix.src[keep], ix.dst[keep], w[keep]).dist.items():
        if node < len(ix) and (cutoff is None or d <= cutoff):
            dist[node] = d
    return dist
