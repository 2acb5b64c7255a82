"""Rule systems: what differs between the games, as data first.

Each scenario names its rule system by id. The map family says which maps it is drawn for.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSystemInfo:
    id: str
    title: str
    map_family: str


RULE_SYSTEMS = {
    info.id: info
    for info in (
        RuleSystemInfo("europa-fwtbt", "Europa: For Whom the Bell Tolls", "europa"),
        RuleSystemInfo("europa-sf", "Europa: Second Front", "europa"),
        RuleSystemInfo("tscw", "The Spanish Civil War (GMT)", "tscw"),
        RuleSystemInfo("ocs", "Operational Combat Series v4", "ocs"),
    )
}
