"""One JSON format for every command (logistics/jsontext.py): the command modules print JSON only
through it, so the same answer is the same bytes whichever command gives it."""
import ast
from pathlib import Path

from logistics.jsontext import json_text

ROOT = Path(__file__).resolve().parents[1]
COMMAND_MODULES = [ROOT / "cli.py", *sorted((ROOT / "logistics" / "cli").glob("*.py")),
                   ROOT / "logistics" / "io" / "commands.py", ROOT / "logistics" / "turn" / "report.py"]


def test_the_format_is_indented_by_two_and_keeps_letters():
    assert json_text({"city": "La Coruña", "hexes": [1, 2]}) == (
        '{\n  "city": "La Coruña",\n  "hexes": [\n    1,\n    2\n  ]\n}')


def test_no_command_module_formats_json_itself():
    calls = []
    for path in COMMAND_MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("dumps", "dump") and \
                    isinstance(node.value, ast.Name) and node.value.id == "json":
                calls.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert calls == []
