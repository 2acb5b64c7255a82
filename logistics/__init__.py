"""logistics: a solver-based supply and logistics analyzer for hex-and-counter wargames.

The Python API (docs/api.md), loaded on first use so that `import logistics` stays light:

    load(path)                      a scenario (its position and map) or a map
    supply(scenario, ...)           every unit's verdict (as `logistics supply`)
    trace(scenario, unit)           one unit's line or why it fails (as `logistics trace`)
    naval(scenario)                 zones, ports, naval connections (as `logistics naval`)
    plan_rail(scenario, moves)      the rail plan (as `logistics rail plan`)
    render(scenario, output, ...)   a picture or the interactive page (as `logistics render`)
    turn(scenario, steps)           what the next steps of play do (as `logistics turn next --dry-run`)
    move(scenario, unit, hex)       a what-if: the scenario with one unit moved

Each report has `.to_json()`, the command's `--json` output, and `str()`, its text.
"""

import sys
import types

__version__ = "0.1.0"
__all__ = ["load", "move", "naval", "plan_rail", "render", "supply", "trace", "turn"]


def __getattr__(name: str):
    if name in __all__:
        from logistics import api
        return getattr(api, name)
    raise AttributeError(f"module 'logistics' has no attribute {name!r}")


def _api_function(name: str) -> property:
    """`logistics.render` and `logistics.turn` name API functions, and subpackages too: importing
    a subpackage sets it as an attribute of this package, which this setter declines (the
    subpackage stays importable as `logistics.render.svg`, ... through sys.modules)."""
    def get(self):
        from logistics import api
        return getattr(api, name)

    def keep_the_function(self, value) -> None:
        pass
    return property(get, keep_the_function)


class _Package(types.ModuleType):
    render = _api_function("render")
    turn = _api_function("turn")


sys.modules[__name__].__class__ = _Package


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
