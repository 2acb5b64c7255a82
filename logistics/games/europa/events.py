"""For Whom the Bell Tolls events that change supply: Gobernito collapse (38D), variable French
assistance (44J), the pacification and ideological purification of cities with the Barcelona
Revolt (39A, 39B, 38B5), and what factories produce (37B). Rulings are cited as the FWtBT FAQ
(seed 000) prints them.

Gobernito collapse (38D, 38D1-4)
--------------------------------
Collapse is checked only in the initial phase of the Insurgent player turn (AEG, 04-May-04 and
05-May-04), at step 3, before every unit's supply is checked at step 4 (DPS, 04-Jan-04). What the
collapse test traces is judged then, on the position of that moment, never from the last supply
check (DPS, 08-Oct-04), and it commits no unit to any line: step 4 judges every unit afresh on
the position after the collapse (DPS, 08-Oct-04).

The cities a Gobernito's collapse turns on are scenario data: the cities of the full general
supply sources whose users name that Gobernito's affiliation (12C1b, 2nd bullet). The tests:

- Asturias (38D1, quoted by the FAQ): "Asturias will collapse if both Gijon and Oviedo are
  Insurgent-owned at the start of a game turn and a supply line can be traced from each of these
  cities to a Rebel general supply source (full or limited)". Euzkadi and Santander "have similar
  specific Gobernito collapse rules" (FAQ, 38D1-4): every city of the Gobernito enemy-owned, and
  a supply line from each to a full or limited source of the enemy's main coalition (the first
  the scenario lists for the side: Rebel).
- Catalunya (38D2, as the FAQ quotes and rules on it): Barcelona wholly Insurgent-owned; or an
  Insurgent unit within 3 hexes of Barcelona at the start of the game turn while "a Loyalist rail
  element supply line cannot be traced from Barcelona to a general supply source (full or
  limited)" of the Republican coalition. Barcelona itself may be one of the three connected
  cities of that source (AEG, 10-Feb-04, which overrules Rules Court, TEM 67); a limited source
  in Barcelona itself is not one the line could be traced *to*.

The consequences for supply are in the engine (`EuropaSupply.may_use`): a surviving unit of a
collapsed Gobernito draws supply as a People's Army unit (38D revised, AEG 30-Mar-04) and still
from its own Gobernito's cities (DPS, 21-Aug-05). Nothing else changes: the Gobernito's cities
do not become Republican full sources (DPS, 22-Aug-05) and every limited source stays what it
was (12C2b / 12C2c; DPS, 22-Aug-05; Barcelona: AEG, 10-Feb-04). The die rolls of the collapse
procedure are the players': the units eliminated by them leave the position.

French assistance (44J, optional)
---------------------------------
Scenario option `french_assistance: {country: France, quarters: {...}, checks: {...}}`:
`quarters` gives the level of assistance of each 44J quarter-year by the game turn of its first
Loyalist initial phase ("Oct I 36", "Jan I 37", ...); `checks` gives, for the quarters of
Sporadic Assistance, the border found at each Loyalist initial phase (open / closed).

- A 44J quarter-year is a "Loyalist quarter-year": it begins in a Loyalist initial phase and runs
  until the 6th following one, so the Insurgent I Jan 37 player turn still belongs to the
  quarter begun in the Loyalist I Oct 36 initial phase (AEG, 08-Apr-04).
- Under Sporadic Assistance the border is checked in each Loyalist initial phase and keeps that
  status until the next, through the following Insurgent player turn (AEG, 08-Apr-04). Under
  Limited or Substantial Assistance it stays open (AEG, 08-Apr-04); so does it under Increased
  Assistance, which France gives automatically in the Jul II 36 to Sep II 36 game turns
  (official erratum, AEG 08-Apr-04). `closed`: a quarter the scenario declares closed throughout.

Pacification and purification (39A, 39B, 38B5)
-----------------------------------------------
A work under way is scenario data (`pacification`: hex, work, required garrison in REs, turns
required, turns held; `Position.barred_cities` says which hexes it closes). A city is pacified
only once its required garrison has been in place for the required time, and only a pacified
city has an intrinsic garrison (DPS, 04-Jan-04). A city needing both pacification and
purification lets no supply line of its owner through until both are done, unless both
garrisons are there, each its own units; they may be done in either order or at once (AEG,
03-Mar-04). At the Barcelona Revolt every Loyalist-owned city of Catalunya, point cities too,
must be purified again (38B5, AEG 1998; 39B, AEG 03-Mar-04) — the Balearics, Palma included, are
no part of Catalunya (DPS 20-Sep-05, AEG 23-Sep-05); a city is never purified a third time, not
even when the Loyalists regain it (AEG, 03-Mar-04: recapture calls for 39A pacification only,
`ownership.update_ownership`). The garrisons and times each city needs (39A's chart) are the
caller's data: the seeds do not print them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from logistics.games.europa.assistance import LOYALIST, turn_index
from logistics.games.europa.garrisons import pacified  # noqa: F401 (read from here)
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Pacification, Position, SupplyStock, Turn

GOBERNITO = "Gobernito"          # 3B3: the coalition whose affiliations are the Gobernitos
BARCELONA_RULE = {"Catalan": "38D2"}   # the Gobernito whose collapse follows 38D2; others follow 38D1
CATALUNYA_RANGE = 3              # 38D2: an Insurgent unit within 3 hexes of Barcelona


# --- 38D: Gobernito collapse ----------------------------------------------------------------------

@dataclass(frozen=True)
class CollapseCheck:
    gobernito: str                 # the Gobernito's affiliation
    collapses: bool
    rule: str
    reason: str


def gobernitos(position: Position) -> list[tuple[str, str]]:
    """(side, affiliation) of every Gobernito of the position's sides."""
    return [(s.name, a) for s in position.sides for c, affs in s.coalitions if c == GOBERNITO for a in affs]


