"""Reading and writing scenario files: a position on a map (format: docs/scenario-format.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from logistics import games
from logistics.errors import LoadError
from logistics.games import RULE_SYSTEMS
from logistics.hexgrid import Hex
from logistics.mapdata import OFF_MAP, PORT_CLASSES, TERRAINS, Map
from logistics.mapio import HexReader, load_map
from logistics.position import (
    NAVAL_GROUP_KINDS,
    NEUTRAL,
    PACIFICATION_WORKS,
    SUPPLY_KINDS,
    UNOWNED,
    ZOC_KINDS,
    CoastalDefence,
    LimitedSource,
    NavalGroup,
    Pacification,
    Position,
    Side,
    SupplySource,
    SupplyStock,
    Turn,
    Unit,
)
from logistics.project import inside, project_root
from logistics.yamldoc import Doc, load_doc, read_text

TOP_FIELDS = ("game", "map", "turn", "sides", "options", "ownership", "box_owners", "temporary_owners", "units", "unpacified",
              "garrisoned", "rail_breaks", "port_damage", "naval_groups", "coastal_defences", "supply",
              "supply_sources", "limited_sources", "rail_capacity", "capacity_used", "weather", "marks", "collapsed",
              "pacification")
# Optional rules a scenario may switch on or set (docs/scenario-format.md).
OPTION_KINDS = {"adverse_terrain": "boolean", "advanced_ownership": "boolean", "low_volume_limit": "integer",
                "open_borders": "countries", "supply_lengths": "lengths", "night": "boolean",
                "port_capacity": "by_port_class", "port_max_hits": "by_port_class",
                "north_direct_to_any_uss": "boolean",
                "isolated_rail_sections": "boolean", "one_rail_pool": "boolean", "rail_cap": "integer",
                "strategic_limits": "game", "fortified_lines": "line_status",
                "french_assistance": "french_assistance", "stormy_seas": "sea_zones", "deemed_in_supply": "deemed",
                "ocs_direct_draw": "number", "ocs_hq_draw": "number", "ocs_truck_costs": "truck_costs",
                "ocs_eat_per_re": "number", "ocs_gauges": "gauge_by_side",
                "weather_schedule": "weather_schedule", "oos_eliminate_at": "integer", "supply_points_per_source": "number", "supply_points_per_re": "number",
                "strategic_limits_by_turn": "game", "reinforcements": "game",
                "reduced_ammunition": "boolean", "factory_production": "game", "barcelona_revolt": "game",
                "french_rps_to_isolated_hexes": "boolean"}
# Options a scenario may no longer give, and what says it now.
RETIRED_OPTIONS = {"ocs_trace_sp": "ocs_eat_per_re (SP a unit eats per RE, 12.6d; an HQ is 1 RE, 13.1)"}
FORT_STATUS = ("inactive", "active", "neutralized", "destroyed")   # TSCW 15.14
UNIT_FIELDS = ("id", "side", "coalition", "affiliation", "nationality", "type", "size", "zoc", "hex", "box",
               "aboard", "oos", "mode", "tags", "formation", "throw", "ma", "load")


@dataclass
class Scenario:
    path: Path
    map: Map
    position: Position


def find_map_folder(ref: str, scenario_dir: Path) -> Path | None:
    """A map named in a scenario: a folder relative to the scenario, `maps/<ref>` above it, or a
    map bundled with logistics."""
    direct = (scenario_dir / ref)
    if (direct / "map.yaml").exists():
        return direct
    scenario_dir = scenario_dir.resolve()   # a bare file name has no parents to walk up
    for folder in (scenario_dir, *scenario_dir.parents):
        candidate = folder / "maps" / ref
        if (candidate / "map.yaml").exists():
            return candidate
    from logistics.bundled import map_folder
    return map_folder(ref)   # a map that ships with logistics


def load_scenario(path: Path | str, map_: Map | None = None) -> Scenario:
    """Read a scenario and its map; `map_`: the scenario's map, already loaded (the turn engine
    reading back the state it wrote)."""
    path = Path(path)
    doc = load_doc(path)
    f = doc.mapping(TOP_FIELDS, required=("game", "map", "sides"))
    game = f["game"].choice(tuple(RULE_SYSTEMS), "game")
    map_ref = f["map"].text()
    if map_ is None:
        folder = find_map_folder(map_ref, path.parent)
        if folder is None:
            raise f["map"].error(f"no map {map_ref!r} found", expected="a map folder relative to this file, or a name under maps/")
        above = path.parent.resolve()
        inside(folder, f["map"], "map", project_root(path.parent), *(d / "maps" for d in (above, *above.parents)))
        map_ = load_map(folder)
    family = RULE_SYSTEMS[game].map_family
    if map_.game != family:
        raise f["map"].error(f"map {map_.name} is drawn for {map_.game}, not {family}", expected=f"a {family} map")
    return Scenario(path, map_, _read_position(f, game, map_ref, map_, path))


def _read_sides(doc: Doc) -> tuple[Side, ...]:
    sides = []
    seen: dict[str, str] = {}
    for side_name, side_doc in doc.items():
        coalitions = []
        for coalition, affs_doc in side_doc.items():
            affs = affs_doc.texts()
            if not affs:
                raise affs_doc.error("no affiliations", expected="a list of affiliations")
            for a, adoc in zip(affs, affs_doc.list()):
                if a in seen:
                    raise adoc.error(f"affiliation {a!r} is already in {seen[a]}", expected="each affiliation once")
                seen[a] = f"{side_name}/{coalition}"
            coalitions.append((coalition, tuple(affs)))
        sides.append(Side(side_name, tuple(coalitions)))
    if len(sides) < 2:
        raise doc.error(f"{len(sides)} side(s)", expected="at least two sides")
    return tuple(sides)


def _read_unit(doc: Doc, sides: tuple[Side, ...], reader: HexReader, map_: Map, game: str = "") -> Unit:
    f = doc.mapping(UNIT_FIELDS, required=("id", "affiliation"))
    games.game(game).check_unit(doc, f)
    affiliation = f["affiliation"].text()
    home = {a: (s.name, c) for s in sides for c, affs in s.coalitions for a in affs}
    if affiliation not in home:
        raise f["affiliation"].error(f"unknown affiliation {affiliation!r}",
                                     expected="one of " + ", ".join(sorted(home)))
    side, coalition = home[affiliation]
    if "side" in f and f["side"].text() != side:
        raise f["side"].error(f"affiliation {affiliation} belongs to side {side}", expected=side)
    if "coalition" in f and f["coalition"].text() != coalition:
        raise f["coalition"].error(f"affiliation {affiliation} belongs to coalition {coalition}", expected=coalition)
    places = [k for k in ("hex", "box", "aboard") if k in f]
    if len(places) != 1:
        raise doc.error("a unit needs exactly one place", expected="'hex', 'box' or 'aboard'")
    hex_ = reader.hex(f["hex"]) if "hex" in f else None
    box = f["box"].text() if "box" in f else None
    if box is not None and map_.box(box) is None:
        raise f["box"].error(f"unknown box {box!r}", expected="a box of the map")
    if hex_ is not None and map_.is_water(hex_):
        raise f["hex"].error(f"ground unit on {map_.terrain[hex_]} hex {f['hex'].text()}",
                             expected="a land hex (or 'aboard' a naval group)")
    return Unit(
        id=f["id"].ident("unit id"), side=side, coalition=coalition, affiliation=affiliation,
        type=f["type"].text() if "type" in f else "infantry",
        size=f["size"].number(0) if "size" in f else 1.0,
        zoc=f["zoc"].choice(ZOC_KINDS, "ZOC kind") if "zoc" in f else "normal",
        nationality=f["nationality"].text() if "nationality" in f else "",
        hex=hex_, box=box, aboard=f["aboard"].text() if "aboard" in f else None,
        oos=f["oos"].integer(0) if "oos" in f else 0,
        mode=f["mode"].text() if "mode" in f else "",
        tags=tuple(f["tags"].texts()) if "tags" in f else (),
        formation=f["formation"].text() if "formation" in f else "",
        throw=_read_throw(f["throw"]) if "throw" in f else (),
        ma=f["ma"].number(0) if "ma" in f else 0.0,
        load=f["load"].number(0) if "load" in f else 0.0,
    )


def _read_throw(doc: Doc) -> tuple[float, float]:
    """An OCS HQ's throw ranges, `{combat: 12, move: 6}` in truck MP. 13.1a: the Combat Mode side
    has the greater throw range."""
    f = doc.mapping(("combat", "move"), required=("combat", "move"))
    combat, move = f["combat"].number(0), f["move"].number(0)
    if combat <= move:
        raise f["combat"].error(f"Combat Mode throw range {tidy_number(combat)} is not greater than Move Mode's {tidy_number(move)}",
                                expected="a Combat Mode range greater than the Move Mode range (OCS 13.1a)")
    return combat, move


def _side_name(doc: Doc, sides: tuple[Side, ...]) -> str:
    names = [s.name for s in sides]
    return doc.choice(tuple(names), "side")


_LOADING: set[Path] = set()   # scenarios being read, so that `ownership: from:` cannot loop


def _ownership_from(doc: Doc, map_: Map, base: Path) -> dict[Hex, str]:
    """`from: OTHER.yaml`: start from another scenario's ownership (on the same map)."""
    path = (base / doc.text()).resolve()
    if path in _LOADING:
        raise doc.error(f"{doc.text()} takes its ownership from this scenario in turn", expected="no loop")
    if not path.exists():
        raise doc.error(f"no scenario {doc.text()}", expected="a scenario file relative to this one")
    _LOADING.add(path)
    try:
        other = load_scenario(path)
    finally:
        _LOADING.discard(path)
    if other.map.name != map_.name:
        raise doc.error(f"{doc.text()} is on map {other.map.name}", expected=f"a scenario on map {map_.name}")
    return dict(other.position.owner)


