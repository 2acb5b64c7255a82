"""Traced lines read back from the searches only ever step through hexes the search reached."""
from logistics.games.europa.supply import IN_SUPPLY, EuropaSupply
from logistics.rulings.builders import plain_map, position, source, unit


def test_a_line_never_steps_into_a_hex_beyond_the_search():
    # Source at 0506; the unit at 0605 beside it; the mountain 0604 also beside the unit, earlier
    # in grid order, but 3 (43C3: double) from the source, beyond an overland length of 1. A
    # walk-back reading a missing distance as -1 would take 0604 (-1 + 2 == 1).
    m = plain_map(cities={"Source": ("0506",)}, terrain={"0604": "mountain"})
    p = position(m, [unit("L", "People's Army", "0605", m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}, "adverse_terrain": True})
    v = EuropaSupply(p, m).verdict(p.unit("L"))
    assert v.general == IN_SUPPLY and v.source == "Src"
    assert [(s.hex, s.element) for s in v.line] == [("0605", "unit"), ("0506", "overland")]


def test_next_step_ignores_neighbours_the_search_never_reached():
    import numpy as np

    from logistics.network import Reach
    # Node 3 is 1 from the seed 5; node 1 was never reached. Reading its distance as -1 would make
    # the step 3 -> 1 (weight 2) look as good as 3 -> 5 (weight 1): -1 + 2 == 1.
    reach = Reach({5: 0.0, 3: 1.0}, (np.array([3, 3]), np.array([5, 1]), np.array([1.0, 2.0])))
    assert reach.next_step(3, 1.0) == (5, 1.0)
