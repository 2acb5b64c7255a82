"""3F errata (AEG, 11-Mar-04; DPS 24-Jun-05): a unit no overland line of any length joins to a full
general supply source is not isolated if such a line reaches a friendly functioning port from which
a naval element (from a port of any class) reaches one. The batch reads the errata's ports once per
group (`Explanations._naval_unisolated_at`), not a whole-map mask and region table per unit."""
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa import unit_batch
from logistics.games.europa.rules import EuropaRules
from logistics.games.europa.supply import EuropaSupply

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from synthetic import synthetic  # noqa: E402

ANY_CLASS = ("minor", "standard", "major", "great", "anchor")


def _engine(n: int, seed: int, islands: bool) -> EuropaSupply:
    """A synthetic position; with `islands`, its main country counted as an island region (so the
    island erratum applies to Rebel units there and not beside it, in Neutralia) and the naval line
    counted for Republican units too (groups of both sides read the errata, each its own ports)."""
    s = synthetic(n, n // 20, seed)
    rules = EuropaRules.for_position(s.position)
    if islands:
        rules = replace(rules, island_regions=("Ruritania",),
                        naval_isolation_coalitions=(*rules.naval_isolation_coalitions, "Republican"))
    return EuropaSupply(s.position, s.map, rules)


def _reference(engine: EuropaSupply, unit, i: int) -> tuple[bool, bool]:
    """Whether the errata's naval line counts at node i, and the unit is not isolated by it: the
    rule read directly, the ports' any-length lines from the whole-map answer (`Regions.reaching`)."""
    where = {engine.map.region_of(engine.index.hexes[i]), engine.map.country_of(engine.index.hexes[i])}
    applies = (unit.coalition in engine.rules.island_errata_coalitions and bool(where & set(engine.rules.island_regions))
               or unit.coalition in engine.rules.naval_isolation_coalitions)
    if not applies:
        return False, False
    any_port = engine.general_reach(unit, origin_classes=ANY_CLASS)
    ports = np.zeros(len(engine.index), dtype=bool)
    ports[[engine.index.pos[engine.index.hexes[k]] for k in any_port.origins if isinstance(k, int)]] = True
    return True, bool(engine._regions(unit.side).reaching(ports)[i])


@pytest.mark.parametrize("n, seed, islands", [(3000, 1, True), (3000, 2, False), (10000, 1, True)])
def test_the_errata_read_per_group_answer_as_the_rule_node_by_node(n, seed, islands):
    """Every group, at every fifth land node (in an order not sorted, nodes repeated): the batch's
    answers, and `_naval_unisolated` one node at a time, are the reference's."""
    engine = _engine(n, seed, islands)
    firsts = {}
    for unit in engine.position.units:
        firsts.setdefault((unit.side, unit.coalition, unit.affiliation), unit)
    land = np.flatnonzero(engine.index.land)[::5].tolist()
    nodes = land[::-1] + land[:7]
    seen = set()
    for unit in firsts.values():
        applies, unisolated = engine._naval_unisolated_at(unit, nodes)
        expected = [_reference(engine, unit, i) for i in nodes]
        assert list(zip(applies, unisolated)) == expected, unit.id
        assert [engine._naval_unisolated(unit, i, None) for i in nodes[:40]] == [u for _, u in expected[:40]]
        seen.update(expected)
    # Each answer occurs: the errata not counting, counting without a port reached, and with one.
    assert seen >= {(False, False), (True, True)} if n == 10000 else seen >= {(False, False), (True, False)}
    if islands:
        assert any(a for u in firsts.values() if u.coalition == "Rebel"
                   for a in engine._naval_unisolated_at(u, nodes)[0])


@pytest.mark.parametrize("n, seed, islands", [(3000, 1, True), (10000, 1, True), (10000, 2, False)])
def test_isolated_units_read_per_group_as_verdict_gives_them(monkeypatch, n, seed, islands):
    """With no group's seeds reached by an any-length line, every unit the batch judges is read
    for the errata per group; each verdict (isolated or not, the isolation's reason naming the
    errata or not, its ring) reads, as JSON, as `verdict`'s for the unit alone."""
    monkeypatch.setattr(EuropaSupply, "BATCH", 1)
    monkeypatch.setattr(EuropaSupply, "_reaching_seeds", lambda self, side, reach, nodes: np.zeros(len(nodes), bool))
    read = []
    batched = unit_batch._isolation
    monkeypatch.setattr(unit_batch, "_isolation", lambda engine, units, at, groups, cut, kinds: (
        read.append(len(cut)), batched(engine, units, at, groups, cut, kinds))[1])
    engine, alone = _engine(n, seed, islands), _engine(n, seed, islands)
    engine._walk_lines()
    alone._walk_lines()
    verdicts = unit_batch.unit_verdicts(engine)
    assert read and read[0] > len(verdicts) // 2
    for unit, v in zip(engine.position.units, verdicts, strict=True):
        assert json.dumps(v.as_dict()) == json.dumps(alone.verdict(unit).as_dict()), unit.id
    reasons = [v.isolation.reason for v in verdicts if v.isolation is not None]
    assert any("3F errata" in r for r in reasons) and any("3F errata" not in r for r in reasons)
    if (n, seed) == (10000, 1):     # the naval line counts for some units, which are not isolated
        assert any(not v.isolated for u, v in zip(engine.position.units, verdicts) if u.coalition == "Interventionist")
