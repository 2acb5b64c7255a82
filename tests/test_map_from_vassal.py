"""`logistics map from-vassal` and `logistics render MAP --over IMAGE` (issue [P] points 1-2):
the map's hexes are the module grid's hexes whose centres lie on the board, each named as VASSAL
names it (board/HexGrid.java, mapgrid/HexGridNumbering.java); the terrain guess comes from the
board image's colours and is corrected through palette.yaml."""
from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cli import main
from logistics.errors import LoadError
from logistics.io.vassal.board_map import from_vassal, read_pixels
from logistics.io.vassal.module import read_module
from logistics.mapio import load_map

P = "VASSAL.build.module.map.boardPicker."


def build_file(numbering: str, grid: str = 'dx="40" dy="46" x0="10" y0="12" sideways="false"',
               board: str = "Board", image: str = "board.png") -> str:
    return (f'<VASSAL.build.GameModule name="T"><VASSAL.build.module.Map mapName="Main">'
            f'<VASSAL.build.module.map.BoardPicker><{P}Board name="{board}" image="{image}">'
            f'<{P}board.HexGrid {grid}><{P}board.mapgrid.HexGridNumbering {numbering}/></{P}board.HexGrid>'
            f'</{P}Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')


def board_image(size=(400, 300)) -> Image.Image:
    """Sea (blue) left of x 130, woods (green) to x 250, clear (white) beyond: the hexes centred at
    x 130 and 250 (x0 10, dx 40) are half one, half the other."""
    im = Image.new("RGB", size, (255, 255, 255))
    im.paste((20, 60, 200), (0, 0, 130, size[1]))
    im.paste((40, 160, 50), (130, 0, 250, size[1]))
    return im


def vmod(tmp_path: Path, numbering: str, grid: str | None = None, size=(400, 300)) -> Path:
    buf = io.BytesIO()
    board_image(size).save(buf, "PNG")
    path = tmp_path / "t.vmod"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", build_file(numbering, *([grid] if grid else [])))
        z.writestr("images/board.png", buf.getvalue())
    return path


STAGGER = 'first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="3" vOff="1" stagger="true"'
PLAIN = 'first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="0" vOff="0" stagger="false"'
SIDEWAYS = 'first="V" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="true"'


SIDEWAYS_GRID = 'dx="40" dy="46" x0="5" y0="-7" sideways="true"'
UP = ' vDescend="true"'          # rows counted from the bottom of the board
LEFT = ' hDescend="true"'        # columns counted from the right


@pytest.mark.parametrize("numbering, grid", [
    (STAGGER, None), (PLAIN, None), (SIDEWAYS, SIDEWAYS_GRID),
    # Counted upward / leftward and printed row first: our sheet's rows_upward, columns_leftward,
    # row_first (logistics/numbering.py); with and without stagger, upright and sideways.
    (STAGGER + UP, None), (STAGGER + LEFT, None), (PLAIN + UP + LEFT, None),
    (STAGGER.replace('first="H"', 'first="V"'), None), (PLAIN.replace('first="H"', 'first="V"') + UP, None),
    (SIDEWAYS + UP, SIDEWAYS_GRID), (SIDEWAYS + LEFT, SIDEWAYS_GRID),
    (SIDEWAYS.replace('first="V"', 'first="H"') + UP, SIDEWAYS_GRID),
    (SIDEWAYS.replace('first="V"', 'first="H"').replace('stagger="true"', 'stagger="false"') + LEFT + UP,
     SIDEWAYS_GRID)])