def _read_ownership(doc: Doc, sides: tuple[Side, ...], reader: HexReader, map_: Map, base: Path,
                    units: tuple[Unit, ...] = (), game: str = "") -> dict[Hex, str]:
    """Ownership: neutral countries neutral; then, in this order, `from` another scenario, the
    `grid` file, `derive: units` (3D: hexes the units occupy or hold by an uncontested ZOC), and
    the lists of hexes per owner."""
    owners = (*[s.name for s in sides], NEUTRAL, UNOWNED)
    owner = neutral_owners(map_)
    f = doc.mapping(("from", "derive", "grid", *owners))
    if "from" in f:
        owner.update(_ownership_from(f["from"], map_, base))
    if "grid" in f:
        g = f["grid"].mapping(("file", "legend"), required=("file", "legend"))
        legend = {}
        for char, value in g["legend"].items():
            if len(char) != 1 or char == OFF_MAP:
                raise value.error(f"legend key {char!r} is not one character", expected="a single non-space character")
            legend[char] = value.choice(owners, "owner")
        grid_path = inside(base / g["file"].text(), g["file"], "ownership grid", project_root(base))
        lines = read_text(grid_path, "ownership grid").splitlines()
        for row, text in enumerate(lines):
            for col, char in enumerate(text):
                if char == OFF_MAP:
                    continue
                hex_ = map_.layout.to_hex(col, row)
                if char not in legend:
                    raise LoadError(str(grid_path), f"unknown owner character {char!r}", line=row + 1,
                                    field=f"column {col + 1}", expected="a character of the legend or a space")
                if hex_ not in map_:
                    raise LoadError(str(grid_path), "an owner where the map has no hex", line=row + 1,
                                    field=f"column {col + 1}", expected="a space")
                owner[hex_] = legend[char]
    if "derive" in f:
        f["derive"].choice(("units",), "derive")
        from logistics.games.europa.ownership import update_ownership
        derived = update_ownership(Position(game, map_.name, sides, units=units, owner=owner), map_)
        owner = dict(derived.owner)
    for name in owners:
        if name in f:
            for hdoc in f[name].list():
                hex_ = reader.hex(hdoc)
                if name == UNOWNED:
                    owner.pop(hex_, None)
                else:
                    owner[hex_] = name
    return {h: owner[h] for h in sorted(owner)}


