"""The answer for one unit: its status, the traced line or the blocking hex, and the rules used."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


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

    @property
    def supplied(self) -> bool:
        return self.general.startswith("in supply")

    def as_dict(self) -> dict:
        return asdict(self)
