"""The nouns of rail planning: a requested move, a capacity increase, a legal way to make a move."""
from __future__ import annotations

from dataclasses import dataclass

from ..hexgrid import Hex

# Europa 7A2: the two kinds of rail movement.
MOVE_KINDS = ("operational", "strategic")
# What else the unit does: regular movement or naval transport in this phase; rail movement of
# the other kind elsewhere in this turn (7A2 rulings).
OTHER_MOVEMENT = ("regular", "naval", "operational_rail", "strategic_rail")
INCREASE_KINDS = ("temporary", "permanent", "portugal")
# TSCW 11: strategic movement by rail (11.4), by sea (11.5) or as a landing (11.8).
TSCW_KINDS = ("rail", "sea", "landing")


@dataclass(frozen=True)
class MoveRequest:
    """One move a player asks for: a unit, or cargo (supply, resource points, SP), from a hex to a
    hex, with a priority (whole number; the planner maximises priority x size moved)."""

    id: str
    start: Hex
    to: Hex
    size: float                      # REs of a unit; REs or SP of cargo
    priority: int = 1
    unit: str | None = None
    cargo: str | None = None
    kind: str = "operational"        # Europa 7A2: operational | strategic
    also: tuple[str, ...] = ()       # OTHER_MOVEMENT
    arrival: bool = False            # OCS 13.6b: a reinforcement (or new SP) arriving by rail
    line: int = 0                    # where the request stands in its file


@dataclass(frozen=True)
class Increase:
    """A rail-capacity increase applied before the plan (Europa): `temporary` (7A4b: resource
    points spent now, on the section of `hex`), `permanent` (43C2: built at a named yard) or
    `portugal` (40A2: capacity received from Portugal, assigned to a named yard)."""

    kind: str
    amount: float
    yard: str | None = None
    hex: Hex | None = None
    line: int = 0


@dataclass(frozen=True)
class Candidate:
    """A legal way to make a move: the route, the capacity pool it draws on and what it costs."""

    pool: int                        # index of the pool (section, net or Rail Cap)
    cost: float                      # capacity used: REs (Europa) or Rail Cap points (OCS)
    nodes: tuple[int, ...]           # the route, hex indices, start first
    rules: tuple[str, ...] = ()      # rules that set the cost (e.g. "13.3a: x2, trainbusting zone")
