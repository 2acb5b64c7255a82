"""A VASSAL save + its module + a pieces file -> a scenario of ours.

The save gives each piece's map and pixel (save.py), the module names the pixel as VASSAL does
(module.py), the pieces file turns location names into our printed hex ids and pieces into units
(pieces.py); everything else (game, sides, turn, ownership, sources) comes from the base scenario.
Nothing is written unless every piece on the map is placed, read as a marker, or ignored.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from logistics.errors import LoadError
from logistics.io.vassal.module import HexGrid, Module, VassalMap, read_module
from logistics.io.vassal.pieces import PiecesFile, fill, read_pieces_file
from logistics.io.vassal.save import Piece, SavedGame, read_save
from logistics.mapdata import Map
from logistics.numbering import NumberingError
from logistics.position import Position, SupplyStock, Unit
from logistics.scenario import load_scenario
from logistics.scenario_writer import write_scenario


@dataclass
class ImportReport:
    units: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    elsewhere: dict[str, int] = field(default_factory=dict)   # other map (or "no map") -> pieces
    unmapped: list[str] = field(default_factory=list)
    lonely_markers: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{len(self.units)} units, {len(self.markers)} markers, {len(self.ignored)} ignored, "
               f"{sum(self.elsewhere.values())} pieces on other maps"]
        out += [f"  on {name}: {n}" for name, n in sorted(self.elsewhere.items())]
        out += [f"unmapped: {u}" for u in self.unmapped]
        out += [f"marker with no unit: {m}" for m in self.lonely_markers]
        return out


def hex_map(module: Module, pieces: PiecesFile) -> VassalMap:
    """The VASSAL map of the position; it must have a hex grid."""
    if pieces.map is not None:
        vmap = module.map(pieces.map)
    elif len(module.maps) == 1:
        vmap = next(iter(module.maps.values()))
    else:
        raise LoadError(pieces.file, "the module has several maps", field="map",
                        expected="one of " + ", ".join(module.maps))
    if not any(b.hex_grids for b in vmap.boards.values()):
        raise LoadError(module.file, f"map {vmap.name!r} has no hex grid", field="HexGrid",
                        expected="a map whose boards have a HexGrid")
    return vmap


class Placer:
    """Pixel -> VASSAL location -> our hex (or box), by the pieces file's rules."""

    def __init__(self, vmap: VassalMap, game: SavedGame, pieces: PiecesFile, map_: Map, module_file: str = ""):
        self.vmap, self.setup, self.pieces, self.map = vmap, game.boards.get(vmap.name), pieces, map_
        self.module_file = module_file

    def place(self, piece: Piece):
        """-> ("hex", Hex) or ("box", name); LoadError naming the piece when it is at no hex."""
        try:
            return self._place(piece)
        except ValueError as exc:          # the module cannot name the pixel (board sizes unknown)
            raise LoadError(self.module_file, str(exc), field=f"map {self.vmap.name!r}",
                            expected="a .vmod holding the board images") from None

    def _place(self, piece: Piece):
        loc, board, zone = self.vmap.locate(piece.x, piece.y, self.setup)
        for rule in self.pieces.hexes:
            if rule.board is not None and (board is None or board.name != rule.board):
                continue
            if rule.location is not None:
                m = rule.location.search(loc)
                if not m:
                    continue
                groups = {k: v for k, v in m.groupdict().items() if v is not None}
            else:
                grid = zone.grid if zone is not None and zone.grid is not None else board.grid if board else None
                if not isinstance(grid, HexGrid):
                    continue
                p = self.vmap.layout(self.setup)
                origin = next(pl for pl in p if pl.board is board)
                col, row = grid.column_row(piece.x - origin.x, piece.y - origin.y)
                groups = {"col": str(col), "row": str(row)}
            groups = {**groups, "col": str(int(groups.get("col", 0)) + rule.col),
                      "row": str(int(groups.get("row", 0)) + rule.row)} if rule.col or rule.row else groups
            return "hex", self._hex(rule, groups, piece, loc)
        for box in self.pieces.boxes:
            m = box.location.search(loc)
            if m:
                return "box", fill(box.box, m.groupdict(), self.pieces.file, box.path)
        raise LoadError(self.pieces.file, f"piece {piece.name!r} (id {piece.id}) at {loc!r}, pixel "
                        f"({piece.x}, {piece.y}) of map {self.vmap.name!r}, is at no hex", field="hexes",
                        expected="a hexes rule (or boxes rule) matching that location")

    def _hex(self, rule, groups, piece: Piece, loc: str):
        if rule.id == "grid":
            hex_ = self.map.layout.to_hex(int(groups["col"]), int(groups["row"]))
            text = f"grid ({groups['col']}, {groups['row']})"
        else:
            text = fill(rule.id, groups, self.pieces.file, rule.path + ".id")
            try:
                hex_ = self.map.hex_at(text)
            except NumberingError as exc:
                raise LoadError(self.pieces.file, f"{exc} (piece {piece.name!r} at {loc!r})",
                                field=rule.path + ".id") from None
        if hex_ not in self.map:
            raise LoadError(self.pieces.file, f"piece {piece.name!r} at {loc!r} -> {text}, not a hex of map "
                            f"{self.map.name}", field=rule.path, expected="a hex of the map")
        return hex_


