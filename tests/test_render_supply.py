"""Supply on the picture: each unit marked by its verdict with its U-level, full unit ids as
labels that do not collide, the chosen unit's line, blocking hexes with their rule, a legend and a
title; colours that stay apart for colour-blind readers; the pictures of the bundled scenarios in
docs/ (regenerated here: the test fails when they drift; `python tests/test_render_supply.py`
writes them again)."""
from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AUG = "scenarios/fwtbt/aug-1936.yaml"
TSCW = "scenarios/tscw/example-9-5.yaml"

# docs/<name>.svg: the scenario, the unit whose line is drawn, the side, the layers.
DOC_PICTURES = {
    "aug-1936-supply": (AUG, "Mola Somosierra", "Insurgent", ("blocks", "line", "zones")),
    "example-9-5-supply": (TSCW, "B", "Republican", ("blocks", "line", "zoc")),
}


def doc_picture(name: str) -> str:
    from logistics.files import load_scenario_file
    from logistics.render.layers import supply_picture
    from logistics.render.svg import render_svg
    path, unit, side, layers = DOC_PICTURES[name]
    sc = load_scenario_file(ROOT / path)
    pic = supply_picture(Path(path).stem, sc.position, sc.map, layers, unit=unit, side=side)
    return render_svg(sc.map, sc.position, rotate=sc.map.north_rotation, hex_size=14, picture=pic)


@pytest.fixture(scope="module")
def aug_svg() -> str:
    return doc_picture("aug-1936-supply")


@pytest.mark.parametrize("name", sorted(DOC_PICTURES))
def test_doc_pictures_are_current(name):
    """docs/<name>.svg is what the code draws now (SVG text is deterministic)."""
    assert (ROOT / "docs" / f"{name}.svg").read_text(encoding="utf-8") == doc_picture(name), \
        "run `python tests/test_render_supply.py` to draw the pictures again, and look at them"


def _texts(svg: str) -> list[str]:
    return [t for t in re.findall(r"<text [^>]*>([^<]*)</text>", svg)]


def test_title_names_scenario_game_turn_and_phase(aug_svg):
    assert "aug-1936 \u2014 Europa: For Whom the Bell Tolls \u2014 turn 4 (Aug II 36), Insurgent initial phase" \
        in _texts(aug_svg)


def test_units_are_labelled_with_full_ids_and_verdicts(aug_svg):
    """Full ids (not cut to 8 characters), dark letters without a white halo on a light box;
    Oviedo's besieged garrison (12A, Rule 5) carries its verdict and U-level."""
    texts = _texts(aug_svg)
    assert "Asturian Mining Col" in texts and "Mola Alto del Leon" in texts
    assert "Oviedo Gar \u00b7 isolated U-0\u21921" in texts
    assert "Palma Gar \u00b7 limited U-0" in texts
    label = re.search(r'<text [^>]*data-unit="Asturian Mining Col"[^>]*>Asturian Mining Col</text>', aug_svg).group(0)
    assert 'fill="#111111"' in label and "stroke=" not in label


def test_unit_labels_do_not_overlap(aug_svg):
    boxes = [tuple(float(v) for v in m) for m in re.findall(
        r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#ffffff" stroke="[^"]+" '
        r'stroke-width="[\d.]+" data-unit=', aug_svg)]
    assert len(boxes) >= 30
    for (x1, y1, w1, h1), (x2, y2, w2, h2) in itertools.combinations(boxes, 2):
        assert not (x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1), "two labels overlap"


def test_blocking_hex_and_chosen_line_are_drawn(aug_svg):
    """Oviedo: the hex 23A:1108 stops the line (12A, Rule 5); Mola Somosierra's line runs
    overland, road, rail (12B) and each element is named on the picture."""
    texts = _texts(aug_svg)
    assert "blocked (12A, Rule 5)" in texts
    assert {"overland", "road", "rail"} <= set(texts)
    assert re.search(r'<g class="layer-line">\n<polyline [^>]*stroke="#F0E442"', aug_svg)


