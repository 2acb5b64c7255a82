"""Europa rule parameters (For Whom the Bell Tolls, Second Front) as data.

The supply line lengths come from each game's Supply Line Summary chart, which the seeds do not
print. The defaults below are a documented option, not a ruling: a scenario sets the values of
its game with `options: {supply_lengths: {mud: {overland: 3, road: 5}, ...}}`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Weather from best to worst: "worse weather" (36D) is the later one in this order.
DEFAULT_LENGTHS: dict[str, dict[str, int]] = {
    "clear": {"overland": 5, "road": 10},
    "frost": {"overland": 5, "road": 10},
    "snow": {"overland": 4, "road": 8},
    "winter": {"overland": 3, "road": 6},
    "mud": {"overland": 3, "road": 5},
}


@dataclass(frozen=True)
class EuropaRules:
    # Overland / road element lengths by weather (Supply Line Summary; see module docstring).
    lengths: dict[str, dict[str, int]] = field(default_factory=lambda: dict(DEFAULT_LENGTHS))
    # Rail element: any length, but at most this many low-volume rail hexes (12B; the 7-hex
    # limit the 12C1/7A rulings name). Connections between cities have no such limit.
    low_volume_limit: int = 7
    # 43C3 (advanced): mountain and wooded-rough hexes count double for the overland element,
    # and narrow-strait hexsides count one; no other hexside counts (DPS, 24-Jun-05).
    adverse_terrain: bool = False
    # 43C1 (advanced): a 1/2-RE unit owns a hex only while it occupies it (AEG, 20-Jan-04).
    advanced_ownership: bool = False
    # 37C: countries whose border is open (France for the Loyalists): a city there may stand for
    # one of the three connected cities of a full general supply source (12C1b ruling).
    open_borders: tuple[str, ...] = ()

    @property
    def weather_order(self) -> list[str]:
        return list(self.lengths)

    def worse(self, a: str, b: str) -> str:
        order = self.weather_order
        return a if order.index(a) >= order.index(b) else b

    @classmethod
    def from_options(cls, options: dict) -> "EuropaRules":
        """Rules for a scenario's `options` (already checked by the scenario loader)."""
        lengths = dict(DEFAULT_LENGTHS)
        for weather, values in (options.get("supply_lengths") or {}).items():
            lengths[weather] = {**lengths.get(weather, {"overland": 0, "road": 0}), **values}
        return cls(
            lengths=lengths,
            low_volume_limit=int(options.get("low_volume_limit", 7)),
            adverse_terrain=bool(options.get("adverse_terrain", False)),
            advanced_ownership=bool(options.get("advanced_ownership", False)),
            open_borders=tuple(options.get("open_borders", ())),
        )
