"""12A (AEG 1998): a line out of supply is explained by the first hex it would enter that it may
not, on the shortest line that ignores 12A. The first blocked hex is found once per hex of the
search (issue 19) and shared by the units whose lines share a tail: each must still get its own
first blocked hex."""
from logistics.games.europa.supply import OUT_OF_SUPPLY, EuropaSupply
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases.europa_supply import nb


def test_each_unit_is_blocked_at_the_first_enemy_its_own_line_enters():
    m = plain_map(cities={"Source": ("0505",)})
    at = {k: nb(m, "0505", 3, k) for k in range(1, 5)}          # a straight line west of the source
    units = [unit("Far", "People's Army", at[4], m), unit("Near", "People's Army", at[2], m),
             unit("E1", "Nationalist", at[1], m, zoc="none"), unit("E3", "Nationalist", at[3], m, zoc="none")]
    p = position(m, units, sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    v = {x.unit: x for x in EuropaSupply(p, m).verdicts()}
    assert v["Far"].general == OUT_OF_SUPPLY and v["Far"].blocked.hex == at[3]
    assert v["Near"].general == OUT_OF_SUPPLY and v["Near"].blocked.hex == at[1]
    assert v["Far"].blocked.reason == v["Near"].blocked.reason == "enemy unit in the hex"
