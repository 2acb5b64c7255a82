"""Values in their domains: a turn's phase by its game's sequence of play, weather by the rule
system's list. A value outside its domain is refused where it is read, never judged silently."""
from __future__ import annotations

from types import SimpleNamespace

from .errors import LoadError
from .position import Turn
from .yamldoc import Doc

EUROPA_GAMES = ("europa-fwtbt", "europa-sf")
# Europa: each player turn has an initial, a movement, a combat and an exploitation phase.
EUROPA_PHASES = ("initial", "movement", "combat", "exploitation")
# OCS v4 3.0 (sequence of play), each player turn: the phases in order.
OCS_PHASES = ("aircraft refit", "reinforcement", "movement", "supply", "reaction", "combat", "exploitation",
              "clean up")


def check_phase(doc: Doc, game: str, turn: Turn) -> None:
    """`turn.phase` must name a phase (Europa, OCS) or a segment (TSCW 5.2) of the game."""
    if game == "tscw":
        from .turn.engine import tscw_segment
        try:
            tscw_segment(SimpleNamespace(turn=turn), doc.file)
        except LoadError as exc:
            raise doc.error(exc.message, expected=exc.expected) from None
        return
    phases = EUROPA_PHASES if game in EUROPA_GAMES else OCS_PHASES
    if turn.phase not in phases:
        raise doc.error(f"unknown phase {turn.phase!r}", expected=f"a {game} phase: " + ", ".join(phases))


def read_weather(doc: Doc, game: str, zones: set[str], options: dict) -> dict[str, str]:
    """Weather by zone. Europa 36D: a weather of the Supply Line Summary (or of the scenario's
    `supply_lengths`), in a weather zone of the map; the other games' supply rules read no weather."""
    if game not in EUROPA_GAMES:
        raise doc.error(f"{game} supply reads no weather", expected="no 'weather' field for this game")
    from .rules.europa import DEFAULT_LENGTHS
    known = tuple(dict.fromkeys([*DEFAULT_LENGTHS, *(options.get("supply_lengths") or {})]))
    weather = {}
    for zone, d in doc.items():
        if zones and zone not in zones:
            raise d.error(f"unknown weather zone {zone!r}", expected="one of " + ", ".join(sorted(zones)))
        weather[zone] = d.choice(known, "weather")
    return weather
