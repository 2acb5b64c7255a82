"""TSCW strategic movement (11.x): one position per rule, where the rule decides whether a move
is legal or fits the turn's limits."""
from dataclasses import replace

from logistics.hexgrid import line
from logistics.mapdata import City, Place, Port, Track
from logistics.position import Position, SupplySource, Unit
from logistics.rail.model import MoveRequest, Orders
from logistics.rail.planner import plan
from logistics.rulings.builders import grid_map
from logistics.rulings.cases import case, params
from logistics.rulings.cases.tscw_supply import HOME, SIDES

# A coast running north-south: land in columns 01-08 (08 the coastal strip), the sea east of it;
# the Atlantic in the north (rows 01-04), the Mediterranean in the south. Anchor ports Norte (0702, Atlantic), Sur (0707) and
# Este (0709, both Mediterranean). A rail line runs down column 4 (0401-0409), with a spur to Sur.
COAST = [".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~",
         ".......,~~"]


def coast():
    m = grid_map(COAST)
    m.layers["sea_zone"] = {h: ("Atlantic" if m.layout.to_offset(h)[1] <= 3 else "Mediterranean")
                            for h in m.terrain if m.is_sea(h)}
    for name, hid in (("Norte", "0802"), ("Sur", "0807"), ("Este", "0809"), ("Centro", "0405")):
        m.cities.append(City(name, "town", Place((m.hex_at(hid),))))
        if name != "Centro":
            m.ports.append(Port(name, "anchor", Place((m.hex_at(hid),))))
    spine = [m.hex_at(f"04{r:02d}") for r in range(1, 10)]
    spur = line(m.hex_at("0407"), m.hex_at("0807"))
    m.rail += [Track("Spine", "standard", tuple(spine)), Track("Spur", "standard", tuple(spur))]
    return m


def u(uid, affiliation, hid, m, type="division", **kw):
    side, coalition = HOME[affiliation]
    return Unit(uid, side, coalition, affiliation, type=type, hex=m.hex_at(hid), **kw)


def position(m, units, limits=None, enemy_hexes=()):
    own = {h: "Republican" for h in m.terrain if m.is_land(h)}
    for hid in enemy_hexes:
        own[m.hex_at(hid)] = "Nationalist"
    sources = (SupplySource("Rep USS", "Republican", ("Centro",), users=("Republican",)),
               SupplySource("Nat USS", "Nationalist", ("Centro",)))
    limits = limits or {"Republican": {"rail": 3, "sea": 2}, "Nationalist": {"rail": 3, "sea": 2}}
    return Position(game="tscw", map_ref="coast", sides=SIDES, units=tuple(units), owner=own,
                    supply_sources=sources, options={"strategic_limits": limits})


def request(mid, unit, to, m, kind="rail", priority=1):
    return MoveRequest(mid, unit.hex, m.hex_at(to), unit.size, priority, unit=unit.id, kind=kind)


def run(p, m, side, *requests):
    result = plan(p, m, Orders("moves", side, moves=tuple(requests)))
    return {r.request.id: r for r in result.moves}


@case("TSCW-11.4-rail-movement")
def rule_11_4_rail_hexes_beside_the_enemy_are_closed_unless_a_friendly_unit_holds_them():
    m = coast()
    mover = u("R", "Republican", "0405", m)
    p = position(m, [mover], enemy_hexes=("0207",))
    assert run(p, m, "Republican", request("go", mover, "0409", m))["go"].chosen is not None
    # An enemy unit beside the line: the rail hexes next to it may not be entered or passed ...
    near = u("N", "Nationalist", "0307", m)
    blocked = run(replace(p, units=(mover, near)), m, "Republican", request("go", mover, "0409", m))["go"]
    assert blocked.reason == "illegal" and blocked.rule == "11.4" and "adjacent to an enemy unit" in blocked.explanation
    # ... unless a friendly unit occupies them.
    holders = [u(f"F{k}", "Republican", hid, m, type="battalion") for k, hid in enumerate(("0406", "0407", "0408"))]
    held = run(replace(p, units=(mover, near, *holders)), m, "Republican", request("go", mover, "0409", m))["go"]
    assert held.chosen is not None


