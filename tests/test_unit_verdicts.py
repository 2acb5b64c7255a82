"""The per-unit part of the Europa verdict, made from what the engine keeps per map and per group
(issue 19: 50,000 units at 1M hexes, each formatting its hex id, building its line's parts one call
at a time and naming its weather): printed hex ids from the map index, a batched line's parts and
lengths, each line's weather (36D) from a table per engine. Each against its reference: Map.hex_id,
the line traced alone, the weather named element by element; the verdicts made at once (unit_batch.py)
against `verdict` judging each unit."""
import json
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa import unit_batch
from logistics.games.europa.limited import apply_limited_sources
from logistics.games.europa.supply import EuropaSupply

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402

# Synthetic maps (n hexes, seed; 10000:1 has lines whose elements' weathers differ) and the bundled scenario.
CASES = ((3000, 1), (10000, 1), "scenarios/fwtbt/aug-1936.yaml")


def _position(case):
    if isinstance(case, str):
        loaded = load_scenario_file(str(ROOT / case))
        return loaded.position, loaded.map
    s = synthetic(case[0], case[0] // 20, case[1])
    return s.position, s.map


def _weather_named_per_element(rules, levels: dict[str, int]) -> str:
    """The reference for `line_weather` (36D, AEG 20-Feb-03: each element in its own weather)."""
    names = {element: rules.weather_order[level] for element, level in levels.items()}
    if len(set(names.values())) == 1:
        return next(iter(names.values()))
    return ", ".join(f"{element} {weather}" for element, weather in names.items())


@pytest.mark.parametrize("case", CASES)
def test_verdicts_read_as_units_judged_alone_key_for_key(monkeypatch, case):
    """12B elements, 36D weathers: every verdict of an engine that walked every line at once reads,
    as JSON in its own key order (lengths included), as that of an engine judging each unit alone
    (the lines traced step by step); each unit's hex is printed as Map.hex_id prints it."""
    monkeypatch.setattr(EuropaSupply, "BATCH", 1)          # every group walked at once
    position, map_ = _position(case)
    engine = EuropaSupply(position, map_)
    batched = engine.verdicts()
    alone = EuropaSupply(position, map_)
    judged = [alone.verdict(unit) for unit in position.units]
    apply_limited_sources(alone, judged)
    for unit, v, w in zip(position.units, batched, judged):
        assert json.dumps(v.as_dict()) == json.dumps(w.as_dict()), unit.id
        placed, box, _ = engine.placed_hex(unit)
        assert v.hex == (map_.hex_id(placed) if placed is not None else box), unit.id
    if case == (10000, 1):
        assert any(v.weather and "," in v.weather for v in batched)    # elements in different weathers


def test_line_weather_is_named_per_element_whatever_was_asked_before():
    """36D (AEG, 20-Feb-03): one word when every element's weather agrees, else element by element;
    the engine's table of weathers answers every mix of elements and levels as the reference,
    asked in any order and again."""
    position, map_ = _position(CASES[0])
    engine = EuropaSupply(position, map_)
    count = len(engine.rules.weather_order)
    mixes = [dict(zip(elements, levels)) for k in (1, 2, 3)
             for elements in (("overland", "road", "rail")[:k], ("road", "overland", "rail")[:k])
             for levels in product(range(count), repeat=k)]
    assert count >= 2 and len(mixes) > 20
    for levels in mixes + mixes[::-1]:
        assert engine.line_weather(levels) == _weather_named_per_element(engine.rules, levels), levels


# unit_batch.py: the units whose line was walked at once read their isolation (3F) and attack supply
# (12D, 12D2) as array reads and get their Verdict in one light loop; the rest go to `verdict`.
BATCH_CASES = ((3000, 1), (10000, 2), "scenarios/fwtbt/aug-1936.yaml")


def _batched_and_judged(monkeypatch, case) -> tuple[list, list, list]:
    """The batch's verdicts, `verdict`'s for the same units (an engine that walked the same lines),
    and per verdict the batch built itself (None, its kind's first unit)."""
    monkeypatch.setattr(EuropaSupply, "BATCH", 1)          # every group walked at once
    position, map_ = _position(case)
    built = []
    reads = unit_batch._array_reads
    monkeypatch.setattr(unit_batch, "_array_reads", lambda engine, nodes, kinds, groups: (
        built.extend((None, groups[kind][0]) for kind in kinds.tolist()), reads(engine, nodes, kinds, groups))[1])
    engine, reference = EuropaSupply(position, map_), EuropaSupply(position, map_)
    engine._walk_lines()
    reference._walk_lines()
    return unit_batch.unit_verdicts(engine), [reference.verdict(u) for u in position.units], built


@pytest.mark.parametrize("case", BATCH_CASES)
def test_batched_verdicts_read_as_verdict_gives_them(monkeypatch, case):
    """12B lines, 3F isolation, 12D / 12D2 attack supply, 36D weathers, the rules listed: every unit's
    verdict from the batch reads, as JSON in its own key order, as `verdict`'s; most units are built by
    the batch itself (not handed back to `verdict`), those of coalitions with attack-supply ports
    (12D2, AEG 05-Nov-04) among them on the synthetic maps."""
    batched, judged, built = _batched_and_judged(monkeypatch, case)
    position = _position(case)[0]
    for unit, v, w in zip(position.units, batched, judged, strict=True):
        assert json.dumps(v.as_dict()) == json.dumps(w.as_dict()), unit.id
    assert len(built) >= 0.8 * len(position.units)
    if not isinstance(case, str):
        assert any(unit.coalition in EuropaSupply(position, _position(case)[1]).rules.port_attack_supply
                   for _, unit, *_ in built)


def test_units_whose_seeds_no_any_length_line_reaches_are_judged_one_by_one(monkeypatch):
    """3F errata (AEG, 11-Mar-04; DPS 24-Jun-05): a unit in supply whose group's seeds no overland line
    of any length reaches is isolated unless a naval line counts for it; the batch leaves those to
    `_isolated` and `_isolation` unit by unit. With the any-length answer emptied for every group,
    every verdict, its isolation included, still reads as `verdict`'s."""
    monkeypatch.setattr(EuropaSupply, "_reaching_seeds", lambda self, side, reach, nodes: np.zeros(len(nodes), bool))
    batched, judged, built = _batched_and_judged(monkeypatch, (3000, 1))
    assert built and sum(v.isolation is not None for v in batched) >= len(built) // 2
    for v, w in zip(batched, judged, strict=True):
        assert json.dumps(v.as_dict()) == json.dumps(w.as_dict()), v.unit


# blocked_batch.py: the units no line reaches (out of supply) get their Block (12A, Rule 5, 39A, 37C,
# 12B length or no line at all, 34F / 34K naval, 12C1), isolation and attack supply in batches.
def _compare_with_verdict(monkeypatch) -> tuple[list, list]:
    """Patch the engine so that each batch of verdicts is compared, unit by unit, as JSON, with
    `verdict` of an engine of its own; the mismatches (unit ids) and the Blocks the batch made."""
    from logistics.games.europa import blocked_batch, supply
    mismatched, made = [], []
    batched = supply.unit_verdicts
    made_blocks = blocked_batch.blocks

    def compared(engine):
        verdicts = batched(engine)
        alone = EuropaSupply(engine.position, engine.map, engine.rules)
        for unit, v in zip(engine.position.units, verdicts, strict=True):
            if json.dumps(v.as_dict()) != json.dumps(alone.verdict(unit).as_dict()):
                mismatched.append(unit.id)
        return verdicts

    def recorded(engine, entries):
        found = made_blocks(engine, entries)
        made.extend(found)
        return found
    monkeypatch.setattr(supply, "unit_verdicts", compared)
    monkeypatch.setattr(unit_batch, "blocks", recorded)
    return mismatched, made


def test_out_of_supply_verdicts_of_every_europa_ruling_case_read_as_verdict_gives_them(monkeypatch):
    """12A, Rule 5, 39A, 37C, 12B, 12C1, 34F / 34K, 3F, 12D (the Europa ruling cases: small
    positions, one ruling each): every verdict the batch gives reads, as JSON, as `verdict`'s; among
    the Blocks the batch made itself, naval ones (34F, 34K), 'no line of any length', lengths (12B),
    ZOCs (12A, Rule 5), unpacified cities (39A) and a missing source (12C1)."""
    from logistics.rulings.cases import all_cases, run
    mismatched, made = _compare_with_verdict(monkeypatch)
    ran = [run(c) for c in all_cases() if c.module.split(".")[-1].startswith("europa")]
    assert all(r.status == "pass" for r in ran), [(r.case.name, r.detail) for r in ran if r.status != "pass"]
    assert not mismatched, mismatched
    rules = {b.rule for b in made}
    reasons = " | ".join(b.reason for b in made)
    assert {"34K", "34F, 34K", "39A", "12A, Rule 5", "12B", "12C1"} <= rules, rules
    assert "no line of any length" in reasons and "the nearest line needs" in reasons


@pytest.mark.parametrize("seed, points, short", [(1, True, False), (2, False, True), (3, True, True), (4, False, False)])
def test_out_of_supply_verdicts_of_random_positions_read_as_verdict_gives_them(monkeypatch, seed, points, short):
    """12A, Rule 5, 12B, 12C3 / 44D1, 3F, 12D on random synthetic positions, with or without general
    supply points, with the usual overland lengths or with short ones (many lines too long): every
    verdict the batch gives reads, as JSON, as `verdict`'s, and the batch made the out-of-supply
    units' Blocks itself (units on supply points are left to `verdict`)."""
    from dataclasses import replace

    from logistics.games.europa.status import ON_POINTS, OUT_OF_SUPPLY
    from logistics.position import SupplyStock
    s = synthetic(3000, 150, seed)
    position = replace(s.position, supply=tuple(x for x in s.position.supply if x.kind != "general"))
    if short:
        position = replace(position, options={**position.options, "supply_lengths": {
            "clear": {"overland": 2}, "snow": {"overland": 1}}})
    if points:       # the synthetic points, and points beside every third unit out of supply
        cut_off = [u for u, v in zip(position.units, EuropaSupply(position, s.map).verdicts())
                   if v.general == OUT_OF_SUPPLY]
        added = tuple(SupplyStock(u.side, "general", u.hex.neighbours()[0], 2.0) for u in cut_off[::3])
        position = replace(position, supply=s.position.supply + added)
    mismatched, made = _compare_with_verdict(monkeypatch)
    verdicts = EuropaSupply(position, s.map).verdicts()
    assert not mismatched, mismatched
    out = [v for v in verdicts if v.general == OUT_OF_SUPPLY]
    assert out and len(made) == len(out)
    assert all(any(b is v.blocked for b in made) for v in out)
    assert any(v.general == ON_POINTS for v in verdicts) == points
    if short:
        assert any(v.blocked.reason.startswith("the nearest line needs") for v in out)


def test_units_nodes_found_at_once_are_those_of_the_index():
    """The node of each unit's hex, found at once from the index's grid (`Lines._unit_nodes`), is
    `index.pos`'s, None for a unit with no hex (in a box) or on a hex off the map (the grid's border
    ring, clipped coordinates beyond it)."""
    from dataclasses import replace

    from logistics.hexgrid import Hex
    s = synthetic(3000, 150, 3)
    rng = np.random.default_rng(3)
    units = list(s.position.units)
    for k in rng.choice(len(units), size=40, replace=False).tolist():
        q, r = units[k].hex
        units[k] = replace(units[k], hex=[None, Hex(q + 500, r), Hex(q, r - 900), Hex(-q - 3, r)][k % 4])
    position = replace(s.position, units=tuple(units))
    engine = EuropaSupply(position, s.map)
    pos = engine.index.pos
    assert engine._unit_nodes() == [pos.get(u.hex) for u in units]
    assert sum(u.hex is not None and u.hex not in pos for u in units) >= 10
    assert sum(u.hex is None for u in units) >= 5


def test_batched_lines_are_made_only_when_read_and_read_as_the_line_traced_alone(monkeypatch):
    """12B: a batched verdict keeps its walked line as a WalkedLine (lines.py) until the line is
    read; read, it is the list of LineSteps `verdict` gives the unit (hex, element and length of
    every step), kept once made."""
    from logistics.games.europa.lines import WalkedLine
    batched, judged, built = _batched_and_judged(monkeypatch, (3000, 1))
    kept = [(v, w) for v, w in zip(batched, judged, strict=True) if isinstance(v.__dict__["_line"], WalkedLine)]
    assert len(kept) >= 0.6 * len(batched)
    for v, w in kept:
        assert v.line == w.line and len(v.line) > 1, v.unit
        assert isinstance(v.__dict__["_line"], list) and v.line is v.line
    assert {st.element for v, _ in kept for st in v.line} >= {"unit", "overland", "road", "rail"}


def test_a_too_long_lines_block_is_its_message_made_once():
    """12B: `blocked_batch.too_far` gives the Block `verdict` words for a line too long (its hex,
    the distance, the weather's length), one object per message: the same node at another
    distance, weather or length is another Block."""
    from logistics.games.europa.blocked_batch import too_far
    from logistics.verdict import Block
    said, hex_id = {}, "{:04d}".format
    asked = [(3, 5.0, "clear", 4), (3, 5.0, "clear", 4), (3, 6.0, "clear", 4), (3, 5.0, "mud", 4),
             (3, 5.0, "mud", 2), (7, 5.0, "clear", 4), (7, 5.5, "clear", 4), (3, 6.0, "clear", 4)]
    got = [too_far(said, hex_id, *a) for a in asked]
    for (i, d, weather, limit), block in zip(asked, got):
        assert block == Block(hex_id(i), "12B", f"the nearest line needs {d:g} overland hexes; {weather} allows {limit}")
    assert got[0] is got[1] and got[2] is got[7] and len({id(b) for b in got}) == 6


@pytest.mark.parametrize("off_map", [0, 1, 7])
def test_units_nodes_of_a_position_whose_units_all_have_hexes(off_map):
    """Every unit on a hex (`Lines._unit_nodes` reads the side views' table as it is): each node is
    `index.pos`'s, a Python int; a hex off the map still gives None."""
    from dataclasses import replace

    from logistics.hexgrid import Hex
    s = synthetic(3000, 150, 4)
    units = list(s.position.units)
    for k in range(off_map):
        q, r = units[5 * k].hex
        units[5 * k] = replace(units[5 * k], hex=Hex(q + 700, r))
    position = replace(s.position, units=tuple(units))
    engine = EuropaSupply(position, s.map)
    pos = engine.index.pos
    nodes = engine._unit_nodes()
    assert nodes == [pos.get(u.hex) for u in units]
    assert sum(n is None for n in nodes) == off_map
    assert all(type(n) is int for n in nodes if n is not None)
