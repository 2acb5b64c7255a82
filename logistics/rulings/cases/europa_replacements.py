"""Replacements (games/europa/replacements.py): the supply-line traces that decide where RPs may be
spent and units placed (40B3a, 38C1; Second Front 40D1, 40D3). One position per ruling, in which
the ruling changes the verdict."""
from dataclasses import replace

from logistics.games.europa.hexes import IN_BOX, TO_FACTORY
from logistics.games.europa.replacements import TO_HEX, foreign_aid, french_rp_destination, placements, rp_pools
from logistics.games.europa.supply import EuropaSupply
from logistics.mapdata import City, Place
from logistics.position import LimitedSource, Side, Unit
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases import case, params
from logistics.rulings.cases.europa_naval import SHORT, island_map


@case("FW-40B3a-rps-combine-tetuan-ceuta")
@params("wall, combined", [(None, True), ("zoc", False), ("u2", True)])
def rule_40B3a_rps_at_cities_that_trace_lines_of_supply_to_each_other_combine_DPS_15Oct04(wall, combined):
    """40B3a (DPS, 15-Oct-04): the Colonial inf RPs accumulated at Tetuan and Ceuta, which trace
    lines of supply to each other, may be spent at either city. Tetuan (0305) and Ceuta (0705) lie
    four hexes apart, the Insurgents owning all. Loyalist units on the odd rows of column 05 leave
    gaps their ZOCs fill (12A): no line crosses, and each city's RPs stay its own. The same units
    at U-2 have no ZOC (12B ruling, DPS 08-Oct-04): the line passes through the gaps again."""
    m = plain_map(cities={"Tetuan": ("0305",), "Ceuta": ("0705",)})
    oos = 2 if wall == "u2" else 0
    units = [unit(f"W{r}", "People's Army", f"05{r:02d}", m, oos=oos) for r in range(1, 10, 2)] if wall else []
    pools = rp_pools(EuropaSupply(position(m, units, owner="Insurgent"), m), "Insurgent", ["Tetuan", "Ceuta"])
    assert (pools["combined"] == [["Tetuan", "Ceuta"]]) is combined, pools
    at_ceuta = pools["spent_at"]["Tetuan"][0]
    assert at_ceuta["at"] == "Ceuta" and at_ceuta["traced"] is combined
    if not combined:
        assert at_ceuta["blocked"]["rule"] == "12A, Rule 5", at_ceuta


@case("FW-40B3a-rps-combine-tetuan-ceuta", "FW-40B3a-melilla-ceuta-directional")
def rule_40B3a_rps_are_spent_only_where_a_line_reaches_the_city_holding_them_DPS_15Oct04():
    """40B3a (DPS, 15-Oct-04): lines of supply are directional, and the RPs of a city may be spent
    at another only if that one traces a line to it (Melilla's RPs not at Ceuta, which cannot
    trace to Melilla). A line may leave an enemy ZOC but not enter it (12A): Tetuan (0305) in the
    ZOC of a Loyalist unit west of it traces to Ceuta, Ceuta cannot trace into Tetuan. So Ceuta's
    RPs may be spent at Tetuan, Tetuan's not at Ceuta, and the two do not combine."""
    m = plain_map(cities={"Tetuan": ("0305",), "Ceuta": ("0705",)})
    west = max(m.hex_at("0305").neighbours(), key=lambda h: (h.distance(m.hex_at("0705")), m.hex_id(h)))
    p = position(m, [unit("W", "People's Army", m.hex_id(west), m)], owner="Insurgent")
    pools = rp_pools(EuropaSupply(p, m), "Insurgent", ["Tetuan", "Ceuta"])
    assert pools["spent_at"]["Ceuta"][0]["at"] == "Tetuan" and pools["spent_at"]["Ceuta"][0]["traced"] is True
    assert pools["spent_at"]["Tetuan"][0]["at"] == "Ceuta" and pools["spent_at"]["Tetuan"][0]["traced"] is False
    assert pools["combined"] == [] and pools["alone"] == ["Tetuan", "Ceuta"]


def _sf_italy(wall: bool, naples_regular: bool):
    """Second Front: Rome (1005) the Allies' regular source; Naples (0205) a regular source of the
    US alone (or a limited one); Salerno (0405), two hexes from Naples, six from Rome; overland
    lines of 3 hexes."""
    m = plain_map(cities={"Rome": ("1005",), "Naples": ("0205",), "Salerno": ("0405",)})
    units = [Unit(f"W{r}", "Axis", "Axis", "German", hex=m.hex_at(f"07{r:02d}")) for r in range(1, 10)] if wall else []
    sources = [source("Rome", "Allied", ["Rome"])] + ([source("Naples", "Allied", ["Naples"], users=("US",))]
                                                       if naples_regular else [])
    limited = () if naples_regular else (LimitedSource("Naples (limited)", "Allied", "Naples", 3),)
    p = position(m, units, owner="Allied", game="europa-sf", sources=sources, limited_sources=limited,
                 options={"supply_lengths": {"clear": {"overland": 3, "road": 0}}})
    return m, p


