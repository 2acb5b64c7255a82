"""Every unit's line walked in whole-array batches (`walks.walk_many`, `Lines._walk_group`; issue
19: walking each line node by node was the largest per-unit cost of a large map's verdict). The
batch must give every node the step `IndexReach.next_step` takes (12A/B ruling: lines traced
backwards from the sources) and the end and number of steps of walking one line at a time; the
verdicts of an engine that walked every line at once must read as those of an engine judging each
unit alone (12B elements, 36D weathers, 12B4 naval elements)."""
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.limited import apply_limited_sources
from logistics.games.europa.lines import LineReader, Walks
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.walks import walk_many
from logistics.network import index_of, search
from logistics.rulings.builders import plain_map

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def _random_search(seed: int, cutoff):
    ix = index_of(plain_map(23, 19))
    rng = np.random.default_rng(seed)
    n, e = len(ix), len(ix.src)
    seeds = rng.random(n) < 0.02
    edges, into, out_of = rng.random(e) < 0.9, rng.random(n) < 0.85, rng.random(n) < 0.9
    weight = rng.integers(1, 4, e).astype(float) if seed % 3 else None    # ties between steps abound
    return search(ix, seeds, edges, into, out_of, weight, cutoff), rng


def _one_line(reach, start):
    """The reference: one line walked step by step with `next_step` (as `Walks.step`)."""
    cur, steps = start, []
    while True:
        d = reach.dist.get(cur, 0.0)
        if not d > 0:
            return cur, steps
        steps.append(reach.next_step(cur, d))
        cur = steps[-1][0]


@pytest.mark.parametrize("seed", range(9))
@pytest.mark.parametrize("cutoff", [None, 3.0, 8.0])
def test_a_batch_walks_every_line_as_one_walk_at_a_time(seed, cutoff):
    reach, rng = _random_search(seed, cutoff)
    array = reach.dist.array
    reached = np.flatnonzero(array != np.inf)
    first = rng.choice(reached, size=len(reached) // 4, replace=False)
    second = rng.choice(reached, size=len(reached) // 3, replace=False)   # onto the first's walks
    alone = rng.choice(reached, size=len(reached) // 10, replace=False)   # walked one at a time between
    walks = Walks(reach)
    walk_many(walks, first)
    one_at_a_time = SimpleNamespace(walks=lambda _: walks)      # what `LineReader.walk` reads of itself
    for start in alone.tolist():
        LineReader.walk(one_at_a_time, reach, start)
    # Starts in no order, some repeated, and one not reached: each walked once, as alone.
    walk_many(walks, np.concatenate([second, second[::-2], [int(np.flatnonzero(array == np.inf)[0])]]))
    longest = 0
    for start in np.concatenate([first, alone, second]).tolist():
        end, steps = _one_line(reach, start)
        assert walks.ends[start] == (end, len(steps)), start
        cur = start
        for step in steps:
            assert walks.after[cur] == step
            cur = step[0]
        assert walks.after[cur] is None
        longest = max(longest, len(steps))
    assert longest >= (2 if cutoff else 5)       # pointer doubling over several passes


def _engines():
    for n, seed in ((3000, 1), (10000, 2)):
        s = synthetic(n, n // 20, seed)
        yield s.position, s.map
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    yield loaded.position, loaded.map


def test_lines_walked_at_once_read_as_lines_traced_alone(monkeypatch):
    monkeypatch.setattr(EuropaSupply, "BATCH", 1)          # every group walked at once
    kinds = set()
    for position, map_ in _engines():
        engine = EuropaSupply(position, map_)
        batched = engine.verdicts()
        kinds |= {kind for key, known in engine._memo.items() if key[0] == "traced"
                  for kind in known[1].columns[0].tolist()}
        alone = EuropaSupply(position, map_)
        judged = [alone.verdict(unit) for unit in position.units]       # no batch: one line at a time
        apply_limited_sources(alone, judged)
        for unit, v, w in zip(position.units, batched, judged):
            assert (v.general, v.source, v.source_place, v.lengths, v.weather) == \
                (w.general, w.source, w.source_place, w.lengths, w.weather), unit.id
            assert v.line == w.line, unit.id
        assert not any(key[0] == "traced" for key in alone._memo)     # the reference walked alone
    assert kinds == {1, 2, 3}      # lines ending overland, by road and by rail were all batched


@pytest.mark.parametrize("seed", range(3))
def test_a_batch_steps_are_read_from_its_arrays_when_a_line_is_read(seed, monkeypatch):
    """A batch keeps its steps as arrays (`Walks.batches`) until a line is read step by step: then
    `Walks.step` answers every walked node from them, the seeds with None (12A/B ruling: the line
    ends at the source), never asking `next_step` again; a node walked by no batch still is."""
    reach, rng = _random_search(seed, None)
    reached = np.flatnonzero(reach.dist.array != np.inf)
    starts = rng.choice(reached, size=len(reached) // 4, replace=False)
    expected = {}
    for start in starts.tolist():
        cur, steps = start, _one_line(reach, start)[1]
        for step in steps:
            expected[cur], cur = step, step[0]
        expected[cur] = None
    walks = Walks(reach)
    walk_many(walks, starts)
    assert walks.batches and not walks._after          # nothing made into the table yet
    asked = []
    monkeypatch.setattr(reach, "next_step", lambda cur, d: asked.append(cur) or (-1, 0.0))
    assert all(walks.step(node) == step for node, step in expected.items())
    assert not asked and not walks.batches
    other = next(k for k in reached.tolist() if k not in expected)
    walks.step(other)
    assert asked == [other]


@pytest.mark.parametrize("seed", range(6))
def test_a_line_walked_alone_reads_the_batches_ends_from_their_arrays(seed):
    """`LineReader.walk` (a line walked one at a time, after batches) finds the end and number of steps
    of each node a batch walked from the batch's arrays, without making them into the tables (at 1M
    hexes a few hundred lines walked so made 850k nodes' ends and steps into dicts): the same end
    and number of steps as walking the line alone, from starts walked or not, and ends of its own
    recorded only for nodes no batch walked."""
    reach, rng = _random_search(seed, None if seed % 2 else 8.0)
    reached = np.flatnonzero(reach.dist.array != np.inf)
    walks = Walks(reach)
    walk_many(walks, rng.choice(reached, size=len(reached) // 3, replace=False))
    walk_many(walks, rng.choice(reached, size=len(reached) // 5, replace=False))
    batched = set(np.concatenate([nodes for nodes, _, _ in walks.walked]).tolist())
    reader = SimpleNamespace(walks=lambda _: walks)
    starts = rng.choice(reached, size=len(reached) // 4, replace=False).tolist()
    assert any(s in batched for s in starts) and any(s not in batched for s in starts)
    for start in starts + starts[::3]:
        end, steps = _one_line(reach, start)
        assert LineReader.walk(reader, reach, start) == (end, len(steps)), start
    assert len(walks.walked) == 2 and len(walks.batches) == 2           # neither made into a table
    assert walks._ends and not batched & (set(walks._ends) | set(walks._after))
