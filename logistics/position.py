"""A moment of a game: units, ownership and markers on a map. A turn engine advances it.

A `Position` is an immutable snapshot; `position.apply(change, ...)` returns a new one, so the
engine can keep history and every verdict is computed on one fixed snapshot (12B ruling:
out-of-supply markers change simultaneously, after all verdicts).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from logistics.hexgrid import Hex

ZOC_KINDS = ("normal", "reduced", "none")
PACIFICATION_WORKS = ("pacification", "purification")   # FWtBT 39A, 39B
NAVAL_GROUP_KINDS = ("combat", "transport", "mixed", "submarine")
SUPPLY_KINDS = ("general", "attack", "sp")   # sp: an OCS supply dump (13.2f)
NEUTRAL = "neutral"
UNOWNED = "unowned"


def serves(side: str, users: tuple[str, ...], unit: "Unit") -> bool:
    """A source of `side` for `users` (coalitions or affiliations; none: the whole side) serves
    the unit (12C1: 'the appropriate side, coalition or affiliation')."""
    return unit.side == side and (not users or unit.coalition in users or unit.affiliation in users)


@dataclass(frozen=True)
class Side:
    """A side, its coalitions and each coalition's affiliations (3B)."""

    name: str
    coalitions: tuple[tuple[str, tuple[str, ...]], ...]

    def affiliations(self) -> list[str]:
        return [a for _, affs in self.coalitions for a in affs]


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    coalition: str
    affiliation: str
    type: str = "infantry"
    size: float = 1.0              # REs
    zoc: str = "normal"            # normal | reduced | none
    nationality: str = ""
    hex: Hex | None = None
    box: str | None = None
    aboard: str | None = None      # a naval group's id
    oos: int = 0                   # the U-n marker: 0 = none
    mode: str = ""                 # OCS / TSCW modes (combat, move, strat, column, ...)
    tags: tuple[str, ...] = ()
    # OCS (seed 003): the multi-unit formation (division) a unit belongs to, "" if independent
    # (3.2f); an HQ of a formation is a divisional HQ (13.1d).
    formation: str = ""
    throw: tuple[float, float] = ()   # OCS HQ throw range in truck MP: (Combat Mode, Move Mode), 13.1a
    ma: float = 0.0                # OCS printed movement allowance (Transport Points, 13.2f)
    load: float = 0.0              # OCS SP carried by a Transport Point (13.2, 13.2f)


@dataclass(frozen=True)
class NavalGroup:
    id: str
    side: str
    kind: str                      # combat | transport | mixed | submarine
    hex: Hex | None = None
    box: str | None = None
    in_port: bool = False
    capacity: float = 0.0          # REs of cargo its transports can carry (naval supply limits)


@dataclass(frozen=True)
class CoastalDefence:
    id: str
    side: str
    hex: Hex
    level: int = 1                 # a level-1 CD has a combat zone in its own hex only (AEG 1998)
    # 44H / 33B (AEG, 01-Oct-05): La Corunya's CD has the level of El Ferrol's while El Ferrol is
    # owned by the CD's side, and none while it is enemy-owned: the hex of the CD it follows.
    follows: Hex | None = None


@dataclass(frozen=True)
class LimitedSource:
    """A limited general supply source (12C2a / 12C2b): a city giving `capacity` REs of general
    supply to units of its `users` (coalitions / affiliations; empty: the whole side)."""

    name: str
    side: str
    city: str
    capacity: float
    users: tuple[str, ...] = ()
    # 38D2 (AEG, 10-Feb-04): each friendly-owned hex of the city is a source of `capacity` REs
    # (Barcelona: 6 REs per hex), rather than the whole city only while every hex is owned.
    per_hex: bool = False

    def usable_by(self, unit: "Unit") -> bool:
        return serves(self.side, self.users, unit)


@dataclass(frozen=True)
class Pacification:
    """FWtBT 39A / 39B: the pacification or the ideological purification of a city hex, under way
    for the side that owns it. The city is pacified (purified) only once its required garrison,
    `garrison` REs, has been in place `turns` turns (DPS, 04-Jan-04); `held`: the turns so far.
    Until then no supply line of the owner enters it unless the garrison is there — each work its
    own units when both are under way (AEG, 03-Mar-04). `joins`: a full general supply source the
    city joins once the work is done (Loyalist OB production note 3: Tarragona and Lerida produce
    People's Army inf RPs once repurified after the Barcelona Revolt; AEG, 19-Feb-04)."""

    hex: Hex
    work: str = "pacification"
    garrison: float = 1.0
    turns: int = 1
    held: int = 0
    joins: str = ""

    @property
    def done(self) -> bool:
        return self.held >= self.turns


