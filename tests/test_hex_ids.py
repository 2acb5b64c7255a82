"""Printed ids formatted many at once (issue 19: the first verdict of a 1M-hex map formatted the
hexes of 50,000 units one call at a time): `Numbering.format_many` against `Numbering.format`, and
`hex_ids` against `HexIndex.hex_id`, on random numberings: overlapping sheets (the first wins),
row-first, leftward and upward sheets, numbers past 99 and positions on no sheet."""
import random
import re

import numpy as np
import pytest

from logistics.hex_ids import hex_ids
from logistics.network import HexIndex
from logistics.numbering import Numbering, NumberingError, Sheet
from logistics.rulings.builders import plain_map


def _random_numbering(rng: random.Random, style: str) -> Numbering:
    sheets = [Sheet(name, rng.randint(0, 20), rng.randint(0, 20), rng.randint(3, 12), rng.randint(3, 12),
                    first_col=rng.choice((1, 1, 95)), first_row=rng.choice((1, 1, 0, 97)),
                    row_first=rng.random() < 0.3, columns_leftward=rng.random() < 0.3,
                    rows_upward=rng.random() < 0.3) for name in "ABCDEF"[:rng.randint(1, 6)]]
    return Numbering(style, tuple(sheets))


def _printed(numbering: Numbering, col: int, row: int) -> str | None:
    try:
        return numbering.format(col, row)
    except NumberingError:
        return None


@pytest.mark.parametrize("seed", range(12))
def test_format_many_prints_each_position_as_format(seed):
    rng = random.Random(seed)
    numbering = _random_numbering(rng, ("europa", "ocs", "tscw")[seed % 3])
    grid = [(c, r) for c in range(-2, 36) for r in range(-2, 36)]
    printable = [(c, r) for c, r in grid if _printed(numbering, c, r) is not None]
    assert printable and len(printable) < len(grid)
    rng.shuffle(printable)
    cols, rows = zip(*printable)
    assert numbering.format_many(cols, rows) == [numbering.format(c, r) for c, r in printable]
    assert numbering.format_many(np.array(cols), np.array(rows)) == [numbering.format(c, r) for c, r in printable]
    bad = next((c, r) for c, r in grid if _printed(numbering, c, r) is None)
    with pytest.raises(NumberingError) as error:
        numbering.format(*bad)
    with pytest.raises(NumberingError, match=re.escape(str(error.value))):
        numbering.format_many([*cols[:5], bad[0], *cols[5:]], [*rows[:5], bad[1], *rows[5:]])
    assert numbering.format_many([], []) == []


@pytest.mark.parametrize("seed", range(6))
def test_hex_ids_are_the_index_s_and_are_kept(seed):
    """Each id as `hex_id` gives it (formatted alone on a fresh index), kept by the index
    (`hex_id` and `node_of` read it back); a node with no printed id raises `hex_id`'s error."""
    rng = random.Random(seed)
    m = plain_map(30, 30)
    m.numbering = _random_numbering(rng, ("europa", "ocs", "tscw")[seed % 3])
    ix, alone = HexIndex(m), HexIndex(m)
    printable = [i for i in range(len(ix)) if _printed(m.numbering, *alone._offsets[:, i].tolist()) is not None]
    nodes = [rng.choice(printable) for _ in range(200)]            # repeats, in no order
    ix.hex_id(nodes[0])                                            # one already kept
    assert hex_ids(ix, nodes) == [alone.hex_id(i) for i in nodes]
    # Kept: read back without formatting, and each id's node is one printed so (TSCW sheets share ids).
    assert all(ix._hex_ids[i] is not None and alone.hex_id(ix.node_of(ix.hex_id(i))) == ix.hex_id(i) for i in nodes)
    assert hex_ids(ix, nodes) == [alone.hex_id(i) for i in nodes]
    unprintable = next(i for i in range(len(ix)) if i not in set(printable))
    with pytest.raises(NumberingError) as error:
        alone.hex_id(unprintable)
    with pytest.raises(NumberingError, match=re.escape(str(error.value))):
        hex_ids(HexIndex(m), [printable[0], unprintable])
