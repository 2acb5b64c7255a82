"""Seeded fuzzing of the formats and commands (docs/reliability.md).

Each case takes one bundled file (a scenario, a map's map.yaml / features.yaml / grid, an ownership
grid, a moves file), mutates it with a seeded mutator, runs one command in-process, and checks the
promise of the README: exit 0 or 1, never 2 (internal error); on 1 a single line `error: ...`
naming a file of the case; no raw control character; under 5 s. Mutators that always break the
input (a non-finite number, an empty id, nesting 1,000 deep, an alias bomb, an empty file, a path
out of the project) must also give exit 1: no silent acceptance.

    python tests/fuzz/fuzz_harness.py 5000          # outcomes by kind, for docs/reliability.md
"""
from __future__ import annotations

import random
import re
import shutil
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
TIME_LIMIT = 5.0

# (scenario, moves file, the files of the case that may be mutated), paths in the workspace.
CORPUS = [
    ("data/scenarios/testland.yaml", "data/scenarios/testland.moves.yaml",
     ["data/scenarios/testland.yaml", "data/scenarios/testland.owner.txt", "data/scenarios/testland.moves.yaml",
      "data/maps/testland/map.yaml", "data/maps/testland/features.yaml", "data/maps/testland/terrain.txt",
      "data/maps/testland/country.txt", "data/maps/testland/weather_zone.txt"]),
    ("data/scenarios/ocs-test.yaml", None,
     ["data/scenarios/ocs-test.yaml", "data/maps/ocs-test/map.yaml", "data/maps/ocs-test/features.yaml",
      "data/maps/ocs-test/terrain.txt"]),
    ("scenarios/tscw/example-9-5.yaml", "scenarios/tscw/example-9-5.moves.yaml",
     ["scenarios/tscw/example-9-5.yaml", "scenarios/tscw/example-9-5.control.txt",
      "scenarios/tscw/example-9-5.moves.yaml"]),
    ("scenarios/fwtbt/aug-1936.yaml", "scenarios/fwtbt/aug-1936.moves.yaml",
     ["scenarios/fwtbt/aug-1936.yaml", "scenarios/fwtbt/aug-1936.moves.yaml"]),
]
COMMANDS = ("validate", "supply", "naval", "rail", "rail plan", "render", "turn next")

NASTY = [".nan", ".inf", "-.inf", "-1", "0", "9223372036854775808", "9" * 400, "1.0e+400", "''", '""', "~",
         "[]", "{}", "[a, [b, {c: d}]]", "'\\u0000'", '"\\e[31mred"', '"\\0"', '"a\\nb"', "!!int abc",
         "!!float x", "!!timestamp notadate", "!custom x", "!!binary AAAA", "*nowhere", "&a x", "<<",
         "yes", "0x1F", "1_000", "12:30", "2026-01-01", "\uff10\uff15\uff10\uff15", "'23A:\uff11\uff12\uff13\uff14'",
         "? [a]", "- item", "|\n  block", "'unterminated", "{a: 1, a: 2}", "\t", "%YAML 1.1", "---", "..."]
GARBAGE = [b"\x00", b"\xff", b"\xfe\xff", b"\x1b[2J", b"{", b"[", b"]", b"}", b":", b"&", b"*", b"!", b"\n",
           b"  ", b"-", b"#", b"'", b'"', b"\xc3", b"\xe2\x80\xae", b"\r", b"\t", b"?", b"|", b">"]
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefg", "bcdefgh"))
NUMERIC_FIELD = re.compile(r"\b(capacity|size|amount|level|connected|oos|garrison|turns|held|ma|load)"
                           r"(: *)(-?\d+(?:\.\d+)?)")
ID_FIELD = re.compile(r"\b(id|name)(: *)([^,}\n]+)")
PATH_FIELD = re.compile(r"\b(map|file|features): *([^\s,}]+)")
SCALAR = re.compile(r"(: |\[|, )([^\s\[\]{},:#][^\[\]{},:#\n]*)")


@dataclass
class Case:
    seed: int
    kind: str               # the mutator
    target: str             # the mutated file, relative to the workspace
    command: str
    must_fail: bool         # the mutation always breaks the input
    data: bytes


@dataclass
class Outcome:
    case: Case
    exit_code: int
    seconds: float
    message: str
    problem: str | None     # None: the promise holds


# --- mutators: (bytes, rng) -> (bytes, must_fail) or None when they do not apply -------------------

def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _spots(pattern: re.Pattern, text: str) -> list[re.Match]:
    """Matches outside comments (a change in a comment changes nothing)."""
    return [m for m in pattern.finditer(text) if "#" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]]


