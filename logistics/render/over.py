"""`logistics render MAP --over IMAGE`: our hexes, ids and terrain drawn over the board image the
map was made from (vassal.yaml says where each hex lies), so a player sees that our 2509 is the
board's 2509 and where the terrain guess is wrong. Unsure hexes (unsure.txt) are outlined in red.
"""
from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from logistics.atomic import write_files
from logistics.errors import LoadError
from logistics.render.palette import TERRAIN_COLOURS, rgb

OUTLINE = (40, 40, 40, 255)
UNSURE = (220, 20, 60, 255)
TINT = 110          # alpha of the terrain tint


@dataclass
class Drawn:
    output: str
    hexes: int
    unsure: int

    def __str__(self) -> str:
        return f"{self.hexes} hexes drawn over the board ({self.unsure} unsure, outlined in red)\nwrote {self.output}"


def _open(image: str, folder: Path, entry: str | None):
    """IMAGE: a picture file, or the .vmod whose board image (`entry`, from vassal.yaml) it holds."""
    from PIL import Image

    from logistics.io.vassal.board_map import module_image
    if zipfile.is_zipfile(image):
        if entry is None:
            raise LoadError(str(folder / "vassal.yaml"), "no module_image", expected="a map made from a .vmod")
        return module_image(image, entry).convert("RGBA")
    try:
        return Image.open(image).convert("RGBA")
    except OSError as exc:
        raise LoadError(image, f"cannot read the board image ({exc})", expected="the board's PNG, JPEG or GIF, "
                        "or its .vmod") from None


def draw_over(map_folder: str | Path, image: str, output: str) -> Drawn:
    from PIL import Image, ImageDraw, ImageFont

    from logistics.io.vassal.board_map import read_board
    from logistics.mapio import load_map
    folder = Path(map_folder)
    map_ = load_map(folder)
    pixels, entry = read_board(folder)
    unsure_file = folder / "unsure.txt"
    unsure = set()
    if unsure_file.exists():
        unsure = {line.split()[0] for line in unsure_file.read_text(encoding="utf-8").splitlines()
                  if line.strip() and not line.startswith("#")}
    base = _open(image, folder, entry)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    row_step = pixels.ay * 3 ** 0.5 if map_.layout.orientation == "flat" else pixels.ay * 1.5
    font = ImageFont.load_default(size=max(8, int(row_step / 4.5)))
    hexes = map_.hexes()
    unsure_drawn = 0
    for h in hexes:
        corners = pixels.corners(map_.layout, h)
        draw.polygon(corners, fill=(*rgb(TERRAIN_COLOURS[map_.terrain[h]]), TINT), outline=OUTLINE, width=1)
    for h in hexes:                 # outlines and ids over every tint
        hid = map_.hex_id(h)
        if hid in unsure:
            unsure_drawn += 1
            corners = pixels.corners(map_.layout, h)      # a line: a wide polygon outline masks the whole image
            draw.line([*corners, corners[0]], fill=UNSURE, width=2)
        x, y = pixels.centre(map_.layout, h)
        draw.text((x, y - row_step * 0.22), hid, fill=(0, 0, 0, 255), font=font, anchor="mm",
                  stroke_width=2, stroke_fill=(255, 255, 255, 255))
    picture = Image.alpha_composite(base, layer)
    buffer = io.BytesIO()
    fmt = "JPEG" if output.lower().endswith((".jpg", ".jpeg")) else "PNG"
    (picture.convert("RGB") if fmt == "JPEG" else picture).save(buffer, fmt)
    write_files({Path(output): buffer.getvalue()})
    return Drawn(output, len(hexes), unsure_drawn)
