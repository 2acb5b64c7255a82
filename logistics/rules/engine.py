"""Which supply engine judges a position: chosen by the scenario's rule system."""
from __future__ import annotations

from ..errors import LoadError
from ..mapdata import Map
from ..position import Position


def supply_engine(position: Position, map_: Map):
    if position.game in ("europa-fwtbt", "europa-sf"):
        from ..supply.europa import EuropaSupply
        return EuropaSupply(position, map_)
    if position.game == "tscw":
        from ..supply.tscw import TscwSupply
        return TscwSupply(position, map_)
    if position.game == "ocs":
        from ..supply.ocs import OcsSupply
        return OcsSupply(position, map_)
    raise LoadError("scenario", f"supply rules for {position.game} are not built yet", field="game",
                    expected="europa-fwtbt, europa-sf, tscw or ocs")
