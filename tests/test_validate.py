"""`logistics validate`: each malformed file gives one clear error with file:line (or field),
what is wrong and what was expected, exits non-zero, and never prints a traceback."""
import pytest
from click.testing import CliRunner
from conftest import edit

from cli import main

MAP = "maps/testland"
SCEN = "scenarios/testland.yaml"

# (file to break, text to replace, replacement, path validated, expected words in the error)
CASES = {
    "terrain-char": (f"{MAP}/terrain.txt", "...m..w,~~~~", "...m..x,~~~~", MAP,
                     ["terrain.txt:4: column 7: unknown terrain character 'x'", "expected one of"]),
    "layer-too-wide": (f"{MAP}/country.txt", "NNRRRRRRR\n", "NNRRRRRRRRRRR\n",
                       MAP, ["country.txt:1: 13 characters for a grid of 12 columns", "at most 12"]),
    "country-undeclared": (f"{MAP}/map.yaml", "{R: Ruritania, N: Neutralia}", "{R: Ruritania, N: Narnia}", MAP,
                           ["map.yaml:", "country 'Narnia' is not declared"]),
    "rail-jump": (f"{MAP}/features.yaml", '"T:0504", "T:0503"', '"T:0504", "T:0502"', MAP,
                  ["features.yaml:22: rail[0].hexes[2]: rail line jumps from T:0504 to T:0502", "adjacent"]),
    "city-not-adjacent": (f"{MAP}/features.yaml", 'hexes: ["T:0505", "T:0506"]', 'hexes: ["T:0505", "T:0507"]', MAP,
                          ["features.yaml:2: cities[0].hexes: hex T:0507 is not adjacent", "multi-hex city"]),
    "city-on-sea": (f"{MAP}/features.yaml", '{name: Roca, size: point, hex: "T:0901"}',
                    '{name: Roca, size: point, hex: "T:1001"}', MAP,
                    ["features.yaml:8: cities[6]: city Roca lies on all_sea hex T:1001", "a land hex"]),
    "duplicate-city": (f"{MAP}/features.yaml", "{name: Southtown,", "{name: Northtown,", MAP,
                       ["features.yaml:4: cities[2]: duplicate city 'Northtown' (first at line 3)"]),
    "hexside-not-adjacent": (f"{MAP}/features.yaml", '"T:0801/T:0901"]}\n  - {feature: narrow',
                             '"T:0801/T:1001"]}\n  - {feature: narrow', MAP,
                             ["features.yaml:29: hexsides[1].sides[0]: T:0801 and T:1001 are not adjacent"]),
    "bad-id": (f"{MAP}/features.yaml", '{name: Capital, hex: "T:0505"}', '{name: Capital, hex: "T:55"}', MAP,
               ["features.yaml:17: yards[0].hex: 'T:55' is not a europa hex id", "expected like '23A:3825'"]),
    "unknown-box": (f"{MAP}/features.yaml", "{name: Ultramar, size: dot, box: Overseas}",
                    "{name: Ultramar, size: dot, box: Atlantis}", MAP,
                    ["features.yaml:10: cities[8].box: unknown box 'Atlantis'", "a box declared under 'boxes'"]),
    "beach-on-sea": (f"{MAP}/features.yaml", '{name: Shingle, hex: "T:0805"}', '{name: Shingle, hex: "T:1005"}', MAP,
                     ["features.yaml:36: beaches[0].hex: beach Shingle lies on all_sea hex T:1005",
                      "expected a land hex with sea in it"]),
    "beach-inland": (f"{MAP}/features.yaml", '{name: Shingle, hex: "T:0805"}', '{name: Shingle, hex: "T:0405"}', MAP,
                     ["features.yaml:36: beaches[0].hex: beach Shingle at hex T:0405 touches no sea"]),
    "beach-in-box": (f"{MAP}/features.yaml", '{name: Shingle, hex: "T:0805"}', '{name: Shingle, box: Overseas}', MAP,
                     ["features.yaml:36: beaches[0]: beach Shingle lies in box Overseas"]),
    "yaml-syntax": (f"{MAP}/map.yaml", "grid: {orientation: flat,", "grid: {orientation: [flat,", MAP,
                    ["map.yaml:8: YAML syntax"]),
    "unknown-orientation": (f"{MAP}/map.yaml", "orientation: flat", "orientation: diagonal", MAP,
                            ["map.yaml:8: grid.orientation: unknown orientation 'diagonal'", "flat, pointy"]),
    "unknown-affiliation": (SCEN, "affiliation: Anarchist,", "affiliation: Martian,", SCEN,
                            ["testland.yaml:21: units[2].affiliation: unknown affiliation 'Martian'", "Anarchist"]),
    "unit-on-sea": (SCEN, 'size: 2, zoc: normal, hex: "T:0707"', 'size: 2, zoc: normal, hex: "T:0907"', SCEN,
                    ["testland.yaml:24: units[5].hex: ground unit on all_sea hex T:0907", "a land hex"]),
    "duplicate-unit": (SCEN, "{id: 2 PA Inf XX,", "{id: 1 PA Inf XX,", SCEN,
                       ["testland.yaml:20: units[1]: duplicate unit id '1 PA Inf XX' (first at line 19)"]),
    "unknown-unit-field": (SCEN, "type: militia, size: 1,", "type: militia, sise: 1,", SCEN,
                           ["testland.yaml:21: units[2].sise: unknown field 'sise'", "one of id, side"]),
    "bad-zoc": (SCEN, "zoc: reduced", "zoc: partial", SCEN,
                ["testland.yaml:21: units[2].zoc: unknown ZOC kind 'partial'", "normal, reduced, none"]),
    "negative-size": (SCEN, "size: 0.5,", "size: -0.5,", SCEN,
                      ["units[6].size: -0.5 is too small", "a number >= 0"]),
    "wrong-coalition": (SCEN, "{id: Leg Inf III, affiliation: Colonial,",
                        "{id: Leg Inf III, coalition: Interventionist, affiliation: Colonial,", SCEN,
                        ["testland.yaml:23: units[4].coalition: affiliation Colonial belongs to coalition Rebel"]),
    "unknown-port": (SCEN, "port_damage: {Baytown: 1}", "port_damage: {Bayville: 1}", SCEN,
                     ["testland.yaml:28: port_damage.Bayville: unknown port 'Bayville'", "a port of the map"]),
    "unknown-yard": (SCEN, "{Capital: 4, Portville: 2}", "{Capital: 4, Northtown: 2}", SCEN,
                     ["rail_capacity.Northtown: unknown rail yard 'Northtown'"]),
    "owner-grid-char": ("scenarios/testland.owner.txt", "  LLLIII I\n  LLLIII I\n", "  LLLIII I\n  LLLZII I\n", SCEN,
                        ["testland.owner.txt:7: column 6: unknown owner character 'Z'"]),
    "unknown-side": (SCEN, "{id: Canarias TF, side: Insurgent,", "{id: Canarias TF, side: Carlist,", SCEN,
                     ["naval_groups[0].side: unknown side 'Carlist'", "Insurgent, Loyalist"]),
    "naval-group-on-land": (SCEN, 'kind: combat, hex: "T:1104"', 'kind: combat, hex: "T:0404"', SCEN,
                            ["naval group on land hex T:0404 with no port"]),
    "missing-map": (SCEN, "map: ../maps/testland", "map: ../maps/atlantis", SCEN,
                    ["testland.yaml:5: map: no map '../maps/atlantis' found"]),
    "wrong-map-family": (SCEN, "game: europa-fwtbt", "game: tscw", SCEN,
                         ["map: map testland is drawn for europa, not tscw", "a tscw map"]),
    "unknown-game": (SCEN, "game: europa-fwtbt", "game: chess", SCEN,
                     ["testland.yaml:4: game: unknown game 'chess'", "europa-fwtbt"]),
    "missing-field": (SCEN, "game: europa-fwtbt\n", "", SCEN, ["testland.yaml:4: missing field 'game'"]),
    # FWtBT 38D, 39A / 39B, 44J
    "collapsed-not-gobernito": (SCEN, 'rail_breaks: ["T:0504"]', 'collapsed: [Anarchist]\nrail_breaks: ["T:0504"]', SCEN,
                                ["collapsed[0]: unknown affiliation 'Anarchist'", "Asturian, Basque, Catalan, Santandero"]),
    "pacification-not-city": (SCEN, 'rail_breaks: ["T:0504"]',
                              'pacification: [{hex: "T:0404", work: purification}]\nrail_breaks: ["T:0504"]', SCEN,
                              ["pacification[0].hex: no city in hex T:0404"]),
    "pacification-also-unpacified": (SCEN, 'rail_breaks: ["T:0504"]',
                                     'pacification: [{hex: "T:0509", work: pacification}]\nrail_breaks: ["T:0504"]', SCEN,
                                     ["pacification[0].hex: hex T:0509 is also listed under unpacified"]),
    "pacification-joins-unknown": (SCEN, 'rail_breaks: ["T:0504"]',
                                   'pacification: [{hex: "T:0502", work: purification, joins: PA cities}]\n'
                                   'rail_breaks: ["T:0504"]', SCEN,
                                   ["pacification[0].joins: unknown supply source 'PA cities'"]),
    "stormy-unknown-zone": (SCEN, "player: Insurgent}\n", "player: Insurgent}\noptions: {stormy_seas: [Baltic]}\n", SCEN,
                            ["options.stormy_seas[0]: unknown sea zone 'Baltic'", "North Sea, South Sea"]),
    "stormy-not-boolean": (SCEN, "player: Insurgent}\n", "player: Insurgent}\noptions: {stormy_seas: North Sea}\n", SCEN,
                           ["options.stormy_seas: neither true, false nor a list of sea zones",
                            "expected true, false or a list of: North Sea, South Sea"]),
    "assistance-quarter": (SCEN, "player: Insurgent}\n", "player: Insurgent}\noptions: {french_assistance: "
                           "{country: Neutralia, quarters: {Nov I 36: sporadic}}}\n", SCEN,
                           ["options.french_assistance.quarters.Nov I 36: quarter-year 'Nov I 36' does not begin"]),
    "assistance-no-check": (SCEN, "date: Aug II 36, phase: initial, player: Insurgent}\n",
                            "date: Oct II 36, phase: initial, player: Insurgent}\noptions: {french_assistance: "
                            "{country: Neutralia, quarters: {Oct I 36: sporadic}}}\n", SCEN,
                            ["options.french_assistance: Sporadic Assistance", "no border check for the Loyalist Oct I 36"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_file_gives_one_clear_error(case, data_copy):
    broken, old, new, target, expected = CASES[case]
    edit(data_copy / broken, old, new)
    result = CliRunner().invoke(main, ["validate", str(data_copy / target)])
    assert result.exit_code == 1, result.output
    message = result.output.strip()
    assert message.startswith("error: ") and message.count("\n") == 0, message
    assert "Traceback" not in message
    for words in expected:
        assert words in message, f"{words!r} not in {message!r}"


def test_the_unbroken_files_validate(data_copy):
    for target in (MAP, SCEN):
        result = CliRunner().invoke(main, ["validate", str(data_copy / target)])
        assert result.exit_code == 0 and result.output.startswith("ok: "), result.output


def test_at_least_fifteen_distinct_malformed_files():
    assert len({(c[0], c[2]) for c in CASES.values()}) >= 15


def test_a_layer_listed_before_terrain_is_still_checked_against_its_hexes(data_copy):
    """The layers are read terrain first, whatever their order in map.yaml."""
    folder = data_copy / "maps" / "testland"
    edit(folder / "map.yaml", "  terrain: {file: terrain.txt}\n  country: {file: country.txt, legend: {R: Ruritania, N: Neutralia}}\n",
         "  country: {file: country.txt, legend: {R: Ruritania, N: Neutralia}}\n  terrain: {file: terrain.txt}\n")
    edit(folder / "terrain.txt", "..m....,,~~~\n", " .m....,,~~~\n")
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1 and "country.txt:1: column 1: a country value where terrain.txt has no hex" in result.output
