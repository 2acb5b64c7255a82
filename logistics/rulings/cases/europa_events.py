"""FWtBT events that change supply: Gobernito collapse (38D, 38D1-4), the French border under
variable French assistance (44J), the supply status of a city (40), RPs from the France Holding
Box (38C1, 40B3), who uses the Rebel cities (12C1), pacification and purification with the
Barcelona Revolt (39A, 39B, 38B5), factory production (37B), supply items by rail (12H) and how
ownership is gained (44B1): one position per ruling, in which the ruling changes the verdict.
Rulings are cited as the FWtBT FAQ (seed 000) prints them. The models: games/europa/events.py,
games/europa/hexes.py."""
from dataclasses import replace

from logistics.games.europa.events import collapse_check, initial_phase
from logistics.games.europa.limited import LIMITED
from logistics.games.europa.supply import IN_SUPPLY, NOT_CHECKED, OUT_OF_SUPPLY, EuropaSupply
from logistics.position import LimitedSource, Turn
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases import case, params

INSURGENT_INITIAL = Turn(10, "Oct I 36", "initial", "Insurgent")
LOYALIST_INITIAL = Turn(10, "Oct I 36", "initial", "Loyalist")


def verdicts(p, m) -> dict:
    return {v.unit: v for v in EuropaSupply(p, m).verdicts()}


# --- Asturias (38D1): Gijon and Oviedo ---------------------------------------------------------------------
#
# Gijon (0302) and Oviedo (0307) are the Asturian cities; the Rebel source Burgos (0802) is joined
# to Gijon by an Insurgent-owned rail line, 5 hexes from Oviedo (an overland element of 5 reaches
# it, one of 4 does not). Leon (0108), 2 hexes from Oviedo, may be made an Insurgent limited
# source. A Republican source, Madrid (0808), lies in the south-east. The Loyalists own the map
# but for the hexes listed.

def asturias(*, oviedo="Insurgent", gijon="Insurgent", turn=INSURGENT_INITIAL, units=(), overland=5,
             limited=(), **fields):
    m = plain_map(cities={"Gijon": ("0302",), "Oviedo": ("0307",), "Burgos": ("0802",), "Madrid": ("0808",),
                          "Leon": ("0108",)},
                  rail={"North": ["0302", "0802"]})
    owner = {"0302": gijon, "0307": oviedo, "0802": "Insurgent", "0108": "Insurgent"}
    owner.update({m.hex_id(h): "Insurgent" for h in m.rail[0].hexes if m.hex_id(h) not in ("0302",)})
    sources = [source("Rebel cities", "Insurgent", ["Burgos"], users=("Rebel",)),
               source("Republican cities", "Loyalist", ["Madrid"], users=("Republican",)),
               source("Asturian cities", "Loyalist", ["Gijon", "Oviedo"], users=("Asturian",))]
    p = position(m, [u(m) for u in units], owner=owner, sources=sources, turn=turn,
                 options={"supply_lengths": {"clear": {"overland": overland, "road": 0}}},
                 limited_sources=tuple(limited), **fields)
    return m, p


def asturian(uid, hid, **kw):
    return lambda m: unit(uid, "Asturian", hid, m, **kw)


def nationalist(uid, hid, **kw):
    return lambda m: unit(uid, "Nationalist", hid, m, **kw)


def pa(uid, hid, **kw):
    return lambda m: unit(uid, "People's Army", hid, m, **kw)


@case('FW-38D1-collapse-check-insurgent')
def rule_38D1_asturias_collapses_when_gijon_and_oviedo_are_insurgent_and_each_traces_to_a_rebel_source_AEG_05May04():
    """38D1 (quoted and ruled on by AEG, 05-May-04): "Asturias will collapse if both Gijon and
    Oviedo are Insurgent-owned at the start of a game turn and a supply line can be traced from
    each of these cities to a Rebel general supply source (full or limited)", checked in the
    initial phase of each Insurgent player turn. Gijon traces by rail to Burgos, Oviedo overland."""
    m, p = asturias()
    check = collapse_check(p, m, "Asturian")
    assert check.collapses and check.rule == "38D1" and "Gijon and Oviedo are Insurgent-owned" in check.reason
    # Both cities must be Insurgent-owned.
    m, p = asturias(oviedo="Loyalist")
    check = collapse_check(p, m, "Asturian")
    assert not check.collapses and check.reason == "Oviedo not Insurgent-owned"
    # A line from each: four hexes of overland element leave Oviedo cut off from Burgos ...
    m, p = asturias(overland=4)
    check = collapse_check(p, m, "Asturian")
    assert not check.collapses and "no supply line can be traced from Oviedo" in check.reason
    # ... unless it reaches a Rebel limited source (the 3-RE city of Leon, 12C2a-like).
    m, p = asturias(overland=4, limited=[LimitedSource("Leon (12C2)", "Insurgent", "Leon", 3, ("Rebel",))])
    assert collapse_check(p, m, "Asturian").collapses


