"""VASSAL saves and modules: encodings, command splitting, pieces, and pixel -> location name,
checked on two real public modules (tests/data/vassal/*/SOURCE.md) and a synthetic one over our
Iberian map. The formats are VASSAL's own (its Java source, named in logistics/io/vassal/*)."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from logistics.errors import LoadError
from logistics.io.vassal.module import polygon_contains, read_module
from logistics.io.vassal.save import (
    ESC,
    decode_sequence,
    deobfuscate,
    encode_sequence,
    obfuscate,
    read_save,
    read_save_text,
    split_commands,
)

DATA = Path(__file__).parent / "data" / "vassal"
TLD = DATA / "tld"
KASSALA = DATA / "kassala"


# --- SequenceEncoder and the command string ------------------------------------------------------

def test_sequence_encoder_escapes_like_vassal():
    """tools.SequenceEncoder: a delimiter inside an item gets a backslash; an item starting with a
    backslash, or quoted, is wrapped in single quotes; the decoder undoes both."""
    assert encode_sequence(["a;b", "\\x", "'q'", ""], ";") == "a\\;b;'\\x';''q'';"
    assert decode_sequence("a\\;b;'\\x';''q'';", ";") == ["a;b", "\\x", "'q'", ""]
    assert decode_sequence("", ";") == [""]
    assert decode_sequence("x;", ";") == ["x", ""]


@given(st.lists(st.text(alphabet="ab;\\'\t\x1b", max_size=6), min_size=1, max_size=5))
def test_sequence_encoder_round_trip(items):
    """Whatever the items, decoding what VASSAL's encoder writes gives them back."""
    if any(i.endswith("\\") for i in items[:-1]):
        return   # VASSAL's own format cannot tell "a\" + delimiter from an escaped delimiter
    assert decode_sequence(encode_sequence(items, ";"), ";") == items


def test_nested_commands_split_in_order():
    """GameModule.decode: commands joined by ESC, a compound command escaped inside another."""
    inner = encode_sequence(["+/1/a/b", "+/2/c/d"], ESC)
    text = encode_sequence(["begin_save", "", inner, "end_save"], ESC)
    assert split_commands(text) == ["begin_save", "", "+/1/a/b", "+/2/c/d", "end_save"]


def test_obfuscation_round_trip_and_header():
    """ObfuscatingOutputStream: `!VCSK`, the key in two hex digits, each byte XORed with it."""
    data = obfuscate("begin_save\x1bé", key=0x3C)
    assert data.startswith(b"!VCSK3c")
    assert deobfuscate(data, "f") == "begin_save\x1bé"
    assert deobfuscate(b"begin_save", "f") == "begin_save"          # plain text is read as it is


def test_unknown_encoding_names_its_header(tmp_path):
    """An encoding we do not know: one line naming the file, the entry and the header."""
    path = tmp_path / "new.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", b"!VCSZ0011223344")
    with pytest.raises(LoadError) as exc:
        read_save_text(path)
    assert str(exc.value) == (f"{path}: savedGame: unknown encoding header '!VCSZ' "
                              "(expected a VASSAL save: '!VCSK' or plain text)")


# --- real saves ----------------------------------------------------------------------------------

def _add_commands(path) -> list[str]:
    return [c for c in split_commands(read_save_text(path)) if c.startswith("+/")]


def test_tld_save_every_piece_decoded():
    """The Longest Day, scenario 2 (VASSAL 2.9.8, !VCSK): 35 add commands = 12 pieces + 23 stacks,
    every piece on map Normandy at the pixel of its stack (counters.Stack.setState)."""
    game = read_save(TLD / "scenario_2.sav")
    assert len(_add_commands(TLD / "scenario_2.sav")) == 35
    assert len(game.pieces) == 12 and len(game.stacks) == 23
    assert all(p.map == "Normandy" for p in game.pieces)
    corps = {p.name: (p.x, p.y) for p in game.pieces}
    assert corps["VII"] == (1217, 1312) and corps["2 CAN"] == (1328, 32)
    assert game.boards["Normandy"] == [("Board G", 0, 0, False)]
    vii = next(p for p in game.pieces if p.name == "VII")
    assert vii.traits[0].startswith("placemark;Disrupt") and vii.image == "1832.svg"