def _read_position(f: dict[str, Doc], game: str, map_ref: str, map_: Map, path: Path) -> Position:
    reader = HexReader(map_)
    sides = _read_sides(f["sides"])
    turn = Turn()
    if "turn" in f:
        t = f["turn"].mapping(("number", "date", "phase", "player"))
        turn = Turn(number=t["number"].integer(1) if "number" in t else 1,
                    date=t["date"].text() if "date" in t else "",
                    phase=t["phase"].text() if "phase" in t else "initial",
                    player=_side_name(t["player"], sides) if "player" in t else "")
        games.game(game).check_phase(t["phase"] if "phase" in t else f["turn"], turn)
    units = tuple(_read_unit(d, sides, reader, map_, game) for d in f["units"].list()) if "units" in f else ()
    _unique_ids(f.get("units"), [u.id for u in units], "unit id")
    owner = _read_ownership(f["ownership"], sides, reader, map_, path.parent, units, game) if "ownership" in f \
        else neutral_owners(map_)

    box_owner = {}
    for name, d in f["box_owners"].items() if "box_owners" in f else []:
        if map_.box(name) is None:
            raise d.error(f"unknown box {name!r}", expected="a box of the map")
        box_owner[name] = _side_name(d, sides)
    temporary = {}
    for hid, d in f["temporary_owners"].items() if "temporary_owners" in f else []:
        temporary[reader.parse(d, hid)] = d.choice((*[s.name for s in sides], UNOWNED), "owner")

    groups = []
    for d in f["naval_groups"].list() if "naval_groups" in f else []:
        g = d.mapping(("id", "side", "kind", "hex", "box", "in_port", "capacity"), required=("id", "side", "kind"))
        if ("hex" in g) == ("box" in g):
            raise d.error("a naval group needs exactly one place", expected="'hex' or 'box'")
        hex_ = reader.hex(g["hex"]) if "hex" in g else None
        if hex_ is not None and not map_.is_sea(hex_) and map_.port_at(hex_) is None:
            raise g["hex"].error(f"naval group on land hex {g['hex'].text()} with no port",
                                 expected="a sea, partial-sea or port hex")
        groups.append(NavalGroup(g["id"].ident("naval group id"), _side_name(g["side"], sides),
                                 g["kind"].choice(NAVAL_GROUP_KINDS, "naval group kind"), hex_,
                                 g["box"].text() if "box" in g else None,
                                 g["in_port"].boolean() if "in_port" in g else False,
                                 g["capacity"].number(0) if "capacity" in g else 0.0))
    _unique_ids(f.get("naval_groups"), [g.id for g in groups], "naval group id")
    group_ids = {g.id for g in groups}
    for d, u in zip(f["units"].list() if "units" in f else [], units):
        if u.aboard is not None and u.aboard not in group_ids:
            raise d.mapping()["aboard"].error(f"unknown naval group {u.aboard!r}", expected="a naval group's id")

    defences = []
    for d in f["coastal_defences"].list() if "coastal_defences" in f else []:
        c = d.mapping(("id", "side", "hex", "level", "follows"), required=("id", "side", "hex"))
        defences.append(CoastalDefence(c["id"].ident("coastal defence id"), _side_name(c["side"], sides), reader.hex(c["hex"]),
                                       c["level"].integer(0) if "level" in c else 1,
                                       reader.hex(c["follows"]) if "follows" in c else None))

    _unique_ids(f.get("coastal_defences"), [c.id for c in defences], "coastal defence id")
    stocks = []
    for d in f["supply"].list() if "supply" in f else []:
        s = d.mapping(("side", "kind", "hex", "amount", "affiliation", "generated"), required=("side", "kind", "hex"))
        side = _side_name(s["side"], sides)
        aff = s["affiliation"].choice(tuple(sides[[x.name for x in sides].index(side)].affiliations()),
                                      "affiliation") if "affiliation" in s else ""
        stocks.append(SupplyStock(side, s["kind"].choice(SUPPLY_KINDS, "supply kind"), reader.hex(s["hex"]),
                                  s["amount"].number(0) if "amount" in s else 1.0, aff,
                                  s["generated"].integer(1) if "generated" in s else 0))

    damage = {}
    for name, d in f["port_damage"].items() if "port_damage" in f else []:
        if not any(p.name == name for p in map_.ports):
            raise d.error(f"unknown port {name!r}", expected="a port of the map")
        damage[name] = d.integer(0)
    capacity = {}
    for name, d in f["rail_capacity"].items() if "rail_capacity" in f else []:
        if map_.yard(name) is None:
            raise d.error(f"unknown rail yard {name!r}", expected="a yard of the map")
        capacity[name] = d.number(0)
    used = {name: d.number(0) for name, d in f["capacity_used"].items()} if "capacity_used" in f else {}
    marks = {name: frozenset(reader.hex(h) for h in d.list()) for name, d in f["marks"].items()} if "marks" in f else {}
    options = _read_options(f["options"], map_, game) if "options" in f else {}
    weather = games.game(game).read_weather(f["weather"], sorted(set(map_.layers.get("weather_zone", {}).values())),
                                            options, map_.name) if "weather" in f else {}
    sources = tuple(_read_source(d, sides, reader, map_) for d in f["supply_sources"].list()) if "supply_sources" in f else ()
    limited = tuple(_read_limited(d, sides, map_) for d in f["limited_sources"].list()) if "limited_sources" in f else ()
    names = [src.name for src in sources] + [src.name for src in limited]
    if len(set(names)) != len(names):
        raise f["supply_sources" if "supply_sources" in f else "limited_sources"].error(
            "two supply sources share a name", expected="unique source names")
    collapsed = _read_collapsed(f["collapsed"], sides) if "collapsed" in f else frozenset()
    unpacified = frozenset(reader.hex(d) for d in f["unpacified"].list()) if "unpacified" in f else frozenset()
    works = _read_pacification(f["pacification"], reader, map_, unpacified, {src.name for src in sources}) \
        if "pacification" in f else ()
    games.game(game).check_turn_options(options, turn, f["options"] if "options" in f else None)

    return Position(
        game=game, map_ref=map_ref, sides=sides, turn=turn, units=units, owner=owner,
        temporary_owners={h: temporary[h] for h in sorted(temporary)}, box_owner=box_owner,
        unpacified=unpacified, pacification=works,
        garrisoned=frozenset(reader.hex(d) for d in f["garrisoned"].list()) if "garrisoned" in f else frozenset(),
        rail_breaks=frozenset(reader.hex(d) for d in f["rail_breaks"].list()) if "rail_breaks" in f else frozenset(),
        port_damage=damage, naval_groups=tuple(groups), coastal_defences=tuple(defences), supply=tuple(stocks),
        supply_sources=sources, limited_sources=limited,
        rail_capacity=capacity, capacity_used=used, weather=weather, marks=marks, options=options, collapsed=collapsed,
    )