@case('FW-38D1-collapse-insurgent-phase', 'FW-38D-gobernito-check-sequence')
@params("turn, expected", [(INSURGENT_INITIAL, True), (LOYALIST_INITIAL, False),
                           (Turn(10, "Oct I 36", "movement", "Insurgent"), False)])
def rule_38D_collapse_is_checked_only_in_the_insurgent_initial_phase_AEG_04May04_DPS_04Jan04(turn, expected):
    """38D1-4 timing (AEG, 04-May-04): Gobernito collapse occurs only in the initial phase of the
    Insurgent player turn, whatever 38D's "each player turn" says; the MSOP ruling (DPS,
    04-Jan-04) puts it at step 3 of that phase and checks nothing about collapse in the Loyalist
    initial phase (whose steps 6-8, border garrisons, garrison release and operational areas,
    change no supply verdict). With Asturias's conditions met, only the Insurgent initial phase
    collapses it, and only then does the Asturian unit beside Madrid draw supply there (step 4)."""
    m, p = asturias(turn=turn, units=[asturian("Ast", "0807")])
    phase = initial_phase(p, m)
    assert [c.collapses for c in phase.checks if c.gobernito == "Asturian"] == [expected]
    assert ("Asturian" in phase.after_collapse.collapsed) is expected
    ast = next(v for v in phase.verdicts if v.unit == "Ast")
    assert ast.general == (IN_SUPPLY if expected else OUT_OF_SUPPLY)
    if not expected:
        assert "only at step 3 of the Insurgent initial phase" in phase.checks[0].reason


@case('FW-38D1-collapse-supply-trace-timing')
@params("marker", [0, 2])
def rule_38D1_the_collapse_trace_is_judged_when_collapse_is_checked_not_from_the_last_supply_check_DPS_08Oct04(marker):
    """38D1-4 and the MSOP (DPS, 08-Oct-04): whether "a supply line can be traced from the city to
    a Rebel general supply source" is judged at the moment the collapse is checked. The Insurgent
    garrisons of Gijon and Oviedo carry whatever U-marker the last supply check gave them (none,
    or U-2 from a time they were cut off); the check reads the position now, never the markers.
    Cut now (a Loyalist unit on the rail and beside Oviedo), Asturias does not collapse, marker
    or no marker."""
    units = [nationalist("Gijon Gar", "0302", oos=marker), nationalist("Oviedo Gar", "0307", oos=marker)]
    m, p = asturias(units=units)
    assert collapse_check(p, m, "Asturian").collapses
    m, p = asturias(units=[*units, pa("Block", "0502", zoc="normal"), pa("Block2", "0407")], overland=5)
    check = collapse_check(p, m, "Asturian")
    assert not check.collapses and "no supply line can be traced from Gijon, Oviedo" in check.reason


@case('FW-38D1-step3-trace-only')
def rule_38D1_step3_only_tests_that_a_line_exists_step4_judges_supply_afresh_DPS_08Oct04():
    """38D1-4 and the MSOP (DPS, 08-Oct-04): "In step 3, you only check to see if a supply can be
    traced from the city to a Rebel general supply source (full or limited). You don't actually
    check supply until step 4." The step-3 trace from Oviedo reaches only the 3-RE limited source
    at Leon; it uses none of Leon's REs, so at step 4 the 3 REs of Insurgent units in Oviedo still
    draw all of them; and the Asturian unit beside Madrid, cut off from its own cities at step 3,
    is judged at step 4 on the position after the collapse: in supply, as People's Army."""
    leon = LimitedSource("Leon (12C2)", "Insurgent", "Leon", 3, ("Rebel",))
    units = [nationalist("Oviedo Gar", "0307", size=3), asturian("Ast", "0807")]
    m, p = asturias(overland=4, limited=[leon], units=units)
    before = verdicts(p, m)
    assert before["Ast"].general == OUT_OF_SUPPLY and before["Ast"].isolated
    phase = initial_phase(p, m)
    assert [c.collapses for c in phase.checks if c.gobernito == "Asturian"] == [True]
    after = {v.unit: v for v in phase.verdicts}
    assert after["Oviedo Gar"].general == LIMITED and after["Oviedo Gar"].source == "Leon (12C2)"
    assert after["Ast"].general == IN_SUPPLY and after["Ast"].source == "Republican cities"
    assert not after["Ast"].isolated


