"""walked.py: the lines `Lines._walk_group` walked, kept per group as arrays by node, and their
summaries (12B lengths and source, 36D weathers, the place the line ends at) made for many units at
once (issue 19). Against the references: each line's parts as Python numbers in a dict by node, and
`Lines._walked_summary` read one line at a time."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.unit_kinds import unit_kinds
from logistics.games.europa.walked import PARTS, WalkedParts, summaries

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402

# 10000:1 has lines whose elements' weathers differ; the bundled scenario has few units per group.
CASES = ((3000, 1), (10000, 1), (10000, 3), "scenarios/fwtbt/aug-1936.yaml")


def _walked_engine(monkeypatch, case) -> EuropaSupply:
    monkeypatch.setattr(EuropaSupply, "BATCH", 1)          # every group walked at once
    if isinstance(case, str):
        loaded = load_scenario_file(str(ROOT / case))
        engine = EuropaSupply(loaded.position, loaded.map)
    else:
        s = synthetic(case[0], case[0] // 20, case[1])
        engine = EuropaSupply(s.position, s.map)
    engine._walk_lines()
    return engine


@pytest.mark.parametrize("case", CASES)
def test_walked_parts_are_found_by_node_as_in_a_table_of_python_numbers(monkeypatch, case):
    """Every node's row and parts as the table `_walk_group` kept before (node -> its parts, each a
    Python int or float from the arrays' `tolist`); nodes walked by no line have none."""
    engine = _walked_engine(monkeypatch, case)
    _, _, groups = unit_kinds(engine)
    found = {id(p): p for _, reach in groups if (p := engine._walked(reach)) is not None}
    assert found
    for parts in found.values():
        table = dict(zip(parts.nodes.tolist(), zip(*(c.tolist() for c in parts.columns))))
        assert len(parts.columns) == len(PARTS) and len(table) == len(parts.nodes)
        assert all(np.diff(parts.nodes) > 0)
        others = np.setdiff1d(np.arange(len(engine.index)), parts.nodes)[::7]
        asked = np.concatenate((parts.nodes[::-1], others))
        rows = parts.rows(asked).tolist()
        for i, row in zip(asked.tolist(), rows):
            assert row == parts.row(i)
            if i in table:
                got = parts.parts(row)
                assert got == table[i] and [type(x) for x in got] == [type(x) for x in table[i]], i
            else:
                assert row == -1, i


@pytest.mark.parametrize("seed", range(4))
def test_walked_parts_joined_are_those_of_a_table_updated(seed):
    """A group walked twice keeps both batches' lines by node, as a table node -> parts updated
    with the second batch (a node walked again has the second batch's parts)."""
    rng = np.random.default_rng(seed)
    batches = []
    for size in (200, 150):
        nodes = np.sort(rng.choice(600, size=size, replace=False))
        batches.append(WalkedParts(nodes, tuple(rng.integers(0, 50, size) for _ in PARTS)))
    table = {}
    for parts in batches:
        table.update(zip(parts.nodes.tolist(), zip(*(c.tolist() for c in parts.columns))))
    joined = batches[0].joined(batches[1])
    assert joined.nodes.tolist() == sorted(table)
    assert [joined.parts(k) for k in range(len(joined.nodes))] == [table[i] for i in sorted(table)]


@pytest.mark.parametrize("case", CASES)
def test_summaries_at_once_read_as_each_line_summed_up_alone(monkeypatch, case):
    """12B lengths (the elements used, in `_trace`'s order, a dict of its own per unit) and source,
    36D weathers named per element, and the place each line ends at: as `_walked_summary` gives them
    line by line, for every walked line of every kind of unit, each asked twice."""
    engine = _walked_engine(monkeypatch, case)
    _, _, groups = unit_kinds(engine)
    reaches = [reach for _, reach in groups]
    walked = [engine._walked(reach) for reach in reaches]
    entries = [(0, None, i, reaches[kind], kind, row)
               for kind, parts in enumerate(walked) if parts is not None
               for row, i in enumerate(parts.nodes.tolist())]
    entries = entries + entries[::-1]
    kinds, rows = (np.array([e[j] for e in entries], dtype=np.int64) for j in (4, 5))
    lengths, sources, weathers, places = summaries(engine, kinds, rows, walked, reaches)
    assert len({id(x) for x in lengths}) == len(entries)             # no unit shares its lengths
    seen = set()
    for (_, _, i, reach, kind, row), length, source, weather, place in zip(entries, lengths, sources, weathers,
                                                                          places):
        parts = walked[kind].parts(row)
        want, want_source, want_weathers, end = engine._walked_summary(reach, parts)
        assert list(length.items()) == list(want.items()), i
        assert all(type(x) is float for x in length.values())
        assert (source, weather) == (want_source, engine.line_weather(dict(want_weathers))), i
        assert place == engine._place_of(engine.index.hex_id(end)), i
        seen.add((parts[0], tuple(length), len(want_weathers)))
    kinds = {kind for kind, *_ in seen}
    assert 3 in kinds and {n for *_, n in seen} == {1, 2}             # rail lines, road elements
    if isinstance(case, str):
        assert kinds == {1, 2, 3}           # lines ending overland, by road and by rail
    if case == (10000, 1):
        assert {("rail_low_volume" in keys) for _, keys, _ in seen} == {True, False}
        assert any("," in w for w in weathers)                        # elements in different weathers
