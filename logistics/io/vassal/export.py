"""A position of ours written as a VASSAL game: a plain module over our map, a save, a pieces file.

Used to check the import end to end (a position written out and read back is the same position),
and to give a player a starting module for a map VASSAL has no module for.
The module has one board with a HexGrid laid over our grid (flat hexes, odd columns half a hex
down, as `HexGrid` with sideways=false), numbered column+row from 01, and one zone per box.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from logistics.io.vassal.module import BOARD, HEX, HEX_NUMBERING, ZONE, ZONED
from logistics.io.vassal.save import piece_command, stack_command
from logistics.mapdata import Map
from logistics.position import Position

DX = 60.0
DY = round(DX * 2 / math.sqrt(3), 2)
X0 = Y0 = 40
BOX = (200, 80)          # a box zone's size in pixels


def grid_size(map_: Map) -> tuple[int, int]:
    cols = max(c for c, _ in map(map_.layout.to_offset, map_.terrain)) + 1
    rows = max(r for _, r in map(map_.layout.to_offset, map_.terrain)) + 1
    return cols, rows


def box_origin(map_: Map, index: int) -> tuple[int, int]:
    _, rows = grid_size(map_)
    return X0 + index * (BOX[0] + 20), int(Y0 + (rows + 1) * DY)


def build_file(map_: Map, boxes: list[str], map_name: str = "Main Map") -> bytes:
    cols, rows = grid_size(map_)
    root = ET.Element("VASSAL.build.GameModule", name=f"logistics {map_.name}", version="1")
    m = ET.SubElement(root, "VASSAL.build.module.Map", mapName=map_name, edgeWidth="0", edgeHeight="0")
    picker = ET.SubElement(m, "VASSAL.build.module.map.BoardPicker")
    width = int(X0 * 2 + cols * DX)
    height = int(box_origin(map_, 0)[1] + BOX[1] + Y0)
    board = ET.SubElement(picker, BOARD, name=map_.name, width=str(width), height=str(height))
    zoned = ET.SubElement(board, ZONED)
    grid = ET.SubElement(zoned, HEX, dx=str(DX), dy=str(DY), x0=str(X0), y0=str(Y0), sideways="false")
    ET.SubElement(grid, HEX_NUMBERING, first="H", sep="", hType="N", vType="N", hLeading="1", vLeading="1",
                  hOff="1", vOff="1", stagger="false", locationFormat="$gridLocation$")
    for i, box in enumerate(boxes):
        x, y = box_origin(map_, i)
        ET.SubElement(zoned, ZONE, name=box, locationFormat="$name$", useParentGrid="false",
                      path=f"{x},{y};{x + BOX[0]},{y};{x + BOX[0]},{y + BOX[1]};{x},{y + BOX[1]}")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def hex_pixel(map_: Map, hex_) -> tuple[int, int]:
    """The centre of our hex on the module's board (HexGridNumbering.getCenterPoint, no stagger)."""
    col, row = map_.layout.to_offset(hex_)
    return int(col * DX) + X0, int(row * DY + (DY / 2 if col % 2 else 0)) + Y0


def save_commands(position: Position, map_: Map, boxes: list[str], map_name: str = "Main Map") -> list[str]:
    """One piece per unit, named by its id, stacked by place in the order of the position."""
    stacks: dict[tuple[int, int], list[str]] = {}
    commands = []
    for i, unit in enumerate(position.units):
        if unit.hex is not None:
            x, y = hex_pixel(map_, unit.hex)
        elif unit.box is not None:
            bx, by = box_origin(map_, boxes.index(unit.box))
            x, y = bx + BOX[0] // 2, by + BOX[1] // 2
        else:
            continue
        pid = str(1000 + i)
        commands.append(piece_command(pid, unit.id, "null", x, y))
        stacks.setdefault((x, y), []).append(pid)
    for j, ((x, y), ids) in enumerate(stacks.items()):
        commands.append(stack_command(str(9000 + j), map_name, x, y, ids))
    return commands


def pieces_yaml(position: Position, base: str, map_name: str = "Main Map") -> str:
    """A pieces file naming each unit by its piece name (what a player writes for their counters)."""
    from logistics.yamldoc import dump_flow
    out = [f"base: {dump_flow(base)}", f"map: {dump_flow(map_name)}", "hexes:",
           "  - {location: '^(?P<col>\\d\\d)(?P<row>\\d\\d)$', id: grid, col: -1, row: -1}",
           "boxes:", "  - {location: '^(?P<box>.+)$', box: '{box}'}", "units:"]
    import re
    for u in position.units:
        rule = {"name": f"^{re.escape(u.id)}$", "id": u.id.replace("{", "{{").replace("}", "}}"),
                "affiliation": u.affiliation, "type": u.type, "size": u.size, "zoc": u.zoc}
        if u.mode:
            rule["mode"] = u.mode
        if u.nationality:
            rule["nationality"] = u.nationality
        out.append("  - " + dump_flow(rule))
    return "\n".join(out) + "\n"
