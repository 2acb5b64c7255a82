"""Printed hex ids <-> grid (column, row): the numbering schemes of the seeded games.

- europa: sheet + 4 digits, `23A:3825` (column 38, row 25 of sheet 23A)
- tscw:   4 digits, `2509` (column 25, row 09) on a single map
- ocs:    map letter + column.row, `B12.07`

A map may be made of several sheets; each sheet places its printed numbers on the map's one
grid by an origin. Where sheets overlap, a hex is printed with the first sheet that holds it.
A sheet may also print the row number before the column number (`row_first`), and count its
columns from the right (`columns_leftward`) or its rows from the bottom (`rows_upward`), as some
boards do; by default it prints the column first, counted left to right, rows top to bottom.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

STYLES = ("europa", "tscw", "ocs")

_PATTERNS = {
    # re.ASCII: only the digits 0-9 (not full-width or other scripts' digits).
    "europa": re.compile(r"^(?P<sheet>[0-9A-Za-z]+):(?P<col>\d{2})(?P<row>\d{2})$", re.ASCII),
    "tscw": re.compile(r"^(?P<col>\d{2})(?P<row>\d{2})$", re.ASCII),
    "ocs": re.compile(r"^(?P<sheet>[A-Za-z]+)(?P<col>\d{1,2})\.(?P<row>\d{2})$", re.ASCII),
}
_EXAMPLES = {"europa": "23A:3825", "tscw": "2509", "ocs": "B12.07"}
# A printed id from its sheet's name and the two numbers in the order the sheet prints them (a TSCW
# id prints no sheet name: "%.0s" prints none of it).
_FORMS = {"europa": "%s:%02d%02d", "tscw": "%.0s%02d%02d", "ocs": "%s%02d.%02d"}


class NumberingError(ValueError):
    """A printed id that does not fit the map's numbering scheme."""


@dataclass(frozen=True)
class Sheet:
    """A printed sheet: its column `first_col` / row `first_row` lie at grid (col, row), or, counted
    leftward / upward, at the sheet's last column / row (grid col + columns - 1, row + rows - 1)."""

    name: str
    col: int = 0
    row: int = 0
    columns: int = 99
    rows: int = 99
    first_col: int = 1
    first_row: int = 1
    row_first: bool = False         # the id prints the row number, then the column number
    columns_leftward: bool = False  # columns counted from the right
    rows_upward: bool = False       # rows counted from the bottom

    def holds(self, col: int, row: int) -> bool:
        return self.col <= col < self.col + self.columns and self.row <= row < self.row + self.rows

    def grid(self, printed_col: int, printed_row: int) -> tuple[int, int]:
        """Printed column and row numbers -> grid (col, row)."""
        c, r = printed_col - self.first_col, printed_row - self.first_row
        return (self.col + (self.columns - 1 - c if self.columns_leftward else c),
                self.row + (self.rows - 1 - r if self.rows_upward else r))

    def printed(self, col: int, row: int) -> tuple[int, int]:
        """Grid (col, row) -> printed column and row numbers (the inverse of `grid`)."""
        c, r = col - self.col, row - self.row
        return (self.first_col + (self.columns - 1 - c if self.columns_leftward else c),
                self.first_row + (self.rows - 1 - r if self.rows_upward else r))