def test_kassala_save_every_piece_decoded():
    """Kassala's default set-up (VASSAL 3.6.5): 23 counters, each on Main Map."""
    game = read_save(KASSALA / "Default Setup.vsav")
    pieces = [c for c in _add_commands(KASSALA / "Default Setup.vsav") if "/stack/" not in c]
    assert len(game.pieces) == len(pieces) == 23
    assert {p.map for p in game.pieces} == {"Main Map"}
    assert sum(p.name.startswith("Christian") for p in game.pieces) == 10   # as the map prints them


# --- pixel -> location name ----------------------------------------------------------------------

# The Longest Day, board image maps/Map_Full.png (commit 48f6596), read by eye: the town dot,
# the printed hex outline around it, its column counted from the map's left edge (the half hexes
# cut by the edge are column 00) and its row from the top (the half hexes cut by the top edge
# are row 01; the module numbers hOff=0, vOff=1, two digits each).
TLD_TOWNS = {
    "Goury": ((106, 56), "0201"),              # third column, the cut hex at the top
    "Auderville": ((116, 103), "0202"),        # below Goury, same column
    "St Germain": ((148, 129), "0302"),
    "Omanville-les-Petite": ((228, 161), "0403"),
    "Digulleville": ((299, 181), "0603"),
    "Omanville": ((359, 135), "0702"),
    "Jobourg": ((199, 208), "0404"),
    "Dannery": ((142, 275), "0304"),
    "Herqueville": ((250, 281), "0504"),
    "Beaumont": ((354, 321), "0705"),
    "Eculleville": ((415, 248), "0804"),
    "Greville": ((465, 265), "0904"),
    "Vauville": ((330, 437), "0607"),
}


@pytest.mark.parametrize("town", sorted(TLD_TOWNS))
def test_tld_pixel_to_hex_against_the_board(town):
    """HexGrid + HexGridNumbering of board Normandy name the hex holding the town's dot."""
    (x, y), expected = TLD_TOWNS[town]
    vmap = read_module(TLD / "buildFile").map("Normandy")
    assert vmap.location_name(x, y, [("Normandy", 0, 0, False)]) == expected


def test_tld_zones_name_their_boxes():
    """ZonedGrid: a pixel inside a zone's polygon is named by the zone ($name$), else the grid."""
    vmap = read_module(TLD / "buildFile").map("Normandy")
    setup = [("Normandy", 0, 0, False)]
    assert vmap.location_name(1000, 100, setup) == "Cherbourg Alarm Units"
    assert vmap.location_name(869, 100, setup) != "Cherbourg Alarm Units"      # just left of it


# Kassala, board image vmod/images/Mapboard.png (commit 981d6a8): the map prints the set-up
# counters. Each save piece must fall in the hex where its counter is printed. Columns counted
# from the left edge (the half hexes at the river are column 0); rows from the top: in even
# columns the hexes cut by the title line are row 0, in odd columns the top full hex is row 0.
KASSALA_PRINTED = [
    ("Moslem_Infantry_3-2_Nubian", (278, 718), (1, 2)),        # "3·2 N", the lone one left
    ("Moslem_Infantry_3-2_Nubian", (506, 586), (2, 2)),        # "3·2 N", upper of the pair
    ("Moslem_Infantry_3-2_Nubian", (506, 852), (2, 3)),
    ("Moslem_Infantry_4-2_Turkish", (734, 452), (3, 1)),       # "4·2 T"
    ("Moslem_Cannon_1-0", (734, 718), (3, 2)),                 # "1·0 MOS."
    ("Christian_Infantry_4-2_Portuguese", (734, 1250), (3, 4)),  # "4·2 P" in the fort
    ("Christian_Infantry_4-2_Portuguese", (734, 1516), (3, 5)),  # "4·2 P" below it
    ("Moslem_Cavalry_4-3_Turkish", (962, 320), (4, 1)),        # "4·3 T"
    ("Moslem_Infantry_4-2_Egyptian-Sudanese", (962, 586), (4, 2)),  # "4·2 E/S"
    ("Christian_Infantry_2-2_Portuguese", (962, 1650), (4, 6)),  # "2·2 P"
    ("Christian_Cannon_1-0", (1190, 1782), (5, 6)),            # "1·0 CHR." left
    ("Christian_Cavalry_2-3_Native", (1190, 2048), (5, 7)),    # "2·3 RES."
    ("Moslem_Cavalry_3-3_Mamluk", (1418, 320), (6, 1)),        # "3·3 M" top
    ("Moslem_Cavalry_3-3_Arab", (1418, 586), (6, 2)),          # "3·3 A"
    ("Christian_Infantry_4-2_Ethiopian", (1418, 1916), (6, 7)),  # "4·2 E" low
    ("Moslem_Cavalry_3-3_Mamluk", (1646, 452), (7, 1)),
    ("Moslem_Cavalry_3-3_Arab", (1646, 718), (7, 2)),
    ("Christian_Cannon_1-0", (1646, 1782), (7, 6)),            # "1·0 CHR." right
    ("Christian_Infantry_4-2_Galla-Ethiopian", (1874, 1118), (8, 4)),  # Kassala's upper fort
    ("Christian_Infantry_4-2_Galla-Ethiopian", (1874, 1384), (8, 5)),  # ... the lower one
    ("Christian_Infantry_4-2_Ethiopian", (1874, 1650), (8, 6)),  # "4·2 E" right edge
]


