"""Start-up cost (issue 19, docs/performance.md): `import logistics`, `logistics --help` and the
commands that solve nothing must not import OR-Tools (with pandas through it, a third of a
command's time); each check runs in a fresh interpreter and reads its sys.modules."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

RUN_CLI = """
import sys
sys.argv = ["logistics", *{args!r}]
import cli
try:
    cli.main()
except SystemExit as exc:
    assert exc.code in (0, None), exc.code
"""
REPORT = "\nprint(sorted({m.split('.')[0] for m in sys.modules} & {'ortools', 'pandas'}), file=sys.stderr)"


def heavy_modules(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", code + REPORT], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stderr.strip().splitlines()[-1]


def test_import_logistics_loads_no_solver():
    assert heavy_modules("import sys\nimport logistics") == "[]"


@pytest.mark.parametrize("args", [
    ["--help"],                                          # imports every command module
    ["supply", "scenarios/fwtbt/aug-1936.yaml"],          # its limited sources need no solver
    ["show", "scenarios/tscw/example-9-5.yaml"],
])
def test_commands_that_solve_nothing_load_no_solver(args):
    assert heavy_modules(RUN_CLI.format(args=args)) == "[]"


def test_the_check_sees_a_solver_when_one_is_loaded():
    """The check itself can fail: a command that solves (the rail plan) does import OR-Tools."""
    args = ["rail", "plan", "scenarios/fwtbt/aug-1936.yaml", "scenarios/fwtbt/aug-1936.moves.yaml"]
    assert "ortools" in heavy_modules(RUN_CLI.format(args=args))


def test_help_loads_neither_the_loader_nor_the_engine():
    """`logistics --help` imports the command modules only: no YAML loader, numpy or graph library
    (issue 19: `--help` <= 0.15 s; a module-level `from logistics.files import ...` in one command
    module cost 64 ms of 139 ms, docs/performance.md)."""
    watched = "{'yaml', 'numpy', 'rustworkx', 'networkx', 'logistics.files', 'logistics.scenario'}"
    code = RUN_CLI.format(args=["--help"]) + (
        f"\nprint(sorted(({watched} & set(sys.modules)) | ({watched} & {{m.split('.')[0] for m in sys.modules}})),"
        " file=sys.stderr)\nsys.exit(0)")
    assert heavy_modules(code) == "[]"