def gobernito_cities(position: Position, gobernito: str) -> list[str]:
    """The Gobernito's own cities: those of the full sources its affiliation is named a user of (12C1b)."""
    return list(dict.fromkeys(c for s in position.supply_sources if gobernito in s.users for c in s.cities))


def collapse_check(position: Position, map_: Map, gobernito: str, engine=None) -> CollapseCheck:
    """38D / 38D1-4: whether the Gobernito collapses now, and why. `engine`: an EuropaSupply on this
    very position, to share its searches between Gobernitos."""
    from logistics.games.europa.supply import EuropaSupply
    rule = BARCELONA_RULE.get(gobernito, "38D1")
    side = next((s for s, a in gobernitos(position) if a == gobernito), None)
    if side is None:
        return CollapseCheck(gobernito, False, "38D", f"{gobernito} is no Gobernito of the scenario's sides")
    if gobernito in position.collapsed:
        return CollapseCheck(gobernito, False, "38D", "it has already collapsed")
    enemies = position.enemies_of(side)
    turn = position.turn
    if turn.phase != "initial" or turn.player not in enemies:
        return CollapseCheck(gobernito, False, "38D", (
            "collapse is checked only at step 3 of the Insurgent initial phase (AEG 04-May-04, 05-May-04; "
            f"DPS 04-Jan-04), not in the {turn.player or 'unnamed'} {turn.phase} phase"))
    cities = gobernito_cities(position, gobernito)
    if not cities:
        return CollapseCheck(gobernito, False, rule, "the scenario names no supply source of the Gobernito")
    engine = engine or EuropaSupply(position, map_)
    enemy = turn.player
    if rule == "38D2":
        return _catalunya(engine, gobernito, side, enemy, cities)
    return _by_cities(engine, gobernito, enemy, cities, rule)


def _owned(position: Position, hexes, side: str) -> bool:
    return bool(hexes) and all(position.owner_of(h) == side for h in hexes)


def _traces(engine, reach, hexes) -> bool:
    """Whether a supply line (12B: every element) from any of `hexes` reaches the group's seeds."""
    ix = engine.index
    return any(reach.seeds[ix.pos[h]] or engine._line_level(reach, ix.pos[h]) is not None for h in hexes)


def _main_source_reaches(engine, side: str, *, skip: tuple[Hex, ...] = ()):
    """The searches from the full and from the limited general supply sources of `side`'s main
    coalition (Rebel, Republican: the first the scenario lists), each computed once, as a unit of
    that coalition's first affiliation traces them. `skip`: hexes no limited source counts in."""
    from logistics.games.europa.hexes import limited_reach
    from logistics.position import Unit
    coalition, affiliations = engine.position.side(side).coalitions[0]
    probe = Unit(f"a {coalition} unit", side, coalition, affiliations[0])
    return engine.general_reach(probe), limited_reach(engine, probe, skip)


