"""Corrections as data (docs/map-format.md, "Corrections"): a map folder's `corrections/*.yaml`
are applied after its base files, in file-name order, each change reported by `validate`; a
correction naming nothing, or changing nothing, is refused with file:line: field."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from logistics.api import supply
from logistics.hexgrid import Hexside
from logistics.mapio import load_map

ROOT = Path(__file__).resolve().parent.parent

# A Loyalist garrison on Menorca, one hex from Mahon across the water our compiled map draws as
# an all-sea hexside; overland lengths of 1 so that no way round is short enough.
SCENARIO = """\
game: europa-fwtbt
map: iberia-europa
turn: {number: 4, date: Aug II 36, phase: initial, player: Insurgent}
sides:
  Insurgent:
    Rebel: [Nationalist]
  Loyalist:
    Republican: [People's Army]
options:
  supply_lengths: {clear: {overland: 1, road: 0}}
ownership:
  Loyalist: ["33:4625", "33:4626", "33:4526", "33:4527"]
units:
  - {id: Menorca Gar, affiliation: People's Army, type: infantry, size: 1, zoc: normal, hex: "33:4626"}
supply_sources:
  - {name: Mahon, side: Loyalist, users: [Republican], cities: [Mahon]}
"""


@pytest.fixture
def europa(tmp_path) -> Path:
    """A copy of the bundled iberia-europa map beside a small scenario; returns the scenario."""
    shutil.copytree(ROOT / "maps" / "iberia-europa", tmp_path / "maps" / "iberia-europa")
    (tmp_path / "menorca.yaml").write_text(SCENARIO, encoding="utf-8")
    return tmp_path / "menorca.yaml"


def _correct(scenario: Path, name: str, text: str) -> Path:
    folder = scenario.parent / "maps" / "iberia-europa" / "corrections"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_hexside_correction_changes_a_verdict_and_leaves_the_base_untouched(europa):
    """Narrow Straits (AEG, 29-Mar-04): a supply line crosses water only where the map prints the
    narrow-straits symbol. A player whose printed sheet shows the symbol between Mahon and its
    neighbour writes one hexside correction; the garrison comes into supply, and the compiled
    base files stay byte for byte as they were."""
    folder = europa.parent / "maps" / "iberia-europa"
    before = _digests(folder)
    assert supply(europa).unit("Menorca Gar").general == "out of supply"
    _correct(europa, "strait.yaml", 'hexsides:\n  - {side: "33:4625/33:4626", add: narrow_strait}\n')
    report = supply(europa)
    assert report.unit("Menorca Gar").general == "in supply"
    assert report.map == {"name": "iberia-europa", "corrections": [{"file": "corrections/strait.yaml", "changes": 1}]}
    assert _digests(folder) == before
    done = _run("validate", str(europa))
    assert done.exit_code == 0, done.output
    assert ("corrected: corrections/strait.yaml:2: hexside 33:4625/33:4626: all_sea -> all_sea, narrow_strait"
            in done.output.splitlines())


def test_a_river_correction_is_applied_and_reported_but_no_supply_rule_counts_rivers(europa):
    """43C3 (DPS, 24-Jun-05): of the hexsides only a narrow strait bears on a supply line, so a
    player correcting a river hexside sees the change in `validate` and the same verdict."""
    side = "33:4625/33:4626"
    _correct(europa, "river.yaml", f'hexsides:\n  - {{side: "{side}", add: major_river, name: Test}}\n')
    m = load_map(europa.parent / "maps" / "iberia-europa")
    a, b = (m.hex_at(x) for x in side.split("/"))
    assert m.features_of(a, b) == {"all_sea", "major_river"}
    assert supply(europa).unit("Menorca Gar").general == "out of supply"
    _correct(europa, "river.yaml", 'hexsides:\n  - {side: "23A:1504/23A:1604", remove: major_river}\n')
    before = load_map(ROOT / "maps" / "iberia-europa")
    a, b = before.hex_at("23A:1504"), before.hex_at("23A:1604")
    after = load_map(europa.parent / "maps" / "iberia-europa")
    assert "major_river" in before.features_of(a, b) and "major_river" not in after.features_of(a, b)


def test_corrections_apply_in_file_name_order_and_by_place_name(europa):
    """The documented order: files by name, entries in file order; a later file sees the earlier."""
    _correct(europa, "b.yaml", "terrain:\n  - {hex: Guadalajara, terrain: mountain}\n")
    _correct(europa, "a.yaml", 'terrain:\n  - {hex: "23A:2708", terrain: rough}\n')
    m = load_map(europa.parent / "maps" / "iberia-europa")
    assert m.terrain[m.hex_at("23A:2708")] == "mountain"
    assert [c.text() for c in m.corrections] == ["corrections/a.yaml:2: hex 23A:2708 terrain: clear -> rough",
                                                 "corrections/b.yaml:2: hex 23A:2708 terrain: rough -> mountain"]


def test_rail_roads_cities_and_ports(europa):
    _correct(europa, "places.yaml", """\
rail:
  - {remove: ["23A:2610", "23A:2511"]}
  - {add: ["23A:2708", "23A:2808"], class: low_volume, name: Spur}
roads:
  - {add: ["23A:2708", "23A:2808"]}
cities:
  - {name: Guadalajara, size: town}
  - {name: Nowhere, size: village, hex: "23A:2808"}
  - {name: Alcala de Henares, remove: true}
ports:
  - {name: Pontevedra, class: standard}
""")
    m = load_map(europa.parent / "maps" / "iberia-europa")
    h = m.hex_at
    assert not any({t.hexes[i:i + 2] for i in range(len(t.hexes) - 1)} & {(h("23A:2610"), h("23A:2511"))}
                   for t in m.rail)
    irun = [t for t in m.rail if t.name.startswith("Madrid-Irun")]
    assert [t.name for t in irun] == ["Madrid-Irun", "Madrid-Irun (2)"]      # cut in two pieces
    assert irun[0].hexes == (h("23A:2710"), h("23A:2610"))
    assert m.rail_links[Hexside(h("23A:2708"), h("23A:2808"))].klass == "low_volume"
    assert m.city("Guadalajara").size == "town" and m.city("Nowhere").place.hexes == (h("23A:2808"),)
    assert m.city_at(h("23A:2709")) is None
    assert next(p for p in m.ports if p.name == "Pontevedra").klass == "standard"
    texts = [c.text() for c in m.corrections]
    assert "corrections/places.yaml:2: rail line 23A:2610-23A:2511: standard -> none" in texts
    assert "corrections/places.yaml:5: road 23A:2708-23A:2808: none -> road" in texts
    assert "corrections/places.yaml:7: city Guadalajara: dot at 23A:2708 -> town at 23A:2708" in texts
    assert "corrections/places.yaml:8: city Nowhere: none -> village at 23A:2808" in texts
    assert "corrections/places.yaml:9: city Alcala de Henares: point at 23A:2709 -> none" in texts
    assert "corrections/places.yaml:11: port Pontevedra: minor at 23A:0617 -> standard at 23A:0617" in texts


@pytest.mark.parametrize("text, error", [
    ('terrain:\n  - {hex: "23A:9999", terrain: rough}\n', "strait.yaml:2: terrain[0].hex: '23A:9999' lies outside sheet 23A"),
    ("terrain:\n  - {hex: Atlantis, terrain: rough}\n", "strait.yaml:2: terrain[0].hex: "),
    ('terrain:\n  - {hex: "23A:2708", terrain: clear}\n', "strait.yaml:2: terrain[0]: hex 23A:2708 terrain: clear -> clear: the correction changes nothing"),
    ('hexsides:\n  - {side: "33:4625/33:4627", add: narrow_strait}\n', "strait.yaml:2: hexsides[0].side: 33:4625 and 33:4627 are not adjacent"),
    ('hexsides:\n  - {side: "33:4625/33:4626", add: all_sea}\n', "strait.yaml:2: hexsides[0].side: hexside 33:4625/33:4626: all_sea -> all_sea: the correction"),
    ('hexsides:\n  - {side: "33:4625/33:4626", remove: major_river}\n', "strait.yaml:2: hexsides[0].side: "),
    ('rail:\n  - {remove: ["23A:2708", "23A:2808"]}\n', "strait.yaml:2: rail[0].remove[1]: rail line 23A:2708-23A:2808: none -> none: the correction"),
    ("cities:\n  - {name: Atlantis, remove: true}\n", "strait.yaml:2: cities[0].name: no city 'Atlantis'"),
    ("ports:\n  - {name: Atlantis, class: minor}\n", "strait.yaml:2: ports[0]: no port 'Atlantis'"),
    ("terrain:\n  - {hex: Guadalajara, terrain: lake}\n",
     "strait.yaml:2: terrain[0].terrain: hex 23A:2708 holds city Guadalajara: it cannot be lake"),
    ('terrain:\n  - {hex: "23A:2808", terrain: all_sea, partial_sea: true}\n',
     "strait.yaml:2: terrain[0]: partial sea on all_sea hex 23A:2808 (expected partial sea on a land hex only)"),
    ("bridges:\n  - {hex: Madrid}\n", "strait.yaml:2: bridges: unknown field 'bridges'"),
])
def test_a_correction_that_names_or_changes_nothing_is_refused_in_one_line(europa, text, error):
    path = _correct(europa, "strait.yaml", text)
    for target in (europa, europa.parent / "maps" / "iberia-europa"):
        done = _run("validate", str(target))
        assert done.exit_code == 1
        lines = done.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {path.parent}/") and error in lines[0], done.output


def test_validate_json_lists_each_change(europa):
    _correct(europa, "strait.yaml", 'hexsides:\n  - {side: "33:4625/33:4626", add: narrow_strait}\n')
    data = json.loads(_run("validate", str(europa.parent / "maps" / "iberia-europa"), "--json").output)
    assert data["corrections"] == [{"file": "corrections/strait.yaml", "line": 2, "what": "hexside 33:4625/33:4626",
                                    "before": "all_sea", "after": "all_sea, narrow_strait"}]


def test_the_bundled_maps_carry_no_corrections():
    for name in ("iberia-europa", "iberia-tscw"):
        assert load_map(ROOT / "maps" / name).corrections == []
