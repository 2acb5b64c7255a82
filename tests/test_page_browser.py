"""The interactive supply page (`logistics render SCENARIO -o map.html`) in a real headless
Chromium, driven by Playwright: it loads with no console error, hovering a unit draws its traced
line and shows its verdict, clicking a hex shows its id and, per side, the rule that stops a line.

Chromium comes from the system packages (Debian `chromium`, installed by .ci/run). Where it is
missing the test is skipped with the reason, unless LOGISTICS_BROWSER_TEST=required (as in CI),
where a missing browser fails."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from cli import main

ROOT = Path(__file__).resolve().parent.parent
AUG = str(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def _browser_or_skip():
    required = os.environ.get("LOGISTICS_BROWSER_TEST") == "required"
    missing = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing = "the Python package playwright is not installed (extra 'test')"
    if missing is None and not Path(CHROMIUM).exists():
        missing = "no chromium executable (apt-get install chromium)"
    if missing:
        if required:
            pytest.fail(f"browser test required but {missing}")
        pytest.skip(missing)
    return sync_playwright


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    from click.testing import CliRunner
    out = tmp_path_factory.mktemp("page") / "aug.html"
    result = CliRunner().invoke(main, ["render", AUG, "--layers", "all", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.DOTALL).group(1))


def test_page_is_self_contained(page_file):
    """No network: no external script, style, image or font; the data and script are inline."""
    html = page_file.read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert "<svg" in html and 'id="data"' in html


def test_page_in_headless_chromium(page_file):
    sync_playwright = _browser_or_skip()
    data = _data(page_file.read_text(encoding="utf-8"))
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 2200, "height": 1500})
            page.set_default_timeout(10000)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
            page.goto(page_file.as_uri())

            # Hover a unit: its line (23A:2308 -> rail to Rebel cities) is drawn from its own hex.
            page.hover('rect[data-unit="Mola Somosierra"] >> nth=0', force=True)
            points = page.locator("#unit-line").get_attribute("points").split()
            first = [float(v) for v in points[0].split(",")]
            unit = data["units"]["Mola Somosierra"]
            assert len(points) == len(unit["line"]) >= 2
            assert first == pytest.approx(unit["line"][0])
            assert "in supply" in page.locator("#unit-verdict").text_content()

            # Click Oviedo's blocking hex: its id, and for the Insurgents the rule that stops a line.
            where = page.evaluate("""id => {
                const h = JSON.parse(document.getElementById('data').textContent).hexes[id];
                const svg = document.getElementById('map-svg');
                const p = svg.createSVGPoint(); p.x = h.x; p.y = h.y;
                const q = p.matrixTransform(svg.getScreenCTM());
                return [q.x, q.y];
            }""", "23A:1108")
            page.mouse.click(*where)
            assert page.locator("#hex-id").text_content() == "hex 23A:1108"
            entry = page.locator("#hex-entry").text_content()
            # ... and the units whose ZOC it is (12A, Rule 5), as the verdicts name them.
            assert "Insurgent: enemy ZOC and no friendly unit in the hex: Asturian Mining Col (Loyalist) (12A, Rule 5)" in entry
            assert "Loyalist: enemy ZOC and no friendly unit in the hex: Oviedo Gar (Insurgent) (12A, Rule 5)" in entry   # Oviedo Gar next door

            # Search a city, switch a layer off.
            page.fill("#search", "Zaragoza")
            page.press("#search", "Enter")
            assert page.locator("#hex-id").text_content() == f"hex {data['cities']['Zaragoza']}"
            page.uncheck('#layers input[data-layer="zoc"]')
            assert page.locator("g.layer-zoc").first.is_hidden()
        finally:
            browser.close()
    assert errors == []
    assert requests == []
