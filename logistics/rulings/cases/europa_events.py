"""FWtBT events that change supply: Gobernito collapse (38D, 38D1-4), the French border under
variable French assistance (44J), the supply status of a city (40), RPs from the France Holding
Box (38C1, 40B3), who uses the Rebel cities (12C1), pacification and purification with the
Barcelona Revolt (39A, 39B, 38B5), factory production (37B), supply items by rail (12H) and how
ownership is gained (44B1): one position per ruling, in which the ruling changes the verdict.
Rulings are cited as the FWtBT FAQ (seed 000) prints them. The models: rules/fwtbt_events.py,
supply/hexes.py."""
from dataclasses import replace

from logistics.position import LimitedSource, Turn
from logistics.games.europa.events import collapse_check, initial_phase
from logistics.games.europa.supply import IN_SUPPLY, NOT_CHECKED, OUT_OF_SUPPLY, EuropaSupply
from logistics.games.europa.limited import LIMITED
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
    from logistics.games.europa.hexes import (FULL_SOURCE, LIMITED_SOURCE, NO_SUPPLY, TRACES_TO_FULL, TRACES_TO_LIMITED,
                                        city_supply)
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


# --- 39A / 39B / 38B5: pacification, purification, the Barcelona Revolt -------------------------------------------
#
# A city (0505) is the People's Army source of the unit beside it (0405), one overland hex allowed:
# while the city is closed to its owner's lines (39A / 39B) it is no supply city.

def city_source(*works, garrison_res=0.0, name="Venta", kind="point"):
    from logistics.mapdata import City, Place
    from logistics.position import Pacification
    m = plain_map()
    m.cities.append(City(name, kind, Place((m.hex_at("0505"),))))
    units = [unit("PA", "People's Army", "0405", m)]
    if garrison_res:
        units.append(unit("Gar", "People's Army", "0505", m, size=garrison_res))
    p = position(m, units, sources=[source("Republican cities", "Loyalist", [name], users=("Republican",))],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}},
                 pacification=tuple(Pacification(m.hex_at("0505"), *w) for w in works))
    return m, p


def pa_supplied(p, m) -> bool:
    return EuropaSupply(p, m).verdict(p.unit("PA")).general == IN_SUPPLY


def without_garrison(p):
    return replace(p, units=tuple(u for u in p.units if u.id != "Gar"))


@case('FW-39A-pacified-definition')
def rule_39A_a_city_is_pacified_only_after_its_garrison_has_stayed_the_required_time_DPS_04Jan04():
    """39A (DPS, 04-Jan-04): a city must have its required pacification garrison in place for the
    required time to be pacified; a garrison merely present does not pacify it, and only a
    pacified city has an intrinsic garrison (39D). Venta needs 1 RE for 2 turns: with the garrison
    there its owner's lines pass, but take it away after one turn and Venta closes again; after
    the second turn it is pacified and stays open without it."""
    from logistics.games.europa.events import advance_pacification, pacified
    m, p = city_source(("pacification", 1, 2), garrison_res=1)
    h = m.hex_at("0505")
    assert pa_supplied(p, m) and not pacified(p, h)                      # garrisoned, not pacified
    p = advance_pacification(p, m)
    assert p.pacification[0].held == 1 and not pacified(p, h)
    assert not pa_supplied(without_garrison(p), m)                       # one turn is not enough
    p = advance_pacification(p, m)
    assert pacified(p, h) and p.pacification == ()
    assert pa_supplied(without_garrison(p), m)


