"""Hex geometry: axial coordinates inside, offset (column, row) grids at the edges.

One truth for positions: `Hex(q, r)` in axial coordinates (cube s = -q - r), as in the Red Blob
Games hex guide. A map file declares its grid (flat- or pointy-topped, odd or even offset); the
`Layout` converts between the grid's (column, row) and `Hex`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Literal, NamedTuple

Orientation = Literal["flat", "pointy"]
Parity = Literal["odd", "even"]


class Hex(NamedTuple):
    """Axial coordinates. A named tuple, not a dataclass: hashing and comparing are the hottest
    operations of the whole-map searches and run in C for tuples (order: by q, then r)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> "Hex":
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> list["Hex"]:
        return [self + d for d in DIRECTIONS]

    def distance(self, other: "Hex") -> int:
        d = self - other
        return (abs(d.q) + abs(d.r) + abs(d.s)) // 2

    def is_adjacent(self, other: "Hex") -> bool:
        return self.distance(other) == 1

    def direction_to(self, other: "Hex") -> int:
        """The direction index (0..5) of an adjacent hex."""
        return DIRECTIONS.index(other - self)


# Axial directions, counter-clockwise starting east (pointy) / south-east (flat).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)


@dataclass(frozen=True, order=True, slots=True)
class Hexside:
    """The edge between two adjacent hexes: one object, whichever hex it is seen from."""

    a: Hex
    b: Hex

    def __init__(self, first: Hex, second: Hex):
        if not first.is_adjacent(second):
            raise ValueError(f"{first} and {second} are not adjacent")
        low, high = (first, second) if first <= second else (second, first)
        object.__setattr__(self, "a", low)
        object.__setattr__(self, "b", high)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, hex_: Hex) -> Hex:
        if hex_ == self.a:
            return self.b
        if hex_ == self.b:
            return self.a
        raise ValueError(f"{hex_} is not on hexside {self}")


def hexsides_of(hex_: Hex) -> list[Hexside]:
    return [Hexside(hex_, n) for n in hex_.neighbours()]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` from `center`, in a fixed order."""
    if radius == 0:
        return [center]
    result = []
    h = center + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = h.neighbour(side)
    return result


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance <= radius, nearest rings first."""
    for k in range(radius + 1):
        yield from ring(center, k)


def hex_round(q: float, r: float) -> Hex:
    """The hex holding fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from a to b passes through, both ends included.

    The nudge (1e-6) makes lines along hexsides fall on one side consistently.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


@dataclass(frozen=True, slots=True)
class Layout:
    """How a printed grid of columns and rows lies over axial hexes.

    flat: flat-topped hexes in vertical columns, `odd`/`even` columns shoved down half a hex.
    pointy: pointy-topped hexes in horizontal rows, `odd`/`even` rows shoved right half a hex.
    """

    orientation: Orientation = "flat"
    offset: Parity = "odd"

    def __post_init__(self):
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be flat or pointy, not {self.orientation!r}")
        if self.offset not in ("odd", "even"):
            raise ValueError(f"offset must be odd or even, not {self.offset!r}")

    def to_hex(self, col: int, row: int) -> Hex:
        if self.orientation == "flat":
            shove = (col & 1) if self.offset == "odd" else -(col & 1)
            return Hex(col, row - (col - shove) // 2)
        shove = (row & 1) if self.offset == "odd" else -(row & 1)
        return Hex(col - (row - shove) // 2, row)

    def to_offset(self, hex_: Hex) -> tuple[int, int]:
        q, r = hex_.q, hex_.r
        if self.orientation == "flat":
            shove = (q & 1) if self.offset == "odd" else -(q & 1)
            return q, r + (q - shove) // 2
        shove = (r & 1) if self.offset == "odd" else -(r & 1)
        return q + (r - shove) // 2, r

    def center(self, hex_: Hex, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre of a hex of circumradius `size`, y growing downwards."""
        q, r = hex_.q, hex_.r
        if self.orientation == "flat":
            return size * 1.5 * q, size * math.sqrt(3) * (r + q / 2)
        return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r

    def corners(self, hex_: Hex, size: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.center(hex_, size)
        start = 0 if self.orientation == "flat" else 30
        return [
            (cx + size * math.cos(math.radians(start + 60 * i)),
             cy + size * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]
