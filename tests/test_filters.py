"""`supply --side/--unit/--hex`: side names in any case, hexes by place name, and a filter that
matches nothing exits 1 with one line naming what would match (never an empty table)."""
from pathlib import Path

from click.testing import CliRunner

from cli import main

AUG36 = Path(__file__).parent.parent / "scenarios" / "fwtbt" / "aug-1936.yaml"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_side_names_in_any_case():
    lower, proper = run("supply", AUG36, "--side", "loyalist"), run("supply", AUG36, "--side", "Loyalist")
    assert lower.exit_code == 0 and lower.output == proper.output and "Madrid Militia" in lower.output
    assert "Oviedo Gar" not in lower.output


def test_unknown_side_lists_the_sides():
    result = run("supply", AUG36, "--side", "loyalists")
    assert result.exit_code == 1
    assert result.output == f"error: {AUG36}: --side: no side 'loyalists' (expected one of Insurgent, Loyalist)\n"


def test_hex_without_sheet_suggests_the_sheet():
    result = run("supply", AUG36, "--hex", "1007")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert result.output.rstrip().endswith("with its sheet: 23A:1007")


def test_hex_by_place_name():
    result = run("supply", AUG36, "--hex", "oviedo")
    assert result.exit_code == 0 and "Oviedo Gar" in result.output and result.output.count("\n") == 3   # the map line, the heading, one unit


def test_empty_hex_lists_hexes_with_units():
    result = run("supply", AUG36, "--hex", "23A:1008", "--side", "insurgent")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "no unit of side Insurgent in hex 23A:1008 (expected a hex holding one: 23A:2423" in result.output


def test_unit_excluded_by_side_says_so():
    result = run("supply", AUG36, "--unit", "Oviedo Gar", "--side", "Loyalist")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "--unit: unit 'Oviedo Gar' is of side Insurgent, not Loyalist (expected a unit of side Loyalist: Madrid Militia" in result.output


def test_cut_and_what_if_take_side_names_in_any_case():
    """Side names are case-insensitive for every --side, `cut` and `supply --if` included."""
    from click.testing import CliRunner

    from cli import main
    scen = str(Path(__file__).resolve().parents[1] / "scenarios" / "fwtbt" / "aug-1936.yaml")
    cut = CliRunner().invoke(main, ["cut", scen, "--side", "loyalist", "--top", "1", "--max-size", "1"])
    assert cut.exit_code == 0 and "33:3625: 4 REs" in cut.output
    what = CliRunner().invoke(main, ["supply", scen, "--side", "LOYALIST", "--if", "block 33:3625"])
    assert what.exit_code == 0 and "Catalan Col" in what.output
