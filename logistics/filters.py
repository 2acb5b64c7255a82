"""`--side`, `--unit`, `--hex` of the verdict commands: a filter that matches nothing is an error
naming what would match, never an empty table. Side names are matched in any case; a hex may be
a printed id or a place name."""
from __future__ import annotations

from logistics.errors import LoadError
from logistics.mapio import find_hex
from logistics.numbering import NumberingError


def _some(items: list[str], n: int = 12) -> str:
    items = list(dict.fromkeys(items))
    return ", ".join(items[:n]) + (f" and {len(items) - n} more" if len(items) > n else "")


def side_name(scenario: str, position, side: str) -> str:
    names = [s.name for s in position.sides]
    found = next((n for n in names if n.lower() == side.strip().lower()), None)
    if found is None:
        raise LoadError(scenario, f"no side {side!r}", field="--side", expected="one of " + ", ".join(names))
    return found


def filter_verdicts(verdicts, scenario: str, loaded, side: str | None, unit_id: str | None, hex_id: str | None):
    """The verdicts the options select; LoadError when they select none."""
    position, map_ = loaded.position, loaded.map
    if side:
        side = side_name(scenario, position, side)
        verdicts = [v for v in verdicts if v.side == side]
    if unit_id:
        found = [v for v in verdicts if v.unit == unit_id]
        if not found:
            unit = next((u for u in position.units if u.id == unit_id), None)
            if unit is not None:
                raise LoadError(scenario, f"unit {unit_id!r} is of side {unit.side}, not {side}", field="--unit",
                                expected="a unit of side " + str(side) + ": " + _some([v.unit for v in verdicts]))
            raise LoadError(scenario, f"no unit {unit_id!r}", field="--unit",
                            expected="a unit id of the scenario: " + _some([v.unit for v in verdicts]))
        verdicts = found
    if hex_id:
        try:
            hex_ = find_hex(map_, hex_id)
        except NumberingError as exc:
            held = {v.hex for v in verdicts}
            sheets = [f"{sh.name}:{hex_id.strip()}" for sh in map_.numbering.sheets if sh.name]
            near = [h for h in sheets if h in held]
            hint = f"; with its sheet: {', '.join(near)}" if near else ""
            raise LoadError(scenario, str(exc) + hint, field="--hex") from None
        printed = map_.hex_id(hex_)
        found = [v for v in verdicts if v.hex == printed]
        if not found:
            raise LoadError(scenario, f"no unit{' of side ' + side if side else ''} in hex {printed}", field="--hex",
                            expected="a hex holding one: " + _some([v.hex for v in verdicts if v.hex]))
        verdicts = found
    if not verdicts:
        raise LoadError(scenario, "no unit matches", field="--side",
                        expected="a side with units: " + _some(sorted({u.side for u in position.units})))
    return verdicts
