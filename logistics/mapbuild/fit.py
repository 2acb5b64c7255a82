"""Fit a map's transform (lat/lon -> its hex grid) on the places whose printed hexes rules cite.

The unknown is the affine map from projected kilometres to pixels (6 numbers). Putting a point
inside a hexagon is 6 linear inequalities in those numbers, so the fit is a linear programme:
every `exact` anchor must lie at least MARGIN inside its cited hex; the other cited places are
pulled inside theirs by minimising the sum of their overshoots (L1). Places cited on another
sheet than the exact anchors do not steer the fit: the report shows by how much their sheet is
off, to place that sheet by hand.

Needs OR-Tools (a dependency of the project); run `python -m logistics.mapbuild fit NAME`.
"""
from __future__ import annotations

import math

from logistics.hexgrid import Layout
from logistics.mapbuild import data
from logistics.mapbuild.geo import Affine, GridTransform, pixel_hex, project
from logistics.numbering import Numbering, Sheet

MARGIN = 0.15  # pixels (a hex's inradius is 0.866)


def spec_grid(spec: dict) -> tuple[Layout, Numbering]:
    layout = Layout(spec["grid"]["orientation"], spec["grid"]["offset"])
    sheets = tuple(Sheet(**s) for s in spec["numbering"]["sheets"])
    return layout, Numbering(spec["numbering"]["style"], sheets)


def anchors(spec: dict) -> list[tuple[data.PlaceData, str]]:
    """(place, the first printed id cited for it) for every place pinned on this game's map."""
    return [(p, p.pins[spec["game"]][0]) for p in data.places() if spec["game"] in p.pins]


def _sheet_of(printed: str) -> str:
    return printed.split(":")[0] if ":" in printed else ""


def fit(name: str) -> tuple[Affine, list[str]]:
    from ortools.linear_solver import pywraplp

    spec = data.map_specs()[name]
    layout, numbering = spec_grid(spec)
    cited = anchors(spec)
    exact = set(spec["exact"])
    sheets = {_sheet_of(pid) for p, pid in cited if p.name in exact}
    used = [(p, pid) for p, pid in cited if _sheet_of(pid) in sheets]

    # GLOP reports this (badly scaled) programme infeasible; CLP solves it.
    solver = pywraplp.Solver.CreateSolver("CLP")
    inf = solver.infinity()
    m = [solver.NumVar(-inf, inf, k) for k in "abcdef"]
    start = 30 if layout.orientation == "flat" else 0
    normals = [(math.cos(math.radians(start + 60 * k)), math.sin(math.radians(start + 60 * k))) for k in range(3)]
    inradius = math.sqrt(3) / 2
    slacks = []
    for place, pid in used:
        x, y = project(place.lat, place.lon)
        cx, cy = layout.center(layout.to_hex(*numbering.parse(pid)))
        px = m[0] * x + m[1] * y + m[2]
        py = m[3] * x + m[4] * y + m[5]
        if place.name in exact:
            limit = inradius - MARGIN
        else:
            slack = solver.NumVar(0, inf, f"s_{place.name}")
            slacks.append(slack)
            limit = inradius + slack
        for nx, ny in normals:
            offset = nx * (px - cx) + ny * (py - cy)
            solver.Add(offset <= limit)
            solver.Add(-offset <= limit)
    solver.Minimize(sum(slacks))
    if solver.Solve() != pywraplp.Solver.OPTIMAL:
        raise RuntimeError(f"{name}: no transform puts every exact anchor in its hex")
    affine = Affine(*(float(f"{v.solution_value():.9g}") for v in m))
    return affine, report(name, affine)


def report(name: str, affine: Affine) -> list[str]:
    spec = data.map_specs()[name]
    layout, numbering = spec_grid(spec)
    transform = GridTransform(layout, affine)
    lines = [f"{name}: {transform.miles_per_hex:.2f} miles per hex, north turned {affine.north_angle:.1f} deg"]
    per_sheet: dict[str, list[tuple[float, float]]] = {}
    for place, pid in anchors(spec):
        px, py = transform.pixel(place.lat, place.lon)
        got = pixel_hex(layout, px, py)
        want = layout.to_hex(*numbering.parse(pid))
        col, row = layout.to_offset(got)
        try:
            got_id = numbering.format(col, row)
        except ValueError:
            got_id = f"grid({col},{row})"
        wc, wr = layout.to_offset(want)
        per_sheet.setdefault(_sheet_of(pid), []).append((col - wc, row - wr))
        mark = "exact" if place.name in spec["exact"] else ""
        lines.append(f"  {place.name:24} cited {pid:9} lands {got_id:9} off {got.distance(want)} {mark}")
    for sheet, offs in sorted(per_sheet.items()):
        dc = sum(o[0] for o in offs) / len(offs)
        dr = sum(o[1] for o in offs) / len(offs)
        lines.append(f"  sheet {sheet or '-'}: mean (grid - cited) = ({dc:+.2f} cols, {dr:+.2f} rows)")
    return lines
