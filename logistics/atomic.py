"""Files are replaced whole or not at all: everything is written to temporary files first."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_files(files: dict[Path, str | bytes]) -> None:
    """Write every file to a temporary sibling, then move each into place."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, content in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            if path.exists():                # a rewritten file keeps its mode (mkstemp makes 600)
                os.chmod(tmp, path.stat().st_mode & 0o7777)
            staged.append((tmp, path))
        for tmp, path in staged:
            os.replace(tmp, path)
        staged = []
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)


def write_text(path: Path | str, text: str | bytes) -> None:
    write_files({Path(path): text})
