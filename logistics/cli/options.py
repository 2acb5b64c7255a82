"""Option types the commands share."""
from __future__ import annotations

import math

import click


class FiniteRange(click.FloatRange):
    """A number option within bounds; NaN (which passes any comparison) is refused too."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number
