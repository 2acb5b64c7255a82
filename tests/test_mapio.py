"""Maps and scenarios: load -> write -> load gives the same map / position."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logistics.hexgrid import Hexside, Layout, line
from logistics.mapdata import TERRAINS, Beach, City, Country, Map, Place, Port, SideFeature, Track
from logistics.mapio import load_map, map_files, write_map
from logistics.numbering import Numbering, Sheet
from logistics.position import SetOwner
from logistics.scenario import load_scenario
from logistics.scenario_writer import scenario_text, write_scenario


def test_testland_reads_as_drawn(testland):
    capital = testland.city("Capital")
    assert [testland.hex_id(h) for h in capital.place.hexes] == ["T:0505", "T:0506"]
    assert testland.terrain[testland.hex_at("T:0301")] == "mountain"
    assert testland.country_of(testland.hex_at("T:0105")) == "Neutralia"
    assert testland.countries["Neutralia"].neutral
    assert testland.is_border(testland.hex_at("T:0205"), testland.hex_at("T:0305"))
    assert testland.hex_at("T:0901") in testland.partial_sea
    strait = testland.features_of(testland.hex_at("T:0801"), testland.hex_at("T:0901"))
    assert strait == {"all_sea", "narrow_strait"}
    assert testland.rail_links[Hexside(testland.hex_at("T:0506"), testland.hex_at("T:0507"))].klass == "low_volume"
    assert testland.port_at(testland.hex_at("T:0803")).naval_base
    assert [(b.name, testland.hex_id(b.place.hex)) for b in testland.beaches] == [("Shingle", "T:0805")]


def test_testland_map_round_trip(testland, tmp_path):
    write_map(testland, tmp_path / "testland")
    again = load_map(tmp_path / "testland")
    assert again == testland
    assert map_files(again) == map_files(testland)


def test_testland_scenario_round_trip(testland_scenario, tmp_path):
    s = testland_scenario
    out = tmp_path / "scenarios" / "again.yaml"
    # The scenario names its map relative to itself: keep the same relative place.
    (tmp_path / "maps").mkdir()
    write_map(s.map, tmp_path / "maps" / "testland")
    write_scenario(s.position, s.map, out)
    again = load_scenario(out)
    assert again.position == s.position
    assert scenario_text(again.position, again.map) == scenario_text(s.position, s.map)


def test_stormy_seas_option_round_trips(testland_scenario, tmp_path):
    """SF 31B: `stormy_seas` names sea zones of the map, or is true for every sea."""
    s = testland_scenario
    (tmp_path / "maps").mkdir()
    write_map(s.map, tmp_path / "maps" / "testland")
    for value in (["North Sea"], True):
        changed = _replace(s.position, options={**s.position.options, "stormy_seas": value})
        write_scenario(changed, s.map, tmp_path / "scenarios" / "stormy.yaml")
        assert load_scenario(tmp_path / "scenarios" / "stormy.yaml").position == changed


def test_a_snapshot_plus_changes_is_a_new_snapshot(testland_scenario, tmp_path):
    s = testland_scenario
    hex_ = s.map.hex_at("T:0604")
    changed = s.position.apply(SetOwner((hex_,), "Loyalist"))
    assert s.position.owner_of(hex_) == "Insurgent" and changed.owner_of(hex_) == "Loyalist"
    (tmp_path / "maps").mkdir()
    write_map(s.map, tmp_path / "maps" / "testland")
    write_scenario(changed, s.map, tmp_path / "scenarios" / "changed.yaml")
    assert load_scenario(tmp_path / "scenarios" / "changed.yaml").position == changed


# --- property: any map we can build survives a write and a read --------------------------------

@st.composite
def maps(draw):
    layout = Layout(draw(st.sampled_from(["flat", "pointy"])), draw(st.sampled_from(["odd", "even"])))
    columns, rows = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    style = draw(st.sampled_from(["europa", "tscw", "ocs"]))
    numbering = Numbering(style, (Sheet("" if style == "tscw" else "A", 0, 0, columns, rows, 1, 1,
                                        *draw(st.lists(st.booleans(), min_size=3, max_size=3))),))
    cells = [(c, r) for r in range(rows) for c in range(columns)]
    present = draw(st.lists(st.sampled_from(cells), min_size=1, unique=True))
    terrain = {layout.to_hex(c, r): draw(st.sampled_from(TERRAINS)) for c, r in present}
    land = sorted(h for h, t in terrain.items() if t not in ("all_sea", "lake"))
    partial = frozenset(h for h in land if draw(st.booleans()))
    countries = {"Alpha": Country("Alpha"), "Beta": Country("Beta", neutral=True)}
    country = {h: draw(st.sampled_from(["Alpha", "Beta"])) for h in land}
    m = Map(name="prop", game="europa", layout=layout, numbering=numbering, columns=columns, rows=rows,
            terrain=terrain, partial_sea=partial, layers={"country": country} if country else {},
            countries=countries if country else {})
    if land:
        for i, h in enumerate(draw(st.lists(st.sampled_from(land), max_size=3, unique=True))):
            m.cities.append(City(f"City {i}", draw(st.sampled_from(["dot", "point", "major"])), Place((h,))))
            if draw(st.booleans()):
                m.ports.append(Port(f"City {i}", draw(st.sampled_from(["minor", "major"])), Place((h,)),
                                    naval_base=draw(st.booleans())))
        a, b = draw(st.sampled_from(land)), draw(st.sampled_from(land))
        chain = tuple(line(a, b))
        if len(chain) > 1 and all(h in land for h in chain):
            m.rail.append(Track("Line", draw(st.sampled_from(["standard", "low_volume"])), chain))
            m.side_features.append(SideFeature("minor_river", "River", (Hexside(chain[0], chain[1]),)))
        coast = [h for h in land if m.touches_sea(h)]
        for i, h in enumerate(draw(st.lists(st.sampled_from(coast), max_size=2, unique=True)) if coast else []):
            m.beaches.append(Beach(f"Beach {i}", Place((h,))))
    return m


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(maps())
def test_any_map_round_trips(tmp_path_factory, m):
    folder = tmp_path_factory.mktemp("map") / "prop"
    write_map(m, folder)
    again = load_map(folder)
    assert again.terrain == m.terrain and again.partial_sea == m.partial_sea
    assert again.layers == m.layers and again.cities == m.cities and again.ports == m.ports
    assert again.rail == m.rail and again.side_features == m.side_features and again.beaches == m.beaches
    assert map_files(again) == map_files(m)


# --- property: any position on Testland survives a write and a read ------------------------------

from dataclasses import replace as _replace  # noqa: E402

from conftest import TESTLAND_SCENARIO  # noqa: E402

from logistics.position import Pacification, SupplyStock, Unit  # noqa: E402
from logistics.scenario import load_scenario as _load  # noqa: E402

_BASE = _load(TESTLAND_SCENARIO)
_LAND = sorted(h for h in _BASE.map.terrain if _BASE.map.is_land(h))
_AFFS = [(s.name, c, a) for s in _BASE.position.sides for c, affs in s.coalitions for a in affs]
_GOBERNITOS = [a for _, c, a in _AFFS if c == "Gobernito"]
_CITY_HEXES = sorted(h for c in _BASE.map.cities for h in c.place.hexes if h not in _BASE.position.unpacified)


@st.composite
def positions(draw):
    units = []
    for k in range(draw(st.integers(0, 6))):
        side, coalition, aff = draw(st.sampled_from(_AFFS))
        units.append(Unit(f"U{k}", side, coalition, aff, type=draw(st.sampled_from(["infantry", "militia"])),
                          size=draw(st.sampled_from([0.5, 1.0, 3.0])), zoc=draw(st.sampled_from(["normal", "reduced", "none"])),
                          hex=draw(st.sampled_from(_LAND)), oos=draw(st.integers(0, 3)),
                          formation=draw(st.sampled_from(["", "7 Pz"])), throw=draw(st.sampled_from([(), (6.0, 3.5)])),
                          ma=draw(st.sampled_from([0.0, 45.0])), load=draw(st.sampled_from([0.0, 1.5]))))
    owner = {h: draw(st.sampled_from(["Insurgent", "Loyalist"])) for h in draw(st.lists(st.sampled_from(_LAND), max_size=12))}
    owner.update({h: o for h, o in _BASE.position.owner.items() if o == "neutral"})
    stocks = tuple(SupplyStock(draw(st.sampled_from(["Insurgent", "Loyalist"])), draw(st.sampled_from(["general", "attack", "sp"])),
                               draw(st.sampled_from(_LAND)), draw(st.sampled_from([0.25, 1.0, 2.0])))
                   for _ in range(draw(st.integers(0, 3))))
    works = tuple(Pacification(h, work, draw(st.sampled_from([0.5, 1.0, 2.0])), draw(st.integers(1, 4)),
                               draw(st.integers(0, 3)), draw(st.sampled_from(["", "Republican cities"])))
                  for h, work in draw(st.lists(st.tuples(st.sampled_from(_CITY_HEXES),
                                                         st.sampled_from(["pacification", "purification"])),
                                               max_size=3, unique=True)))
    return _replace(_BASE.position, units=tuple(units), owner={h: owner[h] for h in sorted(owner)},
                    rail_breaks=frozenset(draw(st.lists(st.sampled_from(_LAND), max_size=3))), supply=stocks,
                    collapsed=frozenset(draw(st.lists(st.sampled_from(_GOBERNITOS), unique=True))), pacification=works)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(positions())
def test_any_position_round_trips(tmp_path_factory, p):
    root = tmp_path_factory.mktemp("scen")
    write_map(_BASE.map, root / "maps" / "testland")
    write_scenario(p, _BASE.map, root / "scenarios" / "p.yaml")
    assert load_scenario(root / "scenarios" / "p.yaml").position == p