@case('FW-38D-collapse-procedure-pa-supply')
@params("collapsed", [False, True])
def rule_38D_a_surviving_unit_of_a_collapsed_gobernito_is_a_peoples_army_unit_for_supply_AEG_30Mar04(collapsed):
    """38D as revised (AEG, 30-Mar-04): a unit of a collapsed Gobernito that stays in play "is
    henceforth considered to be a People's Army unit for purposes of supply (Rule 12C) and special
    replacements (Rule 40B4)" (which turn on isolation, 3F). The Asturian unit beside Madrid, far
    from Gijon and Oviedo, is in supply and unisolated only once Asturias has collapsed; a People's
    Army general supply point then serves it too. (The die rolls of the procedure are the players':
    the eliminated units leave the position.)"""
    from logistics.position import SupplyStock
    m, p = asturias(units=[asturian("Ast", "0807"), asturian("Far", "0105")],
                    collapsed=frozenset({"Asturian"}) if collapsed else frozenset())
    p = replace(p, supply=(SupplyStock("Loyalist", "general", m.hex_at("0104"), 1, "People's Army"),))
    v = verdicts(p, m)
    assert v["Ast"].general == (IN_SUPPLY if collapsed else OUT_OF_SUPPLY)
    assert v["Ast"].isolated is (not collapsed)
    assert v["Far"].general == ("in supply (supply points)" if collapsed else OUT_OF_SUPPLY)


@case('FW-12C1b-recaptured-collapsed-city')
def rule_12C1b_a_recaptured_city_of_a_collapsed_gobernito_supplies_its_survivors_not_republicans_DPS_21Aug05():
    """12C1b, 1st bullet (DPS, 21-Aug-05): a recaptured city of a collapsed Gobernito is a source
    for that Gobernito's surviving units if 12C1b lists it as theirs (they may also draw as
    Republican units, per 38D); it counts toward a Republican three-city source only if it can
    normally produce PA inf RPs (Barcelona; Lerida and Tarragona after the Barcelona Revolt).
    Gijon, Loyalist again, supplies the Asturian unit beside it but not the People's Army unit; and
    rail-connected to Madrid and Valencia it is not the third city of their source, Barcelona is."""
    m = plain_map(cities={"Gijon": ("0302",), "Madrid": ("0305",), "Valencia": ("0308",), "Barcelona": ("0808",)},
                  rail={"West": ["0302", "0305", "0308"], "East": ["0308", "0808"]})
    sources = [source("Republican cities", "Loyalist", ["Madrid", "Valencia", "Barcelona"], users=("Republican",),
                      connected=3),
               source("Asturian cities", "Loyalist", ["Gijon"], users=("Asturian",)),
               source("Catalan cities", "Loyalist", ["Barcelona"], users=("Catalan",), per_hex=True)]
    units = [unit("Ast", "Asturian", "0202", m), unit("PA", "People's Army", "0202", m)]
    cut = m.hex_id(m.rail[1].hexes[3])
    p = position(m, units, sources=sources, owner={cut: "Insurgent"}, collapsed=frozenset({"Asturian", "Catalan"}),
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    v = verdicts(p, m)
    assert v["Ast"].general == IN_SUPPLY and v["Ast"].source == "Asturian cities"
    assert v["PA"].general == OUT_OF_SUPPLY
    engine = EuropaSupply(p, m)
    assert engine.active_hexes(p.supply_sources[0]) == []        # Gijon is no third PA city
    whole = replace(p, owner={**p.owner, m.hex_at(cut): "Loyalist"})
    assert len(EuropaSupply(whole, m).active_hexes(whole.supply_sources[0])) == 3
    assert verdicts(whole, m)["PA"].general == IN_SUPPLY                  # by rail from Gijon


@case('FW-12C1b-collapsed-north-no-full')
@params("collapsed", [False, True])
def rule_12C1b_the_cities_of_a_collapsed_northern_gobernito_are_no_republican_full_sources_DPS_22Aug05(collapsed):
    """12C1b, 1st bullet (DPS, 22-Aug-05): the Santander Gobernito has collapsed and no Santandero
    units remain; Santander, though Loyalist-owned, produces no PA inf RPs and is no full general
    supply source for units of the Republican coalition. The People's Army unit beside it is out of
    supply, collapse or no collapse: the collapse lets Gobernito units draw as Republicans, never
    Republicans draw on Gobernito cities."""
    m = plain_map(cities={"Santander": ("0505",), "Madrid": ("0909",)})
    p = position(m, [unit("PA", "People's Army", "0405", m)],
                 sources=[source("Republican cities", "Loyalist", ["Madrid"], users=("Republican",)),
                          source("Santandero cities", "Loyalist", ["Santander"], users=("Santandero",))],
                 collapsed=frozenset({"Santandero"}) if collapsed else frozenset(),
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    engine = EuropaSupply(p, m)
    assert engine.usable_sources(p.unit("PA")) == ("Republican cities",)
    v = engine.verdict(p.unit("PA"))
    assert v.general == OUT_OF_SUPPLY and v.isolated is False      # Madrid: any length, 3F


@case('FW-12C2b-12C2c-north-limited-remain')
@params("collapsed", [False, True])
def rule_12C2b_12C2c_a_collapsed_gobernitos_cities_and_ports_stay_limited_sources_DPS_22Aug05(collapsed):
    """12C1b, 1st bullet (DPS, 22-Aug-05): the cities of a collapsed northern Gobernito still act
    as limited general supply sources under 12C2b, and their ports under 12C2c when the
    naval-element line can be traced: the Gobernito's status is irrelevant to both. Santander, a
    standard port on the islands map, gives its 3 REs (12C2b, Republican) and its port's 6 (12C2c:
    the naval element reaches Gijon, a full source), 9 REs of the 10 People's Army REs there,
    whether Santander's Gobernito has collapsed or not."""
    from logistics.rulings.cases.europa_naval import island_map
    m = island_map()
    units = [unit(f"PA{k}", "People's Army", "0305", m) for k in range(10)]
    p = position(m, units, options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}},
                 sources=[source("Gijon", "Loyalist", ["Gijon"], users=("Republican",)),
                          source("Santandero cities", "Loyalist", ["Santander"], users=("Santandero",))],
                 limited_sources=(LimitedSource("Santander (12C2b)", "Loyalist", "Santander", 3, ("Republican",)),),
                 collapsed=frozenset({"Santandero"}) if collapsed else frozenset())
    engine = EuropaSupply(p, m)
    supplied = [v for v in engine.verdicts() if v.general == LIMITED]
    assert len(supplied) == 9
    assert {v.source for v in supplied} == {"Santander (12C2b)", "port of Santander"}


