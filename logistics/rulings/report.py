"""`logistics rulings list|check`, and docs/rulings.md, from the catalogue and the cases."""
from __future__ import annotations

from collections import Counter

from logistics.rulings.cases import Result, all_cases, run
from logistics.rulings.entries import SEEDS, load_catalogue


def cases_by_id() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for c in all_cases():
        for i in c.ids:
            found.setdefault(i, []).append(f"{c.module.rsplit('.', 1)[-1]}.{c.name}")
    return found


def listing(only: str | None = None) -> list[dict]:
    cases = cases_by_id()
    return [{"id": r.id, "seed": r.seed, "line": r.line, "heading": r.heading, "who": r.who, "date": r.date,
             "scope": r.scope, "issue": r.issue, "statement": r.statement if r.in_scope else r.why_out,
             "supersedes": r.supersedes, "cases": cases.get(r.id, [])}
            for r in load_catalogue() if only in (None, r.id)]


def check(only: str | None = None) -> tuple[list[Result], dict]:
    results = [run(c) for c in all_cases() if only is None or only in c.ids]
    catalogue = load_catalogue()
    covered = {i for res in results for i in res.case.ids}
    in_scope = [r for r in catalogue if r.in_scope and (only is None or r.id == only)]
    counts = Counter(res.status for res in results)
    summary = {"cases": len(results), "passed": counts["pass"], "failed": counts["fail"], "errors": counts["error"],
               "in_scope_rulings": len(in_scope),
               "rulings_with_a_case": sum(r.id in covered for r in in_scope),
               "rulings_without_a_case": [r.id for r in in_scope if r.id not in covered]}
    return results, summary


def rulings_markdown() -> str:
    """docs/rulings.md: the whole catalogue, heading by heading, with the cases that check it."""
    cases = cases_by_id()
    out = ["# Rulings catalogue", "",
           "Every ruling and rule statement of the four seeds, in the order they appear. In-scope",
           "entries name the work item that implements them and the executable cases that check them",
           "(`logistics rulings check` runs them); out-of-scope entries say why. Generated from",
           "`logistics/rulings/catalogue/*.yaml` by `logistics rulings list --markdown`.", ""]
    catalogue = load_catalogue()
    for name, (seed, title) in SEEDS.items():
        entries = [r for r in catalogue if r.seed == seed]
        inside = [r for r in entries if r.in_scope]
        checked = [r for r in inside if r.id in cases]
        out += [f"## Seed {seed}: {title}", "",
                f"{len(entries)} entries; {len(inside)} in scope, {len(checked)} of them checked by a case.", "",
                "| id | line | who, date | statement | item | cases |", "| --- | --- | --- | --- | --- | --- |"]
        for r in entries:
            text = r.statement if r.in_scope else f"*out of scope:* {r.why_out}"
            if r.supersedes:
                text += f" (supersedes {r.supersedes})"
            who = ", ".join(x for x in (r.who, r.date) if x)
            item = r.issue if r.in_scope else "—"
            checks = "<br>".join(cases.get(r.id, [])) or ("—" if not r.in_scope else "to do")
            out.append(f"| {r.id} | {r.line} | {who} | {text.replace('|', '/')} | {item} | {checks} |")
        out.append("")
    base = sorted(i for i in cases if ":" in i)
    out += ["## Rules of the games' own text checked by cases", "",
            "| rule | cases |", "| --- | --- |"]
    out += [f"| {i} | {'<br>'.join(cases[i])} |" for i in base]
    return "\n".join(out) + "\n"