def flip_bytes(data, rng):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b), False


def insert_garbage(data, rng):
    k = rng.randrange(len(data) + 1)
    return data[:k] + b"".join(rng.choice(GARBAGE) for _ in range(rng.randint(1, 6))) + data[k:], False


def truncate(data, rng):
    return data[:rng.randrange(len(data) + 1)], False


def shuffle_lines(data, rng):
    lines = _lines(data)
    op = rng.choice(("duplicate", "delete", "swap"))
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if op == "duplicate":
        lines.insert(i, lines[j])
    elif op == "delete":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines), False


def _replace(data: bytes, rng, pattern: re.Pattern, values: list[str], must_fail: bool, keep: bool = False):
    """One random match of `pattern` (outside comments): its last group replaced by one of
    `values` (or, with `keep`, prefixed by it)."""
    text = data.decode("utf-8", "replace")
    spots = _spots(pattern, text)
    if not spots:
        return None
    m = rng.choice(spots)
    g = m.lastindex
    value = rng.choice(values) + (m.group(g) if keep else "")
    return (text[:m.start(g)] + value + text[m.end(g):]).encode("utf-8", "surrogatepass"), must_fail


def nasty_value(data, rng):
    return _replace(data, rng, SCALAR, NASTY, False)


def non_finite(data, rng):
    return _replace(data, rng, NUMERIC_FIELD, [".nan", ".NaN", ".inf", "-.inf", "+.inf", "1.0e+999",
                                               "9223372036854775808", "9" * 50], True)


def empty_id(data, rng):
    return _replace(data, rng, ID_FIELD, ["''", '""', "'   '", '"\\e[31m"', '"a\\0b"', '"x\\u202ey"'], True)


def tagged(data, rng):
    return _replace(data, rng, SCALAR, ["!!int ", "!!float ", "!!str ", "!!merge ", "!!timestamp ", "!x ",
                                        "!!python/object "], True, keep=True)


def outside_path(data, rng):
    return _replace(data, rng, PATH_FIELD, ["/etc/passwd", "/etc", "../../../../../../../../../../etc/passwd",
                                            "/dev/zero", "/proc/self"], True)


def deep_nesting(data, rng):
    n = rng.choice([65, 200, 1000, 5000])
    return data + ("\nzz_deep: " + "[" * n + "]" * n + "\n").encode(), True


def alias_bomb(data, rng):
    body = BOMB.replace("\n", "\n  ")
    return data + ("\nzz_bomb:\n  " + body + "\n").encode(), True


def long_line(data, rng):
    return data + ("\nzz_long: " + "x" * rng.choice([100_001, 200_000, 1_000_000]) + "\n").encode(), True


def emptied(data, rng):
    return rng.choice([b"", b"\n", b"# only a comment\n", b"   \n\n"]), True


