"""FWtBT game-turn dates, and 44J (optional): variable French assistance and the French border.

Two game turns a month ("Aug I 36", "Aug II 36"); a quarter-year's level of assistance and its
Sporadic checks decide whether the French border is open in a player turn.
"""
from __future__ import annotations

from logistics.mapdata import Map
from logistics.position import MONTHS, Turn


def turn_key(date: str) -> str:
    """A game turn date in one spelling: "II Jul 36" and "Jul II 36" -> "jul ii 36"."""
    words = date.lower().split()
    if len(words) == 3 and words[0] in ("i", "ii"):
        words = [words[1], words[0], words[2]]
    return " ".join(words)


def turn_index(date: str) -> int:
    """A game turn's place in time: "Oct I 36" (or "I Oct 36") -> a number, two per month."""
    words = turn_key(date).split()
    if len(words) != 3 or words[0][:3] not in MONTHS or words[1] not in ("i", "ii") or not words[2].isdigit():
        raise ValueError(f"game turn {date!r} is not a date like 'Oct I 36'")
    year = int(words[2]) + (1900 if len(words[2]) == 2 else 0)
    return (year * 12 + MONTHS.index(words[0][:3])) * 2 + (words[1] == "ii")


def turn_name(index: int) -> str:
    month, half = divmod(index, 2)
    year, m = divmod(month, 12)
    return f"{MONTHS[m].capitalize()} {'II' if half else 'I'} {year % 100:02d}"


# --- 44J: the French border -----------------------------------------------------------------------

LOYALIST, INSURGENT = "Loyalist", "Insurgent"
OPEN_LEVELS = ("increased", "limited", "substantial")
LEVELS = (*OPEN_LEVELS, "sporadic", "closed")
FIRST_QUARTER_LAST = turn_index("Sep II 36")   # erratum: Increased Assistance Jul II 36 - Sep II 36
QUARTER_MONTHS = (0, 3, 6, 9)                  # quarter-years begin in the I turns of Jan, Apr, Jul, Oct


def quarter_start(index: int) -> int:
    """The game turn whose Loyalist initial phase began the 44J quarter-year holding game turn `index`'s
    Loyalist player turn."""
    month = index // 2
    return (month - (month % 12) % 3) * 2


def french_border(assistance: dict, turn: Turn) -> tuple[bool, str]:
    """44J: whether the border is open in `turn`'s player turn, and why. Raises ValueError when the
    scenario's data cannot tell."""
    if turn.player not in (LOYALIST, INSURGENT):
        raise ValueError("44J needs the player turn: turn.player is Loyalist or Insurgent")
    now = turn_index(turn.date)
    # The last Loyalist initial phase: this game turn's for the Loyalist player turn, else the last
    # game turn's, since the Insurgent player turn opens every game turn.
    last = now if turn.player == LOYALIST else now - 1
    if last <= FIRST_QUARTER_LAST:
        return True, "Increased Assistance in the Jul II 36 - Sep II 36 game turns (44J erratum, AEG 08-Apr-04)"
    start = turn_name(quarter_start(last))
    quarters = {turn_index(k): v for k, v in (assistance.get("quarters") or {}).items()}
    level = quarters.get(quarter_start(last))
    if level is None:
        raise ValueError(f"no 44J level for the quarter-year begun in the Loyalist {start} initial phase")
    where = f"the quarter-year begun in the Loyalist {start} initial phase (AEG, 08-Apr-04)"
    if level in OPEN_LEVELS:
        return True, f"{level.capitalize()} Assistance in {where}"
    if level == "closed":
        return False, f"the border is closed throughout {where}"
    checks = {turn_index(k): v for k, v in (assistance.get("checks") or {}).items()}
    found = checks.get(last)
    if found is None:
        raise ValueError(f"Sporadic Assistance in {where}, but no border check for the Loyalist "
                         f"{turn_name(last)} initial phase")
    return found == "open", (f"Sporadic Assistance: the border was found {found} in the Loyalist "
                             f"{turn_name(last)} initial phase and keeps that status until the next (AEG, 08-Apr-04)")


def french_border_open(assistance: dict, turn: Turn) -> bool:
    return french_border(assistance, turn)[0]


def check_assistance(assistance: dict) -> str | None:
    """What is wrong with a `french_assistance` option's keys and values, or None."""
    for key, value in (assistance.get("quarters") or {}).items():
        try:
            k = turn_index(key)
        except ValueError as exc:
            return str(exc)
        if k % 2 or (k // 2) % 12 not in QUARTER_MONTHS or k <= FIRST_QUARTER_LAST:
            return (f"quarter-year {key!r} does not begin a 44J quarter-year (the I turn of Jan, Apr, Jul "
                    "or Oct, from Oct I 36 on: Jul II - Sep II 36 is Increased Assistance)")
        if value not in LEVELS:
            return f"unknown level {value!r} for {key!r} (one of {', '.join(LEVELS)})"
    for key, value in (assistance.get("checks") or {}).items():
        try:
            turn_index(key)
        except ValueError as exc:
            return str(exc)
        if value not in ("open", "closed"):
            return f"border check {value!r} for {key!r} is not open or closed"
    return None


def read_assistance(doc, map_: Map) -> dict:
    """FWtBT 44J (optional): {country, quarters: {first turn: level}, checks: {turn: open | closed}}."""
    f = doc.mapping(("country", "quarters", "checks"), required=("country",))
    value: dict = {"country": f["country"].choice(tuple(map_.countries), "country")}
    for key in ("quarters", "checks"):
        if key not in f:
            continue
        value[key] = {}
        for turn, d in f[key].items():
            value[key][turn] = d.text()
            problem = check_assistance({key: {turn: d.text()}})
            if problem:
                raise d.error(problem, expected="see docs/scenario-format.md (44J)")
    return value


def check_assistance_turn(options: dict, turn: Turn, doc) -> None:
    """44J: the border of this player turn must follow from the option's data (`doc`: the
    scenario's options, for the error's line)."""
    if "french_assistance" in options:
        try:
            french_border(options["french_assistance"], turn)
        except ValueError as exc:
            raise doc.mapping()["french_assistance"].error(
                str(exc), expected="the level of the current quarter-year (and its Sporadic checks)") from None
