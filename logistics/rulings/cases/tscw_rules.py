"""TSCW rules that turn on supply or control beyond a unit's own verdict: the line's limits at
borders and coasts, withdrawals, rebuilds, reinforcements, stacking, HQs, air support, the
northern capitals, Fortified Lines and reduced ammunition."""
from dataclasses import replace

from logistics.games.tscw import rules
from logistics.games.tscw.supply import CITY, FULL, OOS, TscwSupply, update_control
from logistics.hexgrid import Hexside
from logistics.mapdata import SideFeature
from logistics.position import Position, SupplySource
from logistics.rulings.builders import plain_map
from logistics.rulings.cases import case
from logistics.rulings.cases.tscw_supply import SIDES, nb, u

M = plain_map(13, 9, cities={"Valencia": ("0105",), "Madrid": ("0705",), "Toledo": ("1105",)},
              neutral_columns=0)
REP = [SupplySource("Valencia", "Republican", ("Valencia",), users=("Republican",))]


def pos(m, units, owner="Republican", control=None, sources=REP, **kw):
    own = {h: owner for h in m.terrain if m.is_land(h) and not m.is_neutral(h)}
    for hid, side in (control or {}).items():
        own[m.hex_at(hid)] = side
    own.update({h: "neutral" for h in m.terrain if m.is_neutral(h)})
    return Position(game="tscw", map_ref="plain", sides=SIDES, units=tuple(units), owner=own,
                    supply_sources=tuple(sources), **kw)


@case("TSCW-3.3-front-line-control", "TSCW-13.13.4-borders")
def rule_3_3_13_13_4_a_line_never_enters_a_neutral_country():
    m = plain_map(9, 9, cities={"Valencia": ("0505",)}, neutral_columns=3)
    # The straight way from 0405 west of Valencia... runs in Ruritania; from 0305 it would have
    # to run through neutral columns 1-3: the unit at 0205 is cut off though 3 hexes away.
    inside = pos(m, [u("R", "Republican", "0405", m)])
    assert TscwSupply(inside, m).verdict(inside.unit("R")).general == FULL
    beyond = pos(m, [u("R", "Republican", "0205", m)])
    assert TscwSupply(beyond, m).verdict(beyond.unit("R")).general == OOS


@case("TSCW-13.12.6-coastal-all-sea")
def rule_13_12_6_no_line_across_an_all_sea_hexside():
    def valencia(walled: bool):
        m = plain_map(9, 9, cities={"Valencia": ("0505",)})
        if walled:   # every hexside of Valencia all-sea: a line may no longer enter it
            h = m.hex_at("0505")
            m.side_features.append(SideFeature("all_sea", "Strait", tuple(Hexside(h, n) for n in h.neighbours())))
        return m
    for walled, expected in ((False, FULL), (True, OOS)):
        m = valencia(walled)
        p = pos(m, [u("R", "Republican", nb(m, "0505", 3), m)])
        assert TscwSupply(p, m).verdict(p.unit("R")).general == expected, walled


@case("TSCW-7.4-withdrawal-uss", "TSCW-7.6-rebuild-uss", "TSCW-12.1-hq-refit-supplied", "TSCW-12.1.3-hq-support-supplied")
def rule_7_4_7_6_12_1_supplied_by_a_uss_means_fully_supplied_city_supply_is_not_enough():
    ring = [u(f"N{k}", "Nationalist", M.hex_id(M.hex_at("1105").neighbour(k)), M) for k in range(6)]
    p = pos(M, [u("A", "Republican", "1105", M), u("HQ", "Republican", nb(M, "0105", 0), M, type="hq"), *ring])
    assert TscwSupply(p, M).verdict(p.unit("A")).general == CITY
    assert not rules.may_withdraw(p, M, p.unit("A")).ok and not rules.may_restore_on_map(p, M, p.unit("A")).ok
    assert rules.hq_may_refit(p, M, p.unit("HQ")).ok
    free = pos(M, [u("A", "Republican", "1105", M)])
    assert rules.may_withdraw(free, M, free.unit("A")).ok


