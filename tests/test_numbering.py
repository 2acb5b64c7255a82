"""Printed hex ids <-> grid positions for the Europa, TSCW and OCS numbering schemes."""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.numbering import Numbering, NumberingError, Sheet

EUROPA = Numbering("europa", (Sheet("23A", col=0, row=0, columns=60, rows=50),))
TSCW = Numbering("tscw", (Sheet("", col=0, row=0, columns=60, rows=50),))
OCS = Numbering("ocs", (Sheet("A", col=0, row=0, columns=35, rows=34), Sheet("B", col=34, row=0, columns=35, rows=34)))


def test_europa_ids_hand_checked():
    # FWtBT FAQ: Oviedo is 23A:1007 -> printed column 10, row 07 of sheet 23A.
    assert EUROPA.parse("23A:1007") == (9, 6)
    assert EUROPA.format(9, 6) == "23A:1007"
    assert EUROPA.parse("23a:0101") == (0, 0)


def test_tscw_ids_hand_checked():
    assert TSCW.parse("2509") == (24, 8)
    assert TSCW.format(24, 8) == "2509"


def test_ocs_ids_hand_checked_and_overlapping_sheets():
    assert OCS.parse("B12.07") == (34 + 11, 6)
    assert OCS.format(45, 6) == "B12.07"
    # Column 35 of map A is column 1 of map B: the first sheet listed names it.
    assert OCS.parse("B01.05") == OCS.parse("A35.05")
    assert OCS.format(*OCS.parse("B01.05")) == "A35.05"


@pytest.mark.parametrize("numbering, text, words", [
    (EUROPA, "3825", "not a europa hex id"),
    (EUROPA, "23B:3825", "unknown sheet"),
    (EUROPA, "23A:9999", "outside sheet"),
    (TSCW, "25-09", "not a tscw hex id"),
    (OCS, "B12-07", "not a ocs hex id"),
])
def test_malformed_ids_say_what_was_expected(numbering, text, words):
    with pytest.raises(NumberingError) as info:
        numbering.parse(text)
    assert words in str(info.value)


@given(st.sampled_from([EUROPA, TSCW, OCS]), st.integers(0, 68), st.integers(0, 33))
def test_grid_to_printed_to_grid_round_trip(numbering, col, row):
    if not any(s.holds(col, row) for s in numbering.sheets):
        return
    assert numbering.parse(numbering.format(col, row)) == (col, row)


@given(st.integers(1, 60), st.integers(1, 50))
def test_printed_to_grid_to_printed_round_trip(c, r):
    for numbering, text in ((EUROPA, f"23A:{c:02d}{r:02d}"), (TSCW, f"{c:02d}{r:02d}")):
        assert numbering.format(*numbering.parse(text)) == text


# A board numbered as Ragnarok's (tests/data/vassal/ragnarok/SOURCE.md): XXYY with XX the row
# counted from the bottom (01 to 17) printed first, YY the hex along the row from the left.
UPWARD = Numbering("tscw", (Sheet("", 0, 0, 27, 17, row_first=True, rows_upward=True),))


def test_row_first_upward_ids_hand_checked():
    """Printed 0101 is the bottom-left hex (grid row 16), 1701 the top-left, 1727 the top-right."""
    assert UPWARD.format(0, 16) == "0101" and UPWARD.parse("0101") == (0, 16)
    assert UPWARD.format(0, 0) == "1701" and UPWARD.parse("1701") == (0, 0)
    assert UPWARD.format(26, 0) == "1727" and UPWARD.parse("1727") == (26, 0)
    assert UPWARD.parse("0915") == (14, 8)
    with pytest.raises(NumberingError, match="outside sheet"):
        UPWARD.parse("1801")


def test_leftward_columns_and_defaults_unchanged():
    """Columns counted from the right: the sheet's last column prints first_col. The default sheet
    prints as before (column first, left to right, top to bottom)."""
    left = Numbering("europa", (Sheet("X", 2, 0, 10, 5, first_col=3, columns_leftward=True),))
    assert left.format(11, 0) == "X:0301" and left.format(2, 4) == "X:1205"
    assert left.parse("X:1205") == (2, 4)
    assert Sheet("") == Sheet("", 0, 0, 99, 99, 1, 1, False, False, False)
    assert TSCW.format(24, 8) == "2509"


