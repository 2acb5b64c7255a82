"""A VASSAL module's maps, boards, zones and grids, and the location name VASSAL gives a pixel.

The module is read from its `buildFile.xml` / `buildFile` (or from the .vmod ZIP holding it).
The naming follows VASSAL's Java source step by step (ported, not copied):
- build.module.Map.locationName: the board holding the pixel, the pixel made board-local,
  else "offboard"; boards placed by Map.setBoardBoundaries (edge buffer, then the widths and
  heights of the boards before them in the board picker's columns and rows).
- boardPicker.Board.locationName / localCoordinates: reversed boards, magnification.
- board.ZonedGrid.locationName: the first zone whose polygon holds the pixel (java.awt.Polygon's
  even-odd insideness), else the background grid; mapgrid.Zone.locationName: its format with
  $name$ and $gridLocation$ (its own grid, or the parent's when useParentGrid).
- board.HexGrid.getRawColumn / getRawRow (sideways grids swap x and y first) and
  mapgrid.HexGridNumbering.getColumn / getRow (descending, stagger);
  board.SquareGrid + mapgrid.SquareGridNumbering; mapgrid.RegularGridNumbering.getName
  (first, sep, hOff, vOff, hType, vType, hLeading, vLeading) and locationName
  ($gridLocation$, $row$, $column$).
"""
from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from logistics.errors import LoadError
from logistics.io.vassal.save import open_file

_P = "VASSAL.build.module."
MAP_TAGS = (_P + "Map", _P + "PrivateMap", _P + "PlayerHand", "VASSAL.build.widget.WidgetMap")
BOARD = _P + "map.boardPicker.Board"
HEX = _P + "map.boardPicker.board.HexGrid"
SQUARE = _P + "map.boardPicker.board.SquareGrid"
ZONED = _P + "map.boardPicker.board.ZonedGrid"
ZONE = _P + "map.boardPicker.board.mapgrid.Zone"
HEX_NUMBERING = _P + "map.boardPicker.board.mapgrid.HexGridNumbering"
SQUARE_NUMBERING = _P + "map.boardPicker.board.mapgrid.SquareGridNumbering"
OFFBOARD = "offboard"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _jround(v: float) -> int:
    """java.lang.Math.round."""
    return math.floor(v + 0.5)


def _bool(text: str | None, default: bool = False) -> bool:
    return default if text is None else text == "true"


def _format(fmt: str, props: dict[str, str | None]) -> str:
    """FormattedString with the properties VASSAL sets here; anything else becomes empty."""
    return re.sub(r"\$([^$]*)\$", lambda m: props.get(m.group(1)) or "", fmt)


@dataclass
class Numbering:
    """RegularGridNumbering's attributes and getName."""
    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"

    @staticmethod
    def part(n: int, kind: str, leading: int) -> str:
        val = "-" if n < 0 else ""
        n = abs(n)
        if kind == "A":
            while True:
                val += ALPHABET[n % 26]
                n -= 26
                if n < 0:
                    return val
        while leading > 0 and n < 10 ** leading:
            val += "0"
            leading -= 1
        return val + str(n)

    def name(self, row: int, col: int) -> tuple[str, str, str]:
        """(grid location, row name, column name)."""
        row_name = self.part(row + self.v_off, self.v_type, self.v_leading)
        col_name = self.part(col + self.h_off, self.h_type, self.h_leading)
        grid = col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name
        return grid, row_name, col_name

    def location(self, row: int, col: int) -> str:
        grid, row_name, col_name = self.name(row, col)
        return _format(self.location_format, {"gridLocation": grid, "row": row_name, "column": col_name})


class _Numbered:
    """RegularGridNumbering.locationName: no numbering, no name."""

    def location(self, x: int, y: int) -> str | None:
        if self.numbering is None:
            return None
        col, row = self.column_row(x, y)
        return self.numbering.location(row, col)


