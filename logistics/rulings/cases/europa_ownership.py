"""Hex ownership (3D) and ZOC projection (Rule 5, 37C) as they bear on supply."""
from dataclasses import replace

from logistics.games.europa.ownership import update_ownership
from logistics.hexgrid import Hexside
from logistics.mapdata import SideFeature
from logistics.position import AddUnit, MoveUnit
from logistics.rulings.builders import plain_map, position, unit
from logistics.rulings.cases import case
from logistics.zoc import zoc_hexes


def nb(m, hex_id, d, steps=1):
    h = m.hex_at(hex_id)
    for _ in range(steps):
        h = h.neighbour(d)
    return m.hex_id(h)


def unowned_position(m, units):
    p = position(m, units)
    return replace(p, owner={h: o for h, o in p.owner.items() if o == "neutral"})


@case('FW-3D-39A-ownership-independent')
def rule_3D_occupation_and_uncontested_zoc_give_ownership():
    m = plain_map()
    p = update_ownership(unowned_position(m, [unit("L", "People's Army", "0505", m)]), m)
    assert p.owner_of(m.hex_at("0505")) == "Loyalist"
    assert p.owner_of(m.hex_at(nb(m, "0505", 0))) == "Loyalist"       # uncontested ZOC
    assert p.owner_of(m.hex_at(nb(m, "0505", 0, 2))) == "unowned"


@case('FW-39A-contested-zoc-no-ownership')
def rule_3D_contested_zoc_never_changes_ownership_DPS_22Jun05():
    m = plain_map()
    between = nb(m, "0505", 0)
    p = unowned_position(m, [unit("L", "People's Army", "0505", m), unit("I", "Nationalist", nb(m, "0505", 0, 2), m)])
    p = update_ownership(p, m)
    assert p.owner_of(m.hex_at(between)) == "unowned"


@case('FW-3D-39A-ownership-independent')
def rule_3D_last_to_occupy_keeps_the_hex():
    m = plain_map()
    p = update_ownership(unowned_position(m, [unit("L", "People's Army", "0505", m)]), m)
    p = update_ownership(p.apply(MoveUnit("L", hex=m.hex_at("0909"))), m)
    assert p.owner_of(m.hex_at("0505")) == "Loyalist"


@case('FW:3D')
def neutral_hexes_never_change_owner():
    m = plain_map(neutral_columns=2)
    p = update_ownership(unowned_position(m, [unit("L", "People's Army", "0305", m)]), m)
    assert p.owner_of(m.hex_at("0205")) == "neutral"


@case('FW-43C1-half-re-temporary-ownership')
def rule_43C1_half_RE_unit_owns_a_hex_only_while_it_occupies_it_AEG_20Jan04():
    m = plain_map()
    p = unowned_position(m, [unit("Bn", "People's Army", "0505", m, size=0.5, zoc="none")])
    held = update_ownership(p, m, advanced=True)
    assert held.owner_of(m.hex_at("0505")) == "Loyalist"
    left = update_ownership(held.apply(MoveUnit("Bn", hex=m.hex_at("0909"))), m, advanced=True)
    assert left.owner_of(m.hex_at("0505")) == "unowned"
    basic = update_ownership(update_ownership(p, m).apply(MoveUnit("Bn", hex=m.hex_at("0909"))), m)
    assert basic.owner_of(m.hex_at("0505")) == "Loyalist"


@case('FW-5-37C1-no-zoc-into-neutral')
def rule5_37C_no_zoc_across_a_neutral_border_AEG_07Feb04():
    m = plain_map(neutral_columns=2)
    p = position(m, [unit("I", "Nationalist", "0305", m)])
    zoc = zoc_hexes(p, m, "Insurgent")
    neighbours = {m.hex_id(h) for h in m.hex_at("0305").neighbours()}
    assert {m.hex_id(h) for h in zoc} == {"0305"} | {h for h in neighbours if m.country_of(m.hex_at(h)) != "Neutralia"}
    assert any(m.country_of(m.hex_at(h)) == "Neutralia" for h in neighbours)


@case('FW:5')
def rule5_no_zoc_into_all_sea_hexes_or_across_impassable_hexsides():
    m = plain_map()
    sea, wall = nb(m, "0505", 0), nb(m, "0505", 3)
    m.terrain[m.hex_at(sea)] = "all_sea"
    m.side_features.append(SideFeature("impassable", "", (Hexside(m.hex_at("0505"), m.hex_at(wall)),)))
    p = position(m, [unit("I", "Nationalist", "0505", m)])
    zoc = {m.hex_id(h) for h in zoc_hexes(p, m, "Insurgent")}
    assert sea not in zoc and wall not in zoc and len(zoc) == 5


@case('FW-12B-simultaneous-supply-check')
def a_U2_unit_has_no_zoc_12B_ruling():
    m = plain_map()
    p = position(m, [unit("I", "Nationalist", "0505", m, oos=2)])
    assert zoc_hexes(p, m, "Insurgent") and not zoc_hexes(p, m, "Insurgent", lose_zoc_at=2)


@case('FW-43C1-39A-temporary-repacify')
def rule_43C1_39A_a_city_reverting_from_a_battalions_temporary_ownership_must_be_pacified_again_DPS_23Feb05():
    """43C1 / 39A (DPS, 23-Feb-05): temporary ownership by a battalion is a real change of owner;
    an enemy-owned city that becomes friendly-owned must be pacified, so when the battalion leaves
    and the town reverts to the Insurgents, they must pacify it again: until then (or until it has
    its garrison) their supply line may not pass it."""
    from logistics.games.europa.supply import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
    from logistics.mapdata import City, Place
    from logistics.position import SupplySource
    m = plain_map(cities={"Source": ("0505",)})
    town, far = nb(m, "0505", 3), nb(m, "0505", 3, 2)
    m.cities.append(City("Town", "point", Place((m.hex_at(town),))))
    p = position(m, [unit("Req", "Requete", far, m), unit("Bn", "People's Army", "0909", m, size=0.5, zoc="none")],
                 owner="Insurgent", sources=[SupplySource("Src", "Insurgent", ("Source",))],
                 options={"supply_lengths": {"clear": {"overland": 2, "road": 0}}})

    def requete(p):
        return next(v for v in EuropaSupply(p, m).verdicts() if v.unit == "Req").general
    assert requete(p) == IN_SUPPLY
    held = update_ownership(p.apply(MoveUnit("Bn", hex=m.hex_at(town))), m, advanced=True)
    assert held.owner_of(m.hex_at(town)) == "Loyalist"
    back = update_ownership(held.apply(MoveUnit("Bn", hex=m.hex_at("0909"))), m, advanced=True)
    assert back.owner_of(m.hex_at(town)) == "Insurgent" and m.hex_at(town) in back.unpacified
    assert requete(back) == OUT_OF_SUPPLY
    not_marked = replace(back, unpacified=back.unpacified - {m.hex_at(town)})
    assert requete(not_marked) == IN_SUPPLY      # the verdict turns on the revert being marked unpacified
    garrison = back.apply(AddUnit(unit("G", "Requete", town, m, zoc="none")))
    assert requete(garrison) == IN_SUPPLY        # its garrison, a 1-RE unit standing there (39A)
