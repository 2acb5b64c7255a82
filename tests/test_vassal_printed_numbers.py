"""Pixel -> VASSAL location name checked against hex numbers PRINTED on a real board image
(issue [L] acceptance; issue [P] for the map made from it). The module: Ragnarok (SPI, 1981),
tests/data/vassal/ragnarok/SOURCE.md. Every hex of its board prints its number (XXYY: XX the row
counted from the bottom, YY the hex along the row from the left); each number below was read by
eye on the board image `ragnarok/vassal/images/map.jpg` (3300 x 2457) of commit c85dd5f, at the
pixel given: the centre of the printed hex outline holding that number."""
from __future__ import annotations

from pathlib import Path

import pytest

from logistics.io.vassal.board_map import from_vassal
from logistics.io.vassal.module import read_module
from logistics.io.vassal.save import read_save, read_save_text, split_commands

RAGNAROK = Path(__file__).parent / "data" / "vassal" / "ragnarok"
SETUP = [("Map", 0, 0, False)]     # the save's "Main MapBoardPicker\tMap\t0\t0": one board at 0, 0

# (number printed in the hex, (x, y) of the hex's centre on the board image), spread over the board.
RAGNAROK_PRINTED = [
    ("0101", (80, 1685)),      # bottom-left corner hex, the Rainbow Bridge road starts in it
    ("0105", (528, 1685)),     # bottom row, fifth hex
    ("0202", (248, 1585)),     # road crosses it
    ("0304", (416, 1485)),
    ("1701", (80, 118)),       # top-left corner, forest: number read at 2x zoom
    ("1715", (1656, 120)),     # top row, clear hexes right of the forest
    ("1616", (1824, 218)),
    ("1514", (1544, 316)),
    ("1727", (3005, 120)),     # top-right corner hex, the Vimir river on its left
    ("1624", (2726, 218)),     # river on its left side
    ("1526", (2894, 316)),     # under Asgard's wall
    ("0915", (1656, 903)),     # middle of the Plain of Vigrid
    ("0814", (1599, 1000)),
    ("0716", (1768, 1096)),    # road crosses it
    ("0613", (1486, 1194)),    # road along it
    ("0927", (3004, 903)),     # right edge, beyond Asgard
    ("0723", (2554, 1096)),
    ("0325", (2778, 1487)),
    ("0123", (2554, 1685)),    # bottom row, right of the Vimir River label
    ("0426", (2946, 1389)),    # river bend, right edge
    ("0215", (1711, 1585)),    # river loops around it
    ("0118", (1992, 1685)),    # bottom row, river along its top
    ("0413", (1486, 1389)),
]


@pytest.mark.parametrize("printed, pixel", RAGNAROK_PRINTED, ids=[p for p, _ in RAGNAROK_PRINTED])
def test_ragnarok_pixel_names_the_printed_hex(printed, pixel):
    """HexGrid (sideways) + HexGridNumbering (stagger, vDescend: rows counted upwards inside the
    zone 'map') name each pixel by the number the board prints in that hex."""
    vmap = read_module(RAGNAROK / "buildFile.xml").map("Main Map")
    location, board, zone = vmap.locate(*pixel, SETUP)
    assert (location, board.name, zone.name) == (printed, "Map", "map")


def test_ragnarok_neighbours_of_a_printed_hex_are_not_it():
    """Half a hex (56 px) right of 0915's centre is 0916; 98 px up is the row above (1015 or
    1016): the names change where the printed hexes do, not elsewhere."""
    vmap = read_module(RAGNAROK / "buildFile.xml").map("Main Map")
    assert vmap.location_name(1656 + 30, 903, SETUP) == "0915"
    assert vmap.location_name(1656 + 84, 903, SETUP) == "0916"
    assert vmap.location_name(1656, 903 - 98, SETUP) in {"1015", "1016"}


# The save's endurance markers stand in the board's printed Endurance Record Track boxes (read on
# the image: 20 Thor; 19 Vidar, Odin, Serpent; 18 Heimdall, Loki; 17 Freyr, Fenrir, Surt;
# 16 Tyr, Hrym; 15 Garm). The zone's SquareGrid numbers its one column 0 (hOff -24), and
# VASSAL writes the column before the row: box 19 is "Endurance 019".
PRINTED_ENDURANCE = {"thor": 20, "vidar": 19, "odin": 19, "serpent": 19, "heimdall": 18, "loki": 18,
                     "freyr": 17, "fenir": 17, "surt": 17, "tyr": 16, "hrym": 16, "garm": 15}


def test_ragnarok_save_every_piece_decoded_and_in_its_printed_box():
    """The module's own start save (VASSAL 3.7.9, !VCSK-encoded): every piece decoded; the
    endurance markers are named by the printed track box they stand in, and the hero on the
    board by the printed hex 0101 (its counter's pixel (80, 1682) read back from the save)."""
    game = read_save(RAGNAROK / "ragnarok-start.vsav")
    added = [c for c in split_commands(read_save_text(RAGNAROK / "ragnarok-start.vsav")) if c.startswith("+/")]
    stacks = [c for c in added if "/stack/" in c]
    assert len(game.pieces) == len(added) - len(stacks) == 99 and len(game.stacks) == len(stacks) == 55
    assert game.boards["Main Map"] == [("Map", 0, 0, False)]
    vmap = read_module(RAGNAROK / "buildFile.xml").map("Main Map")
    on_map = [p for p in game.pieces if p.map == "Main Map"]
    markers = {p.name.removeprefix("en-"): vmap.location_name(p.x, p.y, game.boards["Main Map"])
               for p in on_map if p.name.startswith("en-")}
    assert markers == {hero: f"Endurance 0{box}" for hero, box in PRINTED_ENDURANCE.items()}
    heroes = [(p.name, vmap.location_name(p.x, p.y, SETUP)) for p in on_map if not p.name.startswith("en-")]
    assert heroes == [("hero-heimdall", "0101")]