def _by_cities(engine, gobernito: str, enemy: str, cities: list[str], rule: str) -> CollapseCheck:
    """38D1 (Asturias) and the similar rules of Euzkadi and Santander."""
    position, map_ = engine.position, engine.map
    names = " and ".join(cities)
    held = [c for c in cities if not _owned(position, map_.city(c).place.hexes, enemy)]
    if held:
        return CollapseCheck(gobernito, False, rule, f"{', '.join(held)} not {enemy}-owned")
    full, limited = _main_source_reaches(engine, enemy)
    coalition = position.side(enemy).coalitions[0][0]
    cut = [c for c in cities if not any(_traces(engine, r, map_.city(c).place.hexes) for r in (full, limited))]
    if cut:
        return CollapseCheck(gobernito, False, rule, (
            f"{names} are {enemy}-owned, but no supply line can be traced from {', '.join(cut)} to a "
            f"{coalition} general supply source (full or limited)"))
    return CollapseCheck(gobernito, True, rule, (
        f"{names} are {enemy}-owned and a supply line can be traced from each to a {coalition} general "
        "supply source (full or limited), judged now (DPS, 08-Oct-04)"))


def _catalunya(engine, gobernito: str, side: str, enemy: str, cities: list[str]) -> CollapseCheck:
    """38D2: Barcelona lost, or threatened while cut off from every Republican source."""
    position, map_ = engine.position, engine.map
    hexes = [h for c in cities for h in map_.city(c).place.hexes]
    names = " and ".join(cities)
    if _owned(position, hexes, enemy):
        return CollapseCheck(gobernito, True, "38D2", f"every hex of {names} is {enemy}-owned")
    near = [u.id for u in position.units if u.side == enemy and u.hex is not None
            and min(u.hex.distance(h) for h in hexes) <= CATALUNYA_RANGE]
    if not near:
        return CollapseCheck(gobernito, False, "38D2", (
            f"no {enemy} unit within {CATALUNYA_RANGE} hexes of {names} at the start of the game turn"))
    full, limited = _main_source_reaches(engine, side, skip=tuple(hexes))
    ix = engine.index
    own = [ix.pos[h] for h in hexes if position.owner_of(h) == side]
    coalition = position.side(side).coalitions[0][0]
    # The rail element from Barcelona (AEG, 10-Feb-04): Barcelona may be one of the three
    # connected cities of the source it reaches, so a Barcelona hex that is a seed suffices.
    for reach in (full, limited):
        if any(reach.seeds[i] or reach.rail_ok[i] for i in own):
            return CollapseCheck(gobernito, False, "38D2", (
                f"{near[0]} is within {CATALUNYA_RANGE} hexes of {names}, but a {side} rail element can be "
                f"traced from {names} to a {coalition} general supply source (AEG, 10-Feb-04)"))
    return CollapseCheck(gobernito, True, "38D2", (
        f"{near[0]} is within {CATALUNYA_RANGE} hexes of {names} and no {side} rail element can be traced "
        f"from {names} to a {coalition} general supply source, full or limited"))


@dataclass
class InitialPhase:
    """Steps 3 and 4 of an initial phase: the collapse checks, the position after them, the supply
    verdicts of every unit on that position, and the position with the new U-markers."""
    checks: list[CollapseCheck]
    after_collapse: Position
    verdicts: list
    position: Position


def initial_phase(position: Position, map_: Map) -> InitialPhase:
    """Step 3 (38D: Gobernito collapse, checked only in the Insurgent initial phase) and then step 4
    (every unit's supply, judged on the position after the collapses: DPS, 08-Oct-04)."""
    from logistics.games.europa.supply import EuropaSupply, initial_phase_markers
    engine = EuropaSupply(position, map_)
    checks = [collapse_check(position, map_, g, engine) for _, g in gobernitos(position)
              if g not in position.collapsed]
    fallen = {c.gobernito for c in checks if c.collapses}
    after = replace(position, collapsed=position.collapsed | fallen) if fallen else position
    verdicts, marked = initial_phase_markers(after, map_)
    return InitialPhase(checks, after, verdicts, marked)


# --- 39A / 39B / 38B5: pacification, purification, the Barcelona Revolt ---------------------------------

REVOLT_REGION = "Catalunya"      # 38B5: the region whose Loyalist-owned cities are purified again


