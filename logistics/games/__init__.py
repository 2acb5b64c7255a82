"""The rule systems, found by the scenario's `game` (as python-chess finds a variant by name).

This module knows each game's id, title and map family, and where its object lives; the game's
package is imported only when a position of that game is judged. A game object (`games.base.Game`)
says what the game has: its supply engine, its rail / strategic movement rules, its sequence of
play and the checks its scenario fields need. Nothing else in the code branches on a game id.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from logistics.errors import LoadError


@dataclass(frozen=True)
class RuleSystemInfo:
    id: str
    title: str
    map_family: str
    home: str            # "package:object" of the game object


RULE_SYSTEMS = {
    info.id: info
    for info in (
        RuleSystemInfo("europa-fwtbt", "Europa: For Whom the Bell Tolls", "europa", "logistics.games.europa:FWTBT"),
        RuleSystemInfo("europa-sf", "Europa: Second Front", "europa", "logistics.games.europa:SECOND_FRONT"),
        RuleSystemInfo("tscw", "The Spanish Civil War (GMT)", "tscw", "logistics.games.tscw:TSCW"),
        RuleSystemInfo("ocs", "Operational Combat Series v4", "ocs", "logistics.games.ocs:OCS"),
    )
}


def game(game_id: str, source: str = "scenario"):
    """The game object of `game_id` (`source` names the file in errors)."""
    info = RULE_SYSTEMS.get(game_id)
    if info is None:
        raise LoadError(source, f"unknown game {game_id!r}", field="game", expected="one of " + ", ".join(RULE_SYSTEMS))
    module, name = info.home.split(":")
    return getattr(import_module(module), name)


def of(position, source: str = "scenario"):
    """The game object of a position."""
    return game(position.game, source)


def supply_engine(position, map_):
    """The supply engine that judges `position` (its game's)."""
    return of(position).supply_engine(position, map_)
