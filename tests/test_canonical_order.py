"""Same meaning, same output: the verdicts and every JSON output of a scenario do not depend on the
order in which its lists are written (units, supply sources, limited sources, naval groups,
coastal defences, supply stocks, pacification works, and the lists inside their items). Checked on
`supply --json`, `naval --json` and `rail plan --json`; a moves file keeps its order, which is the
player's priority (docs/rail.md, the planner's tie-break)."""
from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import main

ROOT = Path(__file__).parent.parent
SCENARIOS = {
    "aug-1936": (ROOT / "scenarios" / "fwtbt", "aug-1936.yaml", ["supply", "naval", "rail plan"]),
    "testland": (ROOT / "tests" / "data" / "scenarios", "testland.yaml", ["supply", "naval"]),
    "tscw": (ROOT / "scenarios" / "tscw", "example-9-5.yaml", ["supply", "rail plan"]),
    "ocs": (ROOT / "tests" / "data" / "scenarios", "ocs-test.yaml", ["supply"]),
}
_MOVES = {"aug-1936": "aug-1936.moves.yaml", "tscw": "example-9-5.moves.yaml"}
_FLOW_LIST = re.compile(r"\[([^\[\]]*)\]")


def shuffled(text: str, rng: random.Random) -> str:
    """The scenario with each top-level block list's items, and each flow list inside them
    (cities, users, hexes, tags), in a random order."""
    lines, out, block = text.splitlines(), [], []

    def flush():
        rng.shuffle(block)
        out.extend(block)
        block.clear()

    for line in lines:
        if line.startswith("  - "):
            block.append(_FLOW_LIST.sub(lambda m: "[" + _shuffle_items(m.group(1), rng) + "]", line))
            continue
        flush()
        out.append(line)
    flush()
    return "\n".join(out) + "\n"


def _shuffle_items(inner: str, rng: random.Random) -> str:
    items = [i.strip() for i in re.findall(r'"[^"]*"|[^,]+', inner) if i.strip()]
    rng.shuffle(items)
    return ", ".join(items)


def outputs(path: Path, commands: list[str]) -> dict[str, object]:
    result = {}
    for command in commands:
        # The moves file keeps its order: it is the player's priority (docs/rail.md, tie-break).
        moves = [str(path.parent / _MOVES[path.parent.name])] if command == "rail plan" else []
        run = CliRunner().invoke(main, [*command.split(), str(path), *moves, "--json"])
        assert run.exit_code == 0, run.output
        data = json.loads(run.output)
        data.pop("scenario", None)
        data.pop("moves_file", None)
        if command == "supply":        # the listing follows the file's unit order; each verdict must not
            data["units"] = sorted(data["units"], key=lambda u: u["unit"])
        result[command] = data
    return result


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """Each scenario copied beside its map folders (so relative paths resolve), and its outputs."""
    base = tmp_path_factory.mktemp("order")
    shutil.copytree(ROOT / "maps", base / "maps")
    shutil.copytree(ROOT / "tests" / "data" / "maps", base / "maps", dirs_exist_ok=True)
    found = {}
    for name, (folder, file, commands) in SCENARIOS.items():
        target = base / name
        shutil.copytree(folder, target)
        text = (target / file).read_text(encoding="utf-8").replace("map: ../maps/", "map: ")
        (target / file).write_text(text, encoding="utf-8")
        found[name] = (target / file, text, commands, outputs(target / file, commands))
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(SCENARIOS)), seed=st.integers(0, 2**32 - 1))
def test_outputs_do_not_depend_on_the_order_of_any_list(copies, name, seed):
    path, text, commands, expected = copies[name]
    variant = path.with_name(f"variant-{seed}.yaml")
    variant.write_text(shuffled(text, random.Random(seed)), encoding="utf-8")
    try:
        assert outputs(variant, commands) == expected
    finally:
        variant.unlink()


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(SCENARIOS)), seed=st.integers(0, 2**32 - 1))
def test_three_hundred_orders_give_the_same_outputs(copies, name, seed):
    test_outputs_do_not_depend_on_the_order_of_any_list.hypothesis.inner_test(copies, name, seed)
