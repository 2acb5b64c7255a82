"""The map editor page (`logistics map edit MAP -o edit.html`) in a real headless Chromium: paint a
hex's terrain, click a hexside for a narrow strait, save; `validate` accepts the saved correction
file and reports both changes, and the strait brings a garrison into supply (Narrow Straits,
AEG 29-Mar-04: a line crosses water only at a printed strait). Skipped without a browser unless
LOGISTICS_BROWSER_TEST=required, as tests/test_page_browser.py."""
from __future__ import annotations

import json
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_map_corrections import SCENARIO
from test_page_browser import CHROMIUM, FLAGS, _browser_or_skip

from cli import main
from logistics.api import supply

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def edited(tmp_path) -> tuple[Path, Path]:
    """A copy of iberia-europa, a scenario on it, and the editor page of the map."""
    shutil.copytree(ROOT / "maps" / "iberia-europa", tmp_path / "maps" / "iberia-europa")
    (tmp_path / "menorca.yaml").write_text(SCENARIO, encoding="utf-8")
    page = tmp_path / "edit.html"
    done = CliRunner().invoke(main, ["map", "edit", str(tmp_path / "maps" / "iberia-europa"), "-o", str(page)])
    assert done.exit_code == 0, done.output
    assert done.output == f"wrote {page}: editor for map iberia-europa\n"
    return tmp_path, page


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.DOTALL).group(1))


def test_editor_page_is_self_contained_and_deterministic(edited, tmp_path):
    folder, page = edited
    html = page.read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="(https?:)?//', html) and "<svg" in html
    again = tmp_path / "again.html"
    CliRunner().invoke(main, ["map", "edit", str(folder / "maps" / "iberia-europa"), "-o", str(again)])
    assert again.read_bytes() == page.read_bytes()
    data = _data(html)
    assert data["sides"]["33:4625/33:4626"] == ["all_sea"] and data["hexes"]["23A:2708"]["t"] == "clear"


@contextmanager
def editor(page_file: Path):
    """The page in headless Chromium: (page, click at picture coordinates, save as FILE into DIR)."""
    sync_playwright = _browser_or_skip()
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900}, accept_downloads=True)
            page.set_default_timeout(10000)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(page_file.as_uri())

            def click(x: float, y: float) -> None:
                """Click the map at picture coordinates x, y, scrolled into view."""
                where = page.evaluate("""([x, y]) => {
                    const svg = document.getElementById('map-svg'), box = document.getElementById('map');
                    const p = svg.createSVGPoint(); p.x = x; p.y = y;
                    let q = p.matrixTransform(svg.getScreenCTM());
                    box.scrollBy(q.x - box.clientWidth / 2, q.y - box.clientHeight / 2);
                    window.scrollBy(0, q.y - window.innerHeight / 2);
                    q = p.matrixTransform(svg.getScreenCTM());
                    return [q.x, q.y];
                }""", [x, y])
                page.mouse.click(*where)

            def save(name: str, folder: Path) -> Path:
                page.fill("#file-name", name)
                with page.expect_download() as download:
                    page.click("#save")
                folder.mkdir(exist_ok=True)
                path = folder / download.value.suggested_filename
                download.value.save_as(path)
                return path

            yield page, click, save
        finally:
            browser.close()
    assert errors == []


def test_editor_saves_a_correction_file_that_validate_accepts(edited):
    folder, page_file = edited
    data = _data(page_file.read_text(encoding="utf-8"))
    mapdir = folder / "maps" / "iberia-europa"
    assert supply(folder / "menorca.yaml").unit("Menorca Gar").general == "out of supply"
    with editor(page_file) as (page, click, save):
        # Paint Guadalajara's hex rough.
        page.select_option("#mode", "terrain")
        page.select_option("#terrain", "rough")
        h = data["hexes"]["23A:2708"]
        click(h["x"], h["y"])
        assert page.locator("#status").text_content() == "hex 23A:2708: rough"

        # A narrow strait across the hexside between Mahon and its neighbour: click near the
        # hexside, on the neighbour's side of it.
        page.select_option("#mode", "hexside")
        page.select_option("#feature", "narrow_strait")
        a, b = data["hexes"]["33:4625"], data["hexes"]["33:4626"]
        click(a["x"] * 0.4 + b["x"] * 0.6, a["y"] * 0.4 + b["y"] * 0.6)
        assert page.locator("#status").text_content() == "hexside 33:4625/33:4626: all_sea, narrow_strait"
        saved = save("menorca.yaml", mapdir / "corrections")
    assert saved.name == "menorca.yaml"
    done = CliRunner().invoke(main, ["validate", str(mapdir)])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[1:] == [
        "corrected: corrections/menorca.yaml:3: hex 23A:2708 terrain: clear -> rough",
        "corrected: corrections/menorca.yaml:5: hexside 33:4625/33:4626: all_sea -> all_sea, narrow_strait"]
    report = supply(folder / "menorca.yaml")
    assert report.unit("Menorca Gar").general == "in supply"
    assert report.map["corrections"] == [{"file": "corrections/menorca.yaml", "changes": 2}]


