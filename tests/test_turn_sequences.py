"""Each Europa game steps through its own sequence of play (games/europa/rules.py SEQUENCES): the
side opening each game turn is the game's, whatever order the scenario lists its sides in, and
Second Front runs none of FWtBT's events."""
from dataclasses import replace

import pytest

from logistics.games.europa.sequence import next_europa_turn
from logistics.position import Pacification, Turn
from logistics.rulings.builders import plain_map, position
from logistics.turn.engine import advance, describe_next


@pytest.mark.parametrize("game, last, first", [("europa-sf", "Axis", "Allied"), ("europa-fwtbt", "Loyalist", "Insurgent")])
def test_the_games_first_player_opens_each_game_turn_whatever_the_order_of_sides(game, last, first):
    """SF Q&A (GR/D, 03-Mar-98): play opens with the Allied Apr I 44 player turn; FWtBT (DPS
    04-Jan-04, under 38D): the Insurgent player turn opens each game turn. The scenario lists the
    sides the other way round."""
    m = plain_map()
    p = position(m, [], game=game)
    p = replace(p, sides=p.sides[::-1], turn=Turn(3, "Apr I 44" if game == "europa-sf" else "Sep I 36", "exploitation", last))
    after = next_europa_turn(p)
    assert (after.number, after.player, after.phase) == (4, first, "initial")
    opening = replace(p, turn=Turn(4, after.date, "exploitation", first))
    assert (next_europa_turn(opening).number, next_europa_turn(opening).player) == (4, last)
    assert describe_next(p).endswith(f"{first} initial phase")


@pytest.mark.parametrize("game, counted", [("europa-fwtbt", True), ("europa-sf", False)])
def test_second_front_counts_no_fwtbt_pacification_at_a_new_game_turn(game, counted):
    """39A pacification is FWtBT's (its SEQUENCES entry); Second Front's sequence has no such event,
    so a work under way in an SF position is never counted."""
    m = plain_map()
    p = position(m, [], game=game)
    first, last = p.sides[0].name, p.sides[1].name
    work = Pacification(m.hex_at("0505"), "pacification", garrison=0, turns=2)
    p = replace(p, pacification=(work,), turn=Turn(3, "Apr I 44" if game == "europa-sf" else "Sep I 36",
                                                   "exploitation", last))
    step = advance(p, m)
    assert step.after.player == first
    assert any(a.startswith("39A/39B") for a in step.actions) is counted
    assert (step.position.pacification[0].held == 1) is counted