@dataclass(frozen=True)
class SupplyStock:
    """General supply points or attack-supply steps/points lying in a hex (12C3, 12D, 12F)."""

    side: str
    kind: str                      # general | attack
    hex: Hex
    amount: float = 1.0
    affiliation: str = ""          # "" = any of the side
    generated: int = 0             # FWtBT 12C3a: the game turn general supply points were generated (0: set up)


@dataclass(frozen=True)
class SupplySource:
    """A full general supply source as the scenario or OB defines it (12C1).

    `users`: the coalitions / affiliations that may draw on it (empty: the whole side; 12C1
    "appropriate side, coalition or affiliation"). `connected`: how many of its cities must be
    rail-connected for each to count (3 for the Rebel / Republican cities; 0 for sources that need
    no connection, such as the Radical and Gobernito cities). `stand_ins`: cities in a neutral
    country that may count as one of the connected cities when that border is open (12C1b).
    """

    name: str
    side: str
    cities: tuple[str, ...]
    users: tuple[str, ...] = ()
    connected: int = 0
    stand_ins: tuple[str, ...] = ()
    per_hex: bool = False          # each friendly-owned hex counts (12C1b: "any hex of Barcelona")
    hexes: tuple[Hex, ...] = ()    # source hexes that are no city (TSCW: Republican USS hex 3324)

    def usable_by(self, unit: "Unit") -> bool:
        return serves(self.side, self.users, unit)


# Game-turn dates name their month by these three letters (FWtBT 'Aug II 36', TSCW 'Sep 36').
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass(frozen=True)
class Turn:
    number: int = 1
    date: str = ""
    phase: str = "initial"
    player: str = ""


@dataclass(frozen=True)
class Position:
    game: str
    map_ref: str
    sides: tuple[Side, ...]
    turn: Turn = Turn()
    units: tuple[Unit, ...] = ()
    owner: dict[Hex, str] = field(default_factory=dict)   # side name or "neutral"; absent = unowned
    box_owner: dict[str, str] = field(default_factory=dict)  # off-map boxes held by a side
    # 43C1: hexes owned only while a 1/2-RE unit occupies them, and the owner they revert to.
    temporary_owners: dict[Hex, str] = field(default_factory=dict)
    unpacified: frozenset[Hex] = frozenset()
    garrisoned: frozenset[Hex] = frozenset()   # unpacified cities holding their required garrison (39A)
    rail_breaks: frozenset[Hex] = frozenset()
    port_damage: dict[str, int] = field(default_factory=dict)
    naval_groups: tuple[NavalGroup, ...] = ()
    coastal_defences: tuple[CoastalDefence, ...] = ()
    supply: tuple[SupplyStock, ...] = ()
    supply_sources: tuple[SupplySource, ...] = ()
    limited_sources: tuple[LimitedSource, ...] = ()
    rail_capacity: dict[str, float] = field(default_factory=dict)
    # The capacity spent so far this turn (a yard's name, or a side's pool: 'Loyalist rail (11.4)');
    # the turn engine resets it when the game's capacity comes anew (7A, 13.3b, 11.2).
    capacity_used: dict[str, float] = field(default_factory=dict)
    weather: dict[str, str] = field(default_factory=dict)
    # Named sets of hexes a rule system reads (OCS trainbusting zones and detrainable hexes, ...).
    marks: dict[str, frozenset[Hex]] = field(default_factory=dict)
    # FWtBT 38D: the affiliations of the Gobernitos that have collapsed. Their surviving units draw
    # supply as People's Army units as well as from their own cities (AEG 30-Mar-04, DPS 21-Aug-05).
    collapsed: frozenset[str] = frozenset()
    # FWtBT 39A / 39B in detail: works under way with their garrisons and turns (the short form is
    # `unpacified` + `garrisoned`; a hex uses one form or the other).
    pacification: tuple[Pacification, ...] = ()
    options: dict[str, object] = field(default_factory=dict)

    # --- looking things up ------------------------------------------------------------------
    def side(self, name: str) -> Side:
        for s in self.sides:
            if s.name == name:
                return s
        raise KeyError(name)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def owner_of(self, hex_: Hex) -> str:
        return self.owner.get(hex_, UNOWNED)

    def enemies_of(self, side: str) -> list[str]:
        return [s.name for s in self.sides if s.name != side]

    def barred_cities(self) -> frozenset[Hex]:
        """39A / 39B: the hexes no supply line of their owner may enter, and which are no supply
        city: `unpacified` ones not `garrisoned`, and hexes with works under way whose garrisons
        are not all there — the owner's units in the hex must come to the REs of every unfinished
        work, since simultaneous works need separate units (AEG, 03-Mar-04)."""
        # 39A: the owner's units of the required REs in the hex are its garrison (option
        # `pacification_garrison`, 1 RE by default); `garrisoned` is an explicit override.
        required = self.required_garrison()
        barred = {h for h in self.unpacified - self.garrisoned if self.garrison_res(h) < required}
        needed: dict[Hex, float] = {}
        for w in self.pacification:
            if not w.done:
                needed[w.hex] = needed.get(w.hex, 0.0) + w.garrison
        for h, res in needed.items():
            if h not in barred and h not in self.garrisoned and self.garrison_res(h) < res:
                barred.add(h)
        return frozenset(barred)

    def required_garrison(self) -> float:
        """39A: the REs a city's pacification garrison needs (option `pacification_garrison`; the
        39A chart is not in the seeds: 1 RE by default)."""
        return float(self.options.get("pacification_garrison", 1.0))

    def garrison_res(self, hex_: Hex) -> float:
        """The REs of the hex owner's ground units in the hex (a garrison, 39A)."""
        owner = self.owner.get(hex_)
        return sum(u.size for u in self.units if u.hex == hex_ and u.side == owner)

    # --- changing ---------------------------------------------------------------------------
    def apply(self, *changes: "Change") -> "Position":
        position = self
        for change in changes:
            position = change.apply(position)
        return position


