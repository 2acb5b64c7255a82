"""The units that may draw on limited sources (12C2), gathered in one pass (limited_candidates.py),
are those the stage found before: every verdict out of full supply read through a units-by-id
table, each unit's place (`placed_hex`) and hex looked up one by one. On every Europa rulings case
(embarked units, boxes, 38D collapsed Gobernitos, the Palma ruling, SF 12C2) and on random
synthetic positions with limited sources near units out of supply."""
import pytest

from logistics.games.europa import limited_candidates
from logistics.games.europa.status import IN_SUPPLY, NOT_CHECKED
from logistics.games.europa.supply import EuropaSupply
from logistics.rulings.cases import all_cases, run
from tests.test_limited_reach import with_sources_near_stranded_units


def reference(engine, verdicts) -> dict:
    """The candidates as the stage gathered them unit by unit (12C2: units out of full supply, not
    embarked at sea: SF Q&A on Rule 12, GR/D 1998)."""
    units = {u.id: u for u in engine.position.units}
    candidates = [units[v.unit] for v in verdicts if v.general not in (IN_SUPPLY, NOT_CHECKED) and v.hex is not None
                  and engine.placed_hex(units[v.unit])[2] is None]
    placed = [engine.placed_hex(u) for u in candidates]
    nodes = [-1 if h is None else engine.index.pos[h] for h, _, _ in placed]
    kinds, sides = {}, {}
    for k, u in enumerate(candidates):
        kinds.setdefault((u.side, u.coalition, u.affiliation), []).append(k)
        sides.setdefault(u.side, []).append(k)
    of_side = {side: (sorted(nodes[k] for k in ks if nodes[k] >= 0), {placed[k][1] for k in ks if nodes[k] < 0})
               for side, ks in sides.items()}
    return {"ids": [u.id for u in candidates], "verdicts": [v.unit for v in verdicts if v.unit in units and
                                                             units[v.unit] in candidates],
            "placed": placed, "nodes": nodes, "sizes": {u.id: u.size for u in candidates}, "kinds": kinds,
            "of_side": of_side}


def gathered(found) -> dict:
    of_side = {}
    for side in {u.side for u in found.units}:
        nodes, boxes = found.of_side(side)
        of_side[side] = (sorted(nodes.tolist()), boxes)
    return {"ids": [u.id for u in found.units], "verdicts": [v.unit for v in found.verdicts],
            "placed": found.placed, "nodes": found.nodes.tolist(), "sizes": found.sizes,
            "kinds": {kind: members.tolist() for kind, members in found.kinds.items()}, "of_side": of_side}


def test_every_rulings_case_gathers_the_reference_candidates(monkeypatch):
    """Every Europa rulings case that allocates limited sources: the same candidates, places,
    nodes, kinds (12C1) and sides, embarked units traced from their group's port included."""
    calls = []

    class Compared(limited_candidates.Candidates):
        def __init__(self, engine, verdicts):
            super().__init__(engine, verdicts)
            calls.append((gathered(self), reference(engine, verdicts)))

    monkeypatch.setattr(limited_candidates, "Candidates", Compared)
    for case in all_cases():
        run(case)
    assert len(calls) >= 10
    for new, ref in calls:
        assert new == ref
    assert sum(len(new["ids"]) for new, _ in calls) >= 30
    assert any(h is None for new, _ in calls for h, _, _ in new["placed"])          # units in a box


@pytest.mark.parametrize("seed,size", [(2, 1000), (1, 10000)])
def test_random_positions_gather_the_reference_candidates(seed, size):
    """12C2a: limited sources next to units out of supply on synthetic maps: the same candidates."""
    position, map_ = with_sources_near_stranded_units(seed, size)
    engine = EuropaSupply(position, map_)
    verdicts = engine.verdicts()
    new = gathered(limited_candidates.candidates_of(engine, verdicts))
    assert new == reference(engine, verdicts)
    assert len(new["ids"]) >= 20


def test_gathered_once_per_verdicts():
    """The options and the verdicts' update read one gathering; another verdicts list gathers anew."""
    position, map_ = with_sources_near_stranded_units(2, 1000)
    engine = EuropaSupply(position, map_)
    verdicts = engine.verdicts()
    first = limited_candidates.candidates_of(engine, verdicts)
    assert limited_candidates.candidates_of(engine, verdicts) is first
    assert limited_candidates.candidates_of(engine, list(verdicts)) is not first


def test_embarked_units_are_gathered_from_their_groups_port():
    """SF Q&A on Rule 12 (GR/D 1998): a unit embarked in port traces from its group's port, one at
    sea traces no line and is no candidate; both out of supply here (no full source), with a unit
    on the map and one in a box."""
    from dataclasses import replace

    from logistics.position import NavalGroup, Unit
    from logistics.rulings.cases.europa_naval import strait

    m, p = strait([], ceuta="Loyalist")
    groups = (NavalGroup("NT", "Loyalist", "transport", m.hex_at("0802")),
              NavalGroup("NT2", "Loyalist", "transport", m.hex_at("0702"), in_port=True))
    units = (Unit("A", "Loyalist", "Republican", "People's Army", aboard="NT"),
             Unit("B", "Loyalist", "Republican", "People's Army", hex=m.hex_at("0304"), aboard="NT2"),
             Unit("C", "Loyalist", "Republican", "People's Army", hex=m.hex_at("0304")))
    p = replace(p, naval_groups=groups, units=units, supply_sources=())
    engine = EuropaSupply(p, m)
    verdicts = engine.verdicts()
    new = gathered(limited_candidates.candidates_of(engine, verdicts))
    assert new == reference(engine, verdicts)
    assert new["ids"] == ["B", "C"] and new["placed"][0][0] == m.hex_at("0702")
    # 37C (DPS, 04-Jan-04): before the Insurgent II Aug 36 turn no unit is checked, none draws.
    engine = EuropaSupply(p, m)
    engine.unchecked = True
    verdicts = engine.verdicts()
    assert gathered(limited_candidates.candidates_of(engine, verdicts)) == reference(engine, verdicts)
    assert limited_candidates.candidates_of(engine, verdicts).units == []


def test_verdicts_not_the_engines_are_refused():
    """The gathering reads the verdicts beside the units, in the units' order (`unit_verdicts`):
    verdicts in another order, or fewer of them, are an error, never candidates of the wrong unit."""
    position, map_ = with_sources_near_stranded_units(2, 1000)
    engine = EuropaSupply(position, map_)
    verdicts = engine.verdicts()
    out = [k for k, v in enumerate(verdicts) if v.general not in (IN_SUPPLY, NOT_CHECKED)]
    swapped = list(verdicts)
    swapped[out[0]], swapped[out[0] - 1] = swapped[out[0] - 1], swapped[out[0]]
    with pytest.raises(ValueError, match="units' order"):
        limited_candidates.Candidates(engine, swapped)
    with pytest.raises(ValueError):
        limited_candidates.Candidates(engine, verdicts[:-1])
