"""The JSON every command prints: one format, so that the same answer is the same bytes
whichever command gives it (tests/test_golden_outputs.py)."""
from __future__ import annotations

import json


def json_text(value) -> str:
    """`value` as the commands print it: indented by 2, non-ASCII letters kept as they are."""
    return json.dumps(value, indent=2, ensure_ascii=False)