def test_every_pixel_names_the_hex_vassal_names(tmp_path, numbering, grid):
    """Pixel -> VASSAL's location name (the module reader, ported from VASSAL) equals our hex id of
    the hex the pixel lies in (nearest centre drawn through vassal.yaml's pixels), at 400 random
    pixels of the board; and every hex centre on the board is one of our hexes, none more."""
    module = vmod(tmp_path, numbering, grid)
    done = from_vassal(module, "Board", tmp_path / "maps" / "t")
    map_ = load_map(tmp_path / "maps" / "t")
    pixels = read_pixels(tmp_path / "maps" / "t")
    vmap = read_module(module).map("Main")
    centres = {map_.hex_id(h): pixels.centre(map_.layout, h) for h in map_.terrain}
    assert done.hexes == len(centres) and not done.renamed
    for hid, (x, y) in centres.items():
        assert 0 <= x < 400 and 0 <= y < 300
        assert vmap.location_name(round(x), round(y)) == hid
    rng = random.Random(7)
    for _ in range(400):
        x, y = rng.randrange(400), rng.randrange(300)
        nearest = min(centres, key=lambda i: (centres[i][0] - x) ** 2 + (centres[i][1] - y) ** 2)
        cx, cy = centres[nearest]
        if (cx - x) ** 2 + (cy - y) ** 2 < 15 ** 2:       # well inside: ties on hexsides aside
            assert vmap.location_name(x, y) == nearest
    # Brute force over the grid: every centre on the board is a hex of ours.
    g = read_module(module).map("Main").boards["Board"].grid
    count = 0
    for c in range(-20, 40):
        for r in range(-20, 40):
            a, b = g.x0 + c * g.dx, g.y0 + r * g.dy + (g.dy / 2 if c % 2 else 0)
            x, y = (b, a) if g.sideways else (a, b)
            count += 0 <= x < 400 and 0 <= y < 300
    assert count == len(centres)


def test_stagger_names_and_layout(tmp_path):
    """Staggered numbering, hOff 3, vOff 1: the hex at x0, y0 is VASSAL's 0301 and ours; the first
    column of centres on the board is VASSAL column 0 (x 10)."""
    done = from_vassal(vmod(tmp_path, STAGGER), "Board", tmp_path / "m")
    map_ = load_map(tmp_path / "m")
    pixels = read_pixels(tmp_path / "m")
    from logistics.mapio import find_hex
    h = find_hex(map_, "0301")
    assert pixels.centre(map_.layout, h) == pytest.approx((10, 12))
    assert done.hexes == len(map_.terrain)


