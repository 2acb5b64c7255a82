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


def test_the_verdicts_make_no_steps():
    """The verdicts alone (the source's place, the limited sources' ports) read a line's last hex
    and the hex its naval element starts from out of its parts: no line is made hex by hex."""
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    verdicts = EuropaSupply(loaded.position, loaded.map).verdicts()
    kept = [v.__dict__["_line"] for v in verdicts if pending(v)]
    assert len(kept) > 10 and all(line._steps is None for line in kept)


def test_the_last_hex_and_the_naval_start_read_from_the_parts_are_those_of_the_steps():
    """12B4 (Bilbao by sea to Cartagena, and every line of the bundled scenario): a line's last hex
    (its source, 12B) and the hex before its first naval step (the port of a naval element, the
    Palma ruling, AEG 11-Mar-04) as the parts give them and as the made steps give them."""
    from logistics.rulings.cases.europa_naval import pa, strait
    m, p = strait([pa("0702")], ceuta="Loyalist")
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    lines = [v.__dict__["_line"] for v in EuropaSupply(p, m).verdicts() if pending(v)]
    lines += [v.__dict__["_line"] for v in EuropaSupply(loaded.position, loaded.map).verdicts() if pending(v)]
    naval = 0
    for line in lines:
        last, start = line.last_hex(), line.hex_before_first("naval")
        steps = line.steps()
        k = next((k for k, st in enumerate(steps) if st.element == "naval"), None)
        assert last == steps[-1].hex
        assert start == (None if k is None else steps[k - 1].hex)
        assert (line.last_hex(), line.hex_before_first("naval")) == (last, start)
        naval += k is not None
    assert naval >= 1