def test_kassala_pieces_stand_in_their_printed_hexes():
    """HexGrid.getRawColumn / getRawRow put each saved counter in the hex that prints it; the
    grid has no numbering, so VASSAL names every pixel 'offboard' (Map.locationName)."""
    game = read_save(KASSALA / "Default Setup.vsav")
    board = read_module(KASSALA / "buildFile.xml").map("Main Map").boards["Kassala"]
    vmap = read_module(KASSALA / "buildFile.xml").map("Main Map")
    saved = sorted((p.name, p.x, p.y) for p in game.pieces)
    for name, (x, y), (col, row) in KASSALA_PRINTED:
        assert (name, x, y) in saved
        assert (board.grid.raw_column(x, y), board.grid.raw_row(x, y)) == (col, row), name
        assert vmap.location_name(x, y) == "offboard"


def test_polygon_insideness_is_java_awt():
    """java.awt.Polygon: the left and top edges are inside, the right and bottom ones outside."""
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert polygon_contains(square, 0, 0) and polygon_contains(square, 9, 9)
    assert not polygon_contains(square, 10, 5) and not polygon_contains(square, 5, 10)


def test_numbering_names_like_vassal():
    """RegularGridNumbering.getName: leading zeros, letters (Z then BB), negative numbers."""
    from logistics.io.vassal.module import Numbering
    assert Numbering.part(5, "N", 1) == "05" and Numbering.part(5, "N", 2) == "005"
    assert Numbering.part(50, "N", 2) == "050" and Numbering.part(150, "N", 2) == "150"
    assert Numbering.part(25, "A", 0) == "Z" and Numbering.part(27, "A", 0) == "BB"
    assert Numbering.part(-3, "N", 1) == "-03"
    n = Numbering(first="V", sep="-", v_type="A", h_off=1, v_off=0)
    assert n.location(2, 4) == "C-05"


def test_descending_and_sideways_grids():
    """HexGridNumbering with vDescend counts rows up from the bottom (getMaxRows uses the board
    height over dx); a sideways grid swaps x and y before the column and row (rotateIfSideways)."""
    from logistics.io.vassal.module import HexGrid, Numbering
    grid = HexGrid(50.0, 60.0, 0, 0, False, Numbering(v_descend=True, stagger=False, h_off=0, v_off=0), (500, 600))
    assert grid.column_row(0, 0) == (0, 12)            # max rows = floor(600 / 50 + 0.5) = 12
    side = HexGrid(50.0, 60.0, 0, 0, True, Numbering(stagger=False, h_off=0, v_off=0))
    assert side.column_row(120, 0) == (0, 2) and side.column_row(0, 100) == (2, 0)


def test_module_without_hex_grid_is_one_line(tmp_path):
    """Importing onto a map with no HexGrid: one line naming the module file and HexGrid."""
    from logistics.io.vassal.importer import hex_map
    from logistics.io.vassal.pieces import PiecesFile
    build = tmp_path / "buildFile.xml"
    build.write_text('<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="Track">'
                     '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="T">'
                     '<VASSAL.build.module.map.boardPicker.board.SquareGrid dx="10" dy="10"/>'
                     '</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>'
                     '</VASSAL.build.module.Map></VASSAL.build.GameModule>')
    with pytest.raises(LoadError) as exc:
        hex_map(read_module(build), PiecesFile("p.yaml", None, "Track"))
    assert str(exc.value) == f"{build}: HexGrid: map 'Track' has no hex grid (expected a map whose boards have a HexGrid)"