def test_terrain_guess_palette_and_unsure(tmp_path):
    """The colour groups guess sea / woods / clear; all hexes are unsure while the palette holds
    guesses; once the player sets the groups (here: green is rough), running again applies it and
    only the hexes of mixed colour stay unsure."""
    module = vmod(tmp_path, STAGGER)
    out = tmp_path / "m"
    first = from_vassal(module, "Board", out)
    map_ = load_map(out)
    assert set(map_.terrain.values()) == {"all_sea", "woods", "clear"}
    assert first.unsure == first.hexes
    text = (out / "palette.yaml").read_text()
    text = text.replace("terrain: woods, guess: true", "terrain: rough").replace(", guess: true", "")
    (out / "palette.yaml").write_text(text)
    second = from_vassal(module, "Board", out)
    map_ = load_map(out)
    assert set(map_.terrain.values()) == {"all_sea", "rough", "clear"}
    unsure = [line for line in (out / "unsure.txt").read_text().splitlines() if not line.startswith("#")]
    assert 0 < second.unsure == len(unsure) < second.hexes
    assert all("mixed colours" in line for line in unsure)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    from_vassal(module, "Board", out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before       # deterministic


def test_palette_errors_name_the_line(tmp_path):
    module = vmod(tmp_path, STAGGER)
    out = tmp_path / "m"
    from_vassal(module, "Board", out)
    text = (out / "palette.yaml").read_text()
    (out / "palette.yaml").write_text(text.replace("terrain: woods", "terrain: jungle"))
    with pytest.raises(LoadError) as exc:
        from_vassal(module, "Board", out)
    assert "palette.yaml:" in str(exc.value) and "jungle" in str(exc.value)


@pytest.mark.parametrize("numbering, message", [
    (STAGGER.replace('hType="N"', 'hType="A"'), "letters in the hex numbering"),
    (STAGGER.replace('vType="N"', 'vType="A"') + UP, "letters in the hex numbering"),
    (STAGGER.replace('hOff="3"', 'hOff="95"'), "hex numbers from 95 to 104 (columns)"),
])
def test_grids_our_numbering_cannot_write_are_one_line(tmp_path, numbering, message):
    out = tmp_path / "m"
    with pytest.raises(LoadError) as exc:
        from_vassal(vmod(tmp_path, numbering), "Board", out)
    assert message in str(exc.value) and "\n" not in str(exc.value)
    assert not out.exists()


def test_cli_from_vassal_validate_and_render_over(tmp_path):
    """The commands end to end: the map validates, the picture over the board keeps the board's
    size and tints a sea hex blue-ish and a woods hex green-ish; a missing board is one line."""
    module = vmod(tmp_path, STAGGER)
    out = tmp_path / "maps" / "t"
    r = CliRunner().invoke(main, ["map", "from-vassal", str(module), "--board", "Board", "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["validate", str(out)])
    assert r.exit_code == 0 and r.output.startswith("ok: map t"), r.output
    r = CliRunner().invoke(main, ["show", str(out)])
    assert r.exit_code == 0 and "numbering: tscw" in r.output, r.output
    png = tmp_path / "over.png"
    r = CliRunner().invoke(main, ["render", str(out), "--over", str(module), "-o", str(png)])
    assert r.exit_code == 0, r.output
    im = Image.open(png).convert("RGB")
    assert im.size == (400, 300)
    map_ = load_map(out)
    pixels = read_pixels(out)
    from logistics.mapio import find_hex
    for hid, terrain in (("0301", "all_sea"), ("0702", "woods")):
        h = find_hex(map_, hid)
        assert map_.terrain[h] == terrain
        x, y = pixels.centre(map_.layout, h)
        assert im.getpixel((round(x), round(y + 8))) != board_image().getpixel((round(x), round(y + 8)))
    r = CliRunner().invoke(main, ["map", "from-vassal", str(module), "--board", "Nope", "-o", str(out)])
    assert r.exit_code == 1 and "no board 'Nope'" in r.output and "Traceback" not in r.output


def test_real_module_tld_board_hexes_hold_the_towns(tmp_path):
    """A real public module: The Longest Day's board Normandy (tests/data/vassal/tld/SOURCE.md).
    Its image is not kept, so a blank image of the same size (5340 x 5024) stands in: only the
    grid matters here. Each town dot read by eye on the board image (TLD_TOWNS, the hex outline
    around the dot counted from the map's edges) lies in our map's hex of the same id: the hex
    whose centre (vassal.yaml) is nearest the dot; VASSAL names the dot's pixel the same."""
    from test_vassal import TLD, TLD_TOWNS
    image = tmp_path / "blank.png"
    Image.new("RGB", (5340, 5024), (250, 250, 250)).save(image)
    out = tmp_path / "normandy"
    done = from_vassal(TLD / "buildFile", "Normandy", out, image=str(image), colours=2)
    map_ = load_map(out)
    pixels = read_pixels(out)
    vmap = read_module(TLD / "buildFile").map("Normandy")
    centres = {map_.hex_id(h): pixels.centre(map_.layout, h) for h in map_.terrain}
    assert done.hexes == len(centres) == 7482 and done.in_zones == 54 and not done.renamed
    for town, ((x, y), printed) in TLD_TOWNS.items():
        nearest = min(centres, key=lambda i: (centres[i][0] - x) ** 2 + (centres[i][1] - y) ** 2)
        assert nearest == printed == vmap.location_name(x, y, [("Normandy", 0, 0, False)]), town


def test_names_written_differently_are_reported(tmp_path):
    """hLeading 0: VASSAL writes column 3, row 1 as '301' (RegularGridNumbering.getName pads to
    one digit only); our id is '0301'. The numbers are the same hex; the report says how many
    names differ and gives one."""
    done = from_vassal(vmod(tmp_path, STAGGER.replace('hLeading="1"', 'hLeading="0"')), "Board", tmp_path / "m")
    assert ("301", "0301") in done.renamed
    assert all(v.lstrip("0") == o.lstrip("0") for v, o in done.renamed)
    assert f"{len(done.renamed)} hexes written differently by VASSAL (e.g. " in str(done)


def test_render_over_needs_a_map_made_from_a_board(tmp_path):
    """A map without vassal.yaml (a bundled one) cannot be drawn over a board: one line."""
    png = tmp_path / "board.png"
    board_image().save(png)
    bundled = str(Path(__file__).parent.parent / "maps" / "iberia-tscw")
    r = CliRunner().invoke(main, ["render", bundled, "--over", str(png), "-o", str(tmp_path / "o.png")])
    assert r.exit_code == 1 and "vassal.yaml: not found" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "o.png").exists()


def test_render_over_a_module_without_the_board_image(tmp_path):
    """`render --over` a .vmod that does not hold the image vassal.yaml names (another module, or
    the board's image renamed since): one line naming the module and the missing entry."""
    module = vmod(tmp_path, STAGGER)
    out = tmp_path / "maps" / "t"
    assert CliRunner().invoke(main, ["map", "from-vassal", str(module), "--board", "Board", "-o", str(out)]).exit_code == 0
    other = tmp_path / "other.vmod"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("buildFile.xml", "<VASSAL.build.GameModule/>")
    r = CliRunner().invoke(main, ["render", str(out), "--over", str(other), "-o", str(tmp_path / "o.png")])
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    assert f"{other}: no board image 'images/board.png' in the module" in r.output, r.output
    assert not (tmp_path / "o.png").exists()

def zoned_vmod(tmp_path: Path, zones: str, size=(400, 300)) -> Path:
    """A module whose board has no grid of its own: a ZonedGrid holding `zones`."""
    buf = io.BytesIO()
    board_image(size).save(buf, "PNG")
    path = tmp_path / "z.vmod"
    text = (f'<VASSAL.build.GameModule name="T"><VASSAL.build.module.Map mapName="Main">'
            f'<VASSAL.build.module.map.BoardPicker><{P}Board name="Board" image="board.png">'
            f'<{P}board.ZonedGrid>{zones}</{P}board.ZonedGrid>'
            f'</{P}Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", text)
        z.writestr("images/board.png", buf.getvalue())
    return path


def zone(name: str, path: str, grid: str) -> str:
    return (f'<{P}board.mapgrid.Zone name="{name}" path="{path}" locationFormat="$gridLocation$" '
            f'useParentGrid="false">{grid}</{P}board.mapgrid.Zone>')


def hex_grid(numbering: str, grid: str = 'dx="40" dy="46" x0="10" y0="12" sideways="false"') -> str:
    return f'<{P}board.HexGrid {grid}><{P}board.mapgrid.HexGridNumbering {numbering}/></{P}board.HexGrid>'


SQUARE_BOX = (f'<{P}board.SquareGrid dx="50" dy="50" x0="0" y0="0"><{P}board.mapgrid.SquareGridNumbering '
              f'first="H" hType="N" vType="N"/></{P}board.SquareGrid>')
ZONE_PATH = "60,40;330,60;340,260;70,250"       # a quadrilateral, not a rectangle


@pytest.mark.parametrize("numbering", [STAGGER, STAGGER + UP,
                                       PLAIN.replace('first="H"', 'first="V"').replace('hOff="0"', 'hOff="3"') + UP + LEFT])
def test_a_zones_hex_grid_is_the_map(tmp_path, numbering):
    """A board whose hex grid belongs to a zone (VASSAL's ZonedGrid; counted upward / leftward in
    the zone's bounds, as HexGridNumbering does in its container): our hexes are exactly the grid's
    hexes centred in the zone (brute force over the grid), each named as VASSAL names its centre,
    in board pixels; a box zone with a square grid beside it changes nothing."""
    module = zoned_vmod(tmp_path, zone("hexes", ZONE_PATH, hex_grid(numbering))
                        + zone("box", "350,0;400,0;400,300;350,300", SQUARE_BOX))
    out = tmp_path / "m"
    done = from_vassal(module, "Board", out)
    map_ = load_map(out)
    pixels = read_pixels(out)
    vmap = read_module(module).map("Main")
    board = vmap.boards["Board"]
    centres = {map_.hex_id(h): pixels.centre(map_.layout, h) for h in map_.terrain}
    assert done.hexes == len(centres) and not done.renamed and "zone: hexes" in (out / "vassal.yaml").read_text()
    for hid, (x, y) in centres.items():
        assert board.find_zone(round(x), round(y)).name == "hexes"
        assert vmap.location_name(round(x), round(y)) == hid
    g = board.zones[0].grid
    inside = 0
    for c in range(-5, 15):
        for r in range(-5, 15):
            x, y = g.x0 + c * g.dx, g.y0 + r * g.dy + (g.dy / 2 if c % 2 else 0)
            found = board.find_zone(round(x), round(y))
            inside += found is not None and found.name == "hexes"
    assert inside == len(centres) > 20


def test_several_zones_with_hex_grids_are_refused_in_one_line(tmp_path):
    module = zoned_vmod(tmp_path, zone("west", "0,0;200,0;200,300;0,300", hex_grid(STAGGER))
                        + zone("east", "200,0;400,0;400,300;200,300", hex_grid(STAGGER)))
    with pytest.raises(LoadError) as exc:
        from_vassal(module, "Board", tmp_path / "m")
    assert "zones 'west', 'east' each have a hex grid" in str(exc.value) and "\n" not in str(exc.value)
    assert not (tmp_path / "m").exists()
