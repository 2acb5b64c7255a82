"""Errors a player can act on: file, line, field, what is wrong, what was expected."""
from __future__ import annotations


class LoadError(Exception):
    def __init__(self, file: str, message: str, *, line: int | None = None,
                 field: str | None = None, expected: str | None = None):
        self.file, self.message, self.line, self.field, self.expected = file, message, line, field, expected
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        text = f"{where}: "
        if self.field:
            text += f"{self.field}: "
        text += self.message
        if self.expected:
            text += f" (expected {self.expected})"
        return text
