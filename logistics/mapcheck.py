"""Checks that catch a broken map: its seas and ports, its land, places and hexsides.

Knows no game: the sea is the map's own (`Map.ships_pass`, naval routes, off-map boxes). Run by
`logistics validate MAP` and by the map compiler; `logistics show MAP` reports the components.

- Sea components: sea hexes (all-sea and partial-sea), port hexes and off-map boxes, joined where
  ships pass between adjacent hexes and by naval routes.
- Every port must reach a sea that also reaches another port or an off-map box: a port alone in
  its water can take no ship (the naval element of a supply line runs port to port, 12B4 / 34K).
- Land components (islands); cities and ports on water hexes; hexsides and routes that name
  hexes off the map, naval routes that end where no ship is.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from logistics.errors import LoadError
from logistics.hexgrid import Hex
from logistics.mapdata import Map

Node = Hex | str   # a map hex, or an off-map box by name


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a map: the file and field it is about, what is wrong, what was
    expected; `section` and `name` find its entry in features.yaml."""

    file: str
    field: str
    message: str
    expected: str
    section: str = ""
    name: str = ""


def sea_network(map_: Map) -> tuple[list[Node], dict[Node, list[Node]]]:
    """The nodes ships move through (sea hexes and port hexes in grid order, then boxes) and
    the passages between them: adjacent hexes where `Map.ships_pass`, and naval routes."""
    sea = {h for h in map_.terrain if map_.is_sea(h)} | {p.place.hex for p in map_.ports if p.place.hex in map_}
    nodes: list[Node] = [*map_.grid_order(sea), *(b.name for b in map_.boxes)]
    adjacent: dict[Node, list[Node]] = {n: [] for n in nodes}
    for h in nodes:
        if isinstance(h, Hex):
            adjacent[h] = [n for n in h.neighbours() if n in sea and map_.ships_pass(h, n)]
    for route in map_.routes:
        if route.kind != "naval":
            continue
        a, b = (_route_node(map_, end, adjacent) for end in route.ends)
        if a is not None and b is not None:
            adjacent[a].append(b)
            adjacent[b].append(a)
    return nodes, adjacent


def _route_node(map_: Map, end: str, adjacent: dict[Node, list[Node]]) -> Node | None:
    if map_.box(end) is not None:
        return end
    try:
        h = map_.hex_at(end)
    except ValueError:
        return None
    return h if h in adjacent else None


