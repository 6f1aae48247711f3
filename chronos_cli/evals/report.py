"""Reports: the paper's Table 1 layout (LongMemEval) or per-category results (LoCoMo),
retrieval metrics, counts, models and cost — as a JSON-ready dict and as Markdown.

The Rich rendering lives in the CLI (``chronos_cli/commands/eval_cmd.py``); this module
never imports rich or typer.
"""

from __future__ import annotations

from typing import Any

from chronos_cli.evals import locomo, longmemeval
from chronos_cli.evals.metrics import KS, METRICS, mean_metrics
from chronos_cli.evals.runner import sum_usage

LEVELS = ("session", "turn")


def _acc(records: list[dict]) -> dict[str, Any]:
    scored = [r for r in records if r.get("correct") is not None]
    correct = sum(1 for r in scored if r["correct"])
    return {
        "n": len(records),
        "scored": len(scored),
        "correct": correct,
        "accuracy": round(100.0 * correct / len(scored), 1) if scored else None,
    }


def retrieval_summary(records: list[dict]) -> dict[str, Any]:
    out: dict[str, Any] = {"ks": list(KS)}
    for level in LEVELS:
        means, n = mean_metrics((r.get("retrieval") or {}).get(level) for r in records)
        out[level] = {"n": n, **{k: round(v, 4) for k, v in means.items()}}
    return out


def build_report(benchmark: str, records: list[dict], *, meta: dict[str, Any]) -> dict[str, Any]:
    """The report of one run over ``records`` (results.jsonl rows in question order)."""
    report: dict[str, Any] = {"benchmark": benchmark, **meta}
    answered = [r for r in records if r.get("hypothesis") is not None]
    if benchmark == longmemeval.NAME:
        cols = longmemeval.COLUMNS
        groups = {"Overall": answered}
        for full, abbr in longmemeval.TYPE_ABBR.items():
            groups[abbr] = [r for r in answered if r.get("type") == full]
        report["table"] = {c: _acc(groups[c]) for c in cols}
        report["abstention"] = _acc([r for r in answered if r.get("abstention")])
        report["retrieval"] = retrieval_summary(records)
    else:
        cols = locomo.COLUMNS
        groups = {"Overall": answered}
        for name in locomo.CATEGORIES.values():
            groups[name] = [r for r in answered if r.get("type") == name]
        table = {}
        for c in cols:
            g = groups[c]
            row = _acc(g)
            f1s = [r["f1"] for r in g if r.get("f1") is not None]
            row["f1"] = round(sum(f1s) / len(f1s), 4) if f1s else None
            dated = [r for r in g if r.get("date_match") is not None]
            row["date_questions"] = len(dated)
            row["date_match"] = sum(1 for r in dated if r["date_match"])
            rules = [r for r in g if r.get("rule_correct") is not None]
            row["rule_accuracy"] = (
                round(100.0 * sum(1 for r in rules if r["rule_correct"]) / len(rules), 1) if rules else None
            )
            table[c] = row
        report["table"] = table
        report["retrieval"] = retrieval_summary(records)
        report["retrieval_by_category"] = {
            name: retrieval_summary([r for r in records if r.get("type") == name])
            for name in locomo.CATEGORIES.values()
        }
    report["columns"] = cols
    report["counts"] = {
        "questions": len(records),
        "answered": len(answered),
        "judged": sum(1 for r in records if r.get("judge")),
        "by_type": {c: len(groups[c]) for c in cols if c != "Overall"} if answered else {},
    }
    report["usage"] = {
        "agent": sum_usage(records, "agent"),
        "judge": sum_usage(records, "judge"),
        "total": sum_usage(records),
    }
    return report


# ------------------------------------------------------------------------------------ markdown


def pct(v: float | None) -> str:
    return "–" if v is None else f"{v:.1f}"


def _f(v: float | None, digits: int = 3) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def accuracy_label(report: dict) -> str:
    agent = (report.get("models") or {}).get("agent")
    return f"Chronos ({agent})" if agent else "Chronos"


def to_markdown(report: dict[str, Any]) -> str:
    lines = [f"# {report['benchmark']} evaluation — {report.get('date', '')}", ""]
    models = report.get("models") or {}
    lines.append("| setting | value |")
    lines.append("|---|---|")
    for k in ("file", "db", "out"):
        if report.get(k):
            lines.append(f"| {k} | `{report[k]}` |")
    for k, v in models.items():
        lines.append(f"| {k} model | {v or '–'} |")
    if report.get("options"):
        lines.append(f"| ask options | {', '.join(report['options']) or 'default'} |")
    c = report["counts"]
    lines.append(f"| questions | {c['questions']} ({c['answered']} answered, {c['judged']} judged) |")
    u = report["usage"]["total"]
    lines.append(
        f"| cost | {u['llm_calls']} LLM calls, {u['prompt_tokens']:,} + {u['completion_tokens']:,} tokens, ${u['cost_usd']:.4f} |"
    )
    if report.get("notes"):
        for n in report["notes"]:
            lines.append(f"| note | {n} |")
    lines.append("")
    cols = report["columns"]
    table = report["table"]
    if c["answered"] and not table["Overall"]["scored"]:
        lines.append(f"{c['answered']} answer(s) in hypotheses.jsonl, not judged: no accuracy.")
        lines.append("")
    elif c["answered"]:
        lines.append("## Accuracy (%)" if report["benchmark"] == longmemeval.NAME else "## Accuracy by category (%)")
        lines.append("")
        lines.append("| system | " + " | ".join(cols) + " |")
        lines.append("|---|" + "---:|" * len(cols))
        lines.append(f"| {accuracy_label(report)} | " + " | ".join(pct(table[x]["accuracy"]) for x in cols) + " |")
        lines.append(
            "| correct / scored | " + " | ".join(f"{table[x]['correct']}/{table[x]['scored']}" for x in cols) + " |"
        )
        if report["benchmark"] == locomo.NAME:
            lines.append("| rule accuracy | " + " | ".join(pct(table[x].get("rule_accuracy")) for x in cols) + " |")
            lines.append("| F1 | " + " | ".join(_f(table[x].get("f1")) for x in cols) + " |")
            lines.append(
                "| date match | "
                + " | ".join(
                    f"{table[x]['date_match']}/{table[x]['date_questions']}" if table[x]["date_questions"] else "–"
                    for x in cols
                )
                + " |"
            )
        if report["benchmark"] == longmemeval.NAME and report.get("abstention", {}).get("n"):
            a = report["abstention"]
            lines.append("")
            lines.append(
                f"Abstention (`_abs`, counted in their types above): {pct(a['accuracy'])}% ({a['correct']}/{a['scored']})."
            )
        lines.append("")
    lines.extend(retrieval_markdown(report))
    return "\n".join(lines).rstrip() + "\n"


def retrieval_markdown(report: dict[str, Any]) -> list[str]:
    r = report.get("retrieval") or {}
    ks = r.get("ks") or list(KS)
    lines: list[str] = []
    title = "Initial retrieval" + (" (evidence recall)" if report["benchmark"] == locomo.NAME else "")
    for level in LEVELS:
        block = r.get(level) or {}
        if not block.get("n"):
            continue
        lines.append(f"## {title}: {level} level ({block['n']} questions)")
        lines.append("")
        lines.append("| metric | " + " | ".join(f"@{k}" for k in ks) + " |")
        lines.append("|---|" + "---:|" * len(ks))
        for m in METRICS:
            lines.append(f"| {m} | " + " | ".join(_f(block.get(f"{m}@{k}")) for k in ks) + " |")
        lines.append("")
    return lines
