"""A kept verdict holds what its line reads, not its engine (issue 19): a verdict's lazy line
(`lines.WalkedLine`, `lines.PendingLine`) holds the engine's `LineReader` (the map's index) and the
Walks of the searches it follows (the step back of every node walked), not the searches, so that
once the engine is dropped every search and table it kept is freed (at 1M hexes a kept verdict list held about 670 MB through its
lines' engine, and the next verdict's arrays landed on untouched memory). The lines, JSON and
--explain text read afterwards are those of a fresh engine's verdicts."""
import gc
import json
import sys
import weakref
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.lines import PendingLine, WalkedLine
from logistics.games.europa.reach import GroupReach
from logistics.games.europa.supply import EuropaSupply
from logistics.report.supply import explanation

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def _strait():
    """12B4 (the rulings case of Bilbao by sea to Cartagena): a line with a naval element."""
    from logistics.rulings.cases.europa_naval import pa, strait
    return strait([pa("0702")], ceuta="Loyalist")


def _synthetic(n, seed):
    s = synthetic(n, n // 20, seed)
    return s.map, s.position


def _bundled():
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    return loaded.map, loaded.position


# (the case, the least group whose lines are walked at once, the kind of lazy line its verdicts keep)
CASES = [(lambda: _synthetic(3000, 1), 1, WalkedLine), (lambda: _synthetic(10000, 2), 1, WalkedLine),
         (_bundled, 1, WalkedLine), (_bundled, EuropaSupply.BATCH, PendingLine),
         (_strait, EuropaSupply.BATCH, PendingLine)]


@pytest.mark.parametrize("case, batch, lazy", CASES)
def test_kept_verdicts_hold_no_engine_and_read_as_a_fresh_engines(monkeypatch, case, batch, lazy):
    monkeypatch.setattr(EuropaSupply, "BATCH", batch)
    map_, position = case()
    engine = EuropaSupply(position, map_)
    kept = engine.verdicts()
    dropped = weakref.ref(engine)
    searches = [weakref.ref(r) for group in engine._groups.values() if isinstance(group, GroupReach)
                for r in (group.rail, group.rail2, *group.road.values(), *group.overland.values()) if r is not None]
    del engine
    gc.collect()
    assert dropped() is None                               # nothing a verdict holds reaches the engine
    assert searches and not any(r() for r in searches)     # nor the searches its lines followed
    assert sum(isinstance(v.__dict__["_line"], lazy) for v in kept) >= 1
    fresh = EuropaSupply(position, map_).verdicts()
    for v, w in zip(kept, fresh, strict=True):
        assert v.line == w.line, v.unit
        assert json.dumps(v.as_dict()) == json.dumps(w.as_dict()), v.unit
        assert explanation(v) == explanation(w), v.unit
    assert any(len(v.line) > 1 for v in kept)
