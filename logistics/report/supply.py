"""Verdicts as text for people and as JSON for scripts (shape: docs/supply-output.md)."""
from __future__ import annotations

from logistics.verdict import Verdict


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


def table(verdicts: list[Verdict], paint=None) -> list[str]:
    """The verdicts as aligned columns; `paint(text, kind)` may colour a padded cell (kind: the
    side's place among the sides, or the general status)."""
    rows = [("unit", "side", "hex", "general", "U", "isolated", "attack", "source / blocked")]
    for v in verdicts:
        marker = f"{v.marker}->{v.next_marker}" if v.marker != v.next_marker else str(v.marker)
        why = v.source or (f"{v.blocked.hex}: {v.blocked.reason} ({v.blocked.rule})" if v.blocked else "")
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


def explanation(v: Verdict) -> list[str]:
    lines = [f"{v.unit} ({v.side}, {v.affiliation}) at {v.hex or 'off map'}: {v.general}"]
    if v.line:
        used = ", ".join(f"{k} {g:g}" for k, g in v.lengths.items())
        lines.append(f"  line to {v.source}{f' ({v.weather} weather)' if v.weather else ''}: {_line_text(v)}")
        if used:
            lines.append(f"  lengths used: {used}")
    elif v.source:   # supplied without a traced line: 39D intrinsic garrison, SF Anzio set-up ruling
        lines.append(f"  source: {v.source}")
    if v.blocked:
        lines.append(f"  blocked at {v.blocked.hex}: {v.blocked.reason} (rule {v.blocked.rule})")
    if v.isolated is not None:
        lines.append(f"  isolated: {'yes' if v.isolated else 'no'} (3F); attack supply: {'yes' if v.attack else 'no'} (12D)")
    for effect in v.effects:
        lines.append(f"  effect: {effect}")
    if v.marker != v.next_marker:
        lines.append(f"  marker U-{v.marker} -> U-{v.next_marker} in the initial phase (12B)")
    lines.append("  rules: " + ", ".join(v.rules))
    return lines
