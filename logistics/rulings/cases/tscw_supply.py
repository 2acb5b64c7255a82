"""The Spanish Civil War (GMT living rules 2.0, seed 002): supply 9.x, ZOC 10.x, hex control
10.7 — one position per rule, in which the rule changes the verdict."""
from dataclasses import replace

from logistics.games.tscw.supply import CITY, FULL, OOS, TscwSupply, may_end_move, update_control
from logistics.position import Position, Side, SupplySource, Unit
from logistics.rulings.builders import plain_map
from logistics.rulings.cases import case, params

SIDES = (Side("Nationalist", (("Nationalist", ("Nationalist", "Italian", "German")),)),
         Side("Republican", (("Republican", ("Republican", "International")),
                             ("North", ("Asturian", "Basque", "Santanderino")))))
HOME = {a: (s.name, c) for s in SIDES for c, affs in s.coalitions for a in affs}


def u(uid, affiliation, hex_id, m, type="division", **kw):
    side, coalition = HOME[affiliation]
    return Unit(uid, side, coalition, affiliation, type=type, hex=m.hex_at(hex_id), **kw)


def nb(m, hex_id, d, steps=1):
    h = m.hex_at(hex_id)
    for _ in range(steps):
        h = h.neighbour(d)
    return m.hex_id(h)


def pos(m, units, owner="Republican", sources=(), **kw):
    own = {h: owner for h in m.terrain}
    for hid, side in kw.pop("control", {}).items():
        own[m.hex_at(hid)] = side
    return Position(game="tscw", map_ref="plain", sides=SIDES, units=tuple(units), owner=own,
                    supply_sources=tuple(sources), **kw)


def uss(name, side, cities=(), hexes=(), users=()):
    return SupplySource(name, side, tuple(cities), users=tuple(users), hexes=tuple(hexes))


def judge(p, m, uid):
    return TscwSupply(p, m).verdict(p.unit(uid))


M = plain_map(13, 9, cities={"Valencia": ("0105",), "Madrid": ("0705",), "Bilbao": ("0101",), "Toledo": ("1105",)})
REP = [uss("Valencia", "Republican", ["Valencia"], users=("Republican",)),
       uss("Bilbao", "Republican", ["Bilbao"], users=("North",))]


@case('TSCW-9.4-trace-los')
@params("steps, expected", [(3, FULL), (4, OOS)])
def rule_9_4_line_of_supply_is_at_most_three_hexes_own_hex_not_counted(steps, expected):
    p = pos(M, [u("R", "Republican", nb(M, "0105", 5, steps), M)], sources=REP)  # south of Valencia
    assert judge(p, M, "R").general == expected


@case('TSCW-9.4-trace-los')
def rule_9_4_los_may_cross_empty_enemy_controlled_hexes():
    middle = nb(M, "0105", 0)
    p = pos(M, [u("R", "Republican", nb(M, "0105", 0, 2), M)], sources=REP, control={middle: "Nationalist"})
    assert judge(p, M, "R").general == FULL


@case('TSCW-9.4-trace-los')
def rule_9_4_secondary_source_line_never_passes_an_enemy_controlled_hex():
    # Madrid (0705) is six hexes east of Valencia: a wall of Nationalist-controlled hexes between
    # them (column 4) cuts Madrid's own line, though a LOS could cross it.
    wall = {M.hex_id(M.layout.to_hex(3, r)): "Nationalist" for r in range(9)}
    unit = u("R", "Republican", nb(M, "0705", 0, 2), M)
    assert judge(pos(M, [unit], sources=REP), M, "R").general == FULL
    v = judge(pos(M, [unit], sources=REP, control=wall), M, "R")
    assert v.general == OOS


@case('TSCW-9.4-trace-los')
def rule_9_4_secondary_source_traced_line_is_shown_unit_to_city_to_uss():
    p = pos(M, [u("R", "Republican", nb(M, "0705", 0, 2), M)], sources=REP)
    v = judge(p, M, "R")
    assert v.source == "Madrid -> Valencia" and v.line[0].element == "unit" and v.line[-1].hex == "0105"
    assert {s.element for s in v.line[1:]} == {"LOS", "secondary"}


