"""A VASSAL board's hex grid as our grid: every hex whose centre lies on the board, numbered as
the module numbers it, and where each of our hexes lies on the board image.

VASSAL's HexGrid (board/HexGrid.java) puts the centre of raw column c, row r at
x = x0 + c * dx, y = y0 + r * dy (+ dy / 2 in odd columns); a sideways grid swaps x and y.
Its HexGridNumbering names a hex by its numbered column and row (plus hOff / vOff, stagger moving
the odd columns' rows by one). Our numbering (logistics/numbering.py) prints the column (left to
right) first and the row (top to bottom) second, each a plain number: modules whose names read
that way become our grid and numbering exactly; the others are refused with one line.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from logistics.errors import LoadError
from logistics.hexgrid import Hex, Layout
from logistics.io.vassal.module import Board, HexGrid, _jround
from logistics.numbering import Numbering, NumberingError, Sheet

SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class BoardHex:
    col: int            # our grid column and row
    row: int
    x: float            # its centre on the board image
    y: float
    vassal: str         # the grid location VASSAL gives that centre


@dataclass(frozen=True)
class Pixels:
    """Our layout's hex centres (hex size 1) -> board pixels: x = ax * u + bx, y = ay * v + by."""
    ax: float
    ay: float
    bx: float
    by: float

    def point(self, u: float, v: float) -> tuple[float, float]:
        return self.ax * u + self.bx, self.ay * v + self.by

    def centre(self, layout: Layout, hex_: Hex) -> tuple[float, float]:
        return self.point(*layout.center(hex_, 1.0))

    def corners(self, layout: Layout, hex_: Hex) -> list[tuple[float, float]]:
        return [self.point(u, v) for u, v in layout.corners(hex_, 1.0)]


@dataclass
class BoardGrid:
    layout: Layout
    columns: int
    rows: int
    numbering: Numbering
    hexes: list[BoardHex]
    pixels: Pixels
    in_zones: int           # hexes left out: their centre lies in a zone with a grid of its own

    def hex_of(self, h: BoardHex) -> Hex:
        return self.layout.to_hex(h.col, h.row)


def _refuse(file: str, board: Board, message: str, expected: str) -> LoadError:
    return LoadError(file, message, field=f"board {board.name!r}", expected=expected)


def _raw_centres(grid: HexGrid, size: tuple[int, int]):
    """(raw column, raw row, x, y) of every hex whose centre lies on a board of this size."""
    w, h = size
    along, across = (h, w) if grid.sideways else (w, h)     # the columns' axis, the rows' axis
    for c in range(math.ceil(-grid.x0 / grid.dx), math.floor((along - grid.x0) / grid.dx) + 1):
        a = grid.x0 + c * grid.dx
        if not 0 <= a < along:
            continue
        shift = grid.dy / 2 if c % 2 else 0.0
        for r in range(math.ceil((-grid.y0 - shift) / grid.dy), math.floor((across - grid.y0 - shift) / grid.dy) + 1):
            b = grid.y0 + r * grid.dy + shift
            if 0 <= b < across:
                yield c, r, *((b, a) if grid.sideways else (a, b))