def grid_noise(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    op = rng.choice(("char", "long", "binary", "extra rows"))
    if op == "char":
        line = bytearray(lines[i] or b" ")
        line[rng.randrange(len(line))] = rng.choice(b"?\x00\x7f#Z~ ")
        lines[i] = bytes(line)
    elif op == "long":
        lines[i] = lines[i] + b"." * rng.choice([50, 5000, 200_000])
    elif op == "binary":
        lines[i] = bytes(rng.randrange(256) for _ in range(20))
    else:
        lines.extend([b"." * 10] * rng.choice([5, 500]))
    return b"\n".join(lines), False


YAML_MUTATORS = [flip_bytes, insert_garbage, truncate, shuffle_lines, nasty_value, nasty_value, non_finite,
                 empty_id, deep_nesting, alias_bomb, long_line, emptied, tagged, outside_path]
GRID_MUTATORS = [flip_bytes, insert_garbage, truncate, shuffle_lines, grid_noise, grid_noise, emptied]


def make_case(seed: int, workspace: Path) -> tuple[Case, str, str | None]:
    rng = random.Random(seed)
    scenario, moves, files = rng.choice(CORPUS)
    target = rng.choice(files)
    original = (workspace / target).read_bytes()
    mutators = GRID_MUTATORS if target.endswith(".txt") else YAML_MUTATORS
    while True:
        mutator = rng.choice(mutators)
        mutated = mutator(original, rng)
        if mutated is not None:
            break
    data, must_fail = mutated
    if target == moves:
        command = "rail plan"
    else:
        command = rng.choice(COMMANDS)
    if data == original:
        must_fail = False
    return Case(seed, mutator.__name__, target, command, must_fail, data), scenario, moves


def _alarm(signum, frame):
    raise TimeoutError(f"over {TIME_LIMIT * 6:g} s")


def run_case(seed: int, workspace: Path) -> Outcome:
    from cli import main
    case, scenario, moves = make_case(seed, workspace)
    path = workspace / case.target
    original = path.read_bytes()
    path.write_bytes(case.data)
    args = {"validate": ["validate", scenario], "supply": ["supply", scenario, "--json"],
            "naval": ["naval", scenario], "rail": ["rail", "sections", scenario],
            "rail plan": ["rail", "plan", scenario, moves or scenario.replace(".yaml", ".moves.yaml")],
            "render": ["render", scenario, "-o", "out.svg"], "turn next": ["turn", "next", scenario]}[case.command]
    args = [str(workspace / a) if a.endswith((".yaml", ".svg")) else a for a in args]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(int(TIME_LIMIT * 6))
    start = time.perf_counter()
    try:
        result = CliRunner().invoke(main, args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        seconds = time.perf_counter() - start
        path.write_bytes(original)
        _clean(workspace, scenario)
    message = result.stderr.strip() if result.exit_code else ""
    return Outcome(case, result.exit_code, seconds, message, _problem(case, result, seconds, message, workspace))


def _clean(workspace: Path, scenario: str) -> None:
    """Put the workspace back: the turn engine's writes and the picture go."""
    history = (workspace / scenario).with_name(Path(scenario).stem + ".history")
    if history.exists() or history.is_symlink():
        snapshot = history / "0001.yaml"
        if snapshot.exists():
            (workspace / scenario).write_bytes(snapshot.read_bytes())
        shutil.rmtree(history)
    (workspace / "out.svg").unlink(missing_ok=True)


def _problem(case: Case, result, seconds: float, message: str, workspace: Path) -> str | None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"exception {type(result.exception).__name__}: {result.exception}"
    if result.exit_code not in (0, 1):
        return f"exit {result.exit_code}: {result.output.strip()[:300]}"
    if seconds > TIME_LIMIT:
        return f"took {seconds:.1f} s"
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", result.output):
        return "a raw control character in the output"
    if result.exit_code == 1:
        if len(message.splitlines()) != 1 or not message.startswith("error: "):
            return f"not one error line: {message[:300]}"
        if str(workspace) not in message and not any(Path(f).name in message for f in _files(case)):
            return f"names no file of the case: {message[:300]}"
        if "root:" in message:
            return "echoes another file's content"
    elif case.must_fail:
        return "silent acceptance of a broken input"
    return None


def _files(case: Case) -> list[str]:
    return [f for _, _, files in CORPUS for f in files]


def workspace_at(base: Path) -> Path:
    """A private copy of the bundled maps and scenarios and of tests/data, as the corpus names them."""
    shutil.copytree(ROOT / "maps" / "iberia-europa", base / "maps" / "iberia-europa")
    shutil.copytree(ROOT / "maps" / "iberia-tscw", base / "maps" / "iberia-tscw")
    shutil.copytree(ROOT / "scenarios", base / "scenarios")
    shutil.copytree(ROOT / "tests" / "data", base / "data")
    return base


def summary(outcomes: list[Outcome]) -> str:
    by_kind: dict[str, Counter] = {}
    for o in outcomes:
        c = by_kind.setdefault(o.case.kind, Counter())
        c["cases"] += 1
        c["exit 0" if o.exit_code == 0 else "exit 1" if o.exit_code == 1 else "other"] += 1
        c["problems"] += o.problem is not None
    commands = Counter(o.case.command for o in outcomes)
    rows = ["| mutator | cases | exit 0 | exit 1 | problems |", "| --- | ---: | ---: | ---: | ---: |"]
    for kind, c in sorted(by_kind.items()):
        rows.append(f"| {kind} | {c['cases']} | {c['exit 0']} | {c['exit 1']} | {c['problems']} |")
    slowest = max(o.seconds for o in outcomes)
    rows.append("")
    rows.append("commands: " + ", ".join(f"{k} {v}" for k, v in sorted(commands.items())))
    rows.append(f"slowest case: {slowest:.2f} s; problems: {sum(o.problem is not None for o in outcomes)}")
    return "\n".join(rows)


if __name__ == "__main__":
    import tempfile
    sys.path.insert(0, str(ROOT))
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    with tempfile.TemporaryDirectory() as tmp:
        space = workspace_at(Path(tmp))
        results = []
        for s in range(first, first + count):
            results.append(run_case(s, space))
            if results[-1].problem:
                o = results[-1]
                print(f"seed {s} {o.case.kind} {o.case.target} {o.case.command}: {o.problem}", file=sys.stderr)
        print(summary(results))