def _corridor(blocker_type=None, friendly_in_middle=False, landed=False):
    """A one-hex-wide land corridor: Valencia (0105) - 0205 - 0305, sea all around; a unit at
    0305 and, beside the corridor across an open hexside, the blocker at 0204."""
    m = plain_map(5, 9, cities={"Valencia": ("0105",)})
    for h in list(m.terrain):
        c, r = m.layout.to_offset(h)
        if not (r == 4 and c <= 3) and m.hex_id(h) != "0204":
            m.terrain[h] = "all_sea"
    units = [u("R", "Republican", "0305", m)]
    if blocker_type:
        tags = ("landed",) if landed else ()
        units.append(u("N", "Nationalist", "0204", m, type=blocker_type, tags=tags))
    if friendly_in_middle:  # the ZOC covers 0205 and Valencia itself
        units += [u("F", "Republican", "0205", m, type="battalion"), u("G", "Republican", "0105", m, type="battalion")]
    return m, pos(m, units, sources=[uss("Valencia", "Republican", ["Valencia"])])


@case('TSCW-10.1-zoc-who', 'TSCW-10.3-ezoc-blocks-supply', 'TSCW-10.6-restricted-zoc')
@params("blocker_type, expected", [
    (None, FULL), ("division", OOS), ("brigade", OOS),
    ("column", OOS),                        # 10.6: a restricted ZOC still blocks supply lines
    ("regiment", FULL), ("battalion", FULL), ("hq", FULL),   # 10.1: no ZOC
])
def rule_10_1_10_3_10_6_zoc_of_brigades_divisions_and_columns_blocks_a_line(blocker_type, expected):
    m, p = _corridor(blocker_type)
    assert judge(p, m, "R").general == expected


@case('TSCW-10.3-ezoc-blocks-supply')
def rule_10_3_a_friendly_unit_in_the_hex_negates_the_enemy_zoc():
    m, p = _corridor("division", friendly_in_middle=True)
    assert judge(p, m, "R").general == FULL


@case('TSCW-11.8-landings')
def rule_11_8_landed_units_exert_no_zoc():
    m, p = _corridor("division", landed=True)
    assert judge(p, m, "R").general == FULL


@case('TSCW-9.4-trace-los')
def rule_9_4_an_enemy_unit_in_the_hex_blocks_the_line():
    m, p = _corridor()
    hqs = (u("N1", "Nationalist", "0205", m, type="hq"), u("N2", "Nationalist", "0204", m, type="hq"))
    assert judge(replace(p, units=p.units + hqs[1:]), m, "R").general == FULL   # one way is still open
    v = judge(replace(p, units=p.units + hqs), m, "R")
    assert v.general == OOS and v.blocked.hex in ("0204", "0205") and v.blocked.reason == "enemy unit in the hex"


@case('TSCW-9.5-secondary-range')
def rule_9_5_secondary_sources_never_chain():
    # Toledo (1105) is cut from Valencia by enemy-controlled column 9, but lies 4 hexes from
    # Madrid, which traces to Valencia. A unit beside Toledo, 5 hexes from Madrid, is OOS:
    # Toledo may not trace through Madrid.
    wall = {M.hex_id(M.layout.to_hex(9, r)): "Nationalist" for r in range(9)}
    p = pos(M, [u("R", "Republican", nb(M, "1105", 0), M)], sources=REP, control=wall)
    assert judge(p, M, "R").general == OOS


@case('TSCW-9.4-trace-los')
def rule_9_4_a_captured_uss_serves_its_captor_only_as_a_secondary_source():
    cadiz = uss("Cadiz", "Nationalist", ["Madrid"])
    # Republicans hold Madrid (a Nationalist USS here): for them a city that must trace to Valencia.
    unit = u("R", "Republican", nb(M, "0705", 0, 2), M)
    wall = {M.hex_id(M.layout.to_hex(3, r)): "Nationalist" for r in range(9)}
    assert judge(pos(M, [unit], sources=REP + [cadiz]), M, "R").general == FULL
    assert judge(pos(M, [unit], sources=REP + [cadiz], control=wall), M, "R").general == OOS
    # Nationalists next to Republican-held Madrid cannot use it as their USS.
    nat = u("N", "Nationalist", nb(M, "0705", 0, 2), M)
    assert judge(pos(M, [nat], sources=[cadiz]), M, "N").general == OOS


@case('TSCW-9.8-republican-uss')
def rule_9_8_north_republican_units_use_secondary_sources_only_if_they_trace_to_a_north_uss():
    # Madrid traces to Valencia (central) and to Bilbao (north) unless column 3 is enemy-held
    # from row 1 down, which cuts Bilbao only... here: cut Bilbao by holding row 0-1 around it.
    cut_north = {"0201": "Nationalist", "0202": "Nationalist", "0102": "Nationalist"}
    basque = u("B", "Basque", nb(M, "0705", 0, 2), M)
    rep = u("R", "Republican", nb(M, "0705", 0, 2), M)
    p = pos(M, [basque, rep], sources=REP, control=cut_north)
    assert judge(p, M, "R").general == FULL
    assert judge(p, M, "B").general == OOS
    assert judge(pos(M, [basque, rep], sources=REP), M, "B").general == FULL


