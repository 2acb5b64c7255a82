"""The search that ignores 12A (AEG 1998: a blocked line is explained by the first hex it would enter
that it may not, on the shortest line that ignores 12A), run only as far as the nodes read need and
resumed when a node beyond is read (resumable_search.py, issue 19), against the search run to the
end (`network.search`) on random masks, weights, seeds and sets of nodes read, of the bundled FWtBT
map and a synthetic map: every node's distance, the steps back, and `FirstBlocked`'s answers."""
import numpy as np
import pytest

from logistics.games.europa.blocked_walk import FirstBlocked, first_blocked_one_by_one
from logistics.games.europa.walks import steps_back
from logistics.network import search
from logistics.resumable_search import ResumableReach


def case(rng, ix, seed):
    """Random masks, weights (unit steps, 43C3 weights, other whole weights) and a few seeds."""
    into = rng.random(len(ix)) < 0.9
    how = dict(edges=ix.crossable & (rng.random(len(ix.src)) < 0.95), into=into,
               out_of=into | (rng.random(len(ix)) < 0.1),
               weight=(None, ix.adverse_weight, (1.0 + (rng.random(len(ix.src)) < 0.3) * 2.0))[seed % 3])
    return how, rng.random(len(ix)) < 0.003


def reached_near(rng, full, share):
    """Random reached nodes within the nearest `share` of the reached nodes, and an unreached one."""
    array = full.dist.array
    reached = np.flatnonzero(array != np.inf)
    near = reached[array[reached] <= np.quantile(array[reached], share)]
    return np.concatenate([rng.choice(near, size=min(20, len(near)), replace=False),
                           np.flatnonzero(array == np.inf)[:1]])


