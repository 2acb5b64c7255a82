"""Files are replaced whole or not at all: everything is written to temporary files first."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_files(files: dict[Path, str]) -> None:
    """Write every file to a temporary sibling, then move each into place."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            staged.append((tmp, path))
        for tmp, path in staged:
            os.replace(tmp, path)
        staged = []
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)


def write_text(path: Path | str, text: str) -> None:
    write_files({Path(path): text})
