"""FWtBT garrisons and ZOC state: intrinsic garrisons (39D), pacification garrisons that are units
(39A), and a U-2 unit's missing ZOC for ownership as for supply (3D, 12B). Rulings are cited as the
FWtBT FAQ (seed 000) prints them."""
from dataclasses import replace

from logistics.games.europa.events import advance_pacification
from logistics.games.europa.garrisons import DISPERSED
from logistics.games.europa.ownership import update_ownership
from logistics.games.europa.supply import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
from logistics.mapdata import City, Place
from logistics.position import MoveUnit
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases import case, params

LONG = {"supply_lengths": {"clear": {"overland": 8, "road": 0}}}


def _strait(city_size: str = "dot"):
    """West and east halves joined only through hex 0605 (the rest of column 06 is sea), with a
    city in 0605 and an Insurgent source at 0905; an Insurgent unit at 0305."""
    m = plain_map(terrain={f"06{r:02d}": "all_sea" for r in range(1, 10) if r != 5}, cities={"Source": ("0905",)})
    m.cities.append(City("Town", city_size, Place((m.hex_at("0605"),))))
    return m


def _judge(p, m, uid):
    return EuropaSupply(p, m).verdict(p.unit(uid))


@case('FW-39A-12B1-enemy-unpacified-overland', 'FW-39A-39D-dispersed-garrison')
@params("state, expected", [("pacified", OUT_OF_SUPPLY), ("unpacified", IN_SUPPLY), ("dispersed", IN_SUPPLY),
                            ("point city", IN_SUPPLY), ("friendly", IN_SUPPLY)])
def rule_39A_39D_a_pacified_enemy_city_has_an_intrinsic_garrison_that_bars_the_line_DPS_08Oct04(state, expected):
    """39A / 39D (DPS, 08-Oct-04): an overland element may be traced through an enemy-owned
    unpacified city, but "if the city was pacified, it would have its intrinsic garrison per 39D,
    which would prohibit the tracing of a supply line into the hex per 12A". A dispersed garrison
    (AEG 1998) or a point city (no intrinsic garrison) bars nothing; a friendly one neither."""
    m = _strait("point" if state == "point city" else "dot")
    owner = {"0605": "Insurgent" if state == "friendly" else "Loyalist"}
    p = position(m, [unit("N", "Nationalist", "0305", m)], owner="Insurgent", options=LONG,
                 sources=[source("Src", "Insurgent", ["Source"])])
    p = replace(p, owner={**p.owner, m.hex_at("0605"): owner["0605"]})
    if state == "unpacified":
        p = replace(p, unpacified=frozenset({m.hex_at("0605")}))
    if state == "dispersed":
        p = replace(p, marks={DISPERSED: frozenset({m.hex_at("0605")})})
    v = _judge(p, m, "N")
    assert v.general == expected, (v.general, v.blocked)
    if expected == OUT_OF_SUPPLY:
        assert v.blocked.hex == "0605" and v.blocked.rule == "12A, 39D"


@case('FW-39A-39D-dispersed-garrison')
def rule_39A_39D_a_dispersed_garrison_is_gone_once_its_city_is_enemy_owned_and_returns_when_repacified_AEG_1998():
    """39A / 39D (AEG 1998): "a dispersed garrison is eliminated once its city becomes enemy-owned";
    a new one appears when the city is friendly-owned and pacified once again. The Loyalists lose
    Town to the Insurgents (their garrison dispersed), regain it, and pacify it: only then does an
    Insurgent line through Town meet an intrinsic garrison again."""
    m = _strait()
    p = position(m, [unit("N", "Nationalist", "0305", m), unit("L", "People's Army", "0105", m, zoc="none")],
                 owner="Insurgent", options=LONG, sources=[source("Src", "Insurgent", ["Source"])])
    town = m.hex_at("0605")
    p = replace(p, owner={**p.owner, town: "Loyalist"}, marks={DISPERSED: frozenset({town})})
    taken = update_ownership(p.apply(MoveUnit("N", hex=town)), m)            # the Insurgents take Town
    assert taken.owner_of(town) == "Insurgent" and town not in taken.marks.get(DISPERSED, frozenset())
    back = update_ownership(taken.apply(MoveUnit("N", hex=m.hex_at("0305")), MoveUnit("L", hex=town)), m)
    assert back.owner_of(town) == "Loyalist" and town in back.unpacified
    back = back.apply(MoveUnit("L", hex=m.hex_at("0105")))
    assert _judge(back, m, "N").general == IN_SUPPLY                       # unpacified: no garrison yet
    pacified = replace(back, unpacified=frozenset())
    v = _judge(pacified, m, "N")
    assert v.general == OUT_OF_SUPPLY and v.blocked.rule == "12A, 39D"


