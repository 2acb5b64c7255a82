"""A first guess of each hex's terrain from the board image's colours, and the palette file the
player corrects it with.

The image is reduced to a few colours (Pillow's median cut, no dithering: the same image gives the
same groups); each hex takes the group most of the disc around its centre shows. `palette.yaml`
says which terrain each group is; a group the program guessed is marked `guess: true` until the
player sets it. A hex is unsure when its group is a guess or when no group covers most of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from logistics.mapdata import TERRAINS
from logistics.yamldoc import dump_flow, load_doc

PALETTE_FILE = "palette.yaml"
UNSURE_FILE = "unsure.txt"
MIXED = 0.6         # below this share of its disc, a hex's colour group is unsure


@dataclass(frozen=True)
class Sample:
    colour: str         # '#rrggbb' of the group most of the hex shows
    share: float        # how much of the hex's disc it covers


@dataclass(frozen=True)
class Group:
    colour: str
    terrain: str
    guess: bool


def sample_hexes(image, centres: list[tuple[float, float]], radius: float, colours: int) -> list[Sample]:
    """The dominant colour group inside a disc of `radius` pixels around each centre."""
    from PIL import Image
    quantised = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT,
                                               dither=Image.Dither.NONE)
    palette = quantised.getpalette() or []
    index = np.asarray(quantised)
    height, width = index.shape
    r = max(1, int(radius))
    dy, dx = np.mgrid[-r:r + 1, -r:r + 1]
    disc = dx * dx + dy * dy <= r * r
    out = []
    for x, y in centres:
        cx, cy = int(round(x)), int(round(y))
        ys, xs = cy + dy[disc], cx + dx[disc]
        keep = (ys >= 0) & (ys < height) & (xs >= 0) & (xs < width)
        counts = np.bincount(index[ys[keep], xs[keep]], minlength=256)
        top = int(np.argmax(counts))        # ties: the lower index, so the same every time
        rgb = palette[3 * top:3 * top + 3]
        out.append(Sample("#{:02x}{:02x}{:02x}".format(*rgb), float(counts[top] / max(1, keep.sum()))))
    return out


def guess_terrain(colour: str) -> str:
    """Blue is sea, green is woods, anything else clear: a guess the player corrects."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if b > r + 40 and b >= g:
        return "all_sea"
    if g > r + 20 and g > b + 10:
        return "woods"
    return "clear"


def read_palette(path: Path) -> dict[str, Group]:
    """The player's palette file: colour -> group. Raises LoadError naming the line."""
    doc = load_doc(path)
    groups: dict[str, Group] = {}
    for item in doc.mapping(("groups",), required=("groups",))["groups"].list():
        f = item.mapping(("colour", "hexes", "terrain", "guess"), required=("colour", "terrain"))
        colour = f["colour"].text().lower()
        if len(colour) != 7 or colour[0] != "#" or any(c not in "0123456789abcdef" for c in colour[1:]):
            raise f["colour"].error(f"colour {colour!r}", expected="'#rrggbb' as the program wrote it")
        groups[colour] = Group(colour, f["terrain"].choice(TERRAINS, "terrain"),
                               f["guess"].boolean() if "guess" in f else False)
    return groups


def palette_text(groups: list[Group], counts: dict[str, int]) -> str:
    lines = ["# The colour groups of the board image (logistics map from-vassal). Set each group's terrain",
             "# (" + ", ".join(TERRAINS) + ") and delete its `guess: true`,",
             "# then run the same command again: the map's terrain is rewritten from this file.",
             "groups:"]
    for g in groups:
        lines.append("  - " + dump_flow({"colour": g.colour, "hexes": counts.get(g.colour, 0), "terrain": g.terrain,
                                         **({"guess": True} if g.guess else {})}))
    return "\n".join(lines) + "\n"


def assign(samples: list[Sample], known: dict[str, Group]) -> tuple[list[Group], list[str | None]]:
    """Every group the hexes show (the player's where known, else a guess), and each hex's doubt."""
    groups: dict[str, Group] = {}
    for s in samples:
        if s.colour not in groups:
            groups[s.colour] = known.get(s.colour) or Group(s.colour, guess_terrain(s.colour), True)
    doubts = []
    for s in samples:
        g = groups[s.colour]
        reason = [f"mixed colours ({s.colour} covers {s.share:.0%})"] if s.share < MIXED else []
        if g.guess:
            reason.append(f"{s.colour} is a guess in {PALETTE_FILE}")
        doubts.append("; ".join(reason) or None)
    return sorted(groups.values(), key=lambda g: g.colour), doubts
