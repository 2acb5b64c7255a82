"""YAML values that remember where they came from, so every error can name file, line and field.

Strings are read as written: `2509` or `0101` stay text (YAML would make them numbers), which is
what hex ids need. Numbers and booleans are converted only when a field asks for one.
"""
from __future__ import annotations

import gc
import math
import os
import re
import stat
from pathlib import Path
from typing import Iterator

import yaml

from logistics.errors import LoadError

# The reader's limits (docs/scenario-format.md, "Limits"): each breach is one error line.
MAX_BYTES = 16 * 2**20            # file size
MAX_LINE = 100_000                # characters in one line
MAX_DEPTH = 64                    # lists and mappings inside each other
MAX_ALIASES = 100                 # '*' aliases in one file
MAX_ALIAS_EXPANSION = 100_000     # values that aliases add once expanded
MAX_NUMBER = 10**9                # magnitude of any number
MAX_NUMBER_TEXT = 32              # characters of a number as written

# libyaml's parser where PyYAML was built with it (many times faster), else PyYAML's own.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_constructors = yaml.constructor.SafeConstructor.yaml_constructors
_constructor = yaml.constructor.SafeConstructor()
# C0 / C1 controls, lone surrogates, and the invisible format characters that reorder or hide text.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_STR = "tag:yaml.org,2002:str"
_CONVERTED = {f"tag:yaml.org,2002:{t}" for t in ("int", "float", "bool", "null")}


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
        seen: dict[str, int] = {}
        for key_node, value_node in self.node.value:
            where = Doc(key_node, self.file, self.path)
            if not isinstance(key_node, yaml.ScalarNode):
                raise where.error(f"a key that is {_plural(where.kind)}", expected="a plain value as key")
            key = str(key_node.value)
            bad = _CONTROL.search(key)
            if bad:
                raise where.error(f"control character {bad.group()!r} in key {key!r}", expected="printable characters")
            if key in seen:
                raise where.error(f"duplicate key {key!r} (first at line {seen[key]})", expected="each key once")
            seen[key] = where.line
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
        value = str(self.node.value)
        bad = _CONTROL.search(value)
        if bad:     # they would reach terminals raw, break one-line messages and make SVG invalid XML
            raise self.error(f"control character {bad.group()!r} in {value!r}", expected="printable characters")
        return value

    def ident(self, what: str = "id") -> str:
        """An id or name: printable text (as every text), not empty."""
        value = self.text()
        if not value.strip():
            raise self.error(f"empty {what}", expected=f"a non-empty {what}")
        return value

    def _value(self):
        self._expect("scalar")
        if self.node.tag not in _CONVERTED:
            return str(self.node.value)
        if len(self.node.value) > MAX_NUMBER_TEXT:
            raise self.error(f"a value of {len(self.node.value)} characters where a number or flag goes",
                             expected=f"a number of at most {MAX_NUMBER_TEXT} characters")
        return _constructors[self.node.tag](_constructor, self.node)

    def _in_range(self, value, minimum):
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(f"{self.node.value!r} is not a finite number", expected="a finite number")
        if abs(value) > MAX_NUMBER:
            raise self.error(f"{self.node.value} is too large", expected=f"a number of at most {MAX_NUMBER}")
        if minimum is not None and value < minimum:
            raise self.error(f"{value} is too small", expected=f"a number >= {minimum}")
        return value

    def integer(self, minimum: int | None = None) -> int:
        value = self._value()
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{self.node.value!r} is not a whole number", expected="a whole number")
        return self._in_range(value, minimum)

    def number(self, minimum: float | None = None) -> float:
        value = self._value()
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"{self.node.value!r} is not a number", expected="a number")
        return float(self._in_range(value, minimum))

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


def read_text(path: Path | str, what: str = "file") -> str:
    """A text file's content, within the reader's limits: a regular file (no FIFO, no device),
    at most MAX_BYTES, UTF-8 (else the byte offset and line of the first bad byte)."""
    name = str(path)
    try:
        with open(path, "rb", opener=_open_no_block) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise LoadError(name, f"{what} is not a regular file", expected="a plain text file")
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise LoadError(name, f"{what} not found") from None
    except IsADirectoryError:
        raise LoadError(name, f"{what} is a folder", expected="a plain text file") from None
    except OSError as exc:
        raise LoadError(name, f"{what} cannot be read: {exc.strerror}") from None
    if not data.strip():
        raise LoadError(name, f"{what} is empty", expected="the content the file is named for")
    if len(data) > MAX_BYTES:
        raise LoadError(name, f"{what} is larger than {MAX_BYTES // 2**20} MiB",
                        expected=f"at most {MAX_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LoadError(name, f"not UTF-8 text ({exc.reason} at byte {exc.start})", line=line,
                        expected="a UTF-8 text file") from None