def _unit(rule, groups, piece: Piece, place, position: Position, pieces: PiecesFile, map_: Map) -> Unit:
    f = {k: fill(v, groups, pieces.file, f"{rule.path}.{k}") for k, v in rule.fields.items()}
    affiliation = f["affiliation"]
    home = {a: (s.name, c) for s in position.sides for c, affs in s.coalitions for a in affs}
    if affiliation not in home:
        raise LoadError(pieces.file, f"unknown affiliation {affiliation!r} (piece {piece.name!r})",
                        field=rule.path + ".affiliation", expected="one of " + ", ".join(sorted(home)))
    side, coalition = home[affiliation]
    if "side" in f and f["side"].lower() != side.lower():
        raise LoadError(pieces.file, f"affiliation {affiliation} belongs to side {side}, not {f['side']}",
                        field=rule.path + ".side", expected=side)
    hex_, box = (place[1], None) if place[0] == "hex" else (None, place[1])
    if hex_ is not None and map_.is_water(hex_):
        raise LoadError(pieces.file, f"piece {piece.name!r} stands on {map_.terrain[hex_]} hex {map_.hex_id(hex_)}",
                        field=rule.path, expected="a land hex")
    return Unit(id=f.get("id", piece.name), side=side, coalition=coalition, affiliation=affiliation,
                type=f["type"], size=rule.size if rule.size is not None else 1.0, zoc=f.get("zoc", "normal"),
                nationality=f.get("nationality", ""), hex=hex_, box=box, mode=f.get("mode", ""))


def import_position(save_path, module_path, pieces_path, base_path=None,
                    allow_unmapped: bool = False) -> tuple[Position, Map, ImportReport]:
    pieces = read_pieces_file(pieces_path)
    base = base_path or pieces.base
    if base is None:
        raise LoadError(str(pieces_path), "no base scenario", field="base",
                        expected="the scenario whose sides, turn and ownership the position keeps")
    scenario = load_scenario(base)
    position, map_ = scenario.position, scenario.map
    module = read_module(module_path)
    game = read_save(save_path)
    vmap = hex_map(module, pieces)
    placer = Placer(vmap, game, pieces, map_, module.file)
    report = ImportReport()
    units: list[Unit] = []
    markers: list[tuple[Piece, object, object]] = []
    seen: set[str] = set()
    for piece in game.pieces:
        if piece.map != vmap.name:
            where = piece.map or "no map"
            report.elsewhere[where] = report.elsewhere.get(where, 0) + 1
            continue
        if any(p.search(piece.name) for p in pieces.ignore):
            report.ignored.append(piece.name)
            continue
        marker = next((m for m in pieces.markers if m.name.search(piece.name)), None)
        rule, groups = next(((r, g) for r in pieces.units if (g := r.match(piece.name, piece.traits, piece.id)) is not None),
                            (None, None))
        if marker is None and rule is None:
            report.unmapped.append(f"{piece.name!r} (id {piece.id}) at pixel ({piece.x}, {piece.y})")
            continue
        place = placer.place(piece)
        if marker is not None:
            markers.append((piece, marker, place))
            report.markers.append(piece.name)
            continue
        unit = _unit(rule, groups, piece, place, position, pieces, map_)
        if unit.id in seen:
            raise LoadError(pieces.file, f"two pieces make unit {unit.id!r}", field=rule.path + ".id",
                            expected="one unit id per piece")
        seen.add(unit.id)
        units.append(unit)
        report.units.append(unit.id)
    if report.unmapped and not allow_unmapped:
        raise LoadError(pieces.file, f"{len(report.unmapped)} pieces map to nothing, first "
                        f"{report.unmapped[0]}", field="units",
                        expected="a units, markers or ignore rule for each piece")
    stocks = []
    for piece, marker, place in markers:       # a marker acts on every unit in its hex or box
        if marker.supply is not None:
            stocks.append(_stock(marker, piece, place, position, pieces))
            continue
        hit = False
        for i, u in enumerate(units):
            if (u.hex, u.box) == ((place[1], None) if place[0] == "hex" else (None, place[1])):
                groups = marker.name.search(piece.name).groupdict()
                changes = {}
                if marker.oos is not None:
                    changes["oos"] = int(fill(marker.oos, groups, pieces.file, marker.path + ".oos"))
                if marker.mode is not None:
                    changes["mode"] = fill(marker.mode, groups, pieces.file, marker.path + ".mode")
                units[i] = dataclasses.replace(u, **changes)
                hit = True
        if not hit:
            report.lonely_markers.append(piece.name)
    if any(m.supply for m in pieces.markers):
        position = dataclasses.replace(position, supply=tuple(stocks))
    return dataclasses.replace(position, units=tuple(units)), map_, report


def _stock(marker, piece: Piece, place, position: Position, pieces: PiecesFile) -> SupplyStock:
    """A supply marker: a stock of its side in its hex (a dump, attack supply, general supply)."""
    if place[0] != "hex":
        raise LoadError(pieces.file, f"supply marker {piece.name!r} lies in box {place[1]}", field=marker.path,
                        expected="a supply marker in a map hex")
    side = next((s.name for s in position.sides if s.name.lower() == marker.side.lower()), None)
    if side is None:
        raise LoadError(pieces.file, f"no side {marker.side!r}", field=marker.path + ".side",
                        expected="one of " + ", ".join(s.name for s in position.sides))
    groups = marker.name.search(piece.name).groupdict()
    text = fill(marker.amount, groups, pieces.file, marker.path + ".amount")
    try:
        amount = float(text)
    except ValueError:
        raise LoadError(pieces.file, f"amount {text!r} of {piece.name!r} is not a number",
                        field=marker.path + ".amount", expected="a number") from None
    return SupplyStock(side, marker.supply, place[1], int(amount) if amount == int(amount) else amount)


def import_vassal(save_path, module_path, pieces_path, out_path, base_path=None,
                  allow_unmapped: bool = False) -> ImportReport:
    position, map_, report = import_position(save_path, module_path, pieces_path, base_path, allow_unmapped)
    write_scenario(position, map_, out_path)
    return report