# --- Catalunya (38D2): Barcelona -----------------------------------------------------------------------------
#
# Columns 01-02 are France (Neutralia), with Perpignan (0104). Barcelona is 0404-0405; rail runs
# from Perpignan to Barcelona, from Barcelona to Zaragoza (0904), and along the coast to Tarragona
# (0408) and on to Valencia (1008). Madrid (1001) has no rail. The Republican source's cities are
# Barcelona, one partner (Zaragoza or Tarragona) and Madrid, with Perpignan as the French stand-in.
# An Insurgent unit stands 2 hexes from Barcelona (0402), or far away (0901).

NEAR, FAR = "0402", "0901"


def catalunya(*, border_open=True, insurgent_at=NEAR, owner=None, partner="Zaragoza", limited=(), low_volume=(),
              **fields):
    m = plain_map(neutral_columns=2, low_volume=low_volume,
                  cities={"Perpignan": ("0104",), "Barcelona": ("0404", "0405"), "Zaragoza": ("0904",),
                          "Tarragona": ("0408",), "Valencia": ("1008",), "Madrid": ("1001",)},
                  rail={"France": ["0104", "0404"], "Ebro": ["0404", "0904"], "Coast": ["0405", "0408"],
                        "South": ["0408", "1008"]})
    sources = [source("Republican cities", "Loyalist", ["Barcelona", partner, "Madrid"], users=("Republican",),
                      connected=3, stand_ins=("Perpignan",)),
               source("Radical cities", "Loyalist", ["Barcelona"], users=("Radical",), per_hex=True),
               source("Catalan cities", "Loyalist", ["Barcelona"], users=("Catalan",), per_hex=True)]
    units = [unit("Nat", "Nationalist", insurgent_at, m), *(u(m) for u in fields.pop("units", ()))]
    p = position(m, units, owner=owner or {}, sources=sources, turn=INSURGENT_INITIAL,
                 options={"open_borders": ["Neutralia"] if border_open else [], "low_volume_limit": 0,
                          "supply_lengths": {"clear": {"overland": 1, "road": 0}}},
                 limited_sources=tuple(limited), **fields)
    return m, p


