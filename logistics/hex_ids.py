"""The printed ids of many nodes at once (issue 19: a 1M-hex map's first verdict printed the hexes
of 50,000 units one `HexIndex.hex_id` call at a time, each formatting its id alone)."""
from __future__ import annotations

import numpy as np

from logistics.numbering import NumberingError


def hex_ids(index, nodes: list[int]) -> list[str]:
    """`index.hex_id(i)` of each node i of `nodes` (`index`: a HexIndex): the ids the index keeps,
    those it has not formatted yet formatted at once (`Numbering.format_many`) and kept as
    `hex_id` keeps them. A node with no printed id raises `hex_id`'s error for the first such node."""
    kept = index._hex_ids
    ids = [kept[i] for i in nodes]
    if None not in ids:
        return ids
    missing = np.array(sorted({i for i, text in zip(nodes, ids) if text is None}), dtype=np.int64)
    try:
        texts = index.map.numbering.format_many(index._offsets[0, missing], index._offsets[1, missing])
    except NumberingError:
        return [index.hex_id(i) for i in nodes]
    for i, text in zip(missing.tolist(), texts):
        kept[i] = text
    index._nodes.update(zip(texts, missing.tolist()))
    return [kept[i] for i in nodes]
