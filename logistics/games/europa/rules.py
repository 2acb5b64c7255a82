"""Europa rule parameters (For Whom the Bell Tolls, Second Front) as data.

The supply line lengths come from each game's Supply Line Summary chart, which the seeds do not
print. The defaults below are a documented option, not a ruling: a scenario sets the values of
its game with `options: {supply_lengths: {mud: {overland: 3, road: 5}, ...}}`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from logistics.games.europa.assistance import french_border_open, turn_key

# Each player turn: the initial, movement, combat and exploitation phases (the sequence of play).
PHASES = ("initial", "movement", "combat", "exploitation")

# Weather from best to worst: "worse weather" (36D) is the later one in this order.
DEFAULT_LENGTHS: dict[str, dict[str, int]] = {
    "clear": {"overland": 5, "road": 10},
    "frost": {"overland": 5, "road": 10},
    "snow": {"overland": 4, "road": 8},
    "winter": {"overland": 3, "road": 6},
    "mud": {"overland": 3, "road": 5},
}

# 39D erratum (AEG, 16-Mar-04): a unit with this tag is an intrinsic garrison, an unsupported
# static unit that is always in general supply.
INTRINSIC_GARRISON = "intrinsic_garrison"

# 37C, 2nd para., 1st bullet (DPS, 04-Jan-04): unit supply and isolation are checked from the
# Insurgent II Aug 36 player turn on, never in these game turns (turn dates as "Aug I 36" or
# "I Aug 36").
UNCHECKED_TURNS: dict[str, tuple[str, ...]] = {"europa-fwtbt": ("Jul II 36", "Aug I 36")}


def units_unchecked(position) -> bool:
    """Whether the position's game turn is one in which no unit's supply or isolation is checked (37C)."""
    return turn_key(position.turn.date) in {turn_key(t) for t in UNCHECKED_TURNS.get(position.game, ())}


@dataclass(frozen=True)
class DeemedSupply:
    """A ruling that puts units in general supply whatever their lines: the units of `side` in the
    map region `region`, during `side`'s player turn of game turn `turn`."""

    turn: str        # "Apr I 44" (or "I Apr 44")
    side: str
    region: str      # a value of the map's region layer
    rule: str        # the short rule label the verdict lists
    ruling: str      # cited in the verdict as its source

    def applies(self, position, unit, region: str) -> bool:
        return (unit.side == self.side == position.turn.player and region == self.region
                and turn_key(position.turn.date) == turn_key(self.turn))


# SF Q&A on the set-up (GR/D, 03-Mar-98): no cargo moves by sea or air in the pre-game Allied
# movement phase, yet the units in the Anzio Beachhead are in supply on the Allied Apr I 44 turn.
DEEMED_IN_SUPPLY: dict[str, tuple[DeemedSupply, ...]] = {"europa-sf": (
    DeemedSupply("Apr I 44", "Allied", "Anzio Beachhead", "SF set-up Q&A",
                 "Anzio Beachhead on the Allied Apr I 44 turn (SF Q&A, GR/D 03-Mar-98)"),)}


@dataclass(frozen=True)
class EuropaSequence:
    """A Europa game's own sequence of play, as the turn engine steps it (sequence.py): the phases
    of each player turn, the side whose player turn opens each game turn, and the events the
    engine runs at the game turn's boundaries."""

    first: str                      # the side whose player turn opens each game turn (rulings above each entry)
    phases: tuple[str, ...] = PHASES
    pacification: bool = False      # 39A / 39B counted as each game turn begins
    collapse_player: str = ""       # 38D step 3 in this side's initial phase only
    game_turn_events: bool = False  # 37B factories, 38B5 the Barcelona Revolt


SEQUENCES: dict[str, EuropaSequence] = {
    # DPS 04-Jan-04 (MSOP, under 38D): a game turn begins with the Insurgent player turn; collapse
    # at step 3 of its initial phase (AEG 04-May-04); both sides' supply at step 4 (DPS 08-Oct-04).
    "europa-fwtbt": EuropaSequence("Insurgent", pacification=True, collapse_player="Insurgent", game_turn_events=True),
    # SF Q&A (GR/D, 03-Mar-98): play begins after the pre-game Allied movement phase with "the Allied
    # Apr I 44 turn"; each movement and exploitation phase has its naval and ground parts (Q&A on
    # 31A). No FWtBT event; supply judged at each initial phase (Q&A on 12: a unit ending its turn
    # at sea "in the next player turn ... becomes out of supply").
    "europa-sf": EuropaSequence("Allied"),
}


