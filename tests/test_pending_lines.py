"""Traced lines kept as the searches they follow, made into LineSteps only when read (issue 19:
reading every line back hex by hex was a quarter of a 100k-hex verdict). The bundled FWtBT
scenario has overland, road, rail and naval elements (12B, 12B4)."""
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.lines import PendingLine
from logistics.games.europa.supply import EuropaSupply
from logistics.report.supply import table

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def judged():
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    engine = EuropaSupply(loaded.position, loaded.map)
    return engine, engine.verdicts()


def pending(v) -> bool:
    return isinstance(v.__dict__["_line"], PendingLine)


def test_the_table_reads_no_line(judged):
    _, verdicts = judged
    kept = [v for v in verdicts if pending(v)]
    assert len(kept) > 10
    table(verdicts)
    assert all(pending(v) for v in kept)


def test_lengths_counted_without_the_steps_are_those_of_the_steps(judged):
    """12B: the rail element's length (hexes, low-volume limit apart), the road element's and the
    naval element's, as the steps made later count them."""
    _, verdicts = judged
    elements = set()
    for v in verdicts:
        if not pending(v):
            continue
        line = v.__dict__["_line"]
        size = len(line)
        steps = v.line
        assert not pending(v) and len(steps) == size and steps[0].element == "unit"
        for element in ("road", "rail", "naval"):
            assert v.lengths.get(element, 0.0) == sum(s.element == element for s in steps), (v.unit, element)
        elements |= {s.element for s in steps}
    assert elements == {"unit", "overland", "road", "rail"}


def test_a_naval_element_is_counted_before_its_steps_are_made():
    """12B4 (the rulings case of Bilbao by sea to Cartagena): the line by rail to a port, by sea to
    a port connected to a source, and by rail on; its naval and rail lengths are counted while
    the line is still pending."""
    from logistics.rulings.cases.europa_naval import pa, strait
    m, p = strait([pa("0702")], ceuta="Loyalist")
    v = next(v for v in EuropaSupply(p, m).verdicts() if v.unit == "L")
    assert pending(v) and v.lengths["naval"] > 0
    steps = v.line
    assert "naval" in {s.element for s in steps} and steps[-1].hex == "0708"
    for element in ("rail", "naval"):
        assert v.lengths.get(element, 0.0) == sum(s.element == element for s in steps)


def test_a_line_read_late_is_the_line_read_at_once(judged):
    """Whatever the engine memoised meanwhile, a line's steps are those of a fresh engine that
    reads each line right after its verdict."""
    engine, verdicts = judged
    fresh = EuropaSupply(engine.position, engine.map)
    for u, v in zip(engine.position.units, verdicts):
        assert fresh.verdict(u).line == v.line, u.id