def barcelona_limited():
    """38D2 (AEG, 10-Feb-04): each Loyalist-owned hex of Barcelona, 6 REs of Republican limited supply."""
    return LimitedSource("Barcelona (38D2)", "Loyalist", "Barcelona", 6, ("Republican",), per_hex=True)


@case('FW-38D2-barcelona-may-count')
@params("border_open, insurgent_at, owner, collapses", [
    (True, NEAR, None, False),                                    # the connected net holds
    (False, NEAR, None, True),                                    # the French border closes
    (True, NEAR, {"0904": "Insurgent"}, True),                    # the Insurgents take Zaragoza
    (True, NEAR, {"0604": "Insurgent"}, True),                    # ... or the rail between
    (False, FAR, None, False),                                    # no Insurgent unit within 3 hexes
    (False, "0706", None, True),                                  # 3 hexes from Barcelona
    (False, "0806", None, False),                                 # 4 hexes
    (True, FAR, {"0404": "Insurgent", "0405": "Insurgent"}, True),  # Barcelona taken outright
])
def rule_38D2_barcelona_may_be_one_of_the_three_cities_of_the_source_its_rail_element_reaches_AEG_10Feb04(
        border_open, insurgent_at, owner, collapses):
    """38D2, 2nd bullet (AEG, 10-Feb-04): first find a Republican general supply source (full or
    limited), then trace the rail element from Barcelona to it; Barcelona may be one of its three
    connected cities. Barcelona, Zaragoza and a French city (border open) are such a source, and
    while that net holds Catalunya collapses only if the Insurgents take both hexes of Barcelona;
    once it fails (border closed, Zaragoza or a connecting rail line captured), Catalunya is at
    risk each turn an Insurgent unit begins the game turn within 3 hexes of Barcelona."""
    m, p = catalunya(border_open=border_open, insurgent_at=insurgent_at, owner=owner)
    check = collapse_check(p, m, "Catalan")
    assert check.rule == "38D2" and check.collapses is collapses, check.reason


@case('FW-38D2-barcelona-may-count')
@params("limited, collapses", [((), True), (("Barcelona",), True), (("Valencia",), False)])
def rule_38D2_a_limited_source_away_from_barcelona_keeps_catalunya_AEG_10Feb04(limited, collapses):
    """38D2 (as quoted by the FAQ; AEG, 10-Feb-04): the rail element from Barcelona may reach a
    limited general supply source as well as a full one. With the border closed, a Republican
    limited source at Valencia, at the end of the coast line, keeps Catalunya standing; Barcelona's
    own 6 REs per hex (38D2) do not, since no line is traced from Barcelona to Barcelona."""
    sources = {"Barcelona": barcelona_limited(),
               "Valencia": LimitedSource("Valencia (12C2b)", "Loyalist", "Valencia", 3, ("Republican",))}
    m, p = catalunya(border_open=False, limited=[sources[c] for c in limited])
    assert collapse_check(p, m, "Catalan").collapses is collapses


@case('FW-38D2-barcelona-not-counted-tem67')
@params("border_open, collapses", [(True, False), (False, True)])
def rule_38D2_barcelona_tarragona_and_a_french_city_keep_catalunya_AEG_10Feb04_19Feb04_over_TEM67(border_open, collapses):
    """38D2 (Rules Court, TEM 67) said Barcelona may not be one of the three connected cities, so
    Barcelona, a PA-producing Tarragona and a French city (border open) would not stop the collapse.
    The developer's later ruling (AEG, 10-Feb-04) overrules it: Barcelona may count, so they do;
    and a Tarragona producing People's Army inf RPs (after its repurification following the
    Barcelona Revolt) is one of the three (AEG, 19-Feb-04). Implemented: the later rulings."""
    m, p = catalunya(border_open=border_open, partner="Tarragona")
    engine = EuropaSupply(p, m)
    active = {m.hex_id(h) for h in engine.active_hexes(p.supply_sources[0])}
    assert active == ({"0404", "0405", "0408"} if border_open else set())
    assert collapse_check(p, m, "Catalan", engine).collapses is collapses


