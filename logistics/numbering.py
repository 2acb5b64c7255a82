"""Printed hex ids <-> grid (column, row): the numbering schemes of the seeded games.

- europa: sheet + 4 digits, `23A:3825` (column 38, row 25 of sheet 23A)
- tscw:   4 digits, `2509` (column 25, row 09) on a single map
- ocs:    map letter + column.row, `B12.07`

A map may be made of several sheets; each sheet places its printed numbers on the map's one
grid by an origin. Where sheets overlap, a hex is printed with the first sheet that holds it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

STYLES = ("europa", "tscw", "ocs")

_PATTERNS = {
    # re.ASCII: only the digits 0-9 (not full-width or other scripts' digits).
    "europa": re.compile(r"^(?P<sheet>[0-9A-Za-z]+):(?P<col>\d{2})(?P<row>\d{2})$", re.ASCII),
    "tscw": re.compile(r"^(?P<col>\d{2})(?P<row>\d{2})$", re.ASCII),
    "ocs": re.compile(r"^(?P<sheet>[A-Za-z]+)(?P<col>\d{1,2})\.(?P<row>\d{2})$", re.ASCII),
}
_EXAMPLES = {"europa": "23A:3825", "tscw": "2509", "ocs": "B12.07"}


class NumberingError(ValueError):
    """A printed id that does not fit the map's numbering scheme."""


@dataclass(frozen=True)
class Sheet:
    """A printed sheet: its column `first_col` / row `first_row` lie at grid (col, row)."""

    name: str
    col: int = 0
    row: int = 0
    columns: int = 99
    rows: int = 99
    first_col: int = 1
    first_row: int = 1

    def holds(self, col: int, row: int) -> bool:
        return self.col <= col < self.col + self.columns and self.row <= row < self.row + self.rows


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
        col = sheet.col + int(m.group("col")) - sheet.first_col
        row = sheet.row + int(m.group("row")) - sheet.first_row
        if not sheet.holds(col, row):
            raise NumberingError(f"{text!r} lies outside sheet {sheet.name or 'of the map'}")
        return col, row

    def format(self, col: int, row: int) -> str:
        """Grid (col, row) -> printed id, using the first sheet that holds it."""
        for sheet in self.sheets:
            if sheet.holds(col, row):
                c = col - sheet.col + sheet.first_col
                r = row - sheet.row + sheet.first_row
                if not (0 <= c <= 99 and 0 <= r <= 99):
                    break
                if self.style == "europa":
                    return f"{sheet.name}:{c:02d}{r:02d}"
                if self.style == "ocs":
                    return f"{sheet.name}{c:02d}.{r:02d}"
                return f"{c:02d}{r:02d}"
        raise NumberingError(f"grid position ({col}, {row}) has no printed id on any sheet")
