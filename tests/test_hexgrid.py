"""Hex geometry: neighbours, distance, hexsides, lines and rings, offset grids (hand-checked)."""
from hypothesis import given
from hypothesis import strategies as st

from logistics.hexgrid import Hex, Hexside, Layout, hexsides_of, line, ring, within

LAYOUTS = [Layout(o, p) for o in ("flat", "pointy") for p in ("odd", "even")]


def offset_neighbours(layout: Layout, col: int, row: int) -> set[tuple[int, int]]:
    return {layout.to_offset(n) for n in layout.to_hex(col, row).neighbours()}


def test_flat_odd_neighbours_hand_checked():
    # Odd columns are shoved down: (1,1) touches rows 1 and 2 of columns 0 and 2.
    flat_odd = Layout("flat", "odd")
    assert offset_neighbours(flat_odd, 1, 1) == {(1, 0), (1, 2), (0, 1), (0, 2), (2, 1), (2, 2)}
    assert offset_neighbours(flat_odd, 2, 2) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}


def test_flat_even_neighbours_hand_checked():
    flat_even = Layout("flat", "even")
    assert offset_neighbours(flat_even, 1, 1) == {(1, 0), (1, 2), (0, 0), (0, 1), (2, 0), (2, 1)}


def test_pointy_odd_and_even_neighbours_hand_checked():
    assert offset_neighbours(Layout("pointy", "odd"), 1, 1) == {(0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)}
    assert offset_neighbours(Layout("pointy", "even"), 1, 1) == {(0, 1), (2, 1), (0, 0), (1, 0), (0, 2), (1, 2)}


def test_distance_hand_checked():
    flat_odd = Layout("flat", "odd")
    # (0,0) -> (3,3): three moves down-right reach (3,1), two more down reach (3,3).
    assert flat_odd.to_hex(0, 0).distance(flat_odd.to_hex(3, 3)) == 5
    assert flat_odd.to_hex(0, 0).distance(flat_odd.to_hex(0, 4)) == 4
    assert flat_odd.to_hex(0, 0).distance(flat_odd.to_hex(6, 0)) == 6
    assert Hex(0, 0).distance(Hex(2, -1)) == 2


def test_hexside_is_one_object_from_both_sides():
    a, b = Hex(2, 3), Hex(3, 3)
    assert Hexside(a, b) == Hexside(b, a)
    assert hash(Hexside(a, b)) == hash(Hexside(b, a))
    assert Hexside(a, b).other(a) == b
    assert len(set(hexsides_of(a)) & set(hexsides_of(b))) == 1


def test_hexside_rejects_non_adjacent_hexes():
    try:
        Hexside(Hex(0, 0), Hex(2, 0))
    except ValueError as exc:
        assert "not adjacent" in str(exc)
    else:
        raise AssertionError("a hexside between non-adjacent hexes was accepted")


def test_rings_and_within():
    assert len(ring(Hex(0, 0), 3)) == 18
    assert all(Hex(0, 0).distance(h) == 3 for h in ring(Hex(0, 0), 3))
    assert len(set(within(Hex(5, -2), 2))) == 19


@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(-30, 30), st.integers(-30, 30))
def test_line_is_a_chain_of_adjacent_hexes(q1, r1, q2, r2):
    a, b = Hex(q1, r1), Hex(q2, r2)
    hexes = line(a, b)
    assert hexes[0] == a and hexes[-1] == b
    assert len(hexes) == a.distance(b) + 1
    assert all(x.is_adjacent(y) for x, y in zip(hexes, hexes[1:]))


@given(st.sampled_from(LAYOUTS), st.integers(-100, 100), st.integers(-100, 100))
def test_offset_round_trip(layout, col, row):
    assert layout.to_offset(layout.to_hex(col, row)) == (col, row)


@given(st.sampled_from(LAYOUTS), st.integers(-50, 50), st.integers(-50, 50))
def test_adjacent_hexes_have_adjacent_centres(layout, q, r):
    h = Hex(q, r)
    x, y = layout.center(h)
    for n in h.neighbours():
        nx, ny = layout.center(n)
        assert abs(((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 - 3 ** 0.5) < 1e-9
