"""`Distances`, a search's node -> distance over an array (inf: not reached), answers `get` as the
dictionary of its reached nodes does, for plain and numpy integers, out-of-range and negative
keys, and keys that are no node at all (boxes); the plain-int case is read at once (issue 19)."""
import numpy as np

from logistics.network import Distances


def test_get_answers_as_the_dictionary_of_reached_nodes():
    rng = np.random.default_rng(7)
    array = rng.integers(0, 9, 200).astype(float)
    array[rng.random(200) < 0.4] = np.inf
    dist = Distances(array)
    reached = {k: float(v) for k, v in enumerate(array.tolist()) if v != np.inf}
    keys = [*range(-5, 210), *np.arange(0, 200, 7), True, "Atlantic box", None, 3.0]
    for key in keys:
        expected = reached.get(key) if not isinstance(key, (str, float)) and key is not None and \
            0 <= int(key) < 200 else None
        assert dist.get(key, "none") == ("none" if expected is None else expected), key
        assert type(dist.get(key, "none")) in (float, str)
        assert (key in dist) == (expected is not None)