def _unique_ids(doc: Doc | None, ids: list[str], what: str) -> None:
    """Ids are unique per kind: a second one is refused at its line, naming the first's."""
    first: dict[str, Doc] = {}
    for item, key in zip(doc.list() if doc is not None else [], ids):
        if key in first:
            raise item.error(f"duplicate {what} {key!r} (first at line {first[key].line})", expected=f"unique {what}s")
        first[key] = item


def _read_pacification(doc: Doc, reader: HexReader, map_: Map, unpacified: frozenset[Hex],
                       source_names: set[str]) -> tuple[Pacification, ...]:
    """FWtBT 39A / 39B works under way: {hex, work, garrison, turns, held, joins}."""
    works: list[Pacification] = []
    for d in doc.list():
        f = d.mapping(("hex", "work", "garrison", "turns", "held", "joins"), required=("hex", "work"))
        hex_ = reader.hex(f["hex"])
        if map_.city_at(hex_) is None:
            raise f["hex"].error(f"no city in hex {f['hex'].text()}", expected="a hex of a city (point cities too)")
        if hex_ in unpacified:
            raise f["hex"].error(f"hex {f['hex'].text()} is also listed under unpacified",
                                 expected="either the short form (unpacified) or works, not both")
        work = f["work"].choice(PACIFICATION_WORKS, "work")
        if any(w.hex == hex_ and w.work == work for w in works):
            raise d.error(f"a second {work} of hex {f['hex'].text()}", expected="each work of a hex once")
        joins = f["joins"].text() if "joins" in f else ""
        if joins and joins not in source_names:
            raise f["joins"].error(f"unknown supply source {joins!r}", expected="the name of one of supply_sources")
        works.append(Pacification(hex_, work, f["garrison"].number(0) if "garrison" in f else 1.0,
                                  f["turns"].integer(1) if "turns" in f else 1,
                                  f["held"].integer(0) if "held" in f else 0, joins))
    return tuple(works)


