"""A VASSAL board's hex grid as our grid: every hex whose centre lies on the board, numbered as
the module numbers it, and where each of our hexes lies on the board image.

VASSAL's HexGrid (board/HexGrid.java) puts the centre of raw column c, row r at
x = x0 + c * dx, y = y0 + r * dy (+ dy / 2 in odd columns); a sideways grid swaps x and y.
Its HexGridNumbering names a hex by its numbered column and row (plus hOff / vOff, stagger moving
the odd columns' rows by one; hDescend / vDescend counting from the right / bottom of the grid's
container, the board or the zone holding the grid; `first` printing either number first). Our
numbering (logistics/numbering.py) writes plain numbers, and a sheet may print the row first and
count leftward or upward: every such module's names become our grid and numbering exactly; the
others (letters, magnification) are refused with one line.

The grid is the board's own, or else the one zone's whose hex grid it is (the hexes whose centres
lie in that zone). VASSAL's zone grids place their hexes in board pixels (mapgrid/Zone.java:
locationName passes the board-local point to its grid, draw gives it the board's bounds), so the
pixels are the board's either way; the zone's size (Zone.getSize: its polygon's bounds) is what a
descending numbering counts from.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from logistics.errors import LoadError
from logistics.hexgrid import Hex, Layout
from logistics.io.vassal.module import Board, HexGrid, Zone, _jround
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
    source: HexGrid         # VASSAL's grid
    zone: str | None        # the zone whose hex grid it is (None: the board's own grid)

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


def _hex_grid(board: Board, file: str) -> tuple[HexGrid, Zone | None]:
    """The board's background hex grid, or else the hex grid of its one zone that has one."""
    if isinstance(board.grid, HexGrid):
        return board.grid, None
    zoned = [z for z in board.zones if isinstance(z.grid, HexGrid) and z.grid is not board.grid]
    if not zoned:
        raise _refuse(file, board, "the board has no hex grid", "a board with a HexGrid")
    if len(zoned) > 1:
        raise _refuse(file, board, f"zones {', '.join(repr(z.name) for z in zoned)} each have a hex grid",
                      "a board with one hex grid (its own, or one zone's)")
    return zoned[0].grid, zoned[0]


def board_grid(board: Board, file: str, style: str = "tscw", sheet: str = "") -> BoardGrid:
    """Our grid and numbering for `board`'s hex grid (its background grid, zones with grids of
    their own left out; or else its one zone with a hex grid, the hexes centred in that zone).
    Raises LoadError naming what does not fit."""
    grid, own_zone = _hex_grid(board, file)
    n = grid.numbering
    if n is None:
        raise _refuse(file, board, "the hex grid has no numbering", "a HexGrid with a HexGridNumbering")
    if board.size is None:
        raise _refuse(file, board, "the board's size is unknown", "the .vmod with its image, or --image")
    if board.magnification != 1.0:
        raise _refuse(file, board, f"magnification {board.magnification}", "a board shown at magnification 1")
    if n.h_type != "N" or n.v_type != "N":
        raise _refuse(file, board, "letters in the hex numbering", "numbers for columns and rows (hType, vType N)")
    found, in_zones = [], 0
    for c, r, x, y in _raw_centres(grid, board.size):
        px, py = _jround(x), _jround(y)
        zone = board.find_zone(px, py)
        if own_zone is not None:
            if zone is not own_zone:            # a zone's grid: only the hexes centred in the zone
                continue
        elif zone is not None and zone.grid is not grid:
            in_zones += 1
            continue
        col, row = grid.column_row(px, py)
        if grid.raw_column(px, py) != c or grid.raw_row(px, py) != r:
            raise _refuse(file, board, f"VASSAL does not place pixel ({px}, {py}) in the hex centred there",
                          "a hex grid whose hexes are at least 2 pixels wide")
        # The number that changes left to right, the one that changes down (or up) the board: a
        # sideways grid's columns are rows. hDescend / vDescend count from the right / bottom.
        across, down = (row + n.v_off, col + n.h_off) if grid.sideways else (col + n.h_off, row + n.v_off)
        found.append((across, down, x, y, n.name(row, col)[0]))
    if not found:
        raise _refuse(file, board, "no hex centre lies on the board", "a hex grid over the board's image")
    first_col, first_row = min(f[0] for f in found), min(f[1] for f in found)
    last_col, last_row = max(f[0] for f in found), max(f[1] for f in found)
    if first_col < 0 or first_row < 0 or last_col > 99 or last_row > 99:
        raise _refuse(file, board, f"hex numbers from {first_col} to {last_col} (columns), {first_row} to {last_row} "
                      "(rows)", "numbers from 0 to 99, as our numbering prints them")
    columns, rows = last_col - first_col + 1, last_row - first_row + 1
    # VASSAL writes its column (H) first unless first="V"; on a sideways grid its column is our row.
    row_first = (n.first == "H") == grid.sideways
    printed = Sheet(sheet, 0, 0, columns, rows, first_col, first_row, row_first, n.h_descend, n.v_descend)
    hexes = [BoardHex(*printed.grid(a, d), x, y, name) for a, d, x, y, name in found]
    # Which columns (rows, sideways) are shoved half a hex depends on stagger, the first raw column
    # on the board and the direction of counting: the one layout under which every hex lies where
    # VASSAL centres it (checked hex by hex).
    orientation = "pointy" if grid.sideways else "flat"
    for offset in ("even", "odd"):
        layout = Layout(orientation, offset)
        pixels = _pixels(grid, layout, hexes)
        if pixels is not None:
            return BoardGrid(layout, columns, rows, Numbering(style, (printed,)), hexes, pixels, in_zones, grid,
                             own_zone.name if own_zone else None)
    raise _refuse(file, board, "the hexes do not lie where our grid puts them", "a regular VASSAL hex grid")


def _pixels(grid: HexGrid, layout: Layout, hexes: list[BoardHex]) -> Pixels | None:
    """The affine map from our layout's centres to VASSAL's, if it holds at every hex."""
    along, across = grid.dx / 1.5, grid.dy / SQRT3          # a column step is 1.5, a row step sqrt 3
    ax, ay = (across, along) if grid.sideways else (along, across)
    h0 = hexes[0]
    u0, v0 = layout.center(layout.to_hex(h0.col, h0.row), 1.0)
    pixels = Pixels(ax, ay, h0.x - ax * u0, h0.y - ay * v0)
    for h in hexes:
        x, y = pixels.centre(layout, layout.to_hex(h.col, h.row))
        if abs(x - h.x) > 1e-6 or abs(y - h.y) > 1e-6:
            return None
    return pixels


def printed_id(numbering: Numbering, h: BoardHex) -> str:
    try:
        return numbering.format(h.col, h.row)
    except NumberingError as exc:       # cannot happen: the sheet covers the grid
        raise LoadError("numbering", str(exc)) from None
