"""Getting a position in: a VASSAL game over our Iberian map written out and read back, the pieces
file, CSV, hexes by place name, `logistics where`; and every bad input one line, nothing written."""
from __future__ import annotations

import csv
import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from logistics.io.vassal import export
from logistics.io.vassal.importer import import_position
from logistics.io.vassal.save import write_save
from logistics.mapdata import City, Place
from logistics.mapio import find_hex, load_map
from logistics.numbering import NumberingError
from logistics.scenario import load_scenario
from logistics.scenario_writer import scenario_text

ROOT = Path(__file__).parent.parent
AUG36 = ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def aug36():
    return load_scenario(AUG36)


@pytest.fixture
def game(tmp_path, aug36):
    """The Aug 36 position as a VASSAL game: a plain module over iberia-europa, a save with one
    counter per unit, a pieces file, and a base scenario with no units at all (so that every
    unit of the result comes from the save)."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "iberia-europa").symlink_to(ROOT / "maps" / "iberia-europa")
    base = tmp_path / "base.yaml"
    base.write_text(scenario_text(dataclasses.replace(aug36.position, units=()), aug36.map))
    boxes = sorted({u.box for u in aug36.position.units if u.box})
    (tmp_path / "buildFile.xml").write_bytes(export.build_file(aug36.map, boxes))
    write_save(tmp_path / "game.vsav", export.save_commands(aug36.position, aug36.map, boxes))
    (tmp_path / "pieces.yaml").write_text(export.pieces_yaml(aug36.position, "base.yaml"))
    return tmp_path


def test_aug36_written_as_a_save_reads_back_byte_for_byte(game, aug36):
    """Acceptance: the bundled Aug 36 scenario, written as a VASSAL save and imported back, is the
    same position: the file logistics writes is byte for byte the scenario as logistics writes it."""
    out = game / "out.yaml"
    result = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", game / "pieces.yaml", "--map", "iberia-europa", "-o", out)
    assert result.exit_code == 0, result.output
    assert "35 units, 0 markers, 0 ignored" in result.output
    assert out.read_text() == scenario_text(aug36.position, aug36.map)
    assert load_scenario(out).position.units == aug36.position.units


def test_save_positions_are_what_is_read(game, aug36):
    """Moving a counter in the save moves the unit: the hex comes from the pixel, not the base."""
    moved = dataclasses.replace(aug36.position, units=tuple(
        dataclasses.replace(u, hex=aug36.map.hex_at("23A:1008")) if u.id == "Oviedo Gar" else u
        for u in aug36.position.units))
    write_save(game / "game.vsav", export.save_commands(moved, aug36.map, ["Canaries"]))
    position, map_, _ = import_position(game / "game.vsav", game / "buildFile.xml", game / "pieces.yaml")
    assert map_.hex_id(next(u for u in position.units if u.id == "Oviedo Gar").hex) == "23A:1008"


def test_markers_read_into_the_units_of_their_hex(game, aug36):
    """A U-2 marker stacked with Oviedo Gar gives it oos 2; a DG marker gives Zaragoza Div mode dg."""
    commands = export.save_commands(aug36.position, aug36.map, ["Canaries"])
    from logistics.io.vassal.save import piece_command, stack_command
    ox, oy = export.hex_pixel(aug36.map, aug36.map.hex_at("23A:1007"))
    zx, zy = export.hex_pixel(aug36.map, aug36.map.hex_at("33:2833"))
    commands += [piece_command("m1", "U-2", "null", ox, oy), stack_command("s1", "Main Map", ox, oy, ["m1"]),
                 piece_command("m2", "DG", "Main Map", zx, zy), piece_command("m3", "Turn", "Main Map", 5, 5)]
    write_save(game / "game.vsav", commands)
    pieces = game / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "markers:\n  - {name: '^U-(?P<n>\\d)$', oos: '{n}'}\n"
                      "  - {name: '^DG$', mode: dg}\nignore: ['^Turn$']\n")
    position, _, report = import_position(game / "game.vsav", game / "buildFile.xml", pieces)
    units = {u.id: u for u in position.units}
    assert units["Oviedo Gar"].oos == 2 and units["Zaragoza Div"].mode == "dg"
    assert units["Huesca Gar"].oos == 0 and report.ignored == ["Turn"] and len(report.markers) == 2


def test_piece_mapped_to_nothing_is_one_line_and_nothing_written(game):
    """Acceptance: a piece no rule maps: one line naming the pieces file, the field and the piece."""
    pieces = game / "pieces.yaml"
    pieces.write_text("".join(line for line in pieces.read_text().splitlines(True) if "Tella" not in line))
    out = game / "out.yaml"
    result = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", pieces, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    assert result.output.startswith(f"error: {pieces}: units: 1 pieces map to nothing, first 'Tella Col'")
    assert result.output.count("\n") == 1
    listed = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", pieces, "-o", out, "--allow-unmapped")
    assert listed.exit_code == 0 and "unmapped: 'Tella Col'" in listed.output


def test_piece_at_no_hex_is_one_line_and_nothing_written(game):
    """Acceptance: a piece whose location no hexes/boxes rule takes (here the Canaries box with
    the boxes rule removed): one line naming the pieces file, `hexes`, the piece and its location."""
    pieces = game / "pieces.yaml"
    text = pieces.read_text().replace("boxes:\n  - {location: '^(?P<box>.+)$', box: '{box}'}\n", "")
    pieces.write_text(text)
    out = game / "out.yaml"
    result = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", pieces, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    assert result.output.startswith(f"error: {pieces}: hexes: piece 'Canarias Bn' (id ")
    assert "at 'Canaries'" in result.output and result.output.count("\n") == 1


@pytest.mark.parametrize("bad, field", [
    ("units:\n  - {name: '(', affiliation: Colonial, type: infantry}\n", "units[0].name"),
    ("units:\n  - {affiliation: Colonial, type: infantry}\n", "units[0]"),
    ("units:\n  - {name: x, affiliation: Colonial, type: infantry, zoc: partial}\n", "units[0].zoc"),
])
def test_malformed_pieces_file_is_one_line(game, bad, field):
    """Acceptance: a malformed pieces file: one line with file, line and field; nothing written."""
    pieces = game / "pieces.yaml"
    head = pieces.read_text().split("units:\n")[0]
    pieces.write_text(head + bad)
    out = game / "out.yaml"
    result = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", pieces, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    assert result.output.startswith(f"error: {pieces}:") and f": {field}: " in result.output
    assert result.output.count("\n") == 1


def test_vassal_where_and_pieces_commands(game):
    """`vassal where` names a pixel as VASSAL does; `vassal pieces` lists every piece and stack."""
    x, y = 40 + 9 * 60, 40 + int(6 * export.DY + export.DY / 2)      # column 9 (odd), row 6
    out = json.loads(run("vassal", "where", game / "buildFile.xml", x, y, "--map", "Main Map", "--json").output)
    assert out["location"] == "1007" and out["board"] == "iberia-europa" and (out["column"], out["row"]) == (9, 6)
    listing = json.loads(run("vassal", "pieces", game / "game.vsav", "--module", game / "buildFile.xml",
                             "--json").output)
    assert len(listing["pieces"]) == 35
    # Oviedo, 23A:1007, is grid column 9, row 29 of our map (sheet 23A starts at row 23): "1030"
    assert {p["location"] for p in listing["pieces"] if p["name"] == "Oviedo Gar"} == {"1030"}


# --- hexes by name -----------------------------------------------------------------------------

def test_hex_by_place_name_in_scenarios(tmp_path, aug36):
    """Acceptance: `hex: Madrid` works (a two-hex city names its first hex), case-insensitive."""
    text = AUG36.read_text().replace('hex: "23A:2710"}', "hex: Madrid}").replace('hex: "23A:1007"}', "hex: oviedo}")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "iberia-europa").symlink_to(ROOT / "maps" / "iberia-europa")
    path = tmp_path / "named.yaml"
    (tmp_path / "aug-1936.owner.txt").write_bytes((AUG36.parent / "aug-1936.owner.txt").read_bytes())
    path.write_text(text)
    position = load_scenario(path).position
    assert position.units == aug36.position.units


def test_ambiguous_place_name_lists_its_candidates():
    """Two places of one name in different hexes: the error lists both printed ids."""
    m = load_map(ROOT / "maps" / "iberia-europa")
    twin = City("Oviedo", "dot", Place(hexes=(m.hex_at("23A:3320"),)))
    m2 = dataclasses.replace(m, cities=[*m.cities, twin])
    with pytest.raises(NumberingError, match=r"'Oviedo' names places in several hexes: 23A:1007, 23A:3320"):
        find_hex(m2, "Oviedo")
    assert m.hex_id(find_hex(m, "OVIEDO")) == "23A:1007"


def test_where_oviedo():
    """Acceptance: `logistics where iberia-europa Oviedo` prints 23A:1007 and what is there."""
    result = run("where", "iberia-europa", "Oviedo")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "23A:1007: clear, dot city Oviedo"
    info = json.loads(run("where", AUG36, "23A:1007", "--json").output)
    assert info["units"] == ["Oviedo Gar"] and info["owner"] == "Insurgent" and info["city"] == "Oviedo"


def test_where_unknown_place_is_one_line():
    result = run("where", "iberia-europa", "Atlantis")
    assert result.exit_code == 1 and "nor is it the name of a place of map iberia-europa" in result.output
    assert result.output.count("\n") == 1


# --- CSV ---------------------------------------------------------------------------------------

def _csv_rows(aug36, n=80):
    m = aug36.map
    land = [h for h in m.hexes() if m.is_land(h) and m.country_of(h) == "Spain"]
    rows = []
    for i in range(n):
        insurgent = i % 2 == 0
        rows.append({"ID": f"U{i:02d}", "Side": "insurgent" if insurgent else "LOYALIST",
                     "Affiliation": "Nationalist" if insurgent else "People's Army",
                     "Type": "infantry" if insurgent else "militia", "Size": "1", "ZOC": "normal",
                     "Hex": m.hex_id(land[(i * 37) % len(land)])})
    return rows


def _write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def test_csv_80_units_import_and_get_verdicts(tmp_path, aug36):
    """Acceptance: 80 units from a CSV in one command, then a verdict for each (headers and side
    names in any case)."""
    _write_csv(tmp_path / "units.csv", _csv_rows(aug36))
    out = tmp_path / "oob.yaml"
    result = run("import", "csv", tmp_path / "units.csv", "--base", AUG36, "--map", "iberia-europa", "-o", out)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("80 units")
    out.write_text(out.read_text().replace("map: iberia-europa", f"map: {ROOT / 'maps' / 'iberia-europa'}"))
    verdicts = json.loads(run("supply", out, "--json").output)["units"]
    assert len(verdicts) == 80 and {v["unit"] for v in verdicts} == {f"U{i:02d}" for i in range(80)}


@pytest.mark.parametrize("column, value, message", [
    ("Hex", "Atlantis", "2: hex: 'Atlantis' is not a europa hex id"),
    ("Affiliation", "Martian", "2: affiliation: unknown affiliation 'Martian'"),
    ("Side", "Loyalist", "2: side: affiliation Nationalist belongs to side Insurgent"),
    ("Size", "big", "2: size: 'big' is not a number"),
])
def test_csv_errors_are_one_line_naming_row_and_column(tmp_path, aug36, column, value, message):
    rows = _csv_rows(aug36, 3)
    rows[0][column] = value
    _write_csv(tmp_path / "units.csv", rows)
    out = tmp_path / "oob.yaml"
    result = run("import", "csv", tmp_path / "units.csv", "--base", AUG36, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    assert result.output.startswith(f"error: {tmp_path / 'units.csv'}:{message}")
    assert result.output.count("\n") == 1


def test_bundled_example_imports_to_aug36(tmp_path, aug36):
    """docs/import.md's example: examples/vassal-aug36 gives the bundled Aug 36 position, and the
    written file finds its map by name wherever it is written."""
    ex = ROOT / "examples" / "vassal-aug36"
    out = tmp_path / "aug36-from-vassal.yaml"
    result = run("import", "vassal", ex / "aug-1936.vsav", "--module", ex / "buildFile.xml",
                 "--pieces", ex / "pieces.yaml", "--map", "iberia-europa", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_text() == scenario_text(aug36.position, aug36.map)
    assert run("supply", out).exit_code == 0


def test_supply_markers_become_stocks(game, aug36):
    """A supply marker (`supply:` kind, `amount` from the name) is a stock of its side in its hex;
    the save's stocks replace the base scenario's."""
    from logistics.io.vassal.save import piece_command
    commands = export.save_commands(aug36.position, aug36.map, ["Canaries"])
    x, y = export.hex_pixel(aug36.map, aug36.map.hex_at("23A:3224"))
    commands.append(piece_command("d1", "2 SP", "Main Map", x, y))
    write_save(game / "game.vsav", commands)
    pieces = game / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "markers:\n  - {name: '^(?P<sp>\\d+) SP$', supply: attack, "
                      "amount: '{sp}', side: insurgent}\n")
    position, map_, _ = import_position(game / "game.vsav", game / "buildFile.xml", pieces)
    assert [(s.side, s.kind, map_.hex_id(s.hex), s.amount) for s in position.supply] == \
        [("Insurgent", "attack", "23A:3224", 2)]


def test_real_kassala_save_imports_by_grid_column_and_row(tmp_path):
    """A real save (Kassala, no grid numbering) imported with a `hexes` rule on the grid's own
    column and row, onto Testland (shifted one column): each counter lands where the board image
    prints it (the readings of tests/test_vassal.py); unit ids from name and piece id."""
    from conftest import TESTLAND_SCENARIO
    from test_vassal import KASSALA, KASSALA_PRINTED
    pieces = tmp_path / "pieces.yaml"
    pieces.write_text(f"base: {TESTLAND_SCENARIO}\nmap: Main Map\nhexes:\n"
                      "  - {board: Kassala, id: grid, col: -1}\nunits:\n"
                      "  - {name: '^Christian_', id: '{name} {piece}', side: LOYALIST, "
                      "affiliation: People's Army, type: infantry}\n"
                      "  - {name: '^Moslem_', id: '{name} {piece}', side: insurgent, "
                      "affiliation: Nationalist, type: infantry}\n")
    position, map_, report = import_position(KASSALA / "Default Setup.vsav", KASSALA / "buildFile.xml", pieces)
    assert len(position.units) == 23 and not report.unmapped
    placed = {(u.id.rsplit(" ", 1)[0], map_.layout.to_offset(u.hex)) for u in position.units}
    for name, _, (col, row) in KASSALA_PRINTED:
        assert (name, (col - 1, row)) in placed, name
    assert {u.side for u in position.units if u.id.startswith("Christian")} == {"Loyalist"}


def test_csv_without_base_uses_the_bundled_scenario_on_the_map(tmp_path, aug36):
    """`import csv UNITS --map iberia-europa -o OUT`: sides, turn and ownership from the one
    bundled scenario on that map; a map with none is one error line."""
    _write_csv(tmp_path / "units.csv", _csv_rows(aug36, 5))
    out = tmp_path / "oob.yaml"
    result = run("import", "csv", tmp_path / "units.csv", "--map", "iberia-europa", "-o", out)
    assert result.exit_code == 0, result.output
    assert "aug-1936.yaml" in result.output.splitlines()[0]
    assert load_scenario(out).position.owner == aug36.position.owner
    none = run("import", "csv", tmp_path / "units.csv", "--map", "atlantis", "-o", tmp_path / "x.yaml")
    assert none.exit_code == 1 and "no single bundled scenario on map 'atlantis'" in none.output


def test_vassal_import_base_defaults_to_the_bundled_scenario(game, aug36):
    """A pieces file with no `base:` and `--map iberia-europa`: the bundled Aug 36 set-up."""
    pieces = game / "pieces.yaml"
    pieces.write_text("\n".join(line for line in pieces.read_text().splitlines() if not line.startswith("base:")) + "\n")
    out = game / "out.yaml"
    result = run("import", "vassal", game / "game.vsav", "--module", game / "buildFile.xml",
                 "--pieces", pieces, "--map", "iberia-europa", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_text() == scenario_text(aug36.position, aug36.map)


def test_unknown_encoding_and_no_hex_grid_write_nothing(game):
    """Acceptance: an unknown save encoding and a module whose map has no hex grid: one line
    naming the file and the field, exit 1, no scenario written."""
    import zipfile
    bad_save = game / "new.vsav"
    with zipfile.ZipFile(bad_save, "w") as z:
        z.writestr("savedGame", b"!VCSZ00ff")
    out = game / "out.yaml"
    result = run("import", "vassal", bad_save, "--module", game / "buildFile.xml", "--pieces", game / "pieces.yaml",
                 "-o", out)
    assert result.exit_code == 1 and not out.exists() and result.output.count("\n") == 1
    assert result.output.startswith(f"error: {bad_save}: savedGame: unknown encoding header '!VCSZ'")
    flat = game / "flat.xml"
    flat.write_text((game / "buildFile.xml").read_text().replace("HexGrid", "SquareGrid"))
    result = run("import", "vassal", game / "game.vsav", "--module", flat, "--pieces", game / "pieces.yaml",
                 "-o", out)
    assert result.exit_code == 1 and not out.exists() and result.output.count("\n") == 1
    assert result.output.startswith(f"error: {flat}: HexGrid: map 'Main Map' has no hex grid")


def test_pieces_on_other_maps_are_counted_by_map(game, aug36):
    """Pieces off the position's map are not dropped silently: the report counts them by map."""
    from logistics.io.vassal.save import piece_command
    commands = export.save_commands(aug36.position, aug36.map, ["Canaries"])
    commands += [piece_command("t1", "Turn", "Turn Track", 5, 5), piece_command("t2", "Phase", "Turn Track", 9, 5)]
    write_save(game / "game.vsav", commands)
    _, _, report = import_position(game / "game.vsav", game / "buildFile.xml", game / "pieces.yaml")
    assert report.elsewhere == {"Turn Track": 2}
    assert report.lines()[:2] == ["35 units, 0 markers, 0 ignored, 2 pieces on other maps", "  on Turn Track: 2"]