@case('FW-38D2-barcelona-sources-after-collapse')
@params("collapsed", [False, True])
def rule_38D2_catalunyas_collapse_strips_barcelona_of_no_supply_role_AEG_10Feb04(collapsed):
    """38D / 38D2 (AEG, 10-Feb-04): nothing in Catalunya's collapse strips Barcelona of its
    supply roles: (1) a Republican full source while Loyalist-owned and connected to two other
    PA cities (or one and a French city, border open); (2) either Loyalist-owned hex a Radical
    full source; (3) each Loyalist-owned hex a 6-RE Republican limited source. Same verdicts
    whether Catalunya has collapsed or not."""
    fallen = frozenset({"Catalan"}) if collapsed else frozenset()
    m, p = catalunya(insurgent_at=FAR, collapsed=fallen,
                     units=[lambda m: unit("PA", "People's Army", "1004", m)])
    v = verdicts(p, m)
    assert v["PA"].general == IN_SUPPLY and v["PA"].source == "Republican cities"
    # The Insurgents hold 0404: Barcelona is no full Republican source, but 0405 is still a
    # Radical full source and a Republican limited one.
    m, p = catalunya(insurgent_at=FAR, collapsed=fallen, owner={"0404": "Insurgent"}, limited=[barcelona_limited()],
                     units=[lambda m: unit("An", "Anarchist", "0406", m), lambda m: unit("PA2", "People's Army", "0406", m)])
    v = verdicts(p, m)
    assert v["An"].general == IN_SUPPLY and v["An"].source == "Radical cities"
    assert v["PA2"].general == LIMITED and v["PA2"].source == "Barcelona (38D2) 0405"


@case('FW-38D2-rp-production-continues')
def rule_38D2_catalunyas_collapse_touches_only_the_catalan_affiliation_AEG_10Feb04():
    """38D2 (AEG, 10-Feb-04): Catalunya's collapse ends Catalan inf RPs only; Barcelona goes on
    producing People's Army inf RPs, so it stays one of the PA cities of the Republican source;
    each Gobernito has one affiliation (3B3), and only Catalan units are affected. Collapsed, the
    Catalan unit beside Zaragoza draws on the Republican source (as People's Army); the Anarchist
    unit beside it, whose Radical source Barcelona lies beyond a low-volume line that no rail
    element may use here (low_volume_limit 0; a connection may: RCV 01-Oct-97), does not."""
    m, p = catalunya(insurgent_at=FAR, collapsed=frozenset({"Catalan"}), low_volume=("Ebro",),
                     units=[lambda m: unit("Cat", "Catalan", "1004", m), lambda m: unit("An", "Anarchist", "1004", m)])
    engine = EuropaSupply(p, m)
    assert {m.hex_id(h) for h in engine.active_hexes(p.supply_sources[0])} == {"0404", "0405", "0904"}
    v = verdicts(p, m)
    assert v["Cat"].general == IN_SUPPLY and v["Cat"].source == "Republican cities"
    assert v["An"].general == OUT_OF_SUPPLY


# --- 44J: the French border under variable French assistance (optional) ----------------------------------------

def border_at(date: str, player: str, quarters: dict, checks: dict | None = None):
    """The French border in the catalunya position (France is Neutralia) at a player turn, as the
    engine derives it, and the supply of a People's Army unit beside Zaragoza: its source holds
    only with the French stand-in (Madrid is not connected)."""
    m, p = catalunya(insurgent_at=FAR, units=[lambda m: unit("PA", "People's Army", "1004", m)])
    assistance = {"country": "Neutralia", "quarters": quarters, "checks": checks or {}}
    p = replace(p, turn=Turn(1, date, "initial", player),
                options={**{k: v for k, v in p.options.items() if k != "open_borders"}, "french_assistance": assistance})
    engine = EuropaSupply(p, m)
    is_open = "Neutralia" in engine.rules.open_borders
    general = engine.verdict(p.unit("PA")).general
    if general != NOT_CHECKED:                          # 37C: no unit is checked before Aug II 36
        assert (general == IN_SUPPLY) is is_open
    return is_open


@case('FW-44J-increased-assistance-start')
def rule_44J_france_gives_increased_assistance_from_jul_II_to_sep_II_36_erratum_AEG_08Apr04():
    """44J (official erratum, AEG 08-Apr-04): "When using this rule, France automatically provides
    'Increased Assistance' during the Jul II 36 to Sep II 36 game turns", so the border open at the
    start stays open through them, not rechecked as under Sporadic Assistance. The quarter-year
    that follows is Sporadic and its first check closes the border: open until the Loyalist
    Oct I 36 initial phase, closed from it."""
    quarters, checks = {"Oct I 36": "sporadic"}, {"Oct I 36": "closed", "Oct II 36": "closed"}
    for date, player in (("Jul II 36", "Insurgent"), ("Aug I 36", "Loyalist"), ("Sep II 36", "Loyalist"),
                         ("Oct I 36", "Insurgent")):
        assert border_at(date, player, quarters, checks) is True, (date, player)
    assert border_at("Oct I 36", "Loyalist", quarters, checks) is False