@dataclass
class HexGrid(_Numbered):
    dx: float
    dy: float
    x0: int = 0
    y0: int = 0
    sideways: bool = False
    numbering: Numbering | None = None
    size: tuple[int, int] | None = None     # the container's size, for descending numbering

    def _rot(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def raw_column(self, x: int, y: int) -> int:
        x, y = self._rot(x, y)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        x, y = self._rot(x, y)
        nx = _jround((x - self.x0) / self.dx)
        if nx % 2 == 0:
            return _jround((y - self.y0) / self.dy)
        return _jround((y - self.y0 - self.dy / 2) / self.dy)

    def _max(self) -> tuple[int, int]:
        if self.size is None:
            raise ValueError("a descending numbering needs the board's size")
        w, h = self.size
        return math.floor(h / self.dx + 0.5), math.floor(w / self.dy + 0.5)   # HexGridNumbering.getMaxRows/Columns

    def column_row(self, x: int, y: int) -> tuple[int, int]:
        """HexGridNumbering.getColumn / getRow; without a numbering, HexGrid's raw column and row."""
        raw_col = self.raw_column(x, y)
        col, row = raw_col, self.raw_row(x, y)
        if self.numbering is None:
            return col, row
        n = self.numbering
        if n.h_descend or n.v_descend:
            max_rows, max_cols = self._max()
            if n.v_descend and self.sideways:
                col = max_rows - col
            if n.h_descend and not self.sideways:
                col = max_cols - col
            if n.v_descend and not self.sideways:
                row = max_rows - row
            if n.h_descend and self.sideways:
                row = max_cols - row
        if n.stagger and raw_col % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += -1 if descending else 1
        return col, row


@dataclass
class SquareGrid(_Numbered):
    dx: float
    dy: float
    x0: int = 0
    y0: int = 0
    numbering: Numbering | None = None
    size: tuple[int, int] | None = None

    def column_row(self, x: int, y: int) -> tuple[int, int]:
        col = math.floor((x - self.x0) / self.dx + 0.5)
        row = int((y - self.y0) / self.dy + 0.5)        # a cast, not floor: as SquareGridNumbering does
        if self.numbering is None:
            return col, row
        n = self.numbering
        if n.h_descend or n.v_descend:
            if self.size is None:
                raise ValueError("a descending numbering needs the board's size")
            w, h = self.size
            if n.h_descend:
                col = int(w / self.dx + 0.5) - col
            if n.v_descend:
                row = int(h / self.dy + 0.5) - row
        return col, row


def polygon_contains(points: list[tuple[int, int]], x: float, y: float) -> bool:
    """java.awt.Polygon.contains: even-odd rule, left and top edges inside."""
    if len(points) <= 2:
        return False
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
        return False
    hits = 0
    lastx, lasty = points[-1]
    for curx, cury in points:
        prevx, prevy, lastx, lasty = lastx, lasty, curx, cury
        if cury == prevy:
            continue
        if curx < prevx:
            if x >= prevx:
                continue
            leftx = curx
        else:
            if x >= curx:
                continue
            leftx = prevx
        if cury < prevy:
            if y < cury or y >= prevy:
                continue
            if x < leftx:
                hits += 1
                continue
            t1, t2 = x - curx, y - cury
        else:
            if y < prevy or y >= cury:
                continue
            if x < leftx:
                hits += 1
                continue
            t1, t2 = x - prevx, y - prevy
        if t1 < t2 / (prevy - cury) * (prevx - curx):
            hits += 1
    return hits % 2 == 1


@dataclass
class Zone:
    name: str
    points: list[tuple[int, int]]
    location_format: str = "$name$"
    grid: HexGrid | SquareGrid | None = None

    def location(self, x: int, y: int) -> str:
        grid = self.grid.location(x, y) if self.grid is not None else None
        return _format(self.location_format, {"name": self.name, "gridLocation": grid})


@dataclass
class Board:
    name: str
    image: str = ""
    size: tuple[int, int] | None = None
    grid: HexGrid | SquareGrid | None = None
    zones: list[Zone] = field(default_factory=list)
    magnification: float = 1.0

    @property
    def hex_grids(self) -> list[HexGrid]:
        grids = [self.grid] + [z.grid for z in self.zones]
        return [g for g in grids if isinstance(g, HexGrid)]

    def find_zone(self, x: int, y: int) -> Zone | None:
        return next((z for z in self.zones if polygon_contains(z.points, x, y)), None)

    def location(self, x: int, y: int, reversed_: bool = False) -> str | None:
        """Board.locationName for a board-local pixel."""
        if reversed_ and self.size is not None:
            x, y = self.size[0] - x, self.size[1] - y
        if self.magnification != 1.0:
            x, y = _jround(x / self.magnification), _jround(y / self.magnification)
        zone = self.find_zone(x, y)
        if zone is not None:
            return zone.location(x, y)
        return self.grid.location(x, y) if self.grid is not None else None


@dataclass
class Placed:
    board: Board
    x: int
    y: int
    reversed: bool = False

    def contains(self, x: int, y: int) -> bool:
        if x < self.x or y < self.y:
            return False
        if self.board.size is None:
            return True
        w, h = self.board.size
        return x < self.x + w and y < self.y + h


@dataclass
class VassalMap:
    name: str
    boards: dict[str, Board]
    edge: tuple[int, int] = (0, 0)

    def layout(self, setup: list[tuple[str, int, int, bool]] | None = None) -> list[Placed]:
        """Map.setBoardBoundaries: where each board of the game's set-up lies on the map."""
        if not setup:
            if len(self.boards) != 1:
                raise ValueError(f"map {self.name!r} has boards {', '.join(self.boards)}; "
                                 "their layout comes from a save")
            setup = [(next(iter(self.boards)), 0, 0, False)]
        sizes: dict[tuple[int, int], tuple[int, int]] = {}
        for name, col, row, _ in setup:
            board = self.boards.get(name)
            if board is None:
                raise ValueError(f"map {self.name!r} has no board {name!r}")
            if board.size is None and len(setup) > 1:
                raise ValueError(f"the size of board {name!r} is unknown (give the .vmod with its image)")
            sizes[(col, row)] = board.size or (0, 0)
        placed = []
        for name, col, row, rev in setup:
            x = sum(sizes.get((c, row), (0, 0))[0] for c in range(col))
            y = sum(sizes.get((col, r), (0, 0))[1] for r in range(row))
            placed.append(Placed(self.boards[name], x + self.edge[0], y + self.edge[1], rev))
        return placed

    def locate(self, x: int, y: int, setup=None) -> tuple[str, Board | None, Zone | None]:
        """(VASSAL's location name, the board, the zone) of map pixel (x, y)."""
        for p in self.layout(setup):
            if p.contains(x, y):
                lx, ly = x - p.x, y - p.y
                name = p.board.location(lx, ly, p.reversed)
                return (name if name is not None else OFFBOARD), p.board, p.board.find_zone(lx, ly)
        return OFFBOARD, None, None

    def location_name(self, x: int, y: int, setup=None) -> str:
        return self.locate(x, y, setup)[0]


@dataclass
class Module:
    file: str
    maps: dict[str, VassalMap]
    name: str = ""

    def map(self, name: str) -> VassalMap:
        found = self.maps.get(name) or next((m for k, m in self.maps.items() if k.lower() == name.lower()), None)
        if found is None:
            raise LoadError(self.file, f"no map {name!r}", field="map", expected="one of " + ", ".join(self.maps))
        return found


# --- reading -----------------------------------------------------------------------------------

def _numbering(el: ET.Element | None) -> Numbering | None:
    if el is None:
        return None
    a = el.attrib
    n = Numbering()
    n.first = (a.get("first") or "H")[:1]
    n.sep = a.get("sep", "")
    n.h_type, n.v_type = (a.get("hType") or "N")[:1], (a.get("vType") or "N")[:1]
    n.h_leading, n.v_leading = int(a.get("hLeading", 1)), int(a.get("vLeading", 1))
    n.h_off, n.v_off = int(a.get("hOff", 1)), int(a.get("vOff", 1))
    n.h_descend, n.v_descend = _bool(a.get("hDescend")), _bool(a.get("vDescend"))
    n.stagger = _bool(a.get("stagger"), True)
    n.location_format = a.get("locationFormat", "$gridLocation$")
    return n


def _grid(parent: ET.Element, size) -> HexGrid | SquareGrid | None:
    for el in parent:
        a = el.attrib
        if el.tag == HEX:
            dy = float(a.get("dy", 64.0))
            dx = float(a["dx"]) if "dx" in a else math.sqrt(3) / 2 * dy
            return HexGrid(dx, dy, int(a.get("x0", 0)), int(a.get("y0", 32)), _bool(a.get("sideways")),
                           _numbering(el.find(HEX_NUMBERING)), size)
        if el.tag == SQUARE:
            return SquareGrid(float(a.get("dx", 48.0)), float(a.get("dy", 48.0)), int(a.get("x0", 24)),
                              int(a.get("y0", 24)), _numbering(el.find(SQUARE_NUMBERING)), size)
    return None


def _points(path: str) -> list[tuple[int, int]]:
    pts = []
    for pair in path.split(";"):
        if pair.strip():
            x, _, y = pair.partition(",")
            pts.append((int(x), int(y)))
    return pts


def _board(el: ET.Element, image_size) -> Board:
    a = el.attrib
    image = a.get("image", "")
    size = image_size(image) if image else None
    if size is None and "width" in a and "height" in a:
        size = (int(a["width"]), int(a["height"]))
    board = Board(a.get("name", ""), image, size, magnification=float(a.get("magnification", 1.0)))
    zoned = el.find(ZONED)
    if zoned is None:
        board.grid = _grid(el, size)
        return board
    board.grid = _grid(zoned, size)
    for z in zoned.findall(ZONE):
        pts = _points(z.attrib.get("path", ""))
        if _bool(z.attrib.get("useParentGrid")):
            grid = board.grid
        else:
            xs, ys = [p[0] for p in pts] or [0], [p[1] for p in pts] or [0]
            grid = _grid(z, (max(xs) - min(xs), max(ys) - min(ys)))
        board.zones.append(Zone(z.attrib.get("name", ""), pts, z.attrib.get("locationFormat", "$name$"), grid))
    return board


def _image_sizer(archive: zipfile.ZipFile | None):
    def size(image: str):
        if archive is None:
            return None
        try:
            data = archive.read("images/" + image)
        except KeyError:
            return None
        from PIL import Image
        try:
            with Image.open(io.BytesIO(data)) as im:
                return im.size
        except OSError:
            return None
    return size


def parse_build_file(text: bytes | str, file: str, archive: zipfile.ZipFile | None = None) -> Module:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise LoadError(file, f"not XML ({exc})", field="buildFile", expected="a VASSAL buildFile") from None
    sizer = _image_sizer(archive)
    maps: dict[str, VassalMap] = {}
    for el in root.iter():
        if el.tag not in MAP_TAGS:
            continue
        a = el.attrib
        name = a.get("mapName", "")
        boards = {b.attrib.get("name", ""): _board(b, sizer) for b in el.iter(BOARD)}
        maps[name] = VassalMap(name, boards, (int(a.get("edgeWidth", 0) or 0), int(a.get("edgeHeight", 0) or 0)))
    return Module(file, maps, root.attrib.get("name", ""))


def read_module(path: Path | str) -> Module:
    """A .vmod, or a buildFile(.xml) extracted from one."""
    path = Path(path)
    data, archive = open_file(path, "a VASSAL module (.vmod)")
    if archive is None:
        return parse_build_file(data, str(path))
    names = archive.namelist()
    entry = next((n for n in ("buildFile.xml", "buildFile") if n in names), None)
    if entry is None:
        raise LoadError(str(path), "no buildFile.xml or buildFile in the module", field="buildFile",
                        expected="a VASSAL module (.vmod)")
    return parse_build_file(archive.read(entry), f"{path}:{entry}", archive)