def _read_collapsed(doc: Doc, sides: tuple[Side, ...]) -> frozenset[str]:
    """FWtBT 38D: the affiliations of the Gobernitos that have collapsed, each once. A Gobernito is
    an affiliation of the coalition the sides name `Gobernito` (3B3: one affiliation each)."""
    known = tuple(a for s in sides for c, affs in s.coalitions if c == "Gobernito" for a in affs)
    if not known:
        raise doc.error("the sides have no Gobernito coalition", expected="a Gobernito coalition under sides")
    names: list[str] = []
    for d in doc.list():
        name = d.choice(known, "affiliation")
        if name in names:
            raise d.error(f"affiliation {name!r} is listed twice", expected="each collapsed Gobernito once")
        names.append(name)
    return frozenset(names)


def _read_options(doc: Doc, map_: Map, game: str) -> dict[str, object]:
    options: dict[str, object] = {}
    for key, d in doc.items():
        kind = OPTION_KINDS.get(key)
        if key in RETIRED_OPTIONS:
            raise d.error(f"option {key!r} is no more", expected=RETIRED_OPTIONS[key])
        if kind is None:
            raise d.error(f"unknown option {key!r}", expected="one of " + ", ".join(OPTION_KINDS))
        if kind == "boolean":
            options[key] = d.boolean()
        elif kind == "integer":
            options[key] = d.integer(0)
        elif kind == "number":
            options[key] = d.number(0)
        elif kind == "truck_costs":
            # OCS: truck MP to enter each terrain, and along a road (games/ocs/supply.py).
            options[key] = {}
            for name, cd in d.items():
                if name not in (*TERRAINS, "road"):
                    raise cd.error(f"unknown terrain {name!r}", expected="one of " + ", ".join((*TERRAINS, "road")))
                options[key][name] = cd.number(0)
        elif kind == "gauge_by_side":
            # OCS 13.3f: the rail gauge each side traces supply along (games/ocs/supply.py).
            options[key] = {side_name: sd.text() for side_name, sd in d.items()}
        elif kind == "weather_schedule":
            # The weather of each game turn (its date or number), by weather zone; the turn engine
            # sets it at the start of the game turn (docs/turn.md).
            options[key] = {str(when): {zone: w.text() for zone, w in wd.items()} for when, wd in d.items()}
        elif kind == "countries":
            options[key] = [d2.choice(tuple(map_.countries), "country") for d2 in d.list()]
        elif kind == "line_status":
            lines = {sf.name for sf in map_.side_features if sf.feature == "fortified_line"}
            options[key] = {}
            for name, sd in d.items():
                if name not in lines:
                    raise sd.error(f"no fortified line {name!r} on the map",
                                   expected="one of " + ", ".join(sorted(lines)) if lines
                                   else "no fortified_lines: the map has no fortified_line hexsides")
                options[key][name] = sd.choice(FORT_STATUS, "fortified line status")
        elif kind in ("french_assistance", "game"):
            options[key] = games.game(game).read_option(key, d, map_)
        elif kind == "deemed":
            # Units deemed in general supply in a map region on one player turn, whatever their
            # lines (the SF set-up ruling on the Anzio Beachhead is one such; docs/europa-supply.md).
            regions = tuple(sorted(set(map_.layers.get("region", {}).values())))
            options[key] = []
            for item in d.list():
                g = item.mapping(("turn", "side", "region", "rule", "ruling"), required=("turn", "side", "region"))
                options[key].append({"turn": g["turn"].text(), "side": g["side"].text(),
                                     "region": g["region"].choice(regions, "map region"),
                                     "rule": g["rule"].text() if "rule" in g else "deemed in supply",
                                     "ruling": g["ruling"].text() if "ruling" in g else "the scenario's rule"})
        elif kind == "sea_zones":
            # SF 31B (GR/D, 1998): the stormy sea zones of the map's sea_zone layer, or true for all.
            zones = tuple(sorted(set(map_.layers.get("sea_zone", {}).values())))
            if d.kind == "sequence":
                options[key] = [z.choice(zones, "sea zone") for z in d.list()]
            else:
                try:
                    options[key] = d.boolean()
                except LoadError:
                    raise d.error("neither true, false nor a list of sea zones",
                                  expected="true, false or a list of: " + ", ".join(zones)) from None
        elif kind == "by_port_class":
            options[key] = {}
            for klass, kd in d.items():
                if klass not in PORT_CLASSES:
                    raise kd.error(f"unknown port class {klass!r}", expected="one of " + ", ".join(PORT_CLASSES))
                options[key][klass] = kd.number(0) if key == "port_capacity" else kd.integer(0)
        else:
            lengths = {}
            for weather, wd in d.items():
                w = wd.mapping(("overland", "road"))
                lengths[weather] = {k: v.integer(0) for k, v in w.items()}
            options[key] = lengths
    return options


