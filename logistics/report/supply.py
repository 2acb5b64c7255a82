"""Verdicts as text for people and as JSON for scripts (shape: docs/supply-output.md)."""
from __future__ import annotations

from logistics.verdict import Block, Verdict


def verdict_json(v: Verdict) -> dict:
    data = v.as_dict()
    data["supplied"] = v.supplied
    return data


def _line_text(v: Verdict) -> str:
    parts, element = [], None
    for step in v.line:
        if step.element != element and step.element != "unit":
            parts.append(f"[{step.element}]")
            element = step.element
        parts.append(step.hex)
    return " ".join(parts)


def _source_text(v: Verdict, weather: str | None = None) -> str:
    """The place the line reaches and its source ("Cadiz (Rebel cities)"), the source alone when
    its name says the place; with the weather of the line if given."""
    place, notes = v.source_place, [f"{weather} weather"] if weather else []
    if place and place not in (v.source or ""):
        return f"{place} ({', '.join([str(v.source)] + notes)})"
    return f"{v.source}" + (f" ({notes[0]})" if notes else "")


def table(verdicts: list[Verdict], paint=None) -> list[str]:
    """The verdicts as aligned columns; `paint(text, kind)` may colour a padded cell (kind: the
    side's place among the sides, or the general status)."""
    rows = [("unit", "side", "hex", "general", "U", "isolated", "attack", "source / blocked")]
    for v in verdicts:
        marker = f"{v.marker}->{v.next_marker}" if v.marker != v.next_marker else str(v.marker)
        why = (_source_text(v) if v.source else None) or (f"{v.blocked.hex}: {v.blocked.reason} ({v.blocked.rule})" if v.blocked else "")
        rows.append((v.unit, v.side, v.hex or "off map", v.general, marker,
                     "" if v.isolated is None else ("yes" if v.isolated else "no"),
                     "" if v.attack is None else ("yes" if v.attack else "no"), why))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    if paint is None:
        return ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths)) + "  " + r[-1] for r in rows]
    sides = list(dict.fromkeys(v.side for v in verdicts))
    out = ["  ".join(c.ljust(w) for c, w in zip(rows[0][:-1], widths)) + "  " + rows[0][-1]]
    for v, r in zip(verdicts, rows[1:]):
        cells = [c.ljust(w) for c, w in zip(r[:-1], widths)]
        cells[1] = paint(cells[1], sides.index(v.side))
        cells[3] = paint(cells[3], v.general)
        out.append("  ".join(cells) + "  " + r[-1])
    return out


RING_SHOWN = 8   # hexes of an isolating ring listed in text (--json lists them all)


def blockers_text(b: Block) -> str:
    """Who stops a line at a blocking hex, as ": units (side)", or ""."""
    if not b.units:
        return f": {b.side}" if b.side else ""
    return f": {', '.join(b.units)}" + (f" ({b.side})" if b.side else "")


def block_text(b: Block) -> str:
    """A blocking hex as a phrase: the hex, why, the units behind it, the rule."""
    return f"{b.hex}: {b.reason}{blockers_text(b)} (rule {b.rule})"


def _why_lines(v: Verdict) -> list[str]:
    """The facts that answer the next question, a line each: what blocks and who (a naval block's
    reason names its zone and whose it is), the hex that cuts a 12C1 connection, and the limited
    sources others took."""
    lines = []
    if v.blocked:
        lines.append(f"  blocked at {block_text(v.blocked)}")
        if v.blocked.cut:
            lines.append(f"  connection cut at {block_text(v.blocked.cut)}")
    for share in v.limited_lost:
        taken = ", ".join(share.taken_by) or "no unit"
        lines.append(f"  limited source {share.source} ({share.capacity:g} REs) went to {taken} (12C2)")
    return lines


def explanation(v: Verdict) -> list[str]:
    lines = [f"{v.unit} ({v.side}, {v.affiliation}) at {v.hex or 'off map'}: {v.general}"]
    if v.line:
        used = ", ".join(f"{k} {g:g}" for k, g in v.lengths.items())
        lines.append(f"  line to {_source_text(v, v.weather)}: {_line_text(v)}")
        if used:
            lines.append(f"  lengths used: {used}")
    elif v.source:   # supplied without a traced line: 39D intrinsic garrison, SF Anzio set-up ruling
        lines.append(f"  source: {_source_text(v)}")
    lines += _why_lines(v)
    if v.isolated is not None:
        lines.append(f"  isolated: {'yes' if v.isolated else 'no'} (3F); attack supply: {'yes' if v.attack else 'no'} (12D)")
    if v.isolation:
        lines.append(f"  isolated because {v.isolation.reason}")
        shown = v.blocked.cut if v.blocked else None        # printed above already
        for b in v.isolation.ring[:RING_SHOWN]:
            lines.append("    closed where the connection is cut (above)" if b == shown else f"    closed at {block_text(b)}")
        if len(v.isolation.ring) > RING_SHOWN:
            lines.append(f"    and {len(v.isolation.ring) - RING_SHOWN} more hexes (--json lists them)")
    for effect in v.effects:
        lines.append(f"  effect: {effect}")
    if v.marker != v.next_marker:
        lines.append(f"  marker U-{v.marker} -> U-{v.next_marker} in the initial phase (12B)")
    lines.append("  rules: " + ", ".join(v.rules))
    return lines
