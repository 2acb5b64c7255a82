"""The verdicts' update by the limited-source allocation (12C2, `limited.apply_limited_sources`)
reads only the units with an option: every verdict, as JSON, is that of the update over every
candidate (the reference below: a unit given a source, one whose options others took given its
lost shares, every other candidate an empty list). On random synthetic positions with limited
sources near units out of supply and on every Europa rulings case that allocates."""
import copy
import json

import pytest

from logistics.games.europa import limited
from logistics.games.europa.limited_candidates import candidates_of
from logistics.games.europa.status import LIMITED, ON_POINTS, OUT_OF_SUPPLY
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.unit_batch import unit_verdicts
from logistics.rulings.cases import all_cases, run
from tests.test_limited_reach import with_sources_near_stranded_units


def reference_apply(engine, verdicts):
    """The update as it was: every candidate's verdict read, one out of supply without a source
    given `lost.get(unit, [])`."""
    sizes, capacities, options, caps = limited.limited_options(engine, verdicts)
    allocation = limited.allocate(sizes, capacities, options, caps) if options else limited.Allocation("OPTIMAL")
    places = limited.limited_places(engine)
    lost = limited.all_lost_shares(options, allocation, capacities, caps, places)
    for v in candidates_of(engine, verdicts).verdicts:
        out = v.general in (OUT_OF_SUPPLY, ON_POINTS)
        if out and v.unit not in allocation.assignment:
            v.limited_lost = lost.get(v.unit, [])
        elif out:
            given = allocation.assignment[v.unit]
            v.general, v.source, v.next_marker, v.blocked, v.source_place = LIMITED, given, 0, None, places.get(given)
            v.rules.append("12C2")
    return allocation


APPLY = limited.apply_limited_sources


def updated_both_ways(engine, verdicts):
    ours, theirs = copy.deepcopy(verdicts), copy.deepcopy(verdicts)
    APPLY(engine, ours)
    reference_apply(engine, theirs)
    return [json.dumps(v.as_dict()) for v in ours], [json.dumps(v.as_dict()) for v in theirs], ours


@pytest.mark.parametrize("seed,size", [(2, 1000), (1, 10000), (2, 10000)])
def test_random_positions_update_the_verdicts_as_over_every_candidate(seed, size):
    position, map_ = with_sources_near_stranded_units(seed, size)
    engine = EuropaSupply(position, map_)
    engine._walk_lines()
    ours, theirs, verdicts = updated_both_ways(engine, unit_verdicts(engine))
    assert ours == theirs
    assert any(v.general == LIMITED for v in verdicts)
    assert any(v.limited_lost for v in verdicts)                    # options others took
    assert sum(v.general in (OUT_OF_SUPPLY, ON_POINTS) and not v.limited_lost for v in verdicts) >= 10


def test_every_rulings_case_updates_the_verdicts_as_over_every_candidate(monkeypatch):
    calls = []

    def compared(engine, verdicts):
        calls.append(updated_both_ways(engine, verdicts)[:2])
        return APPLY(engine, verdicts)

    monkeypatch.setattr(limited, "apply_limited_sources", compared)
    for case in all_cases():
        run(case)
    assert len(calls) >= 10
    for ours, theirs in calls:
        assert ours == theirs
