"""The answer for one unit: its status, the traced line or the blocking hex, and the rules used."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from logistics.numbering import NumberingError


@dataclass(frozen=True)
class LineStep:
    hex: str          # printed id
    element: str      # unit | overland | road | rail | source
    length: float     # length used so far within the element


class _Steps:
    """`Verdict.line`: a list of LineSteps, or an object with `steps()` that makes it on first read
    (an engine may keep a line as the searches it follows and make the steps only when asked)."""

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return ()                           # the default: a new empty list in __set__
        value = obj.__dict__[self.slot]
        if not isinstance(value, list):
            value = obj.__dict__[self.slot] = value.steps()
        return value

    def __set__(self, obj, value):
        obj.__dict__[self.slot] = [] if isinstance(value, tuple) and not value else value


@dataclass(frozen=True)
class Block:
    hex: str
    rule: str
    reason: str
    units: tuple[str, ...] = ()   # the units that stop the line here: in the hex, or exerting its ZOC
    side: str | None = None       # their side
    zone: str | None = None       # a naval zone that closes a sea passage (34F danger, 34K combat)
    group: str | None = None      # whose zone it is: naval base, combat group or coastal defence
    cut: Block | None = None      # 12C1: the hex that cuts a source's rail connection, and why


@dataclass(frozen=True)
class LimitedShare:
    """A limited source a unit could draw on but was not given (12C2): its REs and who took them."""
    source: str
    place: str | None
    capacity: float
    taken_by: tuple[str, ...]


@dataclass(frozen=True)
class Isolation:
    """Why a unit is isolated (3F): a sentence, and the hexes around its pocket that a line may
    not enter, each with its rule and the units that close it."""
    reason: str
    ring: tuple[Block, ...] = ()


@dataclass
class Verdict:
    unit: str
    side: str
    affiliation: str
    hex: str | None
    general: str                  # in supply | in supply (supply points) | out of supply | not checked
    source: str | None = None
    isolated: bool | None = None
    attack: bool | None = None
    weather: str | None = None
    lengths: dict[str, float] = field(default_factory=dict)
    line: list[LineStep] = _Steps()
    blocked: Block | None = None
    marker: int = 0               # U-n now
    next_marker: int = 0          # U-n after this initial phase
    rules: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)   # what the status means in play (reported, not applied)
    source_place: str | None = None   # the city (port, box, or hex) the line reaches within its source
    isolation: Isolation | None = None   # why isolated (3F)
    limited_lost: list[LimitedShare] = field(default_factory=list)   # 12C2 sources others took

    @property
    def supplied(self) -> bool:
        return self.general.startswith("in supply")

    def as_dict(self) -> dict:
        """Plain data, as JSON reads it back (tuples become lists)."""
        return _listed(asdict(self))


def made_verdict(unit: str, side: str, affiliation: str, hex: str | None, general: str, source: str | None,
                 isolated: bool | None, attack: bool | None, weather: str | None, lengths: dict[str, float], line,
                 blocked: Block | None, marker: int, next_marker: int, rules: list[str],
                 source_place: str | None = None, isolation: Isolation | None = None) -> Verdict:
    """`Verdict(unit, ..., rules, source_place=..., isolation=...)` (no effects, no limited shares
    lost) without the dataclass's `__init__`: the same attributes, set one by one in the same order
    (issue 19: the 50,000 verdicts of a 1M-hex map). Set so, CPython keeps them in the class's
    shared key table: half the time of writing them as one new dict per verdict (no hashing, no
    table grown three times as it fills). `line`: a list of LineSteps or an object with `steps()`,
    kept as `_Steps` keeps it."""
    v = _new(Verdict)
    v.unit, v.side, v.affiliation, v.hex, v.general = unit, side, affiliation, hex, general
    v.source, v.isolated, v.attack, v.weather, v.lengths = source, isolated, attack, weather, lengths
    v._line, v.blocked, v.marker, v.next_marker, v.rules = line, blocked, marker, next_marker, rules
    v.effects, v.source_place, v.isolation, v.limited_lost = [], source_place, isolation, []
    return v


_new = object.__new__


def _listed(value):
    if isinstance(value, dict):
        return {k: _listed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_listed(v) for v in value]
    return value


def place_of(map_, printed: str | None) -> str | None:
    """The name of the place a line ends at (`map_`: a Map): its city, else its port, else the
    box or the hex as printed."""
    if printed is None:
        return None
    try:
        h = map_.hex_at(printed)
    except (NumberingError, ValueError):
        return printed                         # an off-map box
    if h not in map_:
        return printed
    city, port = map_.city_at(h), map_.port_at(h)
    return city.name if city else (f"port of {port.name}" if port else printed)