@case('FW-39A-39B-both-before-supply')
@params("works, garrison_res, expected", [
    ((("pacification", 1, 1), ("purification", 1, 1)), 1, False),      # one garrison for both: no
    ((("pacification", 1, 1), ("purification", 1, 1)), 2, True),       # two garrisons: yes
    ((("pacification", 1, 1, 1), ("purification", 1, 1)), 0, False),   # pacified, not purified
    ((("pacification", 1, 1), ("purification", 1, 1, 1)), 0, False),   # purified first, not pacified
    ((("pacification", 1, 1, 1), ("purification", 1, 1, 1)), 0, True),  # both done
])
def rule_39A_39B_a_city_needing_both_works_passes_no_line_until_both_are_done_AEG_03Mar04(works, garrison_res, expected):
    """39A / 39B (AEG, 03-Mar-04): pacification and ideological purification are different
    procedures; a city needing both lets no supply line through until both are complete. They may
    be done in either order or at once, but at once each needs its own set of units: Sabadell,
    needing 1 RE for each, is open with 2 REs in it, not with 1 (the garrison exception of 39A /
    39B, AEG 1998, applies to each work). Closed, Sabadell is no supply city even for the
    garrison inside it."""
    m, p = city_source(*works, garrison_res=garrison_res, name="Sabadell")
    assert pa_supplied(p, m) is expected
    if garrison_res:
        assert (EuropaSupply(p, m).verdict(p.unit("Gar")).general == IN_SUPPLY) is expected


@case('FW-39A-39B-both-before-supply')
@params("garrison_res, left", [(2, 0), (1, 1)])
def rule_39A_39B_simultaneous_works_advance_only_with_separate_garrisons_AEG_03Mar04(garrison_res, left):
    """39A / 39B (AEG, 03-Mar-04): done at once, each work needs its own units: a turn with 2 REs in
    Sabadell finishes both 1-turn works; with 1 RE only one of them (the first listed), and the
    city stays closed once the garrison leaves."""
    from logistics.games.europa.events import advance_pacification
    m, p = city_source(("pacification", 1, 1), ("purification", 1, 1), garrison_res=garrison_res, name="Sabadell")
    p = advance_pacification(p, m)
    assert len(p.pacification) == left
    assert pa_supplied(without_garrison(p), m) is (left == 0)