def board_grid(board: Board, file: str, style: str = "tscw", sheet: str = "") -> BoardGrid:
    """Our grid and numbering for `board`'s hex grid (its background grid; zones with grids of
    their own are left out). Raises LoadError naming what does not fit."""
    grid = board.grid
    if not isinstance(grid, HexGrid):
        zoned = [z.name for z in board.zones if isinstance(z.grid, HexGrid)]
        if zoned:
            raise _refuse(file, board, f"the hex grid belongs to zone {zoned[0]!r}, not to the board",
                          "a board whose background grid is a HexGrid")
        raise _refuse(file, board, "the board has no hex grid", "a board with a HexGrid")
    n = grid.numbering
    if n is None:
        raise _refuse(file, board, "the hex grid has no numbering", "a HexGrid with a HexGridNumbering")
    if board.size is None:
        raise _refuse(file, board, "the board's size is unknown", "the .vmod with its image, or --image")
    if board.magnification != 1.0:
        raise _refuse(file, board, f"magnification {board.magnification}", "a board shown at magnification 1")
    if n.h_type != "N" or n.v_type != "N":
        raise _refuse(file, board, "letters in the hex numbering", "numbers for columns and rows (hType, vType N)")
    if n.h_descend or n.v_descend:
        raise _refuse(file, board, "a descending numbering", "columns and rows numbered upwards (our numbering)")
    if (n.first == "H") == grid.sideways:
        raise _refuse(file, board, "VASSAL names the row before the column here",
                      "the left-to-right number first, as our numbering prints it")
    found, in_zones = [], 0
    for c, r, x, y in _raw_centres(grid, board.size):
        px, py = _jround(x), _jround(y)
        zone = board.find_zone(px, py)
        if zone is not None and zone.grid is not grid:
            in_zones += 1
            continue
        col, row = grid.column_row(px, py)
        if grid.raw_column(px, py) != c or grid.raw_row(px, py) != r:
            raise _refuse(file, board, f"VASSAL does not place pixel ({px}, {py}) in the hex centred there",
                          "a hex grid whose hexes are at least 2 pixels wide")
        # Our column runs left to right, our row top to bottom (a sideways grid's columns are rows).
        across, down = (row + n.v_off, col + n.h_off) if grid.sideways else (col + n.h_off, row + n.v_off)
        found.append((across, down, c, x, y, n.name(row, col)[0]))
    if not found:
        raise _refuse(file, board, "no hex centre lies on the board", "a hex grid over the board's image")
    first_col, first_row = min(f[0] for f in found), min(f[1] for f in found)
    last_col, last_row = max(f[0] for f in found), max(f[1] for f in found)
    if first_col < 0 or first_row < 0 or last_col > 99 or last_row > 99:
        raise _refuse(file, board, f"hex numbers from {first_col} to {last_col} (columns), {first_row} to {last_row} "
                      "(rows)", "numbers from 0 to 99, as our numbering prints them")
    # Odd raw columns lie half a hex further along their rows; stagger numbers their rows one more,
    # so that the even columns are the ones shoved (HexGridNumbering.getRow).
    raw_first = min(f[2] for f in found)
    shoved = (0 if n.stagger else 1) - raw_first
    layout = Layout("pointy" if grid.sideways else "flat", "odd" if shoved % 2 else "even")
    columns, rows = last_col - first_col + 1, last_row - first_row + 1
    numbering = Numbering(style, (Sheet(sheet, 0, 0, columns, rows, first_col, first_row),))
    hexes = [BoardHex(a - first_col, d - first_row, x, y, name) for a, d, _, x, y, name in found]
    return BoardGrid(layout, columns, rows, numbering, hexes, _pixels(grid, layout, hexes, file, board), in_zones)


def _pixels(grid: HexGrid, layout: Layout, hexes: list[BoardHex], file: str, board: Board) -> Pixels:
    """The affine map from our layout's centres to VASSAL's, checked on every hex."""
    along, across = grid.dx / 1.5, grid.dy / SQRT3          # a column step is 1.5, a row step sqrt 3
    ax, ay = (across, along) if grid.sideways else (along, across)
    h0 = hexes[0]
    u0, v0 = layout.center(layout.to_hex(h0.col, h0.row), 1.0)
    pixels = Pixels(ax, ay, h0.x - ax * u0, h0.y - ay * v0)
    for h in hexes:
        x, y = pixels.centre(layout, layout.to_hex(h.col, h.row))
        if abs(x - h.x) > 1e-6 or abs(y - h.y) > 1e-6:
            raise _refuse(file, board, f"hex {h.vassal} does not lie where our grid puts it",
                          "a regular VASSAL hex grid")
    return pixels


def printed_id(numbering: Numbering, h: BoardHex) -> str:
    try:
        return numbering.format(h.col, h.row)
    except NumberingError as exc:       # cannot happen: the sheet covers the grid
        raise LoadError("numbering", str(exc)) from None
