"""The colours of the pictures, chosen to stay apart for colour-blind readers.

Sides and verdicts take colours of the Okabe-Ito palette (Okabe & Ito, "Color Universal Design",
2008), built to be told apart under protanopia, deuteranopia and tritanopia; neutral countries are
grey *and* hatched, the sea a pale blue no side uses, and every verdict also has its own letter
and outline, so nothing is told by colour alone. tests/test_render_supply.py checks the colours as
blended on the map under the three simulated deficiencies (Machado et al. 2009 matrices) and holds
each pair apart by a minimum CIE L*a*b* distance.
"""
from __future__ import annotations

TERRAIN_COLOURS = {
    "clear": "#efeadb", "rough": "#d9ccab", "woods": "#bcd3a4", "wooded_rough": "#c7c79e",
    "mountain": "#c2ae92", "swamp": "#c2dacb", "all_sea": "#cde8f7", "lake": "#b5dbf1",
}
SEA = TERRAIN_COLOURS["all_sea"]
# Okabe-Ito vermillion, blue, bluish green, reddish purple: counters and ownership, by side.
SIDE_COLOURS = ["#D55E00", "#0072B2", "#009E73", "#CC79A7"]
OWNER_OPACITY = 0.32
NEUTRAL = "#6f6f6f"
NEUTRAL_OPACITY = 0.45
RIVER = "#3d8fd1"
SEA_EDGE = "#1d4f7a"
RAIL = "#202020"
ROAD = "#8f5a3c"
INK = "#111111"          # labels: dark on light
PAPER = "#ffffff"

# Verdicts: a letter on the counter, an outline, and (out of supply) a warning ring.
VERDICTS = {
    # kind: (letter, ring colour or None, legend text)
    "in": ("S", None, "in supply"),
    "limited": ("L", "#56B4E9", "in supply from a limited source (12C2)"),
    "points": ("P", "#56B4E9", "in supply on supply points (Europa 12C3; OCS: eats SP)"),
    "city": ("C", "#E69F00", "city supply (TSCW 9.6)"),
    "out": ("O", "#F0E442", "out of supply (U-level: now \u2192 next initial phase)"),
    "isolated": ("I", "#F0E442", "out of supply and isolated (3F)"),
    "unchecked": ("-", None, "not checked"),
}
LINE = "#000000"           # the traced line of a chosen unit
LINE_HALO = "#F0E442"
BLOCK = "#000000"          # the blocking hex: a cross and its rule
ZOC = "#CC79A7"
DANGER = "#E69F00"
COMBAT = "#D55E00"
SOURCE = "#009E73"
CUT = "#56B4E9"            # a hex whose loss cuts the most (the cuts layer)


def side_colour(sides: list[str], side: str) -> str:
    return SIDE_COLOURS[sides.index(side) % len(SIDE_COLOURS)] if side in sides else NEUTRAL


def blend(colour: str, opacity: float, under: str) -> str:
    """`colour` at `opacity` over `under`, as drawn."""
    a, b = rgb(colour), rgb(under)
    return "#" + "".join(f"{round(x * opacity + y * (1 - opacity)):02x}" for x, y in zip(a, b))


def rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as its three channels."""
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)
