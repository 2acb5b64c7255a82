"""Colour on a terminal only: verdicts and sides in colour when standard output is a terminal,
plain text when it is piped or redirected, or when NO_COLOR is set (https://no-color.org)."""
from __future__ import annotations

import os
import sys

import click

SIDES = ("red", "blue", "green", "magenta")
STATUS = {"in supply": "green", "out of supply": "yellow", "city supply": "yellow", "not checked": None}


def wanted() -> bool:
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def painter():
    """A `paint(text, kind)` for report tables, or None for plain text."""
    if not wanted():
        return None

    def paint(text: str, kind) -> str:
        if isinstance(kind, int):
            return click.style(text, fg=SIDES[kind % len(SIDES)], bold=True)
        colour = STATUS.get(kind, "cyan")   # the other "in supply (...)" statuses
        return click.style(text, fg=colour, bold=colour == "yellow") if colour else text
    return paint


def echo(text: str) -> None:
    click.echo(text, color=None if wanted() else False)