@case('TSCW-9.8-republican-uss')
def rule_9_8_option_north_units_straight_to_a_central_uss():
    basque = u("B", "Basque", nb(M, "0105", 0, 2), M)
    cut_north = {"0201": "Nationalist", "0202": "Nationalist", "0102": "Nationalist"}
    assert judge(pos(M, [basque], sources=REP, control=cut_north), M, "B").general == OOS
    with_option = pos(M, [basque], sources=REP, control=cut_north, options={"north_direct_to_any_uss": True})
    assert judge(with_option, M, "B").general == FULL


@case('TSCW-9.6-city-supply')
def rule_9_6_an_encircled_unit_in_a_city_is_in_city_supply_elsewhere_out_of_supply():
    ring = [u(f"N{k}", "Nationalist", M.hex_id(M.hex_at("1105").neighbour(k)), M) for k in range(6)]
    p = pos(M, [u("R", "Republican", "1105", M), *ring], sources=REP)
    assert judge(p, M, "R").general == CITY
    outside = "0408"
    ring = [u(f"N{k}", "Nationalist", M.hex_id(M.hex_at(outside).neighbour(k)), M) for k in range(6)]
    p = pos(M, [u("R", "Republican", outside, M), *ring], sources=REP)
    assert judge(p, M, "R").general == OOS


@case('TSCW-10.7-hex-control')
def rule_10_7_control_changes_when_an_enemy_ground_unit_enters_never_by_zoc():
    p = pos(M, [u("N", "Nationalist", "0705", M)], sources=REP)
    after = update_control(p, M)
    assert after.owner_of(M.hex_at("0705")) == "Nationalist"
    assert after.owner_of(M.hex_at(nb(M, "0705", 0))) == "Republican"


@case('TSCW-9.2-when-checked', 'TSCW-15.23-advance-ezoc-supply')
def rule_9_2_no_move_may_end_out_of_supply_except_into_city_supply():
    ring = [u(f"N{k}", "Nationalist", M.hex_id(M.hex_at("1105").neighbour(k)), M) for k in range(1, 6)]
    p = pos(M, [u("R", "Republican", nb(M, "1105", 0), M), *ring], sources=REP)
    ok, verdict = may_end_move(p, M, "R", M.hex_at("1105"))
    assert ok and verdict.general in (FULL, CITY)
    far = M.hex_at("1305")
    walled = replace(p, units=p.units + tuple(u(f"W{k}", "Nationalist", M.hex_id(far.neighbour(k)), M)
                                              for k in range(6) if far.neighbour(k) in M))
    ok, verdict = may_end_move(walled, M, "R", far)
    assert not ok and verdict.general == OOS


@case("TSCW-9.5-examples", "TSCW-9.7-nationalist-uss", "TSCW-12.1.1-hq-secondary-source")
def rule_9_5_worked_examples_on_the_iberia_tscw_map():
    """The worked examples of 9.5 (scenarios/tscw/example-9-5.yaml): every unit gets the
    verdict the rulebook gives, and can trace to the source the text names."""
    from pathlib import Path

    from logistics.scenario import load_scenario
    path = Path(__file__).resolve().parents[3] / "scenarios" / "tscw" / "example-9-5.yaml"
    assert path.exists(), f"needs the repository's {path.relative_to(path.parents[2])}"
    s = load_scenario(path)
    engine = TscwSupply(s.position, s.map)
    verdict = {u.id: engine.verdict(u) for u in s.position.units}
    reach = {u.id: engine.sources_within_los(u) for u in s.position.units}
    assert verdict["A"].general == CITY                    # encircled in Talavera 2509 (9.6)
    for uid, named in (("C", "Madrid"), ("B", "Ciudad Real"), ("D", "Alcazar de San Juan"),
                       ("D", "HQ Rep HQ"), ("1", "Avila"), ("4", "Avila"), ("2", "HQ Nat HQ"), ("3", "HQ Nat HQ")):
        assert verdict[uid].general == FULL and named in reach[uid], (uid, named, reach[uid])
    assert verdict["B"].source.endswith("-> Valencia") and verdict["D"].source.endswith("-> Valencia")
    assert verdict["1"].source == "Avila -> La Coruna" and verdict["4"].source == "Avila -> La Coruna"
    assert verdict["2"].source == "HQ Nat HQ -> Cadiz" and verdict["3"].source == "HQ Nat HQ -> Cadiz"
