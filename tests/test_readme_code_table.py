"""README.md's code table matches the tree: every path it names exists, and every module and
package of logistics/ is named by a row (itself or its package)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def named() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## Code"):]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [p.rstrip("/") for row in rows for p in re.findall(r"`([^`]+)`", row.split("|")[1])]


def test_every_path_in_the_code_table_exists():
    assert [p for p in named() if not (ROOT / p).exists()] == []


def test_every_module_of_the_package_has_a_row():
    paths = set(named())
    missing = []
    for f in sorted((ROOT / "logistics").rglob("*.py")):
        rel = f.relative_to(ROOT)
        if not any(str(rel) == p or str(rel).startswith(p + "/") for p in paths) and rel.name != "__init__.py":
            missing.append(str(rel))
    top = {f"logistics/{d.name}" for d in (ROOT / "logistics").iterdir() if d.is_dir() and d.name != "__pycache__"}
    missing += sorted(d for d in top if not any(p == d or p.startswith(d + "/") for p in paths))
    assert missing == []