@case("TSCW-7.8-reinforcement-entry")
def rule_7_8_reinforcements_enter_their_hex_or_within_2_or_are_delayed():
    newcomer = u("New", "Republican", "0705", M)
    p = pos(M, [])
    hexes, why = rules.reinforcement_hexes(p, M, newcomer, M.hex_at("0705"))
    assert hexes == [M.hex_at("0705")] and "printed hex" in why
    taken = pos(M, [], control={"0705": "Nationalist"})
    hexes, why = rules.reinforcement_hexes(taken, M, newcomer, M.hex_at("0705"))
    assert hexes and all(h.distance(M.hex_at("0705")) <= 2 for h in hexes) and "within 2" in why
    cut = pos(M, [], control={M.hex_id(h): "Nationalist" for h in M.terrain if h.distance(M.hex_at("0705")) <= 4})
    assert rules.reinforcement_hexes(cut, M, newcomer, M.hex_at("0705")) == ([], "7.8: no hex fits: the entry is delayed")


@case("TSCW-7.9-reinforcements-supplied")
def rule_7_9_a_reinforcement_is_supplied_on_its_entry_turn_whatever_happens_to_its_line():
    """7.9 (TSCW living rules 2.0, June 2011): 'Tous les Renforts entrent en jeu ravitaillés' with
    full capacities on their entry turn. The turn engine brings New in at Madrid (0705) on turn 3
    (A-III, 7.8); a Nationalist ring then closes around it. On turn 3 it is still Fully Supplied
    by 7.9; a unit that did not enter this turn, in the same hex, is in city supply (9.6), as is
    New itself on turn 4."""
    from logistics.games.tscw.admin import enter_reinforcements
    from logistics.position import Turn
    entry = {"id": "New", "affiliation": "Republican", "type": "division", "size": 1, "turn": 3, "hex": "0705"}
    start = pos(M, [], turn=Turn(3, "Nov 36", "A-III"), options={"reinforcements": [entry]})
    entered, lines = enter_reinforcements(start, M)
    assert entered.unit("New").hex == M.hex_at("0705"), lines
    ring = tuple(u(f"N{k}", "Nationalist", M.hex_id(M.hex_at("0705").neighbour(k)), M) for k in range(6))
    cut = replace(entered, units=entered.units + ring + (u("Old", "Republican", "0705", M),))
    new = TscwSupply(cut, M).verdict(cut.unit("New"))
    assert new.general == FULL and new.rules == ["7.9"], new
    assert TscwSupply(cut, M).verdict(cut.unit("Old")).general == CITY
    later = replace(cut, turn=Turn(4, "Dec 36", "A-III"))
    assert TscwSupply(later, M).verdict(later.unit("New")).general == CITY


@case("TSCW-8.2-stacking-limits")
def rule_8_2_six_units_of_which_four_divisions_and_one_hq_a_hex():
    units = [u(f"D{k}", "Republican", "0705", M) for k in range(4)] + \
            [u(f"B{k}", "Republican", "0705", M, type="brigade") for k in range(2)] + [u("HQ", "Republican", "0705", M, type="hq")]
    assert rules.stacking(pos(M, units), M.hex_at("0705"), "Republican").ok       # HQs do not count
    assert not rules.stacking(pos(M, units + [u("B9", "Republican", "0705", M, type="brigade")]), M.hex_at("0705"), "Republican").ok
    assert not rules.stacking(pos(M, units[:3] + [u("D9", "Republican", "0705", M)] * 2), M.hex_at("0705"), "Republican").ok
    assert not rules.stacking(pos(M, units + [u("HQ2", "Republican", "0705", M, type="hq")]), M.hex_at("0705"), "Republican").ok


@case("TSCW-7.12-north-capitals-control", "TSCW-12.2.3-north-air")
def rule_7_12_12_2_3_the_three_northern_capitals():
    m = plain_map(9, 9, cities={"Santander": ("0202",), "Bilbao": ("0402",), "Gijon": ("0602",), "Valencia": ("0808",)})
    two = pos(m, [], control={"0202": "Nationalist", "0402": "Nationalist"})
    assert not rules.north_capitals_fallen(two, m).ok
    three = pos(m, [], control={"0202": "Nationalist", "0402": "Nationalist", "0602": "Nationalist"})
    assert rules.north_capitals_fallen(three, m).ok