def test_editor_draws_rail_and_roads_and_places_cities_and_ports(edited):
    folder, page_file = edited
    data = _data(page_file.read_text(encoding="utf-8"))
    mapdir = folder / "maps" / "iberia-europa"
    hexes = data["hexes"]
    with editor(page_file) as (page, click, save):
        page.select_option("#mode", "rail")
        page.select_option("#rail-class", "low_volume")
        for hex_id in ("23A:2708", "23A:2808", "23A:2809"):          # a new spur, two hexsides
            click(hexes[hex_id]["x"], hexes[hex_id]["y"])
        page.select_option("#mode", "road")
        for hex_id in ("23A:2708", "23A:2709"):                      # a road already there: taken out
            click(hexes[hex_id]["x"], hexes[hex_id]["y"])
        assert page.locator("#status").text_content() == "road 23A:2708-23A:2709: none"
        page.select_option("#mode", "city")
        page.fill("#place-name", "Azuqueca")
        page.select_option("#city-size", "village")
        click(hexes["23A:2808"]["x"], hexes["23A:2808"]["y"])
        page.fill("#place-name", "Guadalajara")
        page.select_option("#city-size", "town")
        click(hexes["23A:2708"]["x"], hexes["23A:2708"]["y"])
        page.check("#remove-place")
        click(hexes["23A:2709"]["x"], hexes["23A:2709"]["y"])        # Alcala de Henares
        page.select_option("#mode", "port")
        page.uncheck("#remove-place")
        page.fill("#place-name", "Pontevedra")
        page.select_option("#port-class", "standard")
        click(hexes["23A:0617"]["x"], hexes["23A:0617"]["y"])
        save("lines.yaml", mapdir / "corrections")
    done = CliRunner().invoke(main, ["validate", str(mapdir)])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[1:] == [
        "corrected: corrections/lines.yaml:3: rail line 23A:2708-23A:2808: none -> low_volume",
        "corrected: corrections/lines.yaml:4: rail line 23A:2808-23A:2809: none -> low_volume",
        "corrected: corrections/lines.yaml:6: road 23A:2708-23A:2709: road -> none",
        "corrected: corrections/lines.yaml:8: city Alcala de Henares: point at 23A:2709 -> none",
        "corrected: corrections/lines.yaml:9: city Azuqueca: none -> village at 23A:2808",
        "corrected: corrections/lines.yaml:10: city Guadalajara: dot at 23A:2708 -> town at 23A:2708",
        "corrected: corrections/lines.yaml:12: port Pontevedra: minor at 23A:0617 -> standard at 23A:0617"]


def test_map_edit_bad_input_is_one_line(tmp_path):
    runner = CliRunner()
    done = runner.invoke(main, ["map", "edit", str(ROOT / "maps" / "iberia-tscw"), "-o", str(tmp_path / "edit.svg")])
    assert done.exit_code == 1 and done.output.strip().count("\n") == 0
    assert "--output: the editor is an HTML page (expected a .html file name)" in done.output
    done = runner.invoke(main, ["map", "edit", str(tmp_path / "nowhere"), "-o", str(tmp_path / "edit.html")])
    assert done.exit_code == 1 and done.output.startswith("error: ") and not (tmp_path / "edit.html").exists()
    scenario = ROOT / "scenarios" / "tscw" / "example-9-5.yaml"      # a scenario: the editor of its map
    done = runner.invoke(main, ["map", "edit", str(scenario), "-o", str(tmp_path / "edit.html")])
    assert done.exit_code == 0 and "editor for map iberia-tscw" in done.output
