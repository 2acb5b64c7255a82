"""The package's layers (docs/design.md): no import circle anywhere, and no module imports a
layer above its own. Every import counts, at module level or inside a function."""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]

# Lowest first. A module belongs to the first layer one of whose prefixes names it (a prefix ending
# in "." names a package's modules, the package's __init__ included).
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("core", ("logistics.errors", "logistics.atomic", "logistics.jsontext", "logistics.hexgrid", "logistics.numbering", "logistics.hex_ids",
              "logistics.bundled", "logistics.yamldoc", "logistics.verdict", "logistics.solver", "logistics.mapdata", "logistics.mapio", "logistics.mapcorrect",
              "logistics.position", "logistics.zoc", "logistics.rail_search", "logistics.rail_chains", "logistics.rail_sides", "logistics.node_layers", "logistics.hex_nodes", "logistics.index_tables", "logistics.network", "logistics.warm_start", "logistics.trimmed_start", "logistics.resumable_search", "logistics.bfs_parents", "logistics.in_edges", "logistics.region_steps", "logistics.mapcheck", "logistics.sea_passages", "logistics.sorted_unique", "logistics.project", "logistics.games", "logistics.games.base",
              "logistics.rail", "logistics.rail.model", "logistics.rail.paths", "logistics.rail.planner")),
    ("games", ("logistics.games.",)),
    ("formats and turn engine", ("logistics.scenario", "logistics.scenario_writer", "logistics.files", "logistics.rail.moves", "logistics.turn.")),
    ("edges", ("logistics.filters", "logistics.report.", "logistics.render.", "logistics.io.", "logistics.rulings.", "logistics.mapbuild.",
               "logistics.analysis.")),
    ("api", ("logistics", "logistics.api")),
    ("command line", ("logistics.cli.", "logistics.__main__", "cli")),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {module_name(p): p for p in (ROOT / "logistics").rglob("*.py")}
    found["cli"] = ROOT / "cli.py"
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports (a `from package import module` names the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for a in node.names:
                full = f"{base}.{a.name}"
                out.add(full if full in known else base)
    return {m for m in out if m in known and m != name}


def layer(name: str) -> int:
    for k, (_, prefixes) in enumerate(LAYERS):
        if name in prefixes:
            return k
    for k, (_, prefixes) in enumerate(LAYERS):
        if any(p.endswith(".") and name.startswith(p) for p in prefixes):
            return k
    raise AssertionError(f"module {name} is in no layer: add it to LAYERS and docs/design.md")


def graph() -> nx.DiGraph:
    found = modules()
    g = nx.DiGraph()
    for name, path in found.items():
        g.add_node(name)
        g.add_edges_from((name, m) for m in imports(name, path, set(found)))
    return g


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["logistics", "games"] and parts[2] != "base" else None


def test_no_import_circle():
    cycles = sorted(sorted(c) for c in nx.simple_cycles(graph()))
    assert cycles == [], f"import circles: {cycles}"


def test_no_module_imports_a_layer_above_its_own():
    upward = [f"{a} ({LAYERS[layer(a)][0]}) imports {b} ({LAYERS[layer(b)][0]})"
              for a, b in graph().edges if layer(b) > layer(a)]
    assert upward == []


def test_a_game_package_imports_no_other_game():
    crossing = [f"{a} imports {b}" for a, b in graph().edges
                if game_of(a) and game_of(b) and game_of(a) != game_of(b)]
    assert crossing == []


def test_no_module_is_over_600_lines():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def test_the_layer_check_sees_a_circle_and_an_upward_import():
    """The checks above can fail: a circle and an upward import made up here are found."""
    g = nx.DiGraph([("logistics.mapdata", "logistics.position"), ("logistics.position", "logistics.mapdata")])
    assert list(nx.simple_cycles(g))
    assert layer("logistics.report.supply") > layer("logistics.games.europa.supply") > layer("logistics.network")
