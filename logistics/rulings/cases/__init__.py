"""Executable ruling cases: each builds a small position where a ruling decides the verdict,
and asserts the verdict the ruling gives. `logistics rulings check` and the test suite run the
same functions.

A case names the catalogue ids it checks (logistics/rulings/catalogue/*.yaml). Ids written
`GAME:RULE` (e.g. `FW:12A`) name a rule of the game's own text that no FAQ entry rules on.
"""
from __future__ import annotations

import importlib
import pkgutil
import traceback
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Case:
    name: str
    ids: tuple[str, ...]
    func: Callable
    module: str
    params: tuple = ()            # each entry: the arguments of one run


@dataclass(frozen=True)
class Result:
    case: Case
    status: str                   # pass | fail | error
    detail: str = ""


CASES: list[Case] = []


def params(names: str, values: list):
    """Run a case once per value (a tuple of arguments, or one argument)."""
    def mark(func):
        func._params = [v if type(v) is tuple else (v,) for v in values]   # a Hex is a tuple too
        return func
    return mark


def case(*ids: str):
    def register(func):
        CASES.append(Case(func.__name__, ids, func, func.__module__,
                          tuple(getattr(func, "_params", ()))))
        return func
    return register


def all_cases() -> list[Case]:
    """Every case, in module then file order, whichever modules were imported before."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        importlib.import_module(f"{__name__}.{info.name}")
    return sorted(CASES, key=lambda c: (c.module, c.func.__code__.co_firstlineno))


def run(c: Case) -> Result:
    try:
        for args in c.params or [()]:
            c.func(*args)
    except AssertionError as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Result(c, "fail", f"{exc or 'assertion failed'} (line {where.lineno})".strip())
    except Exception as exc:  # a broken case is reported, never a traceback
        return Result(c, "error", f"{type(exc).__name__}: {exc}")
    return Result(c, "pass")