@case('FW-39A-unpacified-supply-only', 'FW-39A-pacified-definition')
@params("garrison_res, expected", [(0, OUT_OF_SUPPLY), (0.5, OUT_OF_SUPPLY), (1, IN_SUPPLY), (3, IN_SUPPLY)])
def rule_39A_the_owners_units_in_an_unpacified_city_are_its_garrison_AEG_1998(garrison_res, expected):
    """39A (AEG 1998): no line of its owner enters a friendly-owned unpacified city "if [it] does
    not contain the required garrison": the owner's units standing there, of the required REs
    (option `pacification_garrison`, 1 RE here), are that garrison — no flag needed."""
    m = _strait()
    units = [unit("N", "Nationalist", "0305", m)]
    if garrison_res:
        units.append(unit("G", "Nationalist", "0605", m, size=garrison_res))
    p = position(m, units, owner="Insurgent", options=LONG, sources=[source("Src", "Insurgent", ["Source"])],
                 unpacified=frozenset({m.hex_at("0605")}))
    v = _judge(p, m, "N")
    assert v.general == expected, (v.general, v.blocked)
    if expected == OUT_OF_SUPPLY:
        assert v.blocked.rule == "39A"


@case('FW-39A-pacified-definition')
def rule_39A_a_garrison_that_stays_its_time_pacifies_a_captured_city_DPS_04Jan04():
    """39A (DPS, 04-Jan-04): a city is pacified once its required garrison has been in place the
    required time. A captured city with a 3-RE garrison counts each game turn (options: 1 RE, 2
    turns) and is pacified after two: then the garrison may leave and the line still passes."""
    m = _strait()
    p = position(m, [unit("N", "Nationalist", "0305", m), unit("G", "Nationalist", "0605", m, size=3)],
                 owner="Insurgent", sources=[source("Src", "Insurgent", ["Source"])],
                 options={**LONG, "pacification_turns": 2}, unpacified=frozenset({m.hex_at("0605")}))
    once = advance_pacification(p, m)
    assert [(w.held, w.turns) for w in once.pacification] == [(1, 2)]
    left_early = once.apply(MoveUnit("G", hex=m.hex_at("0705")))
    assert _judge(left_early, m, "N").general == OUT_OF_SUPPLY               # not yet pacified
    twice = advance_pacification(once, m)
    assert twice.pacification == () and not twice.unpacified
    gone = twice.apply(MoveUnit("G", hex=m.hex_at("0705")))
    assert _judge(gone, m, "N").general == IN_SUPPLY


@case('FW-12B-simultaneous-supply-check')
@params("marker, owner_after", [(0, "Insurgent"), (1, "Insurgent"), (2, "Loyalist")])
def rule_3D_12B_a_U2_unit_has_no_zoc_for_ownership_either_DPS_08Oct04(marker, owner_after):
    """12B ruling (DPS, 08-Oct-04): a U-2 unit has no ZOC; 3D: a side owns a hex into which only its
    units exert a ZOC. An Insurgent unit beside an empty Loyalist hex takes it by its uncontested ZOC
    — at U-0 and U-1 (a reduced ZOC still counts), never at U-2."""
    m = plain_map()
    p = position(m, [unit("N", "Nationalist", "0505", m, oos=marker)], owner="Insurgent")
    beside = m.hex_at("0605")
    p = replace(p, owner={**p.owner, beside: "Loyalist"})
    assert update_ownership(p, m).owner_of(beside) == owner_after


@case('FW-12B-simultaneous-supply-check')
def rule_3D_12B_a_U2_units_zoc_contests_nothing_DPS_08Oct04():
    """3D, 12B ruling (DPS, 08-Oct-04): two enemy ZOCs into one hex contest it and leave its owner
    unchanged; a U-2 unit's ZOC is none, so the other side's ZOC is uncontested and takes it."""
    m = plain_map()
    p = position(m, [unit("N", "Nationalist", "0405", m, oos=2), unit("L", "People's Army", "0605", m)],
                 owner="Insurgent")
    middle = m.hex_at("0505")
    assert update_ownership(p, m).owner_of(middle) == "Loyalist"
    fresh = replace(p, units=tuple(replace(u, oos=0) for u in p.units))
    assert update_ownership(fresh, m).owner_of(middle) == "Insurgent"
