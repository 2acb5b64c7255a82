"""Invariants of the Europa supply verdicts (property tests)."""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.games.europa.supply import EuropaSupply
from logistics.rulings.builders import plain_map, position, source, unit

M = plain_map(cities={"A": ("0305",), "B": ("0905",), "C": ("0507",)},
              rail={"East": ["0305", "0905"], "South": ["0905", "0507"]}, low_volume=("South",))
HEXES = [M.hex_id(h) for h in M.hexes()]
SOURCES = [source("Republican", "Loyalist", ["A", "B", "C"], connected=3, users=("Republican",)),
           source("Rebel", "Insurgent", ["C"], users=("Rebel",))]
AFFS = ["People's Army", "Anarchist", "Nationalist", "Italian"]
units_st = st.lists(st.tuples(st.sampled_from(AFFS), st.sampled_from(HEXES), st.sampled_from(["normal", "reduced", "none"])),
                    min_size=1, max_size=8)


def build(specs, extra=()):
    units = [unit(f"U{i}", aff, h, M, zoc=z) for i, (aff, h, z) in enumerate(specs)]
    owner = {h: ("Insurgent" if M.hex_at(h).q >= 6 else "Loyalist") for h in HEXES}
    return position(M, units + list(extra), owner=owner, sources=SOURCES,
                    options={"supply_lengths": {"clear": {"overland": 2, "road": 4}}})


def rank(v):
    return (v.supplied, not v.isolated, v.attack)


@settings(max_examples=40, deadline=None)
@given(units_st, st.sampled_from(HEXES), st.sampled_from(AFFS))
def test_an_added_enemy_unit_never_improves_friendly_supply(specs, hex_id, affiliation):
    before = build(specs)
    added = unit("X", affiliation, hex_id, M)
    after = replace(before, units=before.units + (added,))
    old = {v.unit: v for v in EuropaSupply(before, M).verdicts()}
    for v in EuropaSupply(after, M).verdicts():
        if v.unit in old and v.side != added.side:
            assert all(a <= b for a, b in zip(rank(v), rank(old[v.unit]))), (v, old[v.unit])


@settings(max_examples=30, deadline=None)
@given(units_st, st.randoms(use_true_random=False))
def test_verdicts_do_not_depend_on_the_order_of_units(specs, rnd):
    p = build(specs)
    shuffled = list(p.units)
    rnd.shuffle(shuffled)
    a = {v.unit: v.as_dict() for v in EuropaSupply(p, M).verdicts()}
    b = {v.unit: v.as_dict() for v in EuropaSupply(replace(p, units=tuple(shuffled)), M).verdicts()}
    assert a == b
