"""Pixel -> VASSAL location name checked against hex numbers PRINTED on a real board image
(issue [L] acceptance; issue [P] for the map made from it). The module: Ragnarok (SPI, 1981),
tests/data/vassal/ragnarok/SOURCE.md. Every hex of its board prints its number (XXYY: XX the row
counted from the bottom, YY the hex along the row from the left); each number below was read by
eye on the board image `ragnarok/vassal/images/map.jpg` (3300 x 2457) of commit c85dd5f, at the
pixel given: the centre of the printed hex outline holding that number."""
from __future__ import annotations

from pathlib import Path

import pytest

from logistics.errors import LoadError
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


def test_ragnarok_board_is_refused_by_from_vassal_in_one_line(tmp_path):
    """`map from-vassal` cannot make our map from this board: its hex grid is a zone's, not the
    board's, and it numbers rows upwards (vDescend), which our numbering cannot write. One line
    naming the board, nothing written."""
    out = tmp_path / "ragnarok"
    with pytest.raises(LoadError) as exc:
        from_vassal(RAGNAROK / "buildFile.xml", "Map", out, image=str(_blank(tmp_path)))
    assert str(exc.value) == (f"{RAGNAROK / 'buildFile.xml'}: board 'Map': the hex grid belongs to zone 'map', "
                              "not to the board (expected a board whose background grid is a HexGrid)")
    assert "\n" not in str(exc.value) and not out.exists()


def _blank(tmp_path: Path) -> Path:
    from PIL import Image
    path = tmp_path / "blank.png"
    Image.new("RGB", (3300, 2457), (250, 250, 250)).save(path)
    return path
