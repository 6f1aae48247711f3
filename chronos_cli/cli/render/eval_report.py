"""Rich rendering of an eval report (`chronos eval`): the tables the CLI prints.

The core (`chronos_cli.evals`) builds the report dict and never imports Rich; this module
only draws it. Rich loads when ``print_report`` runs.
"""

from __future__ import annotations


def print_report(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    from chronos_cli.evals.metrics import METRICS
    from chronos_cli.evals.report import accuracy_label, pct

    con = Console()
    cols = report["columns"]
    table = report["table"]
    counts = report["counts"]
    models = report.get("models") or {}
    head = f"[bold]{report['benchmark']}[/] · {report.get('date', '')} · {counts['questions']} question(s)"
    con.print(head)
    con.print("[dim]" + " · ".join(f"{k}: {v}" for k, v in models.items() if v) + "[/]", soft_wrap=True)
    if report.get("options"):
        con.print("[dim]ablation: " + ", ".join("--" + o for o in report["options"]) + "[/]")
    if counts["answered"] and not table["Overall"]["scored"]:
        con.print(
            f"{counts['answered']} answer(s) written to hypotheses.jsonl, not judged: no accuracy "
            "(add a judge later with --judge-model … --resume --out <this run>)",
            soft_wrap=True,
        )
    elif counts["answered"] and report["benchmark"] == "longmemeval":
        t = Table(title="Accuracy (%) — the paper's Table 1 layout", title_justify="left")
        t.add_column("system")
        for c in cols:
            t.add_column(c, justify="right")
        t.add_row(accuracy_label(report), *[pct(table[c]["accuracy"]) for c in cols])
        t.add_row("[dim]correct/scored[/]", *[f"[dim]{table[c]['correct']}/{table[c]['scored']}[/]" for c in cols])
        con.print(t)
        if (report.get("abstention") or {}).get("n"):
            a = report["abstention"]
            con.print(f"abstention (_abs, included above): {pct(a['accuracy'])}% ({a['correct']}/{a['scored']})")
    elif counts["answered"]:
        by_judge = bool(report.get("judged"))
        t = Table(
            title=f"{accuracy_label(report)}: accuracy by category ({'judge' if by_judge else 'rule scoring'})",
            title_justify="left",
        )
        t.add_column("category", no_wrap=True)
        for name in ("n", "acc %", "correct", "rules %", "F1", "dates", "ev.R@10"):
            t.add_column(name, justify="right", no_wrap=True)
        by_cat = report.get("retrieval_by_category") or {}
        for c in cols:
            row = table[c]
            block = (report.get("retrieval") if c == "Overall" else (by_cat.get(c) or {})) or {}
            rec10 = (block.get("turn") or {}).get("recall_all@10")
            t.add_row(
                c,
                str(row["n"]),
                pct(row["accuracy"]),
                f"{row['correct']}/{row['scored']}",
                pct(row.get("rule_accuracy")),
                "–" if row.get("f1") is None else f"{row['f1']:.3f}",
                f"{row['date_match']}/{row['date_questions']}" if row["date_questions"] else "–",
                "–" if rec10 is None else f"{rec10:.3f}",
                style="bold" if c == "Overall" else None,
            )
        con.print(t)
    r = report.get("retrieval") or {}
    for level in ("session", "turn"):
        block = r.get(level) or {}
        if not block.get("n"):
            continue
        if report["benchmark"] == "locomo":
            title = f"Initial retrieval vs evidence, {level} level ({block['n']} questions)"
        else:
            title = f"Initial retrieval, {level} level ({block['n']} questions; _abs excluded)"
        t = Table(title=title, title_justify="left")
        t.add_column("metric")
        for k in r["ks"]:
            t.add_column(f"@{k}", justify="right")
        for m in METRICS:
            t.add_row(m, *[f"{block.get(f'{m}@{k}', 0):.3f}" for k in r["ks"]])
        con.print(t)
    u = report["usage"]
    tot, judge = u["total"], u["judge"]
    con.print(
        f"cost: {tot['llm_calls']} LLM calls, {tot['prompt_tokens']:,} + {tot['completion_tokens']:,} tokens, "
        f"${tot['cost_usd']:.4f} (judge ${judge['cost_usd']:.4f})"
    )
    for n in report.get("notes") or []:
        con.print(f"[dim]note: {n}[/]", soft_wrap=True)
