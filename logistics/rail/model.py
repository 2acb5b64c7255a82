"""The nouns of rail planning: a requested move, a capacity increase, a legal way to make a move."""
from __future__ import annotations

from dataclasses import dataclass, field

from logistics.hexgrid import Hex
from logistics.verdict import Block

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


@dataclass
class Pool:
    """A capacity pool: a section of a rail net (43C2), a side's whole net (7A), or OCS Rail Cap."""

    id: int
    name: str
    nodes: frozenset[int]                          # the rail hexes whose moves draw on it
    yards: dict[str, float] = field(default_factory=dict)   # yard -> current capacity
    temporary: float = 0.0                         # 7A4b increases spent on it this phase
    base: float = 0.0                              # capacity that is no yard's (OCS Rail Cap)

    @property
    def capacity(self) -> float:
        return self.base + sum(self.yards.values()) + self.temporary


@dataclass(frozen=True)
class UnusableYard:
    name: str
    hex: Hex
    capacity: float
    block: Block


@dataclass(frozen=True)
class Orders:
    """What one MOVES.yaml asks: the moving side, the phase, and its moves and increases."""

    path: str
    side: str
    phase: str = "movement"
    gauge: str | None = None
    moves: tuple[MoveRequest, ...] = ()
    increases: tuple[Increase, ...] = ()


@dataclass(frozen=True)
class IncreaseResult:
    increase: Increase
    block: Block | None                   # None: applied


@dataclass
class Setting:
    """What a plan draws on: the rules engine, the capacity pools and how they are pooled."""

    engine: object                        # EuropaRail, OcsRail or TscwStrategic: .check(request)
    pools: list[Pool]
    capacity_rule: str                    # how capacity is pooled, for people
    cite: str                             # the rules a capacity refusal cites
    increases: list[IncreaseResult] = field(default_factory=list)
    unusable: list[UnusableYard] = field(default_factory=list)
