"""Hex -> node of a map index, read from the index's grid of axial coordinates (`HexIndex.pos`).

A dictionary of every hex (1M entries on the largest maps) took 0.35-0.5 s of a cold verdict to
build, while callers read it for a few hexes each (sources, ports, cities, a unit's hex): each
look-up here is two subtractions and one cell of the grid, and nothing is built per hex.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np

from logistics.hexgrid import Hex


class HexNodes(Mapping):
    """Read-only Mapping Hex -> node, answering as `{h: i for i, h in enumerate(hexes)}` would:
    KeyError (or `get`'s default) for a hex off the map or anything that is not a pair of whole
    numbers; iteration in node order."""

    __slots__ = ("_grid", "_q0", "_r0", "_width", "_height", "_hexes")

    def __init__(self, grid: np.ndarray, origin: tuple[int, int], hexes: list[Hex]):
        # grid[q - q0, r - r0] is the node at axial (q, r), -1 where no hex of the map lies.
        self._grid, (self._q0, self._r0), self._hexes = grid, origin, hexes
        self._width, self._height = grid.shape

    def get(self, key, default=None):
        try:
            q, r = key
            i, j = q - self._q0, r - self._r0
            if 0 <= i < self._width and 0 <= j < self._height:
                node = self._grid.item(i, j)
                if node >= 0:
                    return node
        except (TypeError, ValueError):      # not a pair, or not of whole numbers
            pass
        return default

    def __getitem__(self, key) -> int:
        node = self.get(key)
        if node is None:
            raise KeyError(key)
        return node

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __len__(self) -> int:
        return len(self._hexes)