# What each game of the series sets apart from the defaults below.
VARIANTS: dict[str, dict] = {
    "europa-fwtbt": dict(
        coalition_danger_zones={"Interventionist": ("Biscay",)},
        port_attack_supply={"Interventionist": ("standard", "major")},
        collapsed_supply_as=("Republican", "People's Army"),
        pacify_captured_cities=True, intrinsic_garrison_sizes=("dot", "major"), generated_supply_points=True),
    "europa-sf": dict(
        sf_port_zone=("Allied", "Axis", 5),
        limited_port_sides=("Allied",),
        deemed_in_supply=DEEMED_IN_SUPPLY["europa-sf"],
        cm_doubled_by_rail=True, replacement_source_line=True),
}


@dataclass(frozen=True)
class EuropaRules:
    # Overland / road element lengths by weather (Supply Line Summary; see module docstring).
    lengths: dict[str, dict[str, int]] = field(default_factory=lambda: dict(DEFAULT_LENGTHS))
    # Rail element: any length, but at most this many low-volume rail hexes (12B; the 7-hex
    # limit the 12C1/7A rulings name). Connections between cities have no such limit.
    low_volume_limit: int = 7
    # 43C3 (advanced): mountain and wooded-rough hexes count double for the overland element,
    # and narrow-strait hexsides count one; no other hexside counts (DPS, 24-Jun-05).
    adverse_terrain: bool = False
    # 43C1 (advanced): a 1/2-RE unit owns a hex only while it occupies it (AEG, 20-Jan-04).
    advanced_ownership: bool = False
    # 37C: countries whose border is open (France for the Loyalists): a city there may stand for
    # one of the three connected cities of a full general supply source (12C1b ruling).
    open_borders: tuple[str, ...] = ()
    # 38D revised (AEG, 30-Mar-04): a unit of a collapsed Gobernito that stays in play is henceforth
    # a unit of this (coalition, affiliation) for supply (12C), besides drawing on its own cities
    # (DPS, 21-Aug-05). Empty: collapse has no supply effect.
    collapsed_supply_as: tuple[str, ...] = ()

    # --- naval (issue [D]) ---
    # 12B4: a naval element starts at a friendly major or great port ...
    naval_origin_classes: tuple[str, ...] = ("major", "great")
    # ... and ends at one (a standard port may not be the far end: 40B3a ruling on Melilla/Ceuta).
    naval_destination_classes: tuple[str, ...] = ("major", "great")
    # 12C2c as rewritten (AEG, 07-Jan-05): a friendly functioning minor / standard port gives this
    # many REs of limited general supply when a naval element reaches a source usable by the unit.
    limited_port_res: float = 6.0
    # Sides that may use minor / standard ports for limited supply (empty: every side). Second
    # Front's 12C2 is a special case for the Allies only (SF Q&A, GR/D 1998).
    limited_port_sides: tuple[str, ...] = ()
    # 34F: sea zones that are danger zones for a coalition (FWtBT: the Bay of Biscay for the
    # Interventionist coalition, AEG 07-Jan-05).
    coalition_danger_zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Second Front 34F (GR/D 1998): hexes within this many hexes of a port owned by the first side
    # are a danger zone for the second and never for the first. None outside Second Front.
    sf_port_zone: tuple[str, str, int] | None = None
    # 3F errata (AEG, 11-Mar-04): Rebel units in these regions are unisolated through any
    # friendly port; the DPS 24-Jun-05 ruling gives Interventionist units the same anywhere.
    island_regions: tuple[str, ...] = ("Balearics", "Canaries", "Spanish Morocco")
    island_errata_coalitions: tuple[str, ...] = ("Rebel",)
    naval_isolation_coalitions: tuple[str, ...] = ("Interventionist",)
    # 12D2 (rulings of 23-Oct-04 and 05-Nov-04): friendly functioning ports of these classes are
    # unlimited attack supply for this coalition, reached by a full 12B line (any elements).
    port_attack_supply: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # 34A2: at night combat / mixed groups and CDs have a combat zone only in their own hex.
    night: bool = False
    # SF 31B rewrite (GR/D, 03-Mar-98): no naval unit embarks or disembarks cargo at a beach in
    # stormy sea conditions. The sea zones (map layer `sea_zone`) that are stormy this turn, or
    # True for every sea (scenario option `stormy_seas`).
    stormy_seas: tuple[str, ...] | bool = ()
    # Units deemed in general supply in a region on one player turn, whatever their lines
    # (Second Front: the Anzio Beachhead on the Allied Apr I 44 turn; see DEEMED_IN_SUPPLY).
    deemed_in_supply: tuple[DeemedSupply, ...] = ()
    # Port capacity by class, and the hits that damage a port to its maximum. The seeds do not
    # print the port charts: placeholders a scenario overrides (`port_capacity`, `port_max_hits`).
    port_capacity: dict[str, float] = field(default_factory=lambda: {
        "minor": 1, "standard": 2, "major": 4, "great": 6, "anchor": 1})
    port_max_hits: dict[str, int] = field(default_factory=lambda: {
        "minor": 2, "standard": 4, "major": 8, "great": 12, "anchor": 2})
    # FWtBT 39A: an enemy-owned city that becomes friendly-owned must be pacified (ownership.py).
    # 39D: the city sizes that have an intrinsic garrison once pacified (garrisons.py).
    intrinsic_garrison_sizes: tuple[str, ...] = ()
    pacify_captured_cities: bool = False
    # Second Front Q&A (GR/D, 03-Mar-98) on 14J: a c/m unit's size doubles for rail transport.
    cm_doubled_by_rail: bool = False
    # FWtBT 12C3a (Rules Court, TEM 62): general supply points generated in the initial phase and
    # expiring after the next one (games/europa/supply_points.py).
    generated_supply_points: bool = False
    # Second Front 40D1 as corrected (GR/D, 03-Mar-98): a replaced unit is placed where an overland
    # supply line reaches a friendly-owned, unisolated regular source (games/europa/replacements.py).
    replacement_source_line: bool = False

    @property
    def weather_order(self) -> list[str]:
        return list(self.lengths)

    @classmethod
    def from_options(cls, options: dict, game: str = "europa-fwtbt") -> "EuropaRules":
        """Rules for a scenario's game and `options` (already checked by the scenario loader)."""
        lengths = dict(DEFAULT_LENGTHS)
        for weather, values in (options.get("supply_lengths") or {}).items():
            lengths[weather] = {**lengths.get(weather, {"overland": 0, "road": 0}), **values}
        return cls(
            lengths=lengths,
            low_volume_limit=int(options.get("low_volume_limit", 7)),
            adverse_terrain=bool(options.get("adverse_terrain", False)),
            advanced_ownership=bool(options.get("advanced_ownership", False)),
            open_borders=tuple(options.get("open_borders", ())),
            **{k: v for k, v in VARIANTS[game].items() if k != "deemed_in_supply"},
            # A variant's own rulings (SF: Anzio), then the scenario's (option `deemed_in_supply`).
            deemed_in_supply=VARIANTS[game].get("deemed_in_supply", ()) + tuple(
                DeemedSupply(**d) for d in options.get("deemed_in_supply", ())),
            night=bool(options.get("night", False)),
            stormy_seas=options["stormy_seas"] if isinstance(options.get("stormy_seas"), bool)
            else tuple(options.get("stormy_seas", ())),
            port_capacity={**cls().port_capacity, **options.get("port_capacity", {})},
            port_max_hits={**cls().port_max_hits, **options.get("port_max_hits", {})},
        )

    @classmethod
    def for_position(cls, position) -> "EuropaRules":
        """Rules for a position: its options, and what its turn decides. 44J (optional, option
        `french_assistance`): whether the French border is open this player turn comes from the
        quarter-year's level of assistance and the Sporadic checks (games/europa/assistance.py);
        it replaces that country's entry in `open_borders`."""
        rules = cls.from_options(position.options, position.game)
        assistance = position.options.get("french_assistance")
        if assistance:
            country = assistance["country"]
            borders = tuple(c for c in rules.open_borders if c != country)
            if french_border_open(assistance, position.turn):
                borders += (country,)
            rules = replace(rules, open_borders=borders)
        return rules
