"""The searches of one set of sources, kept together: what a line of any of its units reads."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from logistics.network import Reach


@dataclass
class GroupReach:
    """The backward searches for one set of sources: rail, then per weather road and overland."""

    seeds: np.ndarray
    source_of: dict[int, str]
    rail: Reach
    rail_ok: np.ndarray                      # nodes from which a rail element reaches a source
    road: dict[int, Reach] = field(default_factory=dict)     # by weather level
    overland: dict[int, Reach] = field(default_factory=dict)
    # Nodes a road element of some weather (or none) joins to the rail / sources: where an overland
    # element may end (36D: each element its own weather).
    road_ends: np.ndarray | None = None
    # The naval element (12B4): boxes that are sources, the sea passages toward ports connected to
    # a source, the ports a naval element may start from, and the rail reach of those ports.
    box_sources: dict[str, str] = field(default_factory=dict)
    naval: dict = field(default_factory=dict)
    origins: dict = field(default_factory=dict)          # node (hex index or box) -> Port
    rail2: Reach | None = None
    rail2_ok: np.ndarray | None = None

    @cached_property
    def has_seeds(self) -> bool:
        """Whether any source hex of the group is active (a whole-map mask: read once)."""
        return bool(self.seeds.any())