def advance_pacification(position: Position, map_: Map) -> Position:
    """A turn of pacification: every unfinished work whose garrison is in place counts one turn
    more. The owner's units in a hex garrison its works in the order listed, each work its own
    REs (AEG, 03-Mar-04). Finished works are dropped; one that `joins` a source adds its city.
    A city listed only as `unpacified` (captured in play: ownership.py) starts its pacification
    here, with the required garrison and time of the options `pacification_garrison` (REs) and
    `pacification_turns` (the 39A chart is not in the seeds: 1 RE and 1 turn by default)."""
    left: dict[Hex, float] = {}
    works: list[Pacification] = []
    joins: dict[str, list[str]] = {}
    started = {w.hex for w in position.pacification}
    fresh = tuple(Pacification(h, garrison=position.required_garrison(),
                               turns=int(position.options.get("pacification_turns", 1)))
                  for h in sorted(position.unpacified - started))
    position = replace(position, unpacified=frozenset(), pacification=position.pacification + fresh)
    for w in position.pacification:
        if not w.done:
            # `garrisoned`: the scenario's word that the garrison is there (an override).
            res = left.setdefault(w.hex, float("inf") if w.hex in position.garrisoned else position.garrison_res(w.hex))
            if res >= w.garrison:
                left[w.hex] = res - w.garrison
                w = replace(w, held=w.held + 1)
        if not w.done:
            works.append(w)
        elif w.joins:
            joins.setdefault(w.joins, []).append(map_.city_at(w.hex).name)
    sources = tuple(replace(src, cities=src.cities + tuple(dict.fromkeys(c for c in joins[src.name]
                                                                            if c not in src.cities)))
                    if src.name in joins else src for src in position.supply_sources)
    under_way = {w.hex for w in works}
    return replace(position, pacification=tuple(works), supply_sources=sources,
                   garrisoned=frozenset(h for h in position.garrisoned if h in under_way))


def barcelona_revolt(position: Position, map_: Map, requirement: dict[str, tuple[float, int]],
                     joins: dict[str, str] | None = None, side: str = LOYALIST) -> Position:
    """38B5 / 39B: the Barcelona Revolt. Every `side`-owned city hex of Catalunya (the map's region
    layer), point cities included, must be ideologically purified again (AEG 1998; AEG 03-Mar-04);
    other regions, the Balearics and Palma among them, need not be (DPS 20-Sep-05, AEG 23-Sep-05).
    `requirement`: city -> (garrison REs, turns), as for pacifying it (39B: "in the same manner");
    `joins`: city -> the source it joins once purified (OB note 3: Tarragona and Lerida then produce
    People's Army inf RPs, AEG 19-Feb-04). A hex still unpacified in the short form gets its
    pacification as a work too (turns held unknown: none), so that both garrisons are counted."""
    joins = joins or {}
    works = list(position.pacification)
    unpacified, garrisoned = set(position.unpacified), set(position.garrisoned)
    for city in map_.cities:
        for h in city.place.hexes:
            if map_.region_of(h) != REVOLT_REGION or position.owner_of(h) != side:
                continue
            if city.name not in requirement:
                raise ValueError(f"no required garrison and time given for {city.name}")
            garrison, turns = requirement[city.name]
            if h in unpacified:
                works.append(Pacification(h, "pacification", garrison, turns))
                unpacified.discard(h)
                garrisoned.discard(h)
            if not any(w.hex == h and w.work == "purification" and not w.done for w in works):
                works.append(Pacification(h, "purification", garrison, turns, 0, joins.get(city.name, "")))
    return replace(position, pacification=tuple(works), unpacified=frozenset(unpacified),
                   garrisoned=frozenset(garrisoned))


# --- 37B: factory production -------------------------------------------------------------------------------

def factory_output(position: Position, steps: dict[Hex, float], turn: Turn | None = None
                   ) -> tuple[tuple[SupplyStock, ...], dict[str, int]]:
    """37B (AEG 1998; Rules Court, TEM 62): the "supply" of the Factory Production Chart is steps
    of attack supply only, never general supply or resource points; besides, each friendly-owned
    factory in production yields 1 resource point on the first turn of every even-numbered month
    (the OBs' production sections). `steps`: each producing factory's hex and its steps this time
    (the chart's figure, the caller's data). Returns the attack-supply steps placed at the
    factories (12F: steps are attack supply) and the resource points by side."""
    turn = turn or position.turn
    index = turn_index(turn.date)
    first_of_even_month = index % 2 == 0 and ((index // 2) % 12 + 1) % 2 == 0
    stocks, points = [], {}
    for h, amount in steps.items():
        owner = position.owner_of(h)
        if owner not in {s.name for s in position.sides}:
            continue
        if amount > 0:
            stocks.append(SupplyStock(owner, "attack", h, amount))
        if first_of_even_month:
            points[owner] = points.get(owner, 0) + 1
    return tuple(stocks), points
