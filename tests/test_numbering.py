"""Printed hex ids <-> grid positions for the Europa, TSCW and OCS numbering schemes."""
import pytest
from hypothesis import given
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