@case("TSCW-12.1.4-reserve-rail-to-uss")
def rule_12_1_4_reserves_need_friendly_rail_to_a_uss_and_an_hq_outside_an_ezoc():
    m = plain_map(13, 9, cities={"Valencia": ("0105",)}, rail={"Main": ["0105", "0905"]})
    hq = u("HQ", "Republican", "0705", m, type="hq")
    assert rules.reserve_allowed(pos(m, [hq]), m, hq).ok
    # The line may pass an EZOC hex ...
    zoc = u("N", "Nationalist", "0404", m)
    assert rules.reserve_allowed(pos(m, [hq, zoc], control={"0404": "Nationalist"}), m, hq).ok
    # ... but not an enemy-controlled one, and the HQ itself may not be in an EZOC.
    assert not rules.reserve_allowed(pos(m, [hq], control={"0405": "Nationalist"}), m, hq).ok
    near = u("N", "Nationalist", nb(m, "0705", 2), m)
    assert not rules.reserve_allowed(pos(m, [hq, near]), m, hq).ok


@case("TSCW-12.2.2-air-range")
def rule_12_2_2_air_support_within_3_hexes_of_a_supplied_source():
    # Madrid and Toledo Nationalist: the Republicans' only source is Valencia (0105).
    p = pos(M, [], control={"0705": "Nationalist", "1105": "Nationalist"})
    assert rules.air_support_possible(p, M, "Republican", M.hex_at(nb(M, "0105", 0, 3))).ok
    assert not rules.air_support_possible(p, M, "Republican", M.hex_at(nb(M, "0105", 0, 4))).ok
    # Madrid Republican again and tracing to Valencia: combats within 3 of it may be supported.
    back = pos(M, [], control={"1105": "Nationalist"})
    assert rules.air_support_possible(back, M, "Republican", M.hex_at(nb(M, "0705", 0, 3))).ok


@case("TSCW-12.2.1-air-naval-no-control", "TSCW-10.7-hex-control")
def rule_12_2_1_air_and_naval_units_never_take_control():
    p = pos(M, [u("Air", "Nationalist", "0705", M, type="air"), u("Div", "Nationalist", "0905", M)])
    after = update_control(p, M)
    assert after.owner_of(M.hex_at("0705")) == "Republican" and after.owner_of(M.hex_at("0905")) == "Nationalist"


def _fortified(status, destroyed=()):
    m = plain_map(9, 9, cities={"Cadiz": ("0505",)})
    wall = tuple(Hexside(m.hex_at(f"04{r:02d}"), m.hex_at(f"05{r:02d}")) for r in range(1, 10))
    wall += tuple(Hexside(m.hex_at(f"04{r:02d}"), m.hex_at(f"05{r + 1:02d}")) for r in range(1, 9))
    m.side_features.append(SideFeature("fortified_line", "L-3", wall))
    nat = [SupplySource("Cadiz", "Nationalist", ("Cadiz",))]
    p = pos(m, [u("N", "Nationalist", "0405", m)], owner="Nationalist", sources=nat,
            options={"fortified_lines": {"L-3": status}},
            marks={"fortified_destroyed": frozenset(m.hex_at(h) for h in destroyed)} if destroyed else {})
    return m, p


@case("TSCW-15.14.5-fort-blocks-nat-supply", "TSCW-15.14.1-fort-types")
def rule_15_14_5_active_fortified_lines_block_nationalist_supply_lines():
    for status, expected in (("inactive", FULL), ("active", OOS), ("neutralized", FULL), ("destroyed", FULL)):
        m, p = _fortified(status)
        assert TscwSupply(p, m).verdict(p.unit("N")).general == expected, status
    m, p = _fortified("active")
    rep = replace(p, units=(u("R", "Republican", "0405", m),), owner={h: "Republican" for h in p.owner},
                  supply_sources=(SupplySource("Cadiz R", "Republican", ("Cadiz",), users=("Republican",)),))
    assert TscwSupply(rep, m).verdict(rep.unit("R")).general == FULL     # Republican lines unaffected


