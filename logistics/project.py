"""Files a scenario or a map names stay inside its project (docs/scenario-format.md, "Limits").

A scenario's project is its folder and the folders above it up to the nearest one that holds a
`maps/` folder (the project root), plus the map folders found for it and the bundled maps. A map's
files stay inside its project the same way. Anything else is refused in one line, without
reading it, unless the player passes `--any-path` to the command.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from logistics import bundled
from logistics.yamldoc import Doc

_any_path = False


@contextmanager
def any_path(allowed: bool):
    """While inside, files anywhere may be read (the explicit `--any-path` option)."""
    global _any_path
    before, _any_path = _any_path, allowed
    try:
        yield
    finally:
        _any_path = before


def project_root(folder: Path) -> Path:
    """The nearest folder at or above `folder` that holds a `maps/` folder; else `folder`."""
    folder = folder.resolve()
    return next((f for f in (folder, *folder.parents) if (f / "maps").is_dir()), folder)


def inside(path: Path, doc: Doc, what: str, *roots: Path) -> Path:
    """`path` (named at `doc`) if it lies in one of `roots` or the bundled maps once links are
    followed; else an error naming the path only (its content is never read)."""
    if _any_path:
        return path
    resolved = path.resolve()
    for root in (*roots, bundled.root() / "maps"):   # the clone's maps/, or the installed copy
        if resolved.is_relative_to(root.resolve()):
            return path
    raise doc.error(f"{what} {doc.text()!r} lies outside the project ({roots[0].resolve()})",
                    expected="a path inside the project or the bundled maps, or the option --any-path")