@case("TSCW-11.4-rail-movement", "TSCW-9.1-supply-states")
def rule_11_4_rail_movement_starts_fully_supplied_in_a_rail_hex():
    m = coast()
    off_rail = u("R", "Republican", "0305", m)
    p = position(m, [off_rail])
    assert run(p, m, "Republican", request("go", off_rail, "0409", m))["go"].rule == "11.4"
    cut = u("R2", "Republican", "0401", m)
    ring = [u(f"N{k}", "Nationalist", m.hex_id(n), m) for k, n in enumerate(m.hex_at("0401").neighbours()) if n in m]
    oos = run(position(m, [cut, *ring]), m, "Republican", request("go", cut, "0409", m))["go"]
    assert oos.reason == "illegal" and oos.rule == "9.3, 11.1"


@case("TSCW-11.5-sea-movement", "TSCW-11.6-republican-sea", "TSCW-11.7-nationalist-sea")
def rule_11_5_to_11_7_sea_movement_between_anchor_ports_by_zone():
    m = coast()
    rep = u("R", "Republican", "0802", m, type="brigade")
    p = position(m, [rep])
    # Republicans: Mediterranean only (11.6): Norte lies on the Atlantic.
    refused = run(p, m, "Republican", request("sea", rep, "0809", m, kind="sea"))["sea"]
    assert refused.reason == "illegal" and refused.rule == "11.6"
    rep_south = u("R", "Republican", "0807", m, type="brigade")
    assert run(position(m, [rep_south]), m, "Republican",
               request("sea", rep_south, "0809", m, kind="sea"))["sea"].chosen is not None
    # Nationalists in and across every zone (11.7).
    nat = u("N", "Nationalist", "0802", m, type="brigade")
    nat_p = replace(p, units=(nat,), owner={h: "Nationalist" for h in p.owner})
    assert run(nat_p, m, "Nationalist", request("sea", nat, "0809", m, kind="sea"))["sea"].chosen is not None
    # Only between coastal cities or towns with the anchor symbol (11.5).
    inland = run(nat_p, m, "Nationalist", request("in", nat, "0405", m, kind="sea"))["in"]
    assert inland.rule == "11.5"


@case("TSCW-11.2-strategic-limits", "TSCW-11.3-hq-strategic")
def rule_11_2_11_3_what_each_unit_counts_against_the_turns_limits():
    m = coast()
    div, bde1, bde2 = (u("D", "Republican", "0404", m), u("B1", "Republican", "0403", m, type="brigade"),
                       u("B2", "Republican", "0406", m, type="brigade"))
    one = {"Republican": {"rail": 1, "sea": 0}, "Nationalist": {"rail": 0, "sea": 0}}
    p = position(m, [div, bde1, bde2], limits=one)
    moved = run(p, m, "Republican", request("d", div, "0409", m), request("b1", bde1, "0409", m),
                request("b2", bde2, "0409", m))
    # A limit of 1: a brigade counts 1/2, so both brigades fit where the division (1) would fill it.
    assert [k for k, r in moved.items() if r.chosen is not None] == ["b1", "b2"]
    assert moved["d"].reason == "capacity" and [r.chosen.cost for r in (moved["b1"], moved["b2"])] == [0.5, 0.5]
    hq = u("HQ", "Republican", "0404", m, type="hq")
    hq_p = position(m, [hq], limits={"Republican": {"rail": 1.5, "sea": 2}, "Nationalist": {"rail": 0, "sea": 0}})
    assert run(hq_p, m, "Republican", request("hq", hq, "0409", m))["hq"].reason == "capacity"   # an HQ counts 2
    hq_port = u("HQ", "Republican", "0807", m, type="hq")
    by_sea = run(position(m, [hq_port]), m, "Republican", request("hq", hq_port, "0809", m, kind="sea"))["hq"]
    assert by_sea.rule == "11.3"                                                                 # never by sea