@case("TSCW-15.14.2-fort-neutralized", "TSCW-15.14.3-fort-destroyed")
def rule_15_14_2_3_nationalist_entry_neutralizes_an_inactive_line_or_destroys_an_active_hex():
    m, p = _fortified("inactive")
    entered = update_control(replace(p, units=(u("N", "Nationalist", "0505", m),)), m)
    assert entered.options["fortified_lines"]["L-3"] == "neutralized"
    m, p = _fortified("active")
    entered = update_control(replace(p, units=(u("N", "Nationalist", "0503", m),)), m)
    assert entered.options["fortified_lines"]["L-3"] == "active"
    assert m.hex_at("0503") in entered.marks["fortified_destroyed"]
    m, p = _fortified("active", destroyed=("0505", "0504", "0506", "0405", "0404", "0406"))
    assert TscwSupply(p, m).verdict(p.unit("N")).general == FULL   # the line is open where destroyed


@case("TSCW-15.16-reduced-ammo")
def rule_15_16_reduced_ammunition_ends_when_a_northern_source_traces_to_cadiz():
    m = plain_map(30, 5, cities={"Cadiz": ("1303",), "Avila": ("2703",)})
    nat = [SupplySource("Cadiz", "Nationalist", ("Cadiz",))]
    joined = pos(m, [u("N", "Nationalist", "2703", m)], owner="Nationalist", sources=nat)
    assert rules.reduced_ammo_ended(joined, m).ok
    wall = {m.hex_id(m.layout.to_hex(19, r)): "Republican" for r in range(5)}
    cut = pos(m, [u("N", "Nationalist", "2703", m)], owner="Nationalist", sources=nat, control=wall)
    assert not rules.reduced_ammo_ended(cut, m).ok
    # "After Turn 6 the restriction ends whatever USS the Nationalist troops use."
    for number, ended in ((6, False), (7, True)):
        later = replace(cut, turn=replace(cut.turn, number=number))
        assert rules.reduced_ammo_ended(later, m).ok is ended


@case("TSCW-9.3-oos-effects", "TSCW-15.17-oos-combat")
def rule_9_3_9_6_the_effects_of_out_of_supply_and_city_supply_are_reported():
    ring = [u(f"N{k}", "Nationalist", M.hex_id(M.hex_at("1105").neighbour(k)), M) for k in range(6)]
    outside = "0407"
    walls = [u(f"W{k}", "Nationalist", M.hex_id(n), M) for k, n in enumerate(M.hex_at(outside).neighbours())]
    p = pos(M, [u("A", "Republican", "1105", M), u("B", "Republican", outside, M), u("C", "Republican", "0105", M),
                *ring, *walls])
    engine = TscwSupply(p, M)
    city, oos = engine.verdict(p.unit("A")), engine.verdict(p.unit("B"))
    assert city.general == CITY and "defends at full strength (9.6)" in city.effects
    assert oos.general == OOS and "defends at half strength; attacks on it get +1 drm (9.3, 15.17)" in oos.effects
    supplied = engine.verdict(p.unit("C"))
    assert "no strategic or march movement (9.3)" in oos.effects and supplied.general == FULL and not supplied.effects


@case("TSCW-2.2-uss-symbols", "TSCW-9.7-nationalist-uss", "TSCW-9.8-republican-uss")
def rule_2_2_9_7_9_8_the_uss_symbols_on_our_tscw_map():
    """The map marks each USS as the rules name them (tags uss + side, + north / central)."""
    from pathlib import Path

    from logistics.mapio import load_map
    folder = Path(__file__).resolve().parents[3] / "maps" / "iberia-tscw"
    assert folder.exists(), "needs the repository's maps/iberia-tscw"
    m = load_map(folder)
    tagged = {c.name: (m.hex_id(c.place.hex), c.tags) for c in m.cities if "uss" in c.tags}
    assert tagged["Cadiz"] == ("1305", ("uss", "nationalist")) and tagged["La Coruna"][0] == "3701"
    assert tagged["Valencia"] == ("2318", ("uss", "republican", "central"))
    assert {n for n, (_, t) in tagged.items() if "north" in t} == {"Gijon", "Bilbao", "Santander"}
    assert {hid for _, (hid, t) in tagged.items() if "central" in t} >= {"2318", "3023", "3324"}