def test_legend_explains_every_mark(aug_svg):
    texts = " ".join(_texts(aug_svg))
    for words in ("Insurgent: counter", "Loyalist: owned hex", "neutral country", "sea",
                  "O: out of supply", "I: out of supply and isolated", "L: in supply from a limited source",
                  "danger zone for Insurgent", "Supply line of Mola Somosierra", "road element", "rail element"):
        assert words in texts


@pytest.mark.parametrize("scenario", [AUG, TSCW, "tests/data/scenarios/testland.yaml", "tests/data/scenarios/ocs-test.yaml"])
def test_every_layer_draws_on_every_game(tmp_path, scenario):
    """Europa, TSCW and OCS positions draw with all layers, as SVG and as the page."""
    from click.testing import CliRunner

    from cli import main
    for suffix in ("svg", "html"):
        out = tmp_path / f"picture.{suffix}"
        result = CliRunner().invoke(main, ["render", str(ROOT / scenario), "--layers", "all", "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert "<svg" in out.read_text(encoding="utf-8")


# --- colours for colour-blind readers ---------------------------------------------------------------
# Machado, Oliveira & Fernandes (2009), severity 1.0: linear-RGB matrices.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _seen(colour: str, deficiency: str | None) -> tuple[float, float, float]:
    lin = tuple(_lin(int(colour[k:k + 2], 16)) for k in (1, 3, 5))
    if deficiency:
        lin = tuple(min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in CVD[deficiency])
    return _lab(lin)


def test_sides_neutral_and_sea_stay_apart_for_colour_blind_readers():
    """Owned hexes of each side, neutral hexes and the sea, as blended on clear terrain, are at
    least 10 CIE76 units apart in normal vision and under simulated protanopia, deuteranopia and
    tritanopia; counters of the sides at least 15 (Okabe-Ito)."""
    from logistics.render.palette import (
        NEUTRAL,
        NEUTRAL_OPACITY,
        OWNER_OPACITY,
        SEA,
        SIDE_COLOURS,
        TERRAIN_COLOURS,
        blend,
    )
    clear = TERRAIN_COLOURS["clear"]
    areas = {f"side {k}": blend(c, OWNER_OPACITY, clear) for k, c in enumerate(SIDE_COLOURS[:2])}
    areas.update({"neutral": blend(NEUTRAL, NEUTRAL_OPACITY, clear), "sea": SEA, "unowned": clear})
    for deficiency in (None, *CVD):
        for (a, ca), (b, cb) in itertools.combinations(areas.items(), 2):
            d = sum((p - q) ** 2 for p, q in zip(_seen(ca, deficiency), _seen(cb, deficiency))) ** 0.5
            assert d >= 10, f"{a} and {b} look alike under {deficiency or 'normal vision'} ({d:.1f})"
        for ca, cb in itertools.combinations(SIDE_COLOURS, 2):
            d = sum((p - q) ** 2 for p, q in zip(_seen(ca, deficiency), _seen(cb, deficiency))) ** 0.5
            assert d >= 15, f"counters {ca} and {cb} look alike under {deficiency or 'normal vision'} ({d:.1f})"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for picture in DOC_PICTURES:
        (ROOT / "docs" / f"{picture}.svg").write_text(doc_picture(picture), encoding="utf-8")


def test_the_cuts_layer_draws_the_hexes_whose_loss_cuts_the_most():
    """docs/cuts.md: the top single-hex cuts of the side, confirmed by re-judging, as a layer of
    the picture and a switch of the interactive page; Barcelona's loss cuts 4 Loyalist REs (12C1)."""
    from logistics.files import load_scenario_file
    from logistics.render.layers import supply_picture
    from logistics.render.page import render_page
    from logistics.render.svg import render_svg
    loaded = load_scenario_file(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    m = loaded.map
    pic = supply_picture("aug-1936", loaded.position, m, ("cuts",), side="Loyalist")
    assert [(m.hex_id(h), res, rule) for h, res, rule, _ in pic.cuts][:1] == [("33:3625", 4, "12C1")]
    svg = render_svg(m, loaded.position, picture=pic)
    assert "cut: 4 REs of Loyalist (12C1)" in svg and 'class="layer-cuts"' in svg
    assert 'data-layer="cuts"' in render_page(m, loaded.position, pic)