def _components(nodes: list[Node], adjacent: dict[Node, list[Node]]) -> list[list[Node]]:
    """Connected components, each in the order of `nodes`, the components by their first node."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for a in nodes for b in adjacent[a])
    rank = {n: k for k, n in enumerate(nodes)}
    return sorted((sorted(c, key=rank.__getitem__) for c in nx.connected_components(graph)),
                  key=lambda c: rank[c[0]])


def sea_components(map_: Map) -> list[dict]:
    """Each sea: its hexes, sea zones, ports and off-map boxes (only seas with a port or of more
    than one hex), largest first."""
    nodes, adjacent = sea_network(map_)
    out = []
    for comp in _components(nodes, adjacent):
        hexes = [n for n in comp if isinstance(n, Hex)]
        boxes = [n for n in comp if isinstance(n, str)]
        members = set(comp)
        names = sorted(p.name for p in map_.ports if (p.place.box or p.place.hex) in members)
        if names or len(hexes) > 1:
            out.append({"hexes": len(hexes), "first_hex": map_.hex_id(hexes[0]) if hexes else "",
                        "zones": sorted({map_.sea_zone_of(h) for h in hexes} - {""}),
                        "ports": names, "boxes": boxes})
    return sorted(out, key=lambda c: -(c["hexes"] + len(c["boxes"])))


def land_components(map_: Map) -> list[dict]:
    """Each piece of land (the mainland, islands): its hexes and cities, largest first. Land hexes
    are joined unless an all-sea hexside without a narrow strait lies between them."""
    land = [h for h in map_.hexes() if map_.is_land(h)]
    inland = set(land)
    adjacent: dict[Node, list[Node]] = {
        h: [n for n in h.neighbours() if n in inland
            and not ("all_sea" in map_.features_of(h, n) and "narrow_strait" not in map_.features_of(h, n))]
        for h in land}
    out = []
    for comp in _components(land, adjacent):   # type: ignore[arg-type]
        cities = sorted({c.name for h in comp if (c := map_.city_at(h)) is not None})
        out.append({"hexes": len(comp), "first_hex": map_.hex_id(comp[0]), "cities": cities})
    return sorted(out, key=lambda c: -c["hexes"])


def problems(map_: Map, features: str = "features.yaml") -> list[Problem]:
    """Everything wrong with the map, in a fixed order; [] for a sound map."""
    out: list[Problem] = []
    for run in map_.side_features:
        for side in run.sides:
            off = [h for h in side.hexes if h not in map_]
            if off:
                out.append(Problem(features, "hexsides", f"{run.feature} hexside {_side_text(map_, side)} "
                                   f"lies on a hex off the map", "hexsides between two hexes of the map"))
    for city in map_.cities:
        for h in city.place.hexes:
            if h not in map_ or map_.is_water(h):
                out.append(Problem(features, f"cities.{city.name}", f"city {city.name} at {_hex_text(map_, h)} "
                                   "is not on land", "a land hex of the map", "cities", city.name))
    for port in map_.ports:
        h = port.place.hex
        if h is not None and (h not in map_ or map_.is_water(h)):
            out.append(Problem(features, f"ports.{port.name}", f"port {port.name} at {_hex_text(map_, h)} "
                               "is not on land", "a land hex of the map", "ports", port.name))
    nodes, adjacent = sea_network(map_)
    for route in map_.routes:
        if route.kind == "naval" and any(_route_node(map_, end, adjacent) is None for end in route.ends):
            out.append(Problem(features, "routes", f"naval route {route.ends[0]} - {route.ends[1]} ends where "
                               "no ship is", "a box, a sea hex or a port hex at each end"))
    reach = {n: k for k, comp in enumerate(_components(nodes, adjacent)) for n in comp}
    ends = {}  # component -> ports and boxes in it
    for n in nodes:
        if isinstance(n, str) or map_.port_at(n) is not None:
            ends.setdefault(reach[n], []).append(n)
    for port in map_.ports:
        h = port.place.hex
        if h is None or h not in reach:
            continue
        if len(ends[reach[h]]) < 2:
            out.append(Problem(features, f"ports.{port.name}",
                               f"port {port.name} at {map_.hex_id(h)} reaches no sea joining another port or an "
                               "off-map box", "a port in a partial-sea hex whose water ships reach (34A1), "
                               "or a naval route to it", "ports", port.name))
    return out


def _hex_text(map_: Map, h: Hex) -> str:
    try:
        return map_.hex_id(h)
    except ValueError:
        return f"grid {map_.layout.to_offset(h)}"


def _side_text(map_: Map, side) -> str:
    return f"{_hex_text(map_, side.a)}/{_hex_text(map_, side.b)}"


def check(map_: Map, folder: Path | str | None = None) -> None:
    """Raise LoadError for the map's first problem, naming the file (and its line in a folder)."""
    found = problems(map_)
    if not found:
        return
    first = found[0]
    file, line = first.file, None
    if folder is not None:
        file = str(Path(folder) / first.file)
        line = _line_of(Path(file), first.section, first.name)
    raise LoadError(file, first.message, line=line, field=first.field, expected=first.expected)


def _line_of(path: Path, section: str, name: str) -> int | None:
    """The line of the entry `name` in `section` of a features file, if it can be found."""
    from logistics.yamldoc import load_doc

    if not section or not path.exists():
        return None
    doc = load_doc(path).mapping()
    for item in doc[section].list() if section in doc else []:
        fields = item.mapping()
        if "name" in fields and fields["name"].text() == name:
            return item.line
    return None
