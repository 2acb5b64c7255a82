"""YAML values that remember where they came from, so every error can name file, line and field.

Strings are read as written: `2509` or `0101` stay text (YAML would make them numbers), which is
what hex ids need. Numbers and booleans are converted only when a field asks for one.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import yaml

from logistics.errors import LoadError

_constructor = yaml.constructor.SafeConstructor()


def _plural(kind: str) -> str:
    return {"mapping": "a mapping (key: value)", "sequence": "a list", "scalar": "a single value"}[kind]


class Doc:
    """One node of a YAML document, with its file, line and field path."""

    def __init__(self, node: yaml.Node, file: str, path: str = ""):
        self.node, self.file, self.path = node, file, path

    # --- where ---------------------------------------------------------------------------------
    @property
    def line(self) -> int:
        return self.node.start_mark.line + 1

    def error(self, message: str, expected: str | None = None) -> LoadError:
        return LoadError(self.file, message, line=self.line, field=self.path or None, expected=expected)

    def _child(self, node: yaml.Node, key: str | int) -> "Doc":
        if isinstance(key, int):
            path = f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else key
        return Doc(node, self.file, path)

    # --- shape ---------------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        if isinstance(self.node, yaml.MappingNode):
            return "mapping"
        if isinstance(self.node, yaml.SequenceNode):
            return "sequence"
        return "scalar"

    def _expect(self, kind: str) -> None:
        if self.kind != kind:
            raise self.error(f"is {_plural(self.kind)}", expected=_plural(kind))

    def items(self) -> Iterator[tuple[str, "Doc"]]:
        self._expect("mapping")
        seen: set[str] = set()
        for key_node, value_node in self.node.value:
            key = str(key_node.value)
            if key in seen:
                raise Doc(key_node, self.file, self.path).error(f"duplicate key {key!r}", expected="each key once")
            seen.add(key)
            yield key, self._child(value_node, key)

    def mapping(self, allowed: tuple[str, ...] | None = None, required: tuple[str, ...] = ()) -> dict[str, "Doc"]:
        """The mapping as a dict of Docs, checking unknown and missing fields."""
        result = dict(self.items())
        if allowed is not None:
            for key, value in result.items():
                if key not in allowed:
                    raise value.error(f"unknown field {key!r}", expected="one of " + ", ".join(allowed))
        for key in required:
            if key not in result:
                raise self.error(f"missing field {key!r}", expected=f"a {key!r} field")
        return result

    def list(self) -> list["Doc"]:
        self._expect("sequence")
        return [self._child(node, i) for i, node in enumerate(self.node.value)]

    def is_null(self) -> bool:
        return self.kind == "scalar" and self.node.tag == "tag:yaml.org,2002:null"

    # --- scalars ---------------------------------------------------------------------------------
    def text(self) -> str:
        """The scalar as written (ids stay as printed)."""
        self._expect("scalar")
        if self.is_null():
            raise self.error("is empty", expected="a value")
        return str(self.node.value)

    def _value(self):
        self._expect("scalar")
        return _constructor.construct_object(self.node)

    def integer(self, minimum: int | None = None) -> int:
        value = self._value()
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{self.node.value!r} is not a whole number", expected="a whole number")
        if minimum is not None and value < minimum:
            raise self.error(f"{value} is too small", expected=f"a number >= {minimum}")
        return value

    def number(self, minimum: float | None = None) -> float:
        value = self._value()
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"{self.node.value!r} is not a number", expected="a number")
        if minimum is not None and value < minimum:
            raise self.error(f"{value} is too small", expected=f"a number >= {minimum}")
        return float(value)

    def boolean(self) -> bool:
        value = self._value()
        if not isinstance(value, bool):
            raise self.error(f"{self.node.value!r} is not true or false", expected="true or false")
        return value

    def choice(self, options: tuple[str, ...], what: str = "value") -> str:
        value = self.text()
        if value not in options:
            raise self.error(f"unknown {what} {value!r}", expected="one of " + ", ".join(options))
        return value

    def texts(self) -> list[str]:
        return [d.text() for d in self.list()]


def load_doc(path: Path | str) -> Doc:
    """Parse a YAML file into a Doc; syntax errors become LoadErrors with the line."""
    path = Path(path)
    name = str(path)
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LoadError(name, "file not found") from None
    except UnicodeDecodeError as exc:
        raise LoadError(name, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise LoadError(name, f"cannot be read: {exc.strerror}") from None
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise LoadError(name, f"YAML syntax: {exc.problem or exc.context}", line=line) from None
    except yaml.YAMLError as exc:
        raise LoadError(name, f"YAML syntax: {exc}") from None
    if node is None:
        raise LoadError(name, "file is empty", expected="a YAML mapping")
    doc = Doc(node, name)
    if doc.kind != "mapping":
        raise doc.error(f"the file is {_plural(doc.kind)}", expected="a YAML mapping at the top")
    return doc


def dump_flow(value) -> str:
    """One YAML value on one line (quoted where YAML needs it), for diff-friendly files."""
    return yaml.safe_dump(value, default_flow_style=True, width=10**9, sort_keys=False,
                          allow_unicode=True).strip().removesuffix("...").strip()