@case("TSCW-11.2-strategic-limits")
def rule_11_2_no_unit_moves_by_both_rail_and_sea_in_a_turn():
    m = coast()
    b = u("B", "Republican", "0807", m, type="brigade")
    moved = run(position(m, [b]), m, "Republican", request("rail", b, "0407", m), request("sea", b, "0809", m, kind="sea"))
    assert [r.chosen is not None for r in moved.values()].count(True) == 1
    assert next(r for r in moved.values() if r.chosen is None).rule == "11.2"


@case("TSCW-11.8-landings")
def rule_11_8_one_landing_of_a_division_or_two_smaller_units_uses_all_sea_capacity():
    m = coast()
    target = "0805"                                   # a Mediterranean coastal hex, no city, enemy-held
    div = u("D", "Nationalist", "0807", m)              # in Sur, a coastal town
    bdes = [u(f"B{k}", "Nationalist", "0809", m, type="brigade") for k in range(3)]
    ferry = u("F", "Nationalist", "0809", m, type="brigade")
    p = position(m, [div, *bdes, ferry])
    p = replace(p, owner={h: ("Republican" if m.hex_id(h) == target else "Nationalist") for h in p.owner})
    moved = run(p, m, "Nationalist", *(request(x.id, x, target, m, kind="landing") for x in bdes),
                request("ferry", ferry, "0807", m, kind="sea"))
    assert [moved[b.id].chosen is not None for b in bdes].count(True) == 2      # two smaller units
    assert moved["ferry"].chosen is None                                         # no other sea move
    city = run(p, m, "Nationalist", request("c", div, "0809", m, kind="landing"))["c"]
    assert city.reason == "illegal" and "coastal city" in city.explanation
    occupied = replace(p, units=p.units + (u("Rx", "Republican", target, m, type="battalion"),))
    assert run(occupied, m, "Nationalist", request("o", div, target, m, kind="landing"))["o"].reason == "illegal"
    atlantic = run(p, m, "Nationalist", request("a", div, "0803", m, kind="landing"))["a"]
    assert atlantic.reason == "illegal" and "11.8" in atlantic.rule   # Nationalists: Cantabrian or Mediterranean


@case("TSCW-11.8-landings")
@params("sea_limit, with_ferry, landed, ferried", [(3, True, True, False), (0, False, False, False)])
def rule_11_8_a_landing_takes_all_the_turns_sea_movement_and_none_is_possible_at_limit_0(sea_limit, with_ferry,
                                                                                          landed, ferried):
    """11.8: "the execution of a single landing uses all of that side's sea movement capacity for
    the turn (no other sea movement may be made)": one brigade landing leaves room in a limit of 3,
    yet the ferry may not sail; with a sea limit of 0 no landing is possible."""
    m = coast()
    target = "0805"
    bde = u("B", "Nationalist", "0809", m, type="brigade")
    ferry = u("F", "Nationalist", "0809", m, type="brigade")
    limits = {"Nationalist": {"rail": 0, "sea": sea_limit}, "Republican": {"rail": 0, "sea": 0}}
    p = position(m, [bde, ferry], limits=limits)
    p = replace(p, owner={h: ("Republican" if m.hex_id(h) == target else "Nationalist") for h in p.owner})
    asks = [request("land", bde, target, m, kind="landing")] + \
        ([request("ferry", ferry, "0807", m, kind="sea")] if with_ferry else [])
    moved = run(p, m, "Nationalist", *asks)
    assert (moved["land"].chosen is not None) is landed
    if with_ferry:
        assert (moved["ferry"].chosen is not None) is ferried and moved["ferry"].rule == "11.8"
    if not landed:
        assert moved["land"].rule == "11.8"


