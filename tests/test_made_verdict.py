"""`made_verdict` (issue 19: the verdicts of a large map made without the dataclass's `__init__`,
their attributes set one by one in the fields' order) against `Verdict(...)`: the same attributes
in the same order, so that equality, repr, `as_dict` and JSON read the same, for random fields."""
import json
import random
from dataclasses import fields

from logistics.verdict import Block, Isolation, LineStep, Verdict, made_verdict


def _random_fields(rng: random.Random) -> tuple[tuple, dict]:
    word = lambda: rng.choice([None, "", "a", "23A:3825", "in supply"])     # noqa: E731
    line = [LineStep(f"{k:04d}", rng.choice(["unit", "overland", "rail"]), float(k)) for k in range(rng.randrange(4))]
    blocked = rng.choice([None, Block("0101", "12A", "enemy ZOC", ("x",), "Axis")])
    isolation = rng.choice([None, Isolation("cut off", (Block("0202", "3F", "sea"),))])
    lengths = {k: float(rng.randrange(1, 9)) for k in rng.sample(["overland", "road", "rail"], rng.randrange(4))}
    args = (f"u{rng.randrange(99)}", "Axis", "German", word(), "out of supply", word(), rng.choice([None, True, False]),
            rng.choice([None, True, False]), word(), lengths, line, blocked, rng.randrange(4), rng.randrange(5),
            ["12A", "12B", *rng.sample(["3F", "12D", "36D"], rng.randrange(4))])
    return args, {"source_place": word(), "isolation": isolation}


def test_made_verdict_is_the_verdict_the_dataclass_makes():
    """Every field (12A, 12B rules, a Block, a 3F Isolation, 12B lengths, a line of LineSteps)
    read back alike, in `fields` order, and the attribute dict key for key in the same order."""
    rng = random.Random(19)
    for _ in range(300):
        args, keywords = _random_fields(rng)
        made, reference = made_verdict(*args, **keywords), Verdict(*args, **keywords)
        assert made == reference and repr(made) == repr(reference)
        assert list(vars(made).items()) == list(vars(reference).items())
        assert json.dumps(made.as_dict()) == json.dumps(reference.as_dict())
        assert [f.name for f in fields(made)] == [f.name for f in fields(reference)]
        assert made.effects == [] and made.limited_lost == [] and made.effects is not made.limited_lost


def test_made_verdicts_share_no_list():
    """Each made verdict has lists of its own (effects, limited shares lost), as `__init__` gives."""
    args, keywords = _random_fields(random.Random(1))
    a, b = made_verdict(*args, **keywords), made_verdict(*args, **keywords)
    a.effects.append("x")
    a.limited_lost.append("y")
    assert b.effects == [] and b.limited_lost == []


def test_a_pending_line_is_made_into_steps_on_first_read():
    """A line given as an object with `steps()` (a pending line) is read as its steps, as the
    dataclass's `_Steps` field reads it."""
    class Pending:
        def steps(self):
            return [LineStep("0101", "unit", 0.0)]
    args, keywords = _random_fields(random.Random(2))
    args = (*args[:10], Pending(), *args[11:])
    made, reference = made_verdict(*args, **keywords), Verdict(*args, **keywords)
    assert made.line == reference.line == [LineStep("0101", "unit", 0.0)]
    assert list(vars(made)) == list(vars(reference))
