"""The turn engine's own steps: the game's `next_turn` found before the step is run (the weather of
a new game turn set first, `turn show` run without a step), and one loop for every caller."""
import json
from dataclasses import replace

from test_turn import ROOT, copy_tree, run
from test_turn_orders import ZONES

from logistics import api, games
from logistics.games.europa import EuropaGame
from logistics.position import Turn
from logistics.scenario import load_scenario
from logistics.turn.engine import play

AUG = ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml"


def counting_steps(monkeypatch) -> list:
    calls = []
    real = EuropaGame.step

    def step(self, position, map_, source):
        calls.append(position.turn)
        return real(self, position, map_, source)

    monkeypatch.setattr(EuropaGame, "step", step)
    return calls


def test_a_scheduled_weather_change_runs_the_step_once_on_the_new_weather(monkeypatch):
    """A new game turn's scheduled weather is set before its first supply check (36D): the game's
    `next_turn` says the step begins Sep I 36, the weather is set, and the step runs once, its
    supply check reading the mud."""
    loaded = load_scenario(AUG)
    last = Turn(4, "Aug II 36", "exploitation", "Loyalist")
    p = replace(loaded.position, turn=last,
                options={**loaded.position.options, "weather_schedule": {"Sep I 36": {z: "mud" for z in ZONES}}})
    calls = counting_steps(monkeypatch)
    step, entries = play(p, loaded.map)
    assert calls == [last]
    assert step.after == Turn(5, "Sep I 36", "initial", "Insurgent")
    assert {v.weather for v in step.verdicts} - {None} == {"mud"}
    assert any(kind == "weather" and "(schedule, Sep I 36)" in text for kind, text in entries)


def test_turn_show_describes_the_next_step_without_running_it(monkeypatch, tmp_path):
    scenario = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    calls = counting_steps(monkeypatch)
    code, out = run("turn", "show", scenario, "--json")
    assert code == 0, out
    assert json.loads(out)["next"] == "turn 4 (Aug II 36), Insurgent movement phase"
    assert calls == []


def test_the_api_and_the_command_step_through_one_loop(tmp_path):
    """`logistics.turn` and `turn next --dry-run` give the same steps (one loop, turn/engine.run)."""
    scenario = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    code, out = run("turn", "next", scenario, "--steps", 5, "--dry-run", "--json")
    assert code == 0, out
    report = api.turn(scenario, steps=5)
    assert report.data["steps"] == json.loads(out)["steps"]
    assert games.of(report.scenario.position).describe(report.scenario.position) == report.data["steps"][-1]["to"]


def test_tscw_turn_show_describes_the_next_segment_without_running_it(monkeypatch, tmp_path):
    """TSCW 5.2: `turn show` names the segment after the scenario's from the game's `next_turn`,
    as the step would reach it, and runs no step."""
    from logistics.games.tscw import TscwGame
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    code, out = run("turn", "next", scenario, "--dry-run", "--json")
    assert code == 0, out
    stepped_to = json.loads(out)["steps"][0]["to"]
    calls = []
    real = TscwGame.step
    monkeypatch.setattr(TscwGame, "step", lambda self, *a: calls.append(a) or real(self, *a))
    code, out = run("turn", "show", scenario, "--json")
    assert code == 0, out
    assert json.loads(out)["next"] == stepped_to
    assert calls == []