def revolt_map():
    """Columns 04-11 are Catalunya, 01-03 the Balearics: Tarragona (0705) and Palma (0205) are
    Loyalist-owned People's Army sources, each beside a unit of its own."""
    from logistics.mapdata import City, Place
    m = plain_map(cities={"Tarragona": ("0705",), "Palma": ("0205",)})
    m.layers["region"] = {h: ("Catalunya" if m.layout.to_offset(h)[0] >= 3 else "Balearics") for h in m.terrain}
    m.cities.append(City("Venta", "point", Place((m.hex_at("0905"),))))
    units = [unit("T", "People's Army", "0605", m), unit("P", "People's Army", "0305", m)]
    p = position(m, units, sources=[source("Republican cities", "Loyalist", ["Tarragona", "Palma"], users=("Republican",))],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    return m, p


REQUIRED = {"Tarragona": (1, 1), "Palma": (1, 1), "Venta": (1, 1), "Barcelona": (1, 1)}


@case('FW-38B5-palma-not-catalonia')
def rule_38B5_39B_palma_needs_no_repurification_at_the_barcelona_revolt_DPS_20Sep05_AEG_23Sep05():
    """38B5 / 39B (DPS 20-Sep-05, AEG 23-Sep-05): the Balearics are not part of Catalunya, so a
    Loyalist-owned Palma needs no repurification after the Barcelona Revolt, though it yields
    Catalan inf RPs. At the revolt Tarragona and the point city Venta, in Catalunya, must be
    purified (and Tarragona, ungarrisoned, stops supplying the unit beside it); Palma goes on."""
    from logistics.games.europa.events import barcelona_revolt
    m, p = revolt_map()
    before = verdicts(p, m)
    assert before["T"].general == IN_SUPPLY and before["P"].general == IN_SUPPLY
    after = barcelona_revolt(p, m, REQUIRED)
    assert sorted(m.hex_id(w.hex) for w in after.pacification if w.work == "purification") == ["0705", "0905"]
    v = verdicts(after, m)
    assert v["T"].general == OUT_OF_SUPPLY and v["P"].general == IN_SUPPLY


@case('FW-39B-purify-max-twice')
def rule_39B_a_catalan_city_is_purified_at_most_twice_not_again_when_regained_AEG_03Mar04():
    """39B (AEG, 03-Mar-04): a city of Catalunya is purified at most twice, if Loyalist-owned at
    the start and again if Loyalist-owned at the Barcelona Revolt, never each time the Loyalists
    regain it. After the revolt the Insurgents take Tarragona (its purification lapses) and the
    Loyalists retake it: it now needs only pacification (39A), which its 1-RE garrison covers, so
    it supplies again; a purification still owed would want a second RE."""
    from logistics.games.europa.ownership import update_ownership
    from logistics.position import Pacification
    from logistics.games.europa.events import barcelona_revolt
    m, p = revolt_map()
    p = barcelona_revolt(p, m, REQUIRED)
    tarragona = m.hex_at("0705")
    taken = update_ownership(replace(p, units=p.units + (unit("Nat", "Nationalist", "0705", m),)), m)
    assert taken.owner_of(tarragona) == "Insurgent" and all(w.hex != tarragona for w in taken.pacification)
    retaken = update_ownership(replace(taken, units=p.units + (unit("Gar", "People's Army", "0705", m),)), m)
    assert retaken.owner_of(tarragona) == "Loyalist" and tarragona in retaken.unpacified
    assert all(w.hex != tarragona for w in retaken.pacification)       # no third purification
    # The player details the 39A pacification: 1 RE for 1 turn, which the garrison covers.
    detailed = replace(retaken, unpacified=retaken.unpacified - {tarragona},
                       pacification=retaken.pacification + (Pacification(tarragona, "pacification", 1, 1),))
    assert verdicts(detailed, m)["T"].general == IN_SUPPLY


@case('FW-38D2-tarragona-lerida-pa')
def rule_38D2_tarragona_is_one_of_the_three_cities_once_repurified_after_the_revolt_AEG_19Feb04():
    """38D2 / Loyalist OB note 3 (AEG, 19-Feb-04): once Tarragona (and likewise Lerida) begins
    producing People's Army inf RPs, after its repurification following the Barcelona Revolt, it
    can be one of the three cities (or two and France) of a Republican full general supply source.
    Zaragoza lost, Barcelona and France alone make no source, and Catalunya is at risk; once
    Tarragona is repurified it joins them: the source holds and Catalunya stands."""
    from logistics.games.europa.events import advance_pacification, barcelona_revolt
    garrisons = [lambda m, h=h: unit(f"Gar {h}", "People's Army", h, m) for h in ("0404", "0405", "0408")]
    m, p = catalunya(owner={"0904": "Insurgent"}, units=[*garrisons, lambda m: unit("PA", "People's Army", "0508", m)])
    # Catalunya: columns 03-07; Zaragoza, Valencia and Madrid lie beyond it.
    m.layers["region"] = {h: "Catalunya" if 2 <= m.layout.to_offset(h)[0] <= 6 else "Aragon"
                          for h in m.terrain if m.country_of(h) == "Ruritania"}
    p = barcelona_revolt(p, m, REQUIRED, joins={"Tarragona": "Republican cities"})
    assert {m.hex_id(w.hex) for w in p.pacification} == {"0404", "0405", "0408"}
    assert collapse_check(p, m, "Catalan").collapses
    assert verdicts(p, m)["PA"].general == OUT_OF_SUPPLY
    p = advance_pacification(p, m)
    assert p.pacification == () and "Tarragona" in p.supply_sources[0].cities
    assert not collapse_check(p, m, "Catalan").collapses
    assert verdicts(p, m)["PA"].general == IN_SUPPLY


# --- 37B: what factories produce ------------------------------------------------------------------------------------

@case('FW-37B-factory-supply-is-attack', 'FW-37B-factory-attack-supply')
def rule_37B_factories_produce_steps_of_attack_supply_and_resource_points_in_even_months_AEG_1998_TEM62():
    """37B (AEG 1998; Rules Court, TEM 62): the supply a factory produces is attack supply — the
    chart's "supply" means steps of attack supply only — and each friendly-owned factory in
    production also yields 1 resource point on the first turn of every even-numbered month. A unit
    beside the factory after production has attack supply (12D) but no general supply from it."""
    from logistics.games.europa.events import factory_output
    m = plain_map()
    factory = m.hex_at("0505")
    p = position(m, [unit("L", "People's Army", "0405", m)], turn=Turn(30, "Feb I 37", "initial", "Loyalist"),
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    stocks, points = factory_output(p, {factory: 1})
    assert [(s.side, s.kind, s.amount) for s in stocks] == [("Loyalist", "attack", 1)] and points == {"Loyalist": 1}
    v = EuropaSupply(replace(p, supply=stocks), m).verdict(p.unit("L"))
    assert v.attack is True and v.general == OUT_OF_SUPPLY
    for date in ("Feb II 37", "Mar I 37"):
        assert factory_output(p, {factory: 1}, Turn(31, date, "initial", "Loyalist"))[1] == {}


# --- 12H: supply items by rail and by SMPs in one phase ------------------------------------------------------------

@case('FW-12H-rail-and-smp-same-phase')
def rule_12H_an_item_may_rail_move_off_rail_and_rail_again_in_one_phase_AEG_1998():
    """12H (AEG, 1998): a supply or resource item may move by rail and off rail by SMP in the same
    phase, and rail again, as long as capacity and SMPs last. The planner puts no one-move-a-phase
    limit on cargo (7A2's limits are for units): both rail legs of one resource point, West to
    0505 and, after an SMP move the tool does not trace, 0605 to East, are planned, each drawing
    1 RE of capacity (a unit asked to rail twice moves once: 7A2, cased in europa_rail)."""
    from logistics.rail.model import MoveRequest
    from logistics.rulings.rail_builders import result, run, two_yards
    m, p = two_yards(west=2, east=0)
    legs = [MoveRequest("leg 1", m.hex_at("0205"), m.hex_at("0505"), 1, cargo="resource point 7"),
            MoveRequest("leg 2", m.hex_at("0605"), m.hex_at("1005"), 1, cargo="resource point 7")]
    the_plan = run(p, m, *legs)
    assert all(result(the_plan, r.id).reason == "" for r in legs)
    assert sum(result(the_plan, r.id).chosen.cost for r in legs) == 2


# --- 44B1: how ownership is gained ---------------------------------------------------------------------------------

@case('FW-44B1-ownership-methods')
def rule_44B1_3D_43C1_ownership_is_gained_by_occupation_or_uncontested_zoc_AEG_05May04():
    """44B1 (AEG, 05-May-04): ownership is gained as 3D says (occupation, or an uncontested ZOC),
    by 1/2-RE units for cities and airbases under 43C1 (advanced), and by 44B1's alternative
    (optional: its condition is not in the seeds; under it the scenario sets ownership itself).
    Otherwise "you will just have to move a unit through the hex or project a ZOC into the hex".
    A rail line crosses an unowned hex (0505), so the rail element cannot reach the source; a
    unit projecting its ZOC there (3D) makes it Loyalist and the line whole. Under 43C1 a 1/2-RE
    unit owns its hex only while it stays."""
    from logistics.games.europa.ownership import update_ownership
    from logistics.position import MoveUnit
    m = plain_map(cities={"Source": ("0105",)}, rail={"Main": ["0105", "0905"]})
    p = position(m, [unit("L", "People's Army", "0905", m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}, "advanced_ownership": True})
    gap = m.hex_at("0505")
    p = replace(p, owner={h: o for h, o in p.owner.items() if h != gap})
    assert EuropaSupply(p, m).verdict(p.unit("L")).general == OUT_OF_SUPPLY
    zoc = update_ownership(replace(p, units=p.units + (unit("Z", "People's Army", "0506", m),)), m)
    assert zoc.owner_of(gap) == "Loyalist" and EuropaSupply(zoc, m).verdict(p.unit("L")).general == IN_SUPPLY
    half = update_ownership(replace(p, units=p.units + (unit("Bn", "Nationalist", "0505", m, size=0.5),)), m,
                            advanced=True)
    assert half.owner_of(gap) == "Insurgent"
    gone = update_ownership(half.apply(MoveUnit("Bn", hex=m.hex_at("0509"))), m, advanced=True)
    assert gone.owner_of(gap) == "unowned"
