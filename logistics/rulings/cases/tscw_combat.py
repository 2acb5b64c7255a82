"""TSCW 9.2 (seed 002, line 702): supply "is checked for each unit of each side at the moment of
combat resolution", and what the check means for that combat: 9.3 (line 713), 9.6 (line 755),
15.17 (line 1325). TSCW living rules 2.0, June 2011 (French translation).

The map: 13 x 9 clear hexes, Republican USS Valencia (0105), cities Madrid (0705) and Toledo
(1105). Nationalist division N attacks in segment B-II from the hex east of the defender
(direction 0), where a Nationalist USS stands (or none)."""
from dataclasses import replace

from logistics.games.tscw.combat import combat_refusal, combat_supply
from logistics.position import Turn
from logistics.rulings.cases import case, params
from logistics.rulings.cases.tscw_supply import REP, M, nb, pos, u, uss


def combat(defender_hex: str, ring: bool, nationalist_uss: bool, hq: bool = False):
    """R defends `defender_hex`; N attacks from the hex east of it; with `ring`, Nationalist
    brigades fill the other five hexes around R (no line out: 9.4); with `hq`, a Republican HQ
    defends with R."""
    here = M.hex_at(defender_hex)
    beside = nb(M, defender_hex, 0)
    units = [u("R", "Republican", defender_hex, M), u("N", "Nationalist", beside, M)]
    units += [u("Rep HQ", "Republican", defender_hex, M, type="hq")] if hq else []
    if ring:
        units += [u(f"W{k}", "Nationalist", M.hex_id(here.neighbour(k)), M, type="brigade")
                  for k in (1, 2, 3, 4, 5)]
    nat = [uss("Nationalist USS", "Nationalist", hexes=(M.hex_at(beside),))] if nationalist_uss else []
    p = pos(M, units, sources=REP + nat, control={beside: "Nationalist"})
    p = replace(p, turn=Turn(5, "Sep 36", "B-II", "Nationalist"))
    assert combat_refusal(p, M, here, ["N"]) is None
    return combat_supply(p, M, here, ["N"])


@case("TSCW-9.2-when-checked", "TSCW-9.3-oos-effects", "TSCW-9.6-city-supply")
@params("defender_hex, ring, defends, drm", [
    ("1105", True, "defender R is in city supply: defends at full strength (9.6)", 1),
    ("0408", True, "defender R is out of supply: defends at half strength (9.3, 15.17)", 1),
    ("0105", False, "defender R is in supply: defends at full strength", 0),
])
def rule_9_2_a_defenders_supply_at_combat_resolution_halves_it_or_not_and_gives_plus_1_drm(
        defender_hex, ring, defends, drm):
    """9.2: supply is checked for each unit at combat resolution. 9.3: a defender Out of Supply
    defends at half strength and gives the attacker +1 drm; 9.6 / 15.17: in city supply (Toledo,
    encircled) it defends at full strength, and the attack still gets the +1 drm; a supplied
    defender (in Valencia) neither."""
    check = combat(defender_hex, ring, nationalist_uss=True)
    assert f"9.2 supply check at combat {defender_hex}: {defends}" in check.lines
    assert check.drm == drm
    assert any("+1 drm" in line for line in check.lines) is (drm == 1)


@case("TSCW-9.2-when-checked", "TSCW-9.3-oos-effects")
@params("nationalist_uss, attacks", [
    (True, "attacker N is in supply: attacks at full strength"),
    (False, "attacker N is out of supply: attacks at half strength, half MA for a breakthrough (9.3, 15.23)"),
])
def rule_9_2_an_attackers_supply_at_combat_resolution_halves_its_attack(nationalist_uss, attacks):
    """9.3: attacking units Out of Supply at the start of a combat attack at half strength and have
    half MA for a breakthrough (15.23). N attacks R in Madrid from its own USS hex; without the
    USS it traces to nothing."""
    check = combat("0705", False, nationalist_uss)
    assert f"9.2 supply check at combat 0705: {attacks}" in check.lines


@case("TSCW-9.2-when-checked", "TSCW-12.1.3-hq-support-supplied")
@params("mode, uss_beside, gives", [
    ("available", True, "may give ground support (12.1.3)"),
    ("committed", True, "gives no ground support: Committed (12.1.3)"),
    ("available", False, "gives no ground support: not supplied (12.1.3)"),
])
def rule_12_1_3_an_hq_supports_a_combat_only_if_available_and_supplied_at_its_resolution(mode, uss_beside, gives):
    """12.1.3: "every Available and supplied HQ" may give ground support to a combat it is
    stacked with or adjacent to; a Committed one gives none. Its supply is checked at the
    combat's resolution (9.2). The Nationalist HQ stands with N, on N's USS hex (or no USS)."""
    here = M.hex_at("0705")
    beside = nb(M, "0705", 0)
    units = [u("R", "Republican", "0705", M), u("N", "Nationalist", beside, M),
             u("HQ", "Nationalist", beside, M, type="hq", mode=mode)]
    nat = [uss("Nationalist USS", "Nationalist", hexes=(M.hex_at(beside),))] if uss_beside else []
    p = replace(pos(M, units, sources=REP + nat, control={beside: "Nationalist"}),
                turn=Turn(5, "Sep 36", "B-II", "Nationalist"))
    assert combat_refusal(p, M, here, ["N", "HQ"]) is None
    line = next(x for x in combat_supply(p, M, here, ["N", "HQ"]).lines if " HQ is " in x)
    assert line.endswith(gives)


@case("TSCW-9.2-when-checked", "TSCW-12.1.3-hq-support-supplied")
@params("ring, gives", [(False, "may give ground support (12.1.3)"),
                        (True, "gives no ground support: not supplied (12.1.3)")])
def rule_12_1_3_an_hq_in_the_attacked_hex_must_support_the_defence_if_supplied(ring, gives):
    """12.1.3: "an HQ stacked in an attacked hex must be committed to give at least a defensive
    ground support"; only a supplied HQ gives one. The Republican HQ defends Madrid with R:
    with a line to Valencia it supports; ringed (city supply), it does not."""
    check = combat("0705", ring, nationalist_uss=True, hq=True)
    line = next(x for x in check.lines if "defender Rep HQ" in x)
    assert "must give defensive ground support: " + gives in line
