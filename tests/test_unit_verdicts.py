"""The per-unit part of the Europa verdict, made from what the engine keeps per map and per group
(issue 19: 50,000 units at 1M hexes, each formatting its hex id, building its line's parts one call
at a time and naming its weather): printed hex ids from the map index, a batched line's parts and
lengths, each line's weather (36D) from a table per engine. Each against its reference: Map.hex_id,
the line traced alone, the weather named element by element."""
import json
import sys
from itertools import product
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
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