@case("TSCW-10.6-restricted-zoc")
@params("where, fully_supplied, kind", [("0405", True, "normal"), ("0404", True, "restricted"),
                                        ("0405", False, "restricted")])
def rule_10_6_a_column_in_a_fully_supplied_city_or_town_exerts_a_full_zoc(where, fully_supplied, kind):
    """10.1 / 10.6: "a Column in a Fully Supplied City or Town exerts a ZOC; in every other case a
    Column exerts only a Restricted ZOC": in Centro, a town that is its side's source, the column's
    ZOC is full; one hex out of it, or with no source, restricted."""
    from logistics.games.tscw.supply import TscwSupply
    m = coast()
    col = u("C", "Republican", where, m, type="column")
    p = position(m, [col])
    if not fully_supplied:
        p = replace(p, supply_sources=())
    assert TscwSupply(p, m).zoc_of(col) == kind
    # What tells them apart is movement (10.2 reads full ZOCs; a restricted one only bars supply
    # lines): a Nationalist division passing 0305, beside both places, stops there only beside a
    # full ZOC — the check `logistics move` runs.
    from logistics.games.tscw.movement import path_refusal
    nat = u("N", "Nationalist", "0105", m)
    stopped = path_refusal(replace(p, units=p.units + (nat,)), m, nat, [m.hex_at(h) for h in ("0205", "0305", "0204")])
    assert (stopped is not None and "0305 is in the ZOC of C" in stopped[1]) is (kind == "normal")


@case("TSCW-5.1-turn-structure", "TSCW-5.2-sequence-of-play", "TSCW-7.1-admin-segment-order",
      "TSCW-9.2-when-checked", "TSCW-11.1-strategic-kinds")
def rule_5_2_the_sequence_of_play_and_where_supply_is_checked():
    """5.1 / 5.2: a game turn is the administrative phase, the Nationalist and the Republican
    player phases and the end of turn, then a new turn; 9.2: every unit's supply is checked at the
    start of A-IV, B-I, B-III, C-I, C-III and D-II-a. The turn engine is stepped through a whole turn
    from A-I, and the segments it visits and where it judged supply are read off its steps."""
    from logistics.turn.engine import advance
    m = coast()
    p = position(m, [u("D", "Republican", "0404", m)])
    p = replace(p, turn=replace(p.turn, number=3, date="Sep 36", phase="A-I", player=""))
    visited, judged = [], []
    for _ in range(19):
        step = advance(p, m)
        visited.append(step.after.phase)
        if step.verdicts:
            judged.append(step.after.phase)
        p = step.position
    assert visited == ["A-II", "A-III", "A-IV", "A-V", "B-I", "B-II", "B-III", "B-IV", "C-I", "C-II", "C-III",
                       "C-IV", "D-I", "D-II-a", "D-II-b", "D-II-c", "D-III", "D-IV", "A-I"]
    assert judged == ["A-IV", "B-I", "B-III", "C-I", "C-III", "D-II-a"]
    assert (p.turn.number, p.turn.date) == (4, "Oct 36")          # 1.3: turns 1-4 last a month
    # 7.1: within A-III, withdrawals before RP, fixed reinforcements before free ones; 11.1: sea
    # movement before rail within A-IV (the order the segment's steps are listed in).
    from logistics.games.tscw.sequence import tscw_segment

    def segment(code: str):       # the segment the turn engine finds a position in
        return tscw_segment(replace(p, turn=replace(p.turn, phase=code)))
    steps = segment("A-III").steps
    assert steps.index("withdrawals and conversions (7.4, 7.5)") < steps.index(
        "reinforcements with a deployment hex (7.8)") < steps.index(
        "free-deployment reinforcements, units rebuilt on the map (7.8)")
    assert segment("A-IV").steps.index("sea movement and air drops") < segment("A-IV").steps.index(
        "rail movement")