@pytest.mark.parametrize("seed", range(12))
def test_the_distances_read_are_those_of_the_whole_search(indexes, seed):
    """Nodes read in growing and shrinking sets get the whole search's distances; the search stops
    before its end for near nodes; every node at or below its bound is final and none beyond is
    read as reached; read as a Reach it is the whole search, bit for bit."""
    rng = np.random.default_rng(seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    full = search(ix, seeds, **how)
    want = full.dist.array
    assert (want[want != np.inf] > 2).any()
    reach = ResumableReach(ix, seeds, **how)
    reached = np.flatnonzero(want != np.inf)
    near = reached[want[reached] <= np.quantile(want[reached], 0.3)]
    first = rng.choice(near, size=min(10, len(near)), replace=False)
    assert np.array_equal(reach.settled(first), want[first])
    assert reach._bound < want[reached].max() and reach._whole is None      # stopped early
    for share in (0.5, 0.2, 0.9):
        nodes = reached_near(rng, full, share)[:-1]
        view = reach.bounded(nodes)
        assert np.array_equal(reach.settled(nodes), want[nodes])
        bound = view.cutoff
        assert want[nodes].max() <= bound
        within = want <= bound
        assert np.array_equal(view.dist.array[within], want[within])
        assert (view.dist.array[~within] == np.inf).all()
    assert reach._whole is None
    unreached = np.flatnonzero(want == np.inf)[:3]
    assert (reach.settled(unreached) == np.inf).all()
    assert np.array_equal(reach.dist.array, want) and reach.dist.array.dtype == want.dtype


@pytest.mark.parametrize("seed", range(6))
def test_steps_back_read_within_the_bound_are_those_of_the_whole_search(indexes, seed):
    """`next_step` and `next_steps` (the steps lines are traced back by) of the view cut off at
    the bound give the whole search's steps for every moving node within the bound, a step
    toward a node not reached at all included (the view asks the search for it)."""
    rng = np.random.default_rng(100 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    full = search(ix, seeds, **how)
    want = full.dist.array
    reach = ResumableReach(ix, seeds, **how)
    view = reach.bounded(reached_near(rng, full, 0.4)[:-1])
    moving = np.flatnonzero((want > 0) & (want <= view.cutoff))
    got_next, got_weight = steps_back(view, moving)
    want_next, want_weight = steps_back(full, moving)
    assert np.array_equal(got_next, want_next) and np.array_equal(got_weight, want_weight)
    for node in rng.choice(moving, size=min(30, len(moving)), replace=False).tolist():
        assert view.next_step(node, float(want[node])) == full.next_step(node, float(want[node]))


@pytest.mark.parametrize("seed", range(8))
def test_first_blocked_hexes_from_a_search_stopped_early(indexes, seed):
    """12A: `FirstBlocked` over a search stopped early answers near starts at once, then single
    nodes anywhere (the search resumed as far as each needs), as the walk step by step over the
    whole search."""
    rng = np.random.default_rng(200 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    full = search(ix, seeds, **how)
    blocked = rng.random(len(ix)) < (0.02, 0.3)[seed % 2]
    reach = ResumableReach(ix, seeds, **how)
    walk = FirstBlocked(reach, blocked)
    starts = reached_near(rng, full, 0.3)
    walk.answer(starts[:-1])
    assert reach._whole is None
    for node in starts.tolist():
        assert walk.of(node) == first_blocked_one_by_one(full, blocked, node), node
    for node in rng.choice(len(ix), size=200).tolist():
        assert walk.of(node) == first_blocked_one_by_one(full, blocked, node), node


@pytest.mark.parametrize("seed", range(8))
def test_a_search_from_an_earlier_one_with_fewer_seeds_is_the_search_from_scratch(indexes, seed):
    """A search that goes on from an earlier one over the same masks with some of its seeds (a
    group of sources with a few more cities), stopped early or finished, read near and then
    whole, is the search from scratch node for node."""
    rng = np.random.default_rng(300 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    more = seeds.copy()
    more[rng.choice(np.flatnonzero(~seeds), size=3, replace=False)] = True
    assert (more & ~seeds).any()
    want = search(ix, more, **how).dist.array
    known = ResumableReach(ix, seeds, **how)
    if seed % 4 == 3:
        known.dist                                   # finished before it is taken as a start
    else:
        known.settled(reached_near(rng, search(ix, seeds, **how), 0.3)[:-1])
    reach = ResumableReach(ix, more, **how, known=known)
    near = reached_near(rng, search(ix, more, **how), 0.3)
    assert np.array_equal(reach.settled(near), want[near])
    view = reach.bounded(near[:-1])
    within = want <= view.cutoff
    assert np.array_equal(view.dist.array[within], want[within])
    assert np.array_equal(reach.dist.array, want) and reach.dist.array.dtype == want.dtype
    assert not np.array_equal(known.dist.array, want)


@pytest.mark.parametrize("seed", range(8))
def test_the_walks_view_reads_the_steps_of_the_whole_search_as_the_rounds_run_on(indexes, seed):
    """`walk_view` (the working distances read in place, one view kept while the search runs on):
    every moving node within the bound gets the whole search's step, read by rounds and one at a
    time, after the search is resumed for farther nodes too; where a line may enter a node it may
    not leave, `bounded` is read instead."""
    rng = np.random.default_rng(400 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    if seed % 4 == 3:                        # a node entered that may not be left: not read in place
        how["out_of"] = how["out_of"] & (rng.random(len(ix)) < 0.95)
    full = search(ix, seeds, **how)
    want = full.dist.array
    reach = ResumableReach(ix, seeds, **how)
    views = []
    for share in (0.2, 0.5, 0.8):
        view = reach.walk_view(reached_near(rng, full, share)[:-1])
        views.append(view)
        moving = np.flatnonzero((want > 0) & (want <= reach._bound))
        assert np.array_equal(steps_back(view, moving)[0], steps_back(full, moving)[0])
        for node in rng.choice(moving, size=min(30, len(moving)), replace=False).tolist():
            assert view.next_step(node, float(want[node])) == full.next_step(node, float(want[node]))
    assert reach._whole is None
    if seed % 4 == 3:
        assert views[-1].dist.array.base is None and np.isinf(views[-1].dist.array[want > reach._bound]).all()
    else:
        assert views[0] is views[-1] and np.shares_memory(views[0].dist.array, reach._work)
    reach.dist                                   # finished: the whole search itself
    assert reach.walk_view(np.zeros(0, dtype=np.int64)) is reach


@pytest.mark.parametrize("seed", range(4))
def test_searches_sharing_the_int32_scratch_run_in_turns_give_the_whole_searches(indexes, seed):
    """The relaxed searches of one index share one int32 `_distinct` scratch (4 bytes a node, not 8):
    two searches run round by round in turns, each over rounds of hundreds of pushes, leave no
    stale stamp that drops or repeats a frontier node: both end with `network.search`'s distances."""
    rng = np.random.default_rng(100 + seed)
    ix = indexes[1]
    cases = [case(rng, ix, seed + k) for k in range(2)]
    cases = [(how, seeds | (rng.random(len(ix)) < 0.05)) for how, seeds in cases]
    reaches = [ResumableReach(ix, seeds, **how) for how, seeds in cases]
    assert reaches[0]._stamp is reaches[1]._stamp and reaches[0]._stamp.dtype == np.int32
    wants = [search(ix, seeds, **how).dist.array for how, seeds in cases]
    for step in (0.1, 0.3, 0.6):
        for reach, want in zip(reaches, wants):
            reached = np.flatnonzero(want != np.inf)
            nodes = reached[want[reached] <= np.quantile(want[reached], step)]
            assert np.array_equal(reach.settled(nodes), want[nodes])
    assert max(len(r._frontier) for r in reaches) > 128
    for reach, want in zip(reaches, wants):
        assert np.array_equal(reach.dist.array, want)


@pytest.mark.parametrize("seed", range(6))
def test_a_search_whose_nodes_left_may_all_be_entered_skips_the_test_of_into(indexes, seed):
    """Where every node a line may leave may also be entered (the relaxed searches at a better
    weather level), the rounds keep their frontiers without testing `into`: the same distances as
    the whole search, read in steps and to the end; reading no node runs no round."""
    rng = np.random.default_rng(300 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed)
    how["out_of"] = how["into"] & (rng.random(len(ix)) < 0.95)     # within `into`, entered but not left too
    want = search(ix, seeds, **how).dist.array
    reach = ResumableReach(ix, seeds, **how)
    assert reach._enter_all
    bound = reach._bound
    assert reach.settled(np.array([], dtype=np.int64)).size == 0 and reach._bound == bound
    reached = np.flatnonzero(want != np.inf)
    for share in (0.2, 0.6):
        nodes = rng.choice(reached[want[reached] <= np.quantile(want[reached], share)], size=10)
        assert np.array_equal(reach.settled(nodes), want[nodes])
        assert want[nodes].max() <= reach._bound
    assert np.array_equal(reach.dist.array, want)
