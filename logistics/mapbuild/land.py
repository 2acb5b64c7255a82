"""Land and sea from the `global-land-mask` package (GLOBE, 30 arc-second cells, ~1 km).

Imported lazily: the package is the optional extra `mapbuild` (it loads a 1 GB array), and only
the compiler needs it; the maps it writes are plain text.
"""
from __future__ import annotations

from typing import Sequence


class MissingExtra(RuntimeError):
    """The optional geography packages are not installed."""


def load_globe():
    try:
        from global_land_mask import globe
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtra("the map compiler needs the 'global-land-mask' package: "
                           "pip install 'logistics[mapbuild]'") from exc
    return globe


class LandMask:
    def __init__(self):
        self._globe = load_globe()

    def is_land(self, points: Sequence[tuple[float, float]]) -> list[bool]:
        """[(lat, lon)] -> [is land], one lookup for the whole batch."""
        if not points:
            return []
        import numpy as np

        lats = np.array([p[0] for p in points], dtype=float)
        lons = np.array([p[1] for p in points], dtype=float)
        return [bool(v) for v in self._globe.is_land(lats, lons)]
