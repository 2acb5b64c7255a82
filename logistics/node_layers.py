"""A map layer (hex -> name: terrain, country, weather zone) as one number per index node.

The map index (`network.HexIndex`) read each layer with a dictionary look-up per node, hashing
each `Hex` in a table far larger than the cache: about a second of a cold 1M-hex verdict. Here a
layer's hexes become nodes through the index's grid of axial coordinates (`HexIndex.nodes`) and
its values numbers through the few distinct names, all as whole arrays.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from itertools import count

import numpy as np

from logistics.hexgrid import Hex


def layer_codes(layer: Mapping[Hex, str], nodes: np.ndarray, n: int, default: str = "") -> tuple[np.ndarray, list[str]]:
    """Each of the n nodes' value in `layer` (`default` where the layer has none) as a number into
    the returned names, numbered in order of first appearance by node (as `dict.fromkeys` of the
    values read node by node). `nodes`: the node of each of the layer's hexes in its order, -1 for
    a hex off the map (`HexIndex.nodes`)."""
    number = defaultdict(count().__next__)    # each value's number, by first appearance in the layer
    codes = np.fromiter(map(number.__getitem__, layer.values()), np.int64, len(layer))
    value = np.full(n + 1, number[default], dtype=np.int64)     # the last cell takes hexes off the map
    value[nodes] = codes
    value, names = value[:n], list(number)
    # By first appearance: a pass over the nodes per name, cheaper than sorting them (few names).
    present = np.flatnonzero(np.bincount(value, minlength=len(names)))
    present = present[np.argsort([int(np.argmax(value == k)) for k in present.tolist()])]
    renumber = np.zeros(len(names), dtype=np.int64)
    renumber[present] = np.arange(len(present))
    return renumber[value], [names[k] for k in present.tolist()]


def layer_nodes(layer: Mapping[Hex, str], keys: list[Hex], key_node: np.ndarray,
                nodes: Callable[[Mapping[Hex, str], int], np.ndarray]) -> np.ndarray:
    """The node of each of `layer`'s hexes for `layer_codes`: `key_node` (the nodes of `keys`, the
    terrain's hexes) when the layer names the same hexes in the same order, as map folders and the
    synthetic maps build their layers (one comparison of the lists, mostly of identical objects),
    else `nodes(layer, len(layer))` (`HexIndex.nodes`: 0.1-0.15 s a layer at 1M hexes)."""
    if len(layer) == len(keys) and list(layer) == keys:
        return key_node
    return nodes(layer, len(layer))
