"""`Map.city` finds a city by name in a table kept with the map: the same answer as reading the
list of cities in order (the first city of a name), after the list is appended to, replaced, or
changed in place and the map's views forgotten (as map corrections do)."""
import pytest

from logistics.hexgrid import Hex, Layout
from logistics.mapdata import City, Map, Place
from logistics.numbering import Numbering


def _city(name: str, q: int, size: str = "dot") -> City:
    return City(name, size, Place((Hex(q, 0),)))


def _by_scan(m: Map, name: str) -> City:
    return next(c for c in m.cities if c.name == name)


def test_city_by_name_is_the_first_of_the_list_whatever_changed():
    m = Map("m", "europa", Layout(), Numbering(), 10, 10,
            cities=[_city("Madrid", 1), _city("Oviedo", 2), _city("Madrid", 3, "major")])
    assert m.city("Madrid") is _by_scan(m, "Madrid") and m.city("Madrid").place.hexes == (Hex(1, 0),)
    assert m.city("Oviedo") is _by_scan(m, "Oviedo")
    m.cities.append(_city("Gijon", 4))                  # appended after a lookup
    assert m.city("Gijon") is _by_scan(m, "Gijon")
    m.cities = [_city("Oviedo", 5)]                      # the list replaced
    assert m.city("Oviedo").place.hexes == (Hex(5, 0),)
    with pytest.raises(KeyError, match="no city named 'Madrid'"):
        m.city("Madrid")
    m.cities[0] = _city("Oviedo", 6)                     # changed in place, as a correction does
    m.forget_views()
    assert m.city("Oviedo").place.hexes == (Hex(6, 0),)
