"""Files are replaced whole or not at all: everything is written to temporary files first.

Temporary files are named `.NAME.XXXXXXXX.tmp` beside their target, so that a leftover of a killed
process can be recognised (`leftovers`). A path that is a symbolic link stays one: the file it
points to is replaced. A failure (full disk, read-only folder) is one LoadError, and no temporary
file stays behind.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from logistics.errors import LoadError

TEMP_SUFFIX = ".tmp"


def _mode(path: Path) -> int:
    """A replaced file keeps its permissions; a new one gets the user's umask (as open() would),
    not the owner-only mode of a temporary file."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_files(files: dict[Path, str | bytes]) -> None:
    """Write every file to a temporary sibling, then move each into place."""
    staged: list[tuple[str, Path]] = []
    current = None
    try:
        for path, content in files.items():
            current = target = Path(os.path.realpath(path))
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
            staged.append((tmp, target))
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            os.fchmod(fd, _mode(path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        for tmp, target in staged:
            current = target
            os.replace(tmp, target)
        staged = []
    except OSError as exc:
        raise LoadError(str(current or "?"), f"cannot be written: {exc.strerror or exc}",
                        expected="a writable folder with free space") from None
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)


def write_text(path: Path | str, text: str | bytes) -> None:
    write_files({Path(path): text})


def leftovers(folder: Path, name: str = "*") -> list[Path]:
    """Temporary files a killed writer left in `folder` (for the file `name`, or any)."""
    return sorted(folder.glob(f".{name}.*{TEMP_SUFFIX}")) if folder.is_dir() else []
