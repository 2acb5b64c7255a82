"""A map layer (hex -> name: terrain, country, weather zone) as one number per index node.

The map index (`network.HexIndex`) read each layer with a dictionary look-up per node, hashing
each `Hex` in a table far larger than the cache: about a second of a cold 1M-hex verdict. Here a
layer's hexes become nodes through the index's grid of axial coordinates (`HexIndex.nodes`) and
its values numbers through the few distinct names, all as whole arrays.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from logistics.hexgrid import Hex


def layer_codes(layer: Mapping[Hex, str], nodes: np.ndarray, n: int, default: str = "") -> tuple[np.ndarray, list[str]]:
    """Each of the n nodes' value in `layer` (`default` where the layer has none) as a number into
    the returned names, numbered in order of first appearance by node (as `dict.fromkeys` of the
    values read node by node). `nodes`: the node of each of the layer's hexes in its order, -1 for
    a hex off the map (`HexIndex.nodes`)."""
    names = list(dict.fromkeys(layer.values()))
    code_of = {v: k for k, v in enumerate(names)}
    if default not in code_of:
        code_of[default] = len(names)
        names.append(default)
    value = np.full(n + 1, code_of[default], dtype=np.int64)     # the last cell takes hexes off the map
    value[nodes] = np.fromiter(map(code_of.__getitem__, layer.values()), np.int64, len(layer))
    value = value[:n]
    # By first appearance: a pass over the nodes per name, cheaper than sorting them (few names).
    present = np.flatnonzero(np.bincount(value, minlength=len(names)))
    present = present[np.argsort([int(np.argmax(value == k)) for k in present.tolist()])]
    renumber = np.zeros(len(names), dtype=np.int64)
    renumber[present] = np.arange(len(present))
    return renumber[value], [names[k] for k in present.tolist()]