def _ragnarok_map(tmp_path: Path):
    """`map from-vassal` on the board: our map, and each of its hex ids -> its centre in board pixels."""
    from logistics.io.vassal.board_map import read_pixels
    from logistics.mapio import load_map
    out = tmp_path / "ragnarok"
    done = from_vassal(RAGNAROK / "buildFile.xml", "Map", out, image=str(_blank(tmp_path)), colours=2)
    map_ = load_map(out)
    pixels = read_pixels(out)
    return done, map_, {map_.hex_id(h): pixels.centre(map_.layout, h) for h in map_.terrain}


def _hex_at(centres: dict[str, tuple[float, float]], x: float, y: float) -> str | None:
    """Our hex holding pixel (x, y): the nearest centre, if the pixel lies inside that hex (its
    inscribed circle, radius 48 px: the rows are 97.7 px apart); None off our hexes."""
    hid = min(centres, key=lambda i: (centres[i][0] - x) ** 2 + (centres[i][1] - y) ** 2)
    cx, cy = centres[hid]
    return hid if (cx - x) ** 2 + (cy - y) ** 2 < 48 ** 2 else None


def test_ragnarok_map_from_vassal_ids_are_the_printed_numbers(tmp_path):
    """Issue [P] acceptance, on a real public module: `map from-vassal` on Ragnarok's board (the
    hex grid of zone 'map', rows counted upward, row number printed first) gives a map in which
    each of the 23 numbers read on the board image (RAGNAROK_PRINTED, SOURCE.md) is the id of our
    hex holding its pixel, through the pixel mapping vassal.yaml records. The board image is not
    kept: a blank image of its size stands in, only the grid matters."""
    done, map_, centres = _ragnarok_map(tmp_path)
    vmap = read_module(RAGNAROK / "buildFile.xml").map("Main Map")
    zone = vmap.boards["Map"].zones[0]
    assert map_.numbering.sheets[0].row_first and map_.numbering.sheets[0].rows_upward
    assert not map_.numbering.sheets[0].columns_leftward
    # Our hexes are the grid's hexes centred in the zone, every one named as VASSAL names it.
    assert done.hexes == len(centres) and not done.renamed and done.in_zones == 0
    for hid, (x, y) in centres.items():
        assert vmap.locate(round(x), round(y), SETUP)[2] is zone
        assert vmap.location_name(round(x), round(y), SETUP) == hid
    assert {hid[:2] for hid in centres} == {f"{r:02d}" for r in range(1, 18)}      # rows 01 (bottom) to 17
    # None left out: every centre of the grid (sideways: x0 + c dx down, y0 + r dy across) in the zone.
    g = zone.grid
    in_zone = sum(zone is vmap.locate(round(g.y0 + r * g.dy + (g.dy / 2 if c % 2 else 0)), round(g.x0 + c * g.dx),
                                      SETUP)[2] for c in range(-2, 30) for r in range(-2, 40))
    assert in_zone == len(centres) == 467
    for printed, (x, y) in RAGNAROK_PRINTED:
        assert _hex_at(centres, x, y) == printed


def _neighbours(printed: str) -> dict[tuple[float, float], str]:
    """The six hexes around a printed hex as the board prints them: hex CC+1 to the right (112 px),
    the rows 98 px apart, even rows shoved half a hex right of odd ones (0101 and 1701 at the left
    edge, 0201 half a hex right of them), so the hex up or down to the right of row RR is CC in an
    odd row, CC+1 in an even one."""
    rr, cc = int(printed[:2]), int(printed[2:])
    right, left = cc + (rr % 2 == 0), cc - (rr % 2 == 1)
    return {(112, 0): f"{rr:02d}{cc + 1:02d}", (-112, 0): f"{rr:02d}{cc - 1:02d}",
            (56, -98): f"{rr + 1:02d}{right:02d}", (-56, -98): f"{rr + 1:02d}{left:02d}",
            (56, 98): f"{rr - 1:02d}{right:02d}", (-56, 98): f"{rr - 1:02d}{left:02d}"}


def test_ragnarok_map_neighbours_follow_the_printed_numbering(tmp_path):
    """Around each of the 23 printed hexes, the hex a step away in each of the six directions has
    the id the board's numbering gives it (off the board's hexes: none of ours either)."""
    _, _, centres = _ragnarok_map(tmp_path)
    checked = 0
    for printed, (x, y) in RAGNAROK_PRINTED:
        for (ox, oy), expected in _neighbours(printed).items():
            found = _hex_at(centres, x + ox, y + oy)
            if found is None:
                assert expected not in centres, (printed, expected)
                continue
            assert found == expected, (printed, (ox, oy))
            checked += 1
    assert checked > 100


def _blank(tmp_path: Path) -> Path:
    from PIL import Image
    path = tmp_path / "blank.png"
    Image.new("RGB", (3300, 2457), (250, 250, 250)).save(path)
    return path
