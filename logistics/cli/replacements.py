"""`logistics replacements`: the supply-line traces of the Europa replacement rules
(games/europa/replacements.py), per side.

    logistics replacements SCENARIO [--side S] [--pool CITY ...] [--force F] [--aid DONOR RECEIVER ...]
                                    [--french-rps HEX ...] [--country C] [--json]

Second Front (40D1): where replaced units may be placed. --pool: which RP cities combine (40B3a).
(--force: whose RPs; each city's supply status for a unit entering play there, Rule 40.)
--aid: whether foreign aid between two forces is possible (40D3). --french-rps: where RPs imported
over the border of --country (default France) go (38C1, 40B3). Exit 1 with one line on bad input.
"""
from __future__ import annotations

import click

from logistics.jsontext import json_text


@click.command()
@click.argument("scenario", type=click.Path())
@click.option("--side", help="Only this side.")
@click.option("--pool", "pools", multiple=True, metavar="CITY", help="a city holding RPs (40B3a), one per option")
@click.option("--force", default="", help="the affiliation (or coalition) of --pool's RPs; the side's first by default")
@click.option("--aid", "aids", multiple=True, nargs=2, metavar="DONOR RECEIVER",
              help="two forces (coalitions or affiliations): may the first give foreign aid to the second (40D3)")
@click.option("--french-rps", "imports", multiple=True, metavar="HEX",
              help="a hex RPs from the France Holding Box would go to (38C1, 40B3)")
@click.option("--country", default="France", show_default=True, help="the country of --french-rps's holding box")
@click.option("--json", "as_json", is_flag=True)
def replacements(scenario: str, side: str | None, pools: tuple[str, ...], force: str, aids: tuple[tuple[str, str], ...],
                 imports: tuple[str, ...], country: str, as_json: bool) -> None:
    """Europa replacements: placement (40D1), RP pools (40B3a), foreign aid (40D3), French RPs (38C1)."""
    from logistics.errors import LoadError
    from logistics.files import load_scenario_file
    from logistics.filters import side_name
    from logistics.games import of, supply_engine
    from logistics.mapio import find_hex
    from logistics.numbering import NumberingError

    loaded = load_scenario_file(scenario)
    p, m = loaded.position, loaded.map
    rules = of(p).replacement_rules()
    if rules is None:
        raise LoadError(scenario, f"game {p.game} has no Europa replacement rules", field="game",
                        expected="a Europa scenario (europa-fwtbt, europa-sf)")
    engine = supply_engine(p, m)
    sides = [side_name(scenario, p, side)] if side else [s.name for s in p.sides]
    names = {c.name for c in m.cities}
    for name in pools:
        if name not in names or m.city(name).place.hex is None:
            raise LoadError(scenario, f"no city {name!r} on the map", field="--pool", expected="a city of the map")
    try:
        targets = [find_hex(m, h) for h in imports]
    except NumberingError as exc:
        raise LoadError(scenario, str(exc), field="--french-rps", expected="a printed hex id or a place name") from None
    if targets and country not in m.countries:
        raise LoadError(scenario, f"no country {country!r} on map {m.name}", field="--country",
                        expected="one of " + ", ".join(sorted(m.countries)))
    factories = {m.hex_at(h) for h in (p.options.get("factory_production") or {})}
    out = []
    for s in sides:
        entry: dict = {"side": s}
        if engine.rules.replacement_source_line:
            entry["placement"] = rules.placements(engine, s)
        owned_pools = sorted({c for c in pools if p.owner_of(m.city(c).place.hex) == s})
        try:
            if owned_pools and (not force or rules.force_side(p, force) == s):
                entry["pools"] = rules.rp_pools(engine, s, owned_pools, force)
            aid = [rules.foreign_aid(engine, d, r) for d, r in aids if rules.force_side(p, d) == s]
        except KeyError as exc:
            raise LoadError(scenario, f"no force {exc.args[0]!r}", field="--aid / --force",
                            expected="a coalition or affiliation of a side") from None
        if aid:
            entry["foreign_aid"] = aid
        if targets:
            entry["french_rps"] = [dict(zip(("hex", "outcome", "why"), (m.hex_id(h), *rules.french_rp_destination(
                engine, h, s, country, factories)))) for h in targets if p.owner_of(h) == s]
        out.append(entry)
    if as_json:
        click.echo(json_text({"scenario": scenario, "sides": out}))
        return
    for entry in out:
        click.echo(entry["side"])
        for line in _text(entry):
            click.echo("  " + line)


def _trace_text(t: dict) -> str:
    if t["traced"]:
        return f"line to {t['to']}: " + ", ".join(t["line"])
    b = t["blocked"]
    return f"blocked at {b['hex']}: {b['reason']} ({b['rule']})"


def _text(entry: dict) -> list[str]:
    lines = []
    if "placement" in entry:
        pl = entry["placement"]
        lines.append(f"replacements may be placed ({pl['rule']}):")
        lines += [f"  isolated source, not counted: {i}" for i in pl["isolated_sources"]]
        lines += [f"  {c['city']}: {'yes' if c['traced'] else 'no'}: {_trace_text(c)}" for c in pl["cities"]]
    if "pools" in entry:
        pools = entry["pools"]
        lines.append(f"RP pools ({pools['rule']}):")
        lines += [f"  combined: {' + '.join(g)}" for g in pools["combined"]]
        lines += [f"  alone: {c}" for c in pools["alone"]]
        lines += [f"  {c}: {st['status']}" + (f" ({st['source']})" if st["source"] else "") + " (Rule 40, DPS 13-Oct-04)"
                  for c, st in pools["city_supply"].items()]
        for holder, spends in pools["spent_at"].items():
            lines += [f"  {holder}'s RPs at {e['at']}: {'yes' if e['traced'] else 'no'}: {_trace_text(e)}" for e in spends]
    for aid in entry.get("foreign_aid", []):
        lines.append(f"foreign aid {aid['donor']} -> {aid['receiver']} ({aid['rule']}): "
                     f"{'possible' if aid['possible'] else 'not possible'}: {aid['reason']}")
        lines += [f"  {t['from']}: {_trace_text(t)}" for t in aid.get("lines", [])]
    for f in entry.get("french_rps", []):
        lines.append(f"French RPs to {f['hex']} (38C1, 40B3): {f['outcome']}: {f['why']}")
    return lines or ["no replacement question for this side (ask --pool, --aid or --french-rps)"]
