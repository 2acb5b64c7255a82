"""No ruling lives only in a case (issue [I]): every function of the package that an in-scope
ruling case calls directly is reachable from a command (cli.py, logistics/cli/) or a turn step.

The calls are collected by running each case under sys.setprofile; reachability is a static
reference graph over the package's source (ast): a function reaches every function whose name it
uses (called, passed or read as an attribute), a class reaches its methods' dunders and class body,
and module-level code counts as run (it registers commands, tables, game objects). Names are
matched by name alone, so the graph over-approximates: a function it calls unreachable is
referenced by no command path at all."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

from logistics.rulings.cases import all_cases
from logistics.rulings.entries import by_id

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "logistics"
SKIPPED = (PACKAGE / "rulings", PACKAGE / "_bundled")
ROOT_FILES = [ROOT / "cli.py", *sorted((PACKAGE / "cli").glob("*.py"))]
TURN_STEPS = ("europa_step", "tscw_step", "ocs_step", "step")      # the turn engine's steps


def module_files() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not any(p.is_relative_to(s) for s in SKIPPED)]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _names_used(node: ast.AST) -> set[str]:
    used = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            used.add(n.id)
        elif isinstance(n, ast.Attribute):
            used.add(n.attr)
        elif isinstance(n, ast.alias):           # `from x import f` inside a function
            used.add((n.asname or n.name).split(".")[-1])
    return used


def reference_graph(sources: dict[str, str]) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """From {module: source}: each function's names used ("module:qualname" -> names), the
    functions of each name, and the names module-level code uses (run on import)."""
    uses: dict[str, set[str]] = {}
    named: dict[str, set[str]] = {}
    top_level: set[str] = set()

    def visit(body, module: str, prefix: str, in_class: bool):
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = f"{module}:{prefix}{stmt.name}"
                named.setdefault(stmt.name, set()).add(key)
                uses[key] = _names_used(stmt) - {stmt.name} | {d for d in _names_used(ast.Module(stmt.decorator_list, []))}
                visit(stmt.body, module, f"{prefix}{stmt.name}.<locals>.", False)
                if in_class and stmt.name.startswith("__"):
                    named.setdefault(prefix.rstrip("."), set()).add(key)   # the class reaches its dunders
            elif isinstance(stmt, ast.ClassDef):
                named.setdefault(stmt.name, set())
                visit(stmt.body, module, f"{prefix}{stmt.name}.", True)
                rest = [s for s in stmt.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
                top_level.update(_names_used(ast.Module(rest + stmt.bases + stmt.decorator_list, [])))
            elif not prefix or in_class:
                top_level.update(_names_used(stmt))
    for module, text in sources.items():
        visit(ast.parse(text).body, module, "", False)
    return uses, named, top_level


def reachable(uses: dict[str, set[str]], named: dict[str, set[str]], roots: set[str], names: set[str]) -> set[str]:
    """Every function reached from `roots` (function keys) and `names` (names used by code that runs)."""
    seen: set[str] = set()
    todo = list(roots) + [k for n in names for k in named.get(n, ())]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        todo += [k for n in uses.get(key, ()) for k in named.get(n, ()) if k not in seen]
    return seen


def unreachable(called: set[str], sources: dict[str, str], root_modules: set[str]) -> list[str]:
    uses, named, top_level = reference_graph(sources)
    roots = {k for k in uses if k.split(":")[0] in root_modules or k.split(":")[1] in TURN_STEPS}
    seen = reachable(uses, named, roots, top_level)
    return sorted(k for k in called if k in uses and k not in seen)


def calls_of_cases() -> dict[str, set[str]]:
    """Run each case of an in-scope ruling; the package functions its own code calls directly."""
    catalogue = by_id()
    rulings_dir = str(PACKAGE / "rulings")
    package = str(PACKAGE)
    called: dict[str, set[str]] = {}
    current: list[str] = []

    def profile(frame, event, arg):
        if event != "call" or frame.f_back is None:
            return
        code = frame.f_code
        if code.co_filename.startswith(package) and not code.co_filename.startswith(rulings_dir) \
                and frame.f_back.f_code.co_filename.startswith(rulings_dir) and not code.co_name.startswith("<"):
            key = f"{module_name(Path(code.co_filename))}:{code.co_qualname}"
            called.setdefault(key, set()).add(current[0])

    for c in all_cases():
        if not any(i in catalogue and catalogue[i].in_scope for i in c.ids):
            continue
        current[:] = [f"{c.name} ({', '.join(c.ids)})"]
        sys.setprofile(profile)
        try:
            for args in c.params or [()]:
                c.func(*args)
        finally:
            sys.setprofile(None)
    return called


def test_no_function_of_an_in_scope_ruling_is_reachable_only_from_cases():
    sources = {module_name(p): p.read_text(encoding="utf-8") for p in [*module_files(), ROOT / "cli.py"]}
    called = calls_of_cases()
    assert len(called) > 50                                   # the collection does see the cases' calls
    offenders = unreachable(set(called), sources, {module_name(p) for p in ROOT_FILES})
    assert offenders == [], "reachable only from cases (wire each into a command or a turn step):\n" + \
        "\n".join(f"{k} <- {sorted(called[k])[0]}" for k in offenders)


SYNTHETIC = {
    "cli": "from logistics.x import judge\ndef command():\n    judge()\n",
    "logistics.x": ("class Engine:\n    def __init__(self):\n        self.ready = helper()\n"
                    "def helper():\n    return 1\n"
                    "def judge():\n    return Engine()\n"
                    "def only_a_case_calls_me():\n    return helper()\n"),
}


def test_the_check_fails_on_a_function_only_a_case_calls():
    """The checker itself can fail: a new function that only a case calls is named."""
    called = {"logistics.x:judge", "logistics.x:Engine.__init__", "logistics.x:helper", "logistics.x:only_a_case_calls_me"}
    assert unreachable(called, SYNTHETIC, {"cli"}) == ["logistics.x:only_a_case_calls_me"]
    wired = {**SYNTHETIC, "cli": SYNTHETIC["cli"] + "def other():\n    only_a_case_calls_me()\n"}
    assert unreachable(called, wired, {"cli"}) == []