@case('FW-44J-sporadic-border-status')
def rule_44J_a_sporadic_check_holds_through_the_next_insurgent_player_turn_AEG_08Apr04():
    """44J, 2nd para., 3rd bullet (AEG, 08-Apr-04): under Sporadic Assistance the border is checked
    in each Loyalist initial phase, and its status then does not change until the next Loyalist
    initial phase: the Loyalist Oct I 36 check (open) holds through the Insurgent Oct II 36
    player turn; the Loyalist Oct II 36 check (closed) through the Insurgent Nov I 36 one."""
    quarters, checks = {"Oct I 36": "sporadic"}, {"Oct I 36": "open", "Oct II 36": "closed", "Nov I 36": "open"}
    seen = [border_at(d, p, quarters, checks) for d, p in (("Oct I 36", "Loyalist"), ("Oct II 36", "Insurgent"),
                                                           ("Oct II 36", "Loyalist"), ("Nov I 36", "Insurgent"),
                                                           ("Nov I 36", "Loyalist"))]
    assert seen == [True, True, False, False, True]


@case('FW-44J-loyalist-quarter-year')
def rule_44J_a_quarter_year_runs_from_a_loyalist_initial_phase_to_the_sixth_following_AEG_08Apr04():
    """44J, 2nd para. (AEG, 08-Apr-04): a 44J quarter-year is a "Loyalist quarter-year", from a
    Loyalist initial phase until the 6th following one: the quarter begun in the Loyalist Oct I 36
    initial phase (Sporadic here, last found closed on Dec II 36) runs through the Insurgent
    Jan I 37 player turn; the Limited Assistance of the next quarter opens the border from the
    Loyalist Jan I 37 player turn on."""
    quarters, checks = {"Oct I 36": "sporadic", "Jan I 37": "limited"}, {"Dec II 36": "closed"}
    assert border_at("Jan I 37", "Insurgent", quarters, checks) is False
    assert border_at("Jan I 37", "Loyalist", quarters, checks) is True
    assert border_at("Mar II 37", "Loyalist", quarters, checks) is True


# --- Rule 40: the supply status of a city ---------------------------------------------------------------------