class Change:
    """One edit of a position; applying it never alters the original."""

    def apply(self, position: Position) -> Position:  # pragma: no cover - interface
        raise NotImplementedError


def _replace_unit(position: Position, unit_id: str, **fields) -> Position:
    position.unit(unit_id)  # KeyError for an unknown unit
    units = tuple(replace(u, **fields) if u.id == unit_id else u for u in position.units)
    return replace(position, units=units)


@dataclass(frozen=True)
class MoveUnit(Change):
    unit_id: str
    hex: Hex | None = None
    box: str | None = None

    def apply(self, position: Position) -> Position:
        return _replace_unit(position, self.unit_id, hex=self.hex, box=self.box, aboard=None)


@dataclass(frozen=True)
class SetMarker(Change):
    """Set a unit's out-of-supply marker (U-n; 0 removes it)."""

    unit_id: str
    oos: int

    def apply(self, position: Position) -> Position:
        return _replace_unit(position, self.unit_id, oos=self.oos)


@dataclass(frozen=True)
class AddUnit(Change):
    unit: Unit

    def apply(self, position: Position) -> Position:
        if any(u.id == self.unit.id for u in position.units):
            raise ValueError(f"unit {self.unit.id!r} is already in the position")
        return replace(position, units=position.units + (self.unit,))


@dataclass(frozen=True)
class RemoveUnit(Change):
    unit_id: str

    def apply(self, position: Position) -> Position:
        position.unit(self.unit_id)
        return replace(position, units=tuple(u for u in position.units if u.id != self.unit_id))


@dataclass(frozen=True)
class SetOwner(Change):
    hexes: tuple[Hex, ...]
    owner: str                      # a side, "neutral" or "unowned"

    def apply(self, position: Position) -> Position:
        owner = dict(position.owner)
        for h in self.hexes:
            if self.owner == UNOWNED:
                owner.pop(h, None)
            else:
                owner[h] = self.owner
        return replace(position, owner=owner)


@dataclass(frozen=True)
class SetRailBreak(Change):
    hex: Hex
    broken: bool = True

    def apply(self, position: Position) -> Position:
        breaks = position.rail_breaks | {self.hex} if self.broken else position.rail_breaks - {self.hex}
        return replace(position, rail_breaks=breaks)


@dataclass(frozen=True)
class SetPortDamage(Change):
    port: str
    hits: int

    def apply(self, position: Position) -> Position:
        damage = dict(position.port_damage)
        if self.hits:
            damage[self.port] = self.hits
        else:
            damage.pop(self.port, None)
        return replace(position, port_damage=damage)


@dataclass(frozen=True)
class SetTurn(Change):
    turn: Turn

    def apply(self, position: Position) -> Position:
        return replace(position, turn=self.turn)