@case("SF-40D1-replacement-source")
@params("wall, naples_regular, placed", [(False, True, True), (True, True, False), (False, False, False)])
def rule_40D1_replaced_units_need_an_overland_line_to_an_unisolated_regular_source_GRD_03Mar98(wall, naples_regular,
                                                                                                 placed):
    """SF 40D1 as corrected (GR/D, 03-Mar-98): 'source of replacements' reads 'friendly-owned,
    unisolated regular source of supply'. Salerno traces an overland line to Naples, a regular
    source: a replaced unit may be placed there. An Axis wall (column 07) cutting Naples off from
    Rome isolates it (3F): it no longer counts, and Rome is out of reach. A limited source at
    Naples is no regular source."""
    m, p = _sf_italy(wall, naples_regular)
    result = placements(EuropaSupply(p, m), "Allied")
    salerno = next(c for c in result["cities"] if c["city"] == "Salerno")
    assert salerno["traced"] is placed, salerno
    assert (salerno["to"] == "Naples") is placed
    assert ("0205 (Naples)" in result["isolated_sources"]) is wall
    assert next(c for c in result["cities"] if c["city"] == "Rome")["traced"]      # a source is placed at itself


@case("SF-40D3-foreign-aid-trace")
@params("oran, uk_regular, possible", [(True, True, True), (False, True, False), (True, False, False)])
def rule_40D3_foreign_aid_needs_a_line_between_unisolated_regular_sources_of_the_forces_GRD_03Mar98(oran, uk_regular,
                                                                                                   possible):
    """SF 40D3 as corrected (GR/D, 03-Mar-98): foreign aid needs a supply line from a friendly-owned,
    unisolated regular supply source of the donating force to one of the receiving force. The
    British source is Ceuta (0802, a major port on an island), the American one Gijon (0905, a
    major port); a naval element joins them. Ceuta is unisolated while the Americans also hold a
    source on its island (Oran, 1003; 3F); without it Ceuta is isolated and does not count; nor
    does a limited source at Ceuta."""
    m = island_map()
    m.cities.append(City("Oran", "dot", Place((m.hex_at("1003"),))))
    sides = (Side("Allied", (("American", ("US",)), ("British", ("UK",)))), Side("Axis", (("Axis", ("German",)),)))
    us = source("US", "Allied", ["Gijon"] + (["Oran"] if oran else []), users=("American",))
    uk = [source("UK", "Allied", ["Ceuta"], users=("British",))] if uk_regular else []
    limited = () if uk_regular else (LimitedSource("Ceuta (limited)", "Allied", "Ceuta", 3, ("British",)),)
    p = replace(position(m, [], owner="Allied", game="europa-sf", sources=[us, *uk], limited_sources=limited, options=SHORT),
                sides=sides)
    aid = foreign_aid(EuropaSupply(p, m), "British", "American")
    assert aid["possible"] is possible, aid
    if possible:
        line = aid["lines"][0]
        assert line["from"] == "0802" and line["to"] == "US" and any(s.endswith("naval") for s in line["line"]), line


@case("FW-38C1-french-rps-isolated-port")
@params("factory, aeg_reading, cut, outcome", [(False, False, False, IN_BOX), (False, True, False, TO_HEX),
                                               (True, False, False, TO_FACTORY), (False, True, True, IN_BOX)])
def rule_38C1_french_rps_at_an_isolated_hex_need_a_factory_strictly_DPS_11Nov04(factory, aeg_reading, cut, outcome):
    """38C1, 4th para. (DPS, 11-Nov-04): strictly, imported art / arm RPs go to the general pool by
    a rail-element line to an unisolated factory, or to an isolated factory the line reaches; AEG's
    29-Jul-04 reading, pending confirmation, also lets them accumulate at an isolated hex with no
    factory (option `french_rps_to_isolated_hexes`). San Sebastian (0604) is isolated by an
    Insurgent wall (column 09) from Madrid; rail runs from Perpignan (France, 0104) over the border
    hex 0304 to it. Cutting the rail (0504 Insurgent) leaves the RPs in the box in any reading."""
    m = plain_map(neutral_columns=2, cities={"Perpignan": ("0104",), "Madrid": ("1004",), "San Sebastian": ("0604",)},
                  rail={"Border": ["0104", "0604"]})
    wall = [unit(f"W{r}", "Nationalist", f"09{r:02d}", m) for r in range(1, 10)]
    p = position(m, wall, owner={"0504": "Insurgent"} if cut else "Loyalist",
                 sources=[source("Republican cities", "Loyalist", ["Madrid"], users=("Republican",))],
                 options={"french_rps_to_isolated_hexes": aeg_reading})
    target = m.hex_at("0604")
    result, why = french_rp_destination(EuropaSupply(p, m), target, "Loyalist", "Neutralia",
                                        {target} if factory else set())
    assert result == outcome, why
