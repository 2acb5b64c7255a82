"""Every command's output on the bundled scenarios, byte for byte against tests/data/golden/.

A change meant to alter an output records them again (`python tests/golden/commands.py`), so the
diff shows exactly what changed; any other difference fails here."""
import pytest
from golden.commands import COMMANDS, GOLDEN, PICTURES, picture, run


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_output_is_unchanged(name):
    assert run(COMMANDS[name]) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_picture_is_unchanged(name):
    assert picture(PICTURES[name]) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
