"""Small positions built in code for ruling cases and tests: a plain map whose geometry each case
states, and the FWtBT sides. Hexes are named by printed ids (TSCW-style CCRR: column, row)."""
from __future__ import annotations

from logistics.hexgrid import Hex, Layout, line
from logistics.mapdata import City, Country, Map, Place, Track
from logistics.numbering import Numbering, Sheet
from logistics.position import Position, Side, SupplySource, SupplyStock, Unit

SIDES = (
    Side("Insurgent", (("Rebel", ("Nationalist", "Colonial", "Falangist", "Requete")),
                       ("Interventionist", ("German", "Italian", "Mixed")))),
    Side("Loyalist", (("Republican", ("People's Army", "International")), ("Radical", ("Anarchist", "POUM")),
                      ("Gobernito", ("Asturian", "Basque", "Catalan", "Santandero")))),
)
# Second Front: the Allies and the Axis, as the SF cases need them.
SF_SIDES = (Side("Allied", (("Allies", ("US", "British")),)), Side("Axis", (("Axis", ("German", "Italian")),)))
HOME = {a: (s.name, c) for s in SIDES for c, affs in s.coalitions for a in affs}   # FWtBT affiliations


def plain_map(columns: int = 11, rows: int = 9, *, terrain: dict[str, str] | None = None,
              cities: dict[str, tuple[str, ...]] | None = None, rail: dict[str, list[str]] | None = None,
              low_volume: tuple[str, ...] = (), roads: dict[str, list[str]] | None = None,
              neutral_columns: int = 0, weather_split: int | None = None) -> Map:
    """A map of clear hexes. `rail` / `roads` are chains of printed ids joined by hex lines;
    `neutral_columns` leftmost columns are neutral Neutralia; `weather_split`: columns from this
    one on are weather zone E, the others D."""
    layout = Layout("flat", "odd")
    m = Map(name="plain", game="europa", layout=layout,
            numbering=Numbering("tscw", (Sheet("", 0, 0, columns, rows),)), columns=columns, rows=rows)
    m.countries = {"Ruritania": Country("Ruritania"), "Neutralia": Country("Neutralia", neutral=True)}
    country, weather = {}, {}
    for r in range(rows):
        for c in range(columns):
            h = layout.to_hex(c, r)
            m.terrain[h] = "clear"
            country[h] = "Neutralia" if c < neutral_columns else "Ruritania"
            if weather_split is not None:
                weather[h] = "E" if c >= weather_split else "D"
    m.layers["country"] = country
    if weather:
        m.layers["weather_zone"] = weather
    for hid, t in (terrain or {}).items():
        m.terrain[m.hex_at(hid)] = t
    for name, hexes in (cities or {}).items():
        m.cities.append(City(name, "major" if len(hexes) > 1 else "dot", Place(tuple(m.hex_at(h) for h in hexes))))
    for kind, chains in (("rail", rail), ("roads", roads)):
        for name, ids in (chains or {}).items():
            path = [m.hex_at(ids[0])]
            for a, b in zip(ids, ids[1:]):
                path += line(m.hex_at(a), m.hex_at(b))[1:]
            klass = "low_volume" if name in low_volume else ("standard" if kind == "rail" else "road")
            getattr(m, kind).append(Track(name, klass, tuple(path)))
    return m


def unit(uid: str, affiliation: str, hex_id: str, m: Map, **fields) -> Unit:
    side, coalition = HOME[affiliation]
    return Unit(uid, side, coalition, affiliation, hex=m.hex_at(hex_id), **fields)


def position(m: Map, units: list[Unit], *, owner: str | dict[str, str] = "Loyalist",
             sources: list[SupplySource] | None = None, game: str = "europa-fwtbt", **fields) -> Position:
    """All land owned by `owner` (a side) unless a dict of printed id -> owner ("unowned": none)
    overrides, the rest then Loyalist (FWtBT) or Allied (`game` europa-sf, with the Second Front
    sides)."""
    own: dict[Hex, str] = {}
    sides = SF_SIDES if game == "europa-sf" else SIDES
    base = owner if isinstance(owner, str) else ("Allied" if game == "europa-sf" else "Loyalist")
    for h in m.terrain:
        own[h] = "neutral" if m.is_neutral(h) else base
    if isinstance(owner, dict):
        for hid, side in owner.items():
            own[m.hex_at(hid)] = side
            if side == "unowned":
                del own[m.hex_at(hid)]
    return Position(game=game, map_ref="plain", sides=sides, units=tuple(units), owner=own,
                    supply_sources=tuple(sources or ()), **fields)


def source(name: str, side: str, cities: list[str], **fields) -> SupplySource:
    return SupplySource(name, side, tuple(cities), **fields)


def stock(side: str, kind: str, hex_id: str, m: Map, amount: float = 1) -> SupplyStock:
    return SupplyStock(side, kind, m.hex_at(hex_id), amount)



def grid_map(rows: list[str], *, countries: dict[str, list[str]] | None = None,
             layers: dict[str, dict[str, str]] | None = None, neutral: tuple[str, ...] = ()) -> Map:
    """A map drawn as text: one string per grid row in the default terrain legend ('.' clear,
    '~' all-sea, ',' clear with partial sea, 'm' mountain ...). `countries` and `layers` name
    printed ids (CCRR) per value: {"Gibraltar": ["1105"]}; every other land hex is Ruritania."""
    from logistics.mapdata import DEFAULT_TERRAIN_LEGEND
    layout = Layout("flat", "odd")
    columns, nrows = max(len(r) for r in rows), len(rows)
    m = Map(name="grid", game="europa", layout=layout,
            numbering=Numbering("tscw", (Sheet("", 0, 0, columns, nrows),)), columns=columns, rows=nrows)
    partial = set()
    for r, text in enumerate(rows):
        for c, ch in enumerate(text):
            terrain, is_partial = DEFAULT_TERRAIN_LEGEND[ch]
            h = layout.to_hex(c, r)
            m.terrain[h] = terrain
            if is_partial:
                partial.add(h)
    m.partial_sea = frozenset(partial)
    m.countries = {"Ruritania": Country("Ruritania")}
    country = {h: "Ruritania" for h in m.terrain if m.is_land(h)}
    for name, ids in (countries or {}).items():
        m.countries[name] = Country(name, neutral=name in neutral)
        for hid in ids:
            country[m.hex_at(hid)] = name
    m.layers["country"] = country
    for layer, values in (layers or {}).items():
        m.layers[layer] = {m.hex_at(hid): value for value, ids in values.items() for hid in ids}
    return m
