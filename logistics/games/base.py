"""What every game object offers, and the nouns its sequence of play shares with the turn engine.

A game object says what its game has; a hook it lacks is refused in one line naming the game, so
a command that does not apply to a game says so instead of failing inside."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from logistics.errors import LoadError
from logistics.mapdata import Map
from logistics.position import Position, Turn
from logistics.verdict import Verdict


@dataclass
class Step:
    """One step of the sequence: where it ended, what the engine did (each line citing its rule),
    the supply verdicts it judged, and the new position."""

    after: Turn
    position: Position
    actions: list[str] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)


def asked_unit(position: Position, unit_id: str):
    """The unit a question names; KeyError naming it when there is none."""
    try:
        return position.unit(unit_id)
    except KeyError:
        raise KeyError(f"unit {unit_id!r}") from None


def asked_hex(map_: Map, text: str):
    """The hex a question names (printed id or place name); KeyError naming it when there is none."""
    from logistics.mapio import find_hex
    from logistics.numbering import NumberingError
    try:
        return find_hex(map_, text)
    except NumberingError:
        raise KeyError(f"hex {text!r}") from None


def owner_changes(before: Position, after: Position, map_: Map, label: str) -> list[str]:
    """One line per hex whose owner (Europa) or controller (TSCW) changed, in printed-id order."""
    return [f"{label}: {map_.hex_id(h)} {before.owner_of(h)} -> {after.owner_of(h)}"
            for h in sorted(set(before.owner) | set(after.owner), key=map_.hex_id)
            if before.owner_of(h) != after.owner_of(h)]


@dataclass
class SupplyNetwork:
    """Every route a unit's general supply line may take, lengths aside (logistics/analysis reads
    it for minimum cuts): the index's edges `edges` a line may use (from edge source into edge
    target), the nodes it starts from (`seeds`: source hexes), and naval links (any `naval_from`
    port hex reaches any `naval_to` port hex by sea). `connection_cuts`: single hexes whose loss
    breaks a rail connection a source needs (12C1), with the sources they deactivate."""

    index: object
    seeds: object                      # node mask
    edges: object                      # edge mask
    naval_from: tuple[int, ...] = ()
    naval_to: tuple[int, ...] = ()
    connection_cuts: dict = field(default_factory=dict)   # node -> tuple of source names


def next_phase(turn: Turn, players: list[str], phases: tuple[str, ...], source: str) -> Turn | None:
    """The next phase of a game turn of player turns (each player, in order, through `phases`),
    or None when the game turn ends."""
    if turn.phase not in phases:
        raise LoadError(source, f"unknown phase {turn.phase!r}", field="turn.phase", expected="one of " + ", ".join(phases))
    if turn.player not in players:
        raise LoadError(source, f"unknown phasing player {turn.player!r}", field="turn.player",
                        expected="one of " + ", ".join(players))
    k = phases.index(turn.phase)
    if k + 1 < len(phases):
        return replace(turn, phase=phases[k + 1])
    p = players.index(turn.player)
    if p + 1 < len(players):
        return replace(turn, player=players[p + 1], phase=phases[0])
    return None


@dataclass(frozen=True)
class OrdersRules:
    """What a moves file of this game may hold (rail/moves.py reads it)."""

    kinds: tuple[str, ...]            # the move kinds
    named_kinds: bool = True          # a move may name its kind
    kind_label: str = "rail movement kind"
    cargo: bool = True                # cargo moves (supply, RPs, SP), not only units
    also: bool = False                # 7A2 'also' (other movement in the turn)
    increases: bool = False           # 7A4 / 43C2 capacity increases
    gauges: bool = False              # 13.3f: a plan names its gauge
    arrival: bool = False             # 13.6b arrival by rail
    phasing_player_only: bool = False  # 13.3b: Rail Cap is the phasing player's


class Game:
    """The base of every game object: `id` is the scenario's `game`."""

    id = ""
    title = ""
    orders = OrdersRules(kinds=())
    phases: tuple[str, ...] = ()      # the phases a turn's `phase` may name
    naval_supply = False              # Europa 12B4 / 34: `logistics naval` applies

    def check_phase(self, doc, turn: Turn) -> None:
        """`turn.phase` must name a phase of the game's sequence of play."""
        if turn.phase not in self.phases:
            raise doc.error(f"unknown phase {turn.phase!r}", expected=f"a {self.id} phase: " + ", ".join(self.phases))

    def read_weather(self, doc, zones: list[str], options: dict, map_name: str) -> dict[str, str]:
        """Weather by zone, for a game whose supply rules read it; the others refuse it."""
        raise doc.error(f"{self.id} supply reads no weather", expected="no 'weather' field for this game")

    # The turn engine's data (turn/): does a unit moving through a hex take it (Europa 3D)?
    takes_hexes_moved_through = False
    # What a U-n marker does, as far as the seeds rule: {n: effect}; past the highest n the seeds
    # give no effect, and the engine warns once per unit (turn/effects.py).
    oos_effects: dict[int, str] = {}

    def capacity_resets(self, before: Turn, after: Turn) -> bool:
        """Does the turn's rail / strategic capacity come anew on stepping from `before` to
        `after`? By default with each game turn."""
        return after.number != before.number

    def path_refusal(self, position: Position, map_: Map, unit, path) -> tuple[int, str, str] | None:
        """What the game's rules refuse in a unit's move along `path` (TSCW 10.2, 8.2): None, or
        (index in the path, what is wrong, what is expected). By default nothing."""
        return None

    def combat_refusal(self, position: Position, map_: Map, target, attackers: list[str],
                       attacked: set[str] = frozenset(), hexes: set = frozenset()) -> tuple[str, str, str] | None:
        """Why a combat on `target` by `attackers` cannot be resolved now (TSCW 15.1-15.3): None,
        or (field, what is wrong, what is expected). `attacked` / `hexes`: the units that attacked
        and the hexes attacked earlier in the segment. By default the game checks no combat."""
        return "hex", f"the supply check at combat is not built for {self.title}", "a TSCW scenario (9.2)"

    def combat_supply(self, position: Position, map_: Map, target, attackers: list[str]):
        """The supply check at a combat's resolution (TSCW 9.2): an object with `lines` and
        `as_dict()`. Called only when `combat_refusal` gives None."""
        raise LoadError("scenario", f"the supply check at combat is not built for {self.title}", field="game")

    def capture_yard(self, position: Position, map_: Map, yard: str, captor: str) -> Position:
        """A yard of `position.rail_capacity` has changed hands (Europa 7A4a); by default nothing."""
        return position

    def supply_engine(self, position: Position, map_: Map):
        raise LoadError("scenario", f"supply rules for {self.id} are not built yet", field="game")

    def supply_network(self, engine, unit) -> SupplyNetwork | None:
        """The routes `unit`'s general supply line may take under `engine` (None: not modelled)."""
        return None

    def rail_setting(self, position: Position, map_: Map, orders, source: str):
        raise LoadError(source, f"rail rules for {self.id} are not built yet", field="game",
                        expected="europa-fwtbt, europa-sf, tscw or ocs")

    def _no_sequence(self, position: Position, source: str) -> LoadError:
        return LoadError(source, f"no sequence of play for {position.game} yet", field="game",
                         expected="europa-fwtbt, europa-sf, tscw or ocs")

    def step(self, position: Position, map_: Map, source: str) -> Step:
        raise self._no_sequence(position, source)

    def next_turn(self, position: Position, source: str) -> Turn:
        """The turn the next step reaches, found without running the step (the turn engine sets
        the weather of a new game turn before its step; `turn show` describes it). A game with a
        `step` has this too."""
        raise self._no_sequence(position, source)

    def generate_supply_points(self, position: Position, map_: Map, side: str, hex_, points: float,
                               affiliation: str, where) -> tuple[Position, str]:
        """An order's general supply points generated at `hex_` (FWtBT 12C3a): the position after
        it and the line reporting it; `where(key, message, expected)` makes an order's error. By
        default not a rule of the game."""
        raise where("supply_points", f"generating supply points is not a rule of {self.title}",
                    "no 'supply_points' in orders for this game")

    def naval_transport(self):
        """The module of the game's naval transport orders (`embark`, `sail`, `disembark`, with
        a `Through` port count), or None: not a rule of the game."""
        return None

    def replacement_rules(self):
        """The module of the game's replacement traces (`logistics replacements`: Europa 40B3a,
        38C1, SF 40D1, 40D3), or None: not a rule of the game."""
        return None

    def questions(self) -> dict:
        """The game's yes-or-no questions (`logistics may`): name -> (its argument names, a function
        (position, map, args) -> (yes, rule, reason)). None by default."""
        return {}

    def describe(self, position: Position) -> str:
        t = position.turn
        return f"turn {t.number} ({t.date}), {t.player} {t.phase} phase"

    def check_unit(self, doc, fields) -> None:
        """Checks a scenario's unit entry needs in this game (OCS: mode, throw ranges)."""

    def check_turn_options(self, options: dict, turn: Turn, doc) -> None:
        """Checks of the scenario's options against its turn (FWtBT 44J)."""

    def read_option(self, name: str, doc, map_: Map):
        """An option only this game reads (FWtBT 44J `french_assistance`)."""
        raise doc.error(f"option {name!r} is not a rule of {self.title}", expected="no such option in this game")
