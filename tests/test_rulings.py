"""The rulings suite: every executable case passes, names catalogue ids that exist, and the
catalogue document is up to date."""
import os
import re
from pathlib import Path

import pytest

from logistics.rulings.cases import all_cases, run
from logistics.rulings.entries import PREFIXES, by_id, load_catalogue
from logistics.rulings.report import rulings_markdown

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.ids[0]}:{c.name}" for c in CASES])
def test_ruling_case(case):
    result = run(case)
    assert result.status == "pass", result.detail


def test_cases_name_catalogue_ids_or_game_rules():
    known = by_id()
    for c in CASES:
        for i in c.ids:
            assert i in known or (":" in i and i.split(":")[0] in PREFIXES), (c.name, i)


def test_catalogue_ids_are_unique_and_prefixed_by_their_seed():
    ids = [r.id for r in load_catalogue()]
    assert len(ids) == len(set(ids))
    assert all(i.split("-")[0] in PREFIXES for i in ids)


def test_docs_rulings_md_is_generated_from_the_catalogue():
    doc = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"
    assert doc.read_text(encoding="utf-8") == rulings_markdown(), "run: logistics rulings list --markdown > docs/rulings.md"


def test_every_in_scope_ruling_has_a_case_and_rulings_check_exits_0():
    """Issue [G] acceptance: every in-scope entry has a passing case; `logistics rulings check`
    prints the counts and exits 0."""
    from click.testing import CliRunner

    from cli import main
    named = {i for c in CASES for i in c.ids}
    in_scope = [r.id for r in load_catalogue() if r.in_scope]
    assert [i for i in in_scope if i not in named] == []
    result = CliRunner().invoke(main, ["rulings", "check"])
    assert result.exit_code == 0
    assert f"in-scope rulings with a case: {len(in_scope)} of {len(in_scope)}" in result.output
    assert ", 0 failed" in result.output


# The seeds live beside the project (../shared/seeds), not in it; where they are present, the
# catalogue is checked against them section by section.
SEEDS_DIR = Path(os.environ.get("LOGISTICS_SEEDS", Path(__file__).resolve().parents[2] / "shared" / "seeds"))
# How each seed divides itself: FWtBT FAQ rule headings, Second Front questions, TSCW chapters
# (a chapter outside supply is one out-of-scope entry), OCS chapter 13 sections.
SECTIONS = {"000": r"^Rule [0-9]", "001": r"^Q[.:]", "002": r"^\d{1,2}\.0 [A-Z][^\t]*$", "003": r"^13\.[1-9]\d*[a-z]? \S"}


@pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason="the seed documents are not beside the project")
@pytest.mark.parametrize("seed", sorted(SECTIONS))
def test_the_catalogue_has_an_entry_in_every_section_of_every_seed(seed):
    """Issue [G] acceptance: the catalogue covers the seeds heading by heading."""
    lines = next(SEEDS_DIR.glob(f"{seed}_*.txt")).read_text(encoding="utf-8").splitlines()
    starts = [k + 1 for k, text in enumerate(lines) if re.match(SECTIONS[seed], text)]
    assert len(starts) > 10
    cited = [r.line for r in load_catalogue() if r.seed == seed]
    bounds = starts + [len(lines) + 1]
    empty = [lines[a - 1] for a, b in zip(bounds, bounds[1:]) if not any(a <= c < b for c in cited)]
    assert empty == []
