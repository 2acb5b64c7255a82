"""The rulings suite: every executable case passes, names catalogue ids that exist, and the
catalogue document is up to date."""
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