def _users(doc: Doc | None, sides: tuple[Side, ...], side: str) -> tuple[str, ...]:
    if doc is None:
        return ()
    own = sides[[s.name for s in sides].index(side)]
    groups = {c for c, _ in own.coalitions} | set(own.affiliations())
    return tuple(d.choice(tuple(sorted(groups)), "coalition or affiliation") for d in doc.list())


def _read_limited(doc: Doc, sides: tuple[Side, ...], map_: Map) -> LimitedSource:
    f = doc.mapping(("name", "side", "city", "capacity", "users", "per_hex"), required=("name", "side", "city", "capacity"))
    side = _side_name(f["side"], sides)
    city = f["city"].text()
    if not any(c.name == city for c in map_.cities):
        raise f["city"].error(f"unknown city {city!r}", expected="a city of the map")
    return LimitedSource(f["name"].ident("source name"), side, city, f["capacity"].number(0), _users(f.get("users"), sides, side),
                         f["per_hex"].boolean() if "per_hex" in f else False)


def _read_source(doc: Doc, sides: tuple[Side, ...], reader: HexReader, map_: Map) -> SupplySource:
    f = doc.mapping(("name", "side", "cities", "hexes", "users", "connected", "stand_ins", "per_hex"),
                    required=("name", "side"))
    if "cities" not in f and "hexes" not in f:
        raise doc.error("a source needs cities or hexes", expected="a 'cities' or 'hexes' list")
    side = _side_name(f["side"], sides)
    users = _users(f.get("users"), sides, side)
    cities = []
    for key in ("cities", "stand_ins"):
        names = []
        for d in f[key].list() if key in f else []:
            name = d.text()
            if not any(c.name == name for c in map_.cities):
                raise d.error(f"unknown city {name!r}", expected="a city of the map")
            names.append(name)
        cities.append(tuple(names))
    return SupplySource(f["name"].ident("source name"), side, cities[0], users,
                        f["connected"].integer(0) if "connected" in f else 0, cities[1],
                        f["per_hex"].boolean() if "per_hex" in f else False,
                        tuple(reader.hex(d) for d in f["hexes"].list()) if "hexes" in f else ())


# --- writing ---------------------------------------------------------------------------------------


def tidy_number(value: float) -> float | int:
    """Whole numbers written without a trailing .0."""
    return int(value) if float(value).is_integer() else value


def neutral_owners(map_: Map) -> dict[Hex, str]:
    """Ownership before the scenario says anything: neutral countries are neutral."""
    return {h: NEUTRAL for h in sorted(map_.terrain) if map_.is_neutral(h)}


def default_owner(map_: Map, hex_: Hex) -> str:
    return NEUTRAL if map_.is_neutral(hex_) else UNOWNED
