"""FWtBT events in scenario files: collapsed Gobernitos (38D), works of pacification and
purification (39A / 39B) and the 44J French-assistance option are read, validated and written
back unchanged, and the engine reads the French border of the scenario's own turn."""
from dataclasses import replace

from logistics.games.europa.assistance import french_border, quarter_start, turn_index, turn_name
from logistics.games.europa.rules import EuropaRules
from logistics.mapio import write_map
from logistics.position import Pacification, Turn
from logistics.scenario import load_scenario
from logistics.scenario_writer import scenario_text, write_scenario

ASSISTANCE = {"country": "Neutralia", "quarters": {"Oct I 36": "sporadic", "Jan I 37": "substantial"},
              "checks": {"Oct I 36": "closed", "Oct II 36": "open"}}


def test_new_fields_round_trip(testland_scenario, tmp_path):
    s = testland_scenario
    m = s.map
    p = replace(s.position, collapsed=frozenset({"Asturian", "Catalan"}), turn=Turn(7, "Oct II 36", "initial", "Insurgent"),
                options={"french_assistance": ASSISTANCE},
                pacification=(Pacification(m.hex_at("T:0502"), "purification", 1.5, 2, 1, "Republican cities"),
                              Pacification(m.hex_at("T:0502"), "pacification")))
    (tmp_path / "maps").mkdir()
    write_map(m, tmp_path / "maps" / "testland")
    write_scenario(p, m, tmp_path / "scenarios" / "events.yaml")
    again = load_scenario(tmp_path / "scenarios" / "events.yaml")
    assert again.position == p
    assert scenario_text(again.position, m) == scenario_text(p, m)
    # The Insurgent Oct II 36 player turn keeps the Loyalist Oct I 36 check: closed.
    assert "Neutralia" not in EuropaRules.for_position(again.position).open_borders


def test_44J_an_explicit_open_border_is_replaced_by_the_derived_one(testland_scenario):
    p = replace(testland_scenario.position, options={"open_borders": ["Neutralia"], "french_assistance": ASSISTANCE},
                turn=Turn(7, "Oct I 36", "initial", "Loyalist"))
    assert EuropaRules.for_position(p).open_borders == ()
    later = replace(p, turn=Turn(13, "Jan I 37", "initial", "Loyalist"))
    assert EuropaRules.for_position(later).open_borders == ("Neutralia",)
    assert "Substantial Assistance" in french_border(ASSISTANCE, later.turn)[1]


def test_turn_arithmetic():
    assert turn_name(turn_index("II Aug 36")) == "Aug II 36"
    assert turn_index("Jan I 37") - turn_index("Dec II 36") == 1
    assert turn_name(quarter_start(turn_index("Dec II 36"))) == "Oct I 36"
    assert turn_name(quarter_start(turn_index("Jan I 37"))) == "Jan I 37"