def test_vmod_board_size_read_from_its_image(tmp_path):
    """A .vmod: the buildFile inside it, and board sizes from the board images (Board.bounds),
    so a pixel right of the board is offboard."""
    from PIL import Image
    img = io.BytesIO()
    Image.new("RGB", (300, 200)).save(img, format="PNG")
    vmod = tmp_path / "k.vmod"
    with zipfile.ZipFile(vmod, "w") as z:
        z.writestr("buildFile.xml", (KASSALA / "buildFile.xml").read_bytes().replace(b"Mapboard.png", b"small.png"))
        z.writestr("images/small.png", img.getvalue())
    vmap = read_module(vmod).map("Main Map")
    assert vmap.boards["Kassala"].size == (300, 200)
    assert vmap.locate(299, 199)[1] is not None and vmap.locate(300, 100)[1] is None


def test_log_commands_are_played_to_the_end():
    """A .vlog: the save, then `LOG` TAB command (BasicLogger): M/ moves a piece (MovePiece, onto
    the piece named under it when given), -/ removes (RemovePiece), D/ changes a state
    (ChangePiece; a `null` map keeps the piece where it is), +/stack regroups (Stack.setState)."""
    from logistics.io.vassal.save import parse_save, piece_command, stack_command

    def log(command):
        return "LOG\t" + command
    save = [piece_command("a", "A", "null", 0, 0), piece_command("b", "B", "null", 0, 0),
            piece_command("c", "C", "Main", 50, 50), stack_command("s", "Main", 10, 10, ["a", "b"])]
    moves = [log("M/a/Main/70/80/null/Main/10/10/null/p"),           # a leaves the stack
             log("D/a/" + encode_sequence(["null", 70, 80, "", 0], ";") + "/old"),
             log("M/c/Main/10/10/b/Main/50/50/null/p"),              # c goes on top of b
             log("-/b")]
    game = parse_save(encode_sequence(["begin_save", encode_sequence(save, ESC), "end_save", *moves], ESC))
    where = {p.name: (p.map, p.x, p.y) for p in game.pieces}
    assert where == {"A": ("Main", 70, 80), "C": ("Main", 10, 10)}
    assert next(s for s in game.stacks if s.id == "s").pieces == ["c"]


def test_several_boards_on_one_map(tmp_path):
    """Map.setBoardBoundaries: boards laid out by the save's board picker (column, row), each
    after the widths / heights before it, plus the map's edge buffer; Board.localCoordinates for a
    reversed board; a zone's own numbered grid ($name$ $gridLocation$)."""
    hexgrid = ('<VASSAL.build.module.map.boardPicker.board.HexGrid dx="50" dy="60" x0="0" y0="0">'
               '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff="{h}" vOff="0" '
               'stagger="false"/></VASSAL.build.module.map.boardPicker.board.HexGrid>')
    build = tmp_path / "buildFile.xml"
    build.write_text(
        '<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M" edgeWidth="10" edgeHeight="20">'
        '<VASSAL.build.module.map.BoardPicker>'
        f'<VASSAL.build.module.map.boardPicker.Board name="A" width="500" height="400">{hexgrid.format(h=0)}'
        '</VASSAL.build.module.map.boardPicker.Board>'
        '<VASSAL.build.module.map.boardPicker.Board name="B" width="300" height="400">'
        f'<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{hexgrid.format(h=20)}'
        '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Box" path="0,0;100,0;100,100;0,100" '
        f'locationFormat="$name$ $gridLocation$">{hexgrid.format(h=50)}'
        '</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>'
        '</VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
        '</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>'
        '</VASSAL.build.module.Map></VASSAL.build.GameModule>')
    vmap = read_module(build).map("M")
    setup = [("A", 0, 0, False), ("B", 1, 0, False)]
    assert vmap.location_name(10, 20, setup) == "0000"                    # A's origin, after the edge
    assert vmap.locate(10 + 500 + 200, 20 + 120, setup)[1].name == "B"     # B starts at x = 510
    assert vmap.location_name(10 + 500 + 200, 20 + 120, setup) == "2402"   # column 4 + hOff 20, row 2
    assert vmap.location_name(10 + 500 + 50, 20 + 60, setup) == "Box 5101"  # in the zone: its own grid
    assert vmap.location_name(5, 5, setup) == "offboard"
    flipped = [("A", 0, 0, True)]
    assert vmap.location_name(10 + 499, 20 + 399, flipped) == "0000"        # reversed: far corner is origin
    assert vmap.location_name(10 + 499, 20 + 399, [("A", 0, 0, False)]) != "0000"
    with pytest.raises(ValueError, match="has boards A, B"):
        vmap.location_name(10, 20)                                          # no layout, several boards