@case('FW-40-city-supply-status')
def rule_40_a_city_is_in_supply_if_it_is_or_traces_to_a_full_or_limited_source_DPS_13Oct04():
    """Rule 40, 2nd para. (DPS, 13-Oct-04, provisional): a city is in general supply if it is a
    full or limited supply city or can trace a supply line, naval element included, to one; a unit
    placed there in step 7 is in supply if the city was in step 4, even if every RE of the limited
    sources was drawn in step 4. Tetuan (3 REs, Rebel) supplies the 3-RE regiment beside it, so a
    battalion at Xauen, 2 hexes off, gets none; yet Xauen is in supply, tracing to Tetuan. Larache,
    4 hexes off, is not. On the islands map Ceuta traces by sea to the full source at Gijon, and
    Santander, a standard port, is a 12C2c limited source."""
    from logistics.games.europa.hexes import (
        FULL_SOURCE,
        LIMITED_SOURCE,
        NO_SUPPLY,
        TRACES_TO_FULL,
        TRACES_TO_LIMITED,
        city_supply,
    )
    from logistics.rulings.cases.europa_naval import island_map
    m = plain_map(cities={"Tetuan": ("0505",), "Xauen": ("0705",), "Larache": ("0105",)})
    tetuan = LimitedSource("Tetuan (12C2a)", "Insurgent", "Tetuan", 3, ("Rebel",))
    p = position(m, [unit("Reg", "Colonial", "0605", m, size=3), unit("Bn", "Colonial", "0705", m)],
                 owner="Insurgent", limited_sources=(tetuan,),
                 options={"supply_lengths": {"clear": {"overland": 2, "road": 0}}})
    engine = EuropaSupply(p, m)
    v = {x.unit: x.general for x in engine.verdicts()}
    assert v == {"Reg": LIMITED, "Bn": OUT_OF_SUPPLY}                  # step 4: Tetuan's 3 REs are drawn
    assert city_supply(engine, "Tetuan", "Colonial") == (LIMITED_SOURCE, "Tetuan (12C2a)")
    assert city_supply(engine, "Xauen", "Colonial") == (TRACES_TO_LIMITED, "Tetuan (12C2a)")
    assert city_supply(engine, "Larache", "Colonial") == (NO_SUPPLY, None)
    m = island_map()
    p = position(m, [], owner="Insurgent", sources=[source("Gijon", "Insurgent", ["Gijon"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    engine = EuropaSupply(p, m)
    assert city_supply(engine, "Gijon", "Nationalist") == (FULL_SOURCE, "Gijon")
    assert city_supply(engine, "Ceuta", "Nationalist") == (TRACES_TO_FULL, "Gijon")
    # A standard port whose naval element reaches that full source is a 12C2c limited source.
    assert city_supply(engine, "Santander", "Nationalist") == (LIMITED_SOURCE, "port of Santander")


# --- 12C1: who may use the Rebel and Republican cities -----------------------------------------------------------

@case('FW-12C1-rebel-all-affiliations')
def rule_12C1_the_rebel_cities_serve_every_rebel_affiliation_the_republican_ones_the_whole_coalition_DPS_04Jan04():
    """12C1 (DPS, 04-Jan-04): the Insurgent full general supply cities are those able to generate
    inf RPs of the Rebel coalition, any of its affiliations (Nationalist, Colonial, Falangist,
    Requete), not the Nationalist one only; the Republican ones generate People's Army inf RPs,
    which comes to the same since no Spanish city generates International ones. In the bundled
    August 1936 scenario every Rebel affiliation, and no Interventionist one, draws on the Rebel
    cities, and every Republican affiliation on the Republican cities."""
    from pathlib import Path

    from logistics.position import Unit
    from logistics.scenario import load_scenario
    s = load_scenario(Path(__file__).resolve().parents[3] / "scenarios" / "fwtbt" / "aug-1936.yaml")
    engine = EuropaSupply(s.position, s.map)
    for coalition, affiliations, sources in (("Rebel", ("Nationalist", "Colonial", "Falangist", "Requete"), ("Rebel cities",)),
                                             ("Interventionist", ("German", "Italian", "Mixed"), ()),
                                             ("Republican", ("People's Army", "International"), ("Republican cities",))):
        side = "Insurgent" if coalition in ("Rebel", "Interventionist") else "Loyalist"
        for a in affiliations:
            assert engine.usable_sources(Unit("probe", side, coalition, a)) == sources, a
    drawn = {v.affiliation for v in engine.verdicts() if v.source == "Rebel cities"}
    assert drawn == {"Nationalist", "Colonial", "Falangist", "Requete"}


# --- 38C1 / 40B3: RPs from the France Holding Box ------------------------------------------------------------------

@case('FW-38C1-france-rail-element-from-border', 'FW-40B3-38C1-french-rps-rail')
@params("change, outcome", [(None, "added to the general RP pool"), ("wall", "accumulated at the factory"),
                            ("rail cut", "stays in the France Holding Box"),
                            ("border hex lost", "stays in the France Holding Box")])
def rule_38C1_40B3_french_rps_enter_spain_by_a_rail_element_from_the_border_to_a_factory_AEG_DPS_13Jan03(change, outcome):
    """38C1 (AEG, 13-Jan-03): RPs leaving the France Holding Box trace their rail element from a
    Loyalist-owned hex of Spain adjacent to the French border, not from the box. 40B3 (DPS,
    13-Jan-03): to an unisolated Loyalist-owned factory they join the general RP pool, to an
    isolated one they accumulate there; nothing is rebuilt in France. Columns 01-02 are France;
    rail runs from Perpignan (0104) over the border hex 0304 to the factory at 0604; Madrid
    (1004), the Republican source, lies beyond where an Insurgent wall (column 09) may stand.
    Cutting the rail, or losing the one border hex it crosses (though the rail through France
    still reaches the factory), leaves the RPs in the box."""
    from logistics.games.europa.hexes import french_rp_transfer
    m = plain_map(neutral_columns=2, cities={"Perpignan": ("0104",), "Madrid": ("1004",)},
                  rail={"Border": ["0104", "0604"]})
    units = [unit(f"W{r}", "Nationalist", f"09{r:02d}", m) for r in range(1, 10)] if change == "wall" else []
    owner = {"rail cut": {"0504": "Insurgent"}, "border hex lost": {"0304": "Insurgent"}}.get(change, {})
    p = position(m, units, owner=owner, sources=[source("Republican cities", "Loyalist", ["Madrid"],
                                                        users=("Republican",))])
    result, why = french_rp_transfer(EuropaSupply(p, m), m.hex_at("0604"), "Loyalist", "Neutralia")
    assert result == outcome, why