@dataclass(frozen=True)
class Numbering:
    style: str = "tscw"
    sheets: tuple[Sheet, ...] = field(default_factory=lambda: (Sheet(""),))

    def __post_init__(self):
        if self.style not in STYLES:
            raise NumberingError(f"unknown numbering style {self.style!r}; expected one of {', '.join(STYLES)}")
        if not self.sheets:
            raise NumberingError("a numbering needs at least one sheet")

    @property
    def example(self) -> str:
        return _EXAMPLES[self.style]

    def _sheet(self, name: str) -> Sheet:
        for sheet in self.sheets:
            if sheet.name.lower() == name.lower():
                return sheet
        known = ", ".join(s.name for s in self.sheets)
        raise NumberingError(f"unknown sheet {name!r} (this map has sheets {known})")

    def parse(self, text: str) -> tuple[int, int]:
        """Printed id -> grid (col, row). Raises NumberingError with what was expected."""
        m = _PATTERNS[self.style].match(str(text).strip())
        if not m:
            raise NumberingError(f"{text!r} is not a {self.style} hex id (expected like {self.example!r})")
        sheet = self._sheet(m.group("sheet")) if "sheet" in m.groupdict() else self.sheets[0]
        # The patterns name the first number "col", the second "row": a row-first sheet swaps them.
        first, second = int(m.group("col")), int(m.group("row"))
        col, row = sheet.grid(*((second, first) if sheet.row_first else (first, second)))
        if not sheet.holds(col, row):
            raise NumberingError(f"{text!r} lies outside sheet {sheet.name or 'of the map'}")
        return col, row

    @cached_property
    def _cells(self) -> tuple[list[int], list[int], list[list[int]]]:
        """The sheets as a table: every sheet's first and past-the-end column and row, sorted, and
        for each cell between them the first sheet that holds it (-1: none). A large map has many
        sheets: `format` finds a hex's sheet by two bisections instead of asking each sheet."""
        cols = sorted({b for s in self.sheets for b in (s.col, s.col + s.columns)})
        rows = sorted({b for s in self.sheets for b in (s.row, s.row + s.rows)})
        table = [[-1] * len(rows) for _ in cols]
        for k in reversed(range(len(self.sheets))):     # the first sheet listed is written last
            s = self.sheets[k]
            for ci in range(bisect_left(cols, s.col), bisect_left(cols, s.col + s.columns)):
                for ri in range(bisect_left(rows, s.row), bisect_left(rows, s.row + s.rows)):
                    table[ci][ri] = k
        return cols, rows, table

    def _first_sheet(self, col: int, row: int) -> Sheet | None:
        """The first sheet that holds grid (col, row), or None."""
        cols, rows, table = self._cells
        ci, ri = bisect_right(cols, col) - 1, bisect_right(rows, row) - 1
        k = table[ci][ri] if ci >= 0 and ri >= 0 else -1
        return self.sheets[k] if k >= 0 else None

    def format(self, col: int, row: int) -> str:
        """Grid (col, row) -> printed id, using the first sheet that holds it."""
        sheet = self._first_sheet(col, row)
        if sheet is not None:
            c, r = sheet.printed(col, row)
            if 0 <= c <= 99 and 0 <= r <= 99:
                return _FORMS[self.style] % ((sheet.name, r, c) if sheet.row_first else (sheet.name, c, r))
        raise NumberingError(f"grid position ({col}, {row}) has no printed id on any sheet")

    def format_many(self, cols, rows) -> list[str]:
        """`format` of each grid (cols[k], rows[k]) at once (issue 19: a large map's verdict prints
        tens of thousands of hexes): each position's sheet read from `_cells`' table by array look-ups,
        its printed numbers by array arithmetic per sheet. Raises `format`'s error for the first
        position that has no printed id."""
        cols, rows = np.asarray(cols, dtype=np.int64), np.asarray(rows, dtype=np.int64)
        col_bounds, row_bounds, table = self._cells
        ci = np.searchsorted(col_bounds, cols, side="right") - 1
        ri = np.searchsorted(row_bounds, rows, side="right") - 1
        # Before the first bound (-1) reads the table's last column or row: past every sheet, -1.
        sheet_of = np.array(table, dtype=np.int64).reshape(len(col_bounds), len(row_bounds))[ci, ri]
        first, second = np.zeros_like(cols), np.zeros_like(rows)
        for k in np.unique(sheet_of[sheet_of >= 0]).tolist():
            at, s = sheet_of == k, self.sheets[k]
            c, r = s.printed(cols[at], rows[at])
            first[at], second[at] = (r, c) if s.row_first else (c, r)
        bad = (sheet_of < 0) | (first < 0) | (first > 99) | (second < 0) | (second > 99)
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            self.format(int(cols[k]), int(rows[k]))             # raises its error
        names = [self.sheets[k].name for k in sheet_of.tolist()]
        return [_FORMS[self.style] % printed for printed in zip(names, first.tolist(), second.tolist())]