def _open_no_block(path, flags):
    # A FIFO would block an ordinary open until a writer comes: open without waiting, then refuse.
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _check_lines(name: str, source: str) -> None:
    if len(source) <= MAX_LINE:
        return
    for number, line in enumerate(source.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise LoadError(name, f"line of {len(line)} characters", line=number,
                            expected=f"lines of at most {MAX_LINE} characters")


class _Composer:
    """Nodes from the parser's events, without recursion and within the limits: nesting depth,
    alias count and expansion; no explicit tags; anchors defined before use."""

    def __init__(self, name: str, source: str):
        self.name, self.loader = name, _Loader(source)
        self.anchors: dict[str, yaml.Node] = {}
        self.aliases = 0
        self.tags: dict[str, str] = {}      # plain scalar -> resolved tag, each value resolved once

    def _error(self, event, message: str, expected: str) -> LoadError:
        return LoadError(self.name, message, line=event.start_mark.line + 1, expected=expected)

    def document(self) -> yaml.Node | None:
        loader = self.loader
        loader.get_event()                                  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()                                  # document start
        root = self._node()
        loader.get_event()                                  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            raise self._error(loader.peek_event(), "a second YAML document", expected="one document per file")
        return root

    def _node(self) -> yaml.Node:
        loader = self.loader
        stack: list[tuple[yaml.Node, str | None]] = []
        while True:
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                node = self._alias(event)
            elif isinstance(event, yaml.ScalarEvent):
                self._plain(event)
                tag = self._scalar_tag(event)
                node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
                self._anchor(event, node)
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                self._plain(event)
                if len(stack) >= MAX_DEPTH:
                    raise self._error(event, f"nested more than {MAX_DEPTH} levels deep",
                                      expected=f"at most {MAX_DEPTH} levels of lists and mappings")
                kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
                tag = loader.resolve(kind, None, event.implicit)
                stack.append((kind(tag, [], event.start_mark, None, flow_style=event.flow_style), event.anchor))
                continue
            else:                                           # the end of the open list or mapping
                node, anchor = stack.pop()
                node.end_mark = event.end_mark
                if isinstance(node, yaml.MappingNode):
                    items = node.value
                    node.value = list(zip(items[::2], items[1::2]))
                if anchor is not None:
                    self.anchors[anchor] = node
            if not stack:
                return node
            stack[-1][0].value.append(node)

    def _scalar_tag(self, event) -> str:
        if not event.implicit[0]:                         # quoted: always text
            return _STR
        tag = self.tags.get(event.value)
        if tag is None:
            tag = self.tags[event.value] = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        return tag

    def _plain(self, event) -> None:
        if event.tag is not None:
            raise self._error(event, "YAML tag " + event.tag.replace("tag:yaml.org,2002:", "!!"), expected="plain values, without tags")

    def _anchor(self, event, node: yaml.Node) -> None:
        if event.anchor is not None:
            self.anchors[event.anchor] = node

    def _alias(self, event) -> yaml.Node:
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise self._error(event, f"more than {MAX_ALIASES} aliases", expected=f"at most {MAX_ALIASES} '*' aliases")
        if event.anchor not in self.anchors:        # unknown, or the list / mapping it is inside
            raise self._error(event, f"alias *{event.anchor} names no complete anchor before it",
                              expected="an '&' anchor defined earlier")
        return self.anchors[event.anchor]


def _expanded_size(root: yaml.Node) -> tuple[int, int]:
    """(nodes as written, nodes once every alias is expanded): aliases share nodes."""
    size: dict[int, int] = {}
    order, stack = [], [root]
    while stack:                            # children before parents, each node once
        node = stack.pop()
        if id(node) in size:
            continue
        size[id(node)] = 0
        order.append(node)
        stack.extend(_children(node))
    for node in reversed(order):
        size[id(node)] = min(1 + sum(size[id(c)] for c in _children(node)), 1 << 62)
    return len(order), size[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return node.value
    return []


def load_doc(path: Path | str) -> Doc:
    """Parse a YAML file into a Doc within the reader's limits; every breach a LoadError with the
    file and, where there is one, the line."""
    name = str(path)
    source = read_text(path)
    _check_lines(name, source)
    composer = _Composer(name, source)
    collecting = gc.isenabled()
    gc.disable()        # nodes are no cycles to collect; the collector would make reading quadratic
    try:
        node = composer.document()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise LoadError(name, f"YAML syntax: {exc.problem or exc.context}", line=line) from None
    except yaml.reader.ReaderError as exc:
        line = source.count("\n", 0, exc.position) + 1
        raise LoadError(name, f"character {chr(exc.character)!r} is not allowed in YAML", line=line,
                        expected="printable text") from None
    except yaml.YAMLError as exc:
        raise LoadError(name, f"YAML syntax: {str(exc).splitlines()[0]}") from None
    finally:
        if collecting:
            gc.enable()
    if node is None:
        raise LoadError(name, "file is empty", expected="a YAML mapping")
    if composer.aliases:
        written, expanded = _expanded_size(node)
        if expanded - written > MAX_ALIAS_EXPANSION:
            raise LoadError(name, f"aliases expand to {expanded} values",
                            expected=f"at most {MAX_ALIAS_EXPANSION} values added by aliases")
    doc = Doc(node, name)
    if doc.kind != "mapping":
        raise doc.error(f"the file is {_plural(doc.kind)}", expected="a YAML mapping at the top")
    return doc


def dump_flow(value) -> str:
    """One YAML value on one line (quoted where YAML needs it), for diff-friendly files."""
    return yaml.safe_dump(value, default_flow_style=True, width=10**9, sort_keys=False,
                          allow_unicode=True).strip().removesuffix("...").strip()