@given(st.booleans(), st.booleans(), st.booleans(), st.sampled_from(["europa", "tscw", "ocs"]),
       st.integers(0, 5), st.integers(0, 5), st.integers(0, 40), st.integers(0, 40))
def test_flagged_sheets_round_trip(row_first, leftward, upward, style, first_col, first_row, col, row):
    """Any order of printing and direction of counting: grid -> id -> grid, and the first hex of
    the sheet in the counting direction prints first_col / first_row."""
    sheet = Sheet("" if style == "tscw" else "S", 3, 2, 30, 25, first_col, first_row, row_first, leftward, upward)
    numbering = Numbering(style, (sheet,))
    if sheet.holds(col, row):
        assert numbering.parse(numbering.format(col, row)) == (col, row)
    corner = (3 + 29 * leftward, 2 + 24 * upward)
    assert sheet.printed(*corner) == (first_col, first_row)


def _format_by_scan(numbering: Numbering, col: int, row: int) -> str | None:
    """The reference: ask every sheet in turn, the first that holds the hex prints it (or nothing
    if its printed numbers do not fit two digits)."""
    for sheet in numbering.sheets:
        if sheet.holds(col, row):
            c, r = sheet.printed(col, row)
            if not (0 <= c <= 99 and 0 <= r <= 99):
                return None
            if sheet.row_first:
                c, r = r, c
            return {"europa": f"{sheet.name}:{c:02d}{r:02d}", "ocs": f"{sheet.name}{c:02d}.{r:02d}"}.get(
                numbering.style, f"{c:02d}{r:02d}")
    return None


_SHEETS = st.lists(st.builds(Sheet, name=st.sampled_from(["A", "B", "C", "23A"]), col=st.integers(-5, 40),
                             row=st.integers(-5, 40), columns=st.integers(-2, 30), rows=st.integers(-2, 30),
                             first_col=st.integers(0, 90), first_row=st.integers(0, 90), row_first=st.booleans(),
                             columns_leftward=st.booleans(), rows_upward=st.booleans()), min_size=1, max_size=6)


@given(st.sampled_from(["europa", "tscw", "ocs"]), _SHEETS)
def test_the_sheet_table_prints_every_hex_as_asking_each_sheet(style, sheets):
    """`Numbering.format` finds a hex's sheet in a table of the sheets' column and row bounds: the
    first sheet listed that holds the hex, as asking each sheet in turn does (overlapping sheets,
    empty ones, numbers past 99 included), on every grid position around the sheets."""
    numbering = Numbering(style, tuple(sheets))
    for col in range(-7, 72):
        for row in range(-7, 72):
            expected = _format_by_scan(numbering, col, row)
            if expected is None:
                with pytest.raises(NumberingError):
                    numbering.format(col, row)
            else:
                assert numbering.format(col, row) == expected


@settings(deadline=None)
@given(st.sampled_from(["europa", "tscw", "ocs"]), _SHEETS)
def test_format_many_prints_every_hex_as_format(style, sheets):
    """`Numbering.format_many` (issue 19: many positions at once, by array look-ups in the same
    table of sheets) prints every printable grid position around the sheets as `format` does, and
    raises `format`'s error for the first position that has no printed id."""
    numbering = Numbering(style, tuple(sheets))
    printable, unprintable = [], []
    for position in ((col, row) for col in range(-7, 72) for row in range(-7, 72)):
        try:
            printable.append((position, numbering.format(*position)))
        except NumberingError as error:
            unprintable.append((position, str(error)))
    if printable:
        (cols, rows), expected = zip(*(p for p, _ in printable)), [text for _, text in printable]
        assert numbering.format_many(cols, rows) == expected
    if unprintable:
        (col, row), message = unprintable[len(unprintable) // 2]
        with pytest.raises(NumberingError, match=re.escape(message)):
            numbering.format_many([*cols[:3], col, *cols[3:]] if printable else [col],
                                  [*rows[:3], row, *rows[3:]] if printable else [row])
