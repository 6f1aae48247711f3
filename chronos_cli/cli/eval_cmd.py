"""`chronos eval longmemeval|locomo FILE`: run a benchmark, judge it, print the paper's tables.

Only Typer and the light helpers are imported at module level; the core
(`chronos_cli.evals`), LanceDB, the embedder and LiteLLM load when a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from chronos_cli.cli.common import (
    ABLATIONS,
    DB_HELP,
    GrepOnly,
    NoDateFilter,
    NoDynamicPrompting,
    NoInitialRetrieval,
    NoRerank,
    TurnsOnly,
    VectorOnly,
    ask_options,
    err_console,
    fail,
    print_json,
    runtime,
    settings,
    setup_failures,
)

eval_app = typer.Typer(
    name="eval",
    help=(
        "Benchmarks: LongMemEval (the paper's Table 1 / Table 3) and LoCoMo.\n\n"
        "Examples:\n\n"
        "  chronos eval longmemeval longmemeval_s.json --model gpt-4o\n\n"
        "  chronos eval longmemeval FILE --retrieval-only      # recall/NDCG, no model\n\n"
        "  chronos eval locomo locomo10.json --offline          # rule-scored, no model"
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
)


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")


def _command(benchmark: str, summary: str):
    def command(
        file: Path = typer.Argument(..., help="The benchmark's JSON file.", show_default=False),  # noqa: B008
        db: str = typer.Option(
            None, "--db", help=DB_HELP + " For eval, default: a fresh folder under the app dir per file hash."
        ),
        out: Path = typer.Option(
            None,
            "--out",
            help="Folder for hypotheses.jsonl, results.jsonl, report.md/json (default: a new run folder under the app dir).",
        ),  # noqa: B008
        model: str = typer.Option(None, "--model", help="Agent model (LiteLLM name; default CHRONOS_MODEL)."),
        planner_model: str = typer.Option(
            None, "--planner-model", help="Planner model (default CHRONOS_PLANNER_MODEL, else --model)."
        ),
        judge_model: str = typer.Option(
            None,
            "--judge-model",
            help="Judge model (default CHRONOS_JUDGE_MODEL, else gpt-4o-2024-08-06, the judge LongMemEval uses).",
        ),
        no_judge: bool = typer.Option(
            False,
            "--no-judge",
            help="Answer but do not judge (LongMemEval: hypotheses + retrieval metrics; LoCoMo: rule scoring).",
        ),
        offline: bool = typer.Option(
            False, "--offline", help="Offline agent (no model). No judge either unless --judge-model is given."
        ),
        retrieval_only: bool = typer.Option(
            False, "--retrieval-only", help="Only the initial retrieval's recall/NDCG (no model, no answers)."
        ),
        limit: int = typer.Option(None, "--limit", min=1, help="Only the first N questions (after --types)."),
        types: str = typer.Option(
            None,
            "--types",
            help="Question types, comma-separated (LongMemEval: temporal-reasoning,KU,…; LoCoMo: 1-5 or multi-hop,temporal,…).",
        ),
        concurrency: int = typer.Option(4, "--concurrency", min=1, max=64, help="Questions in flight at once."),
        resume: bool = typer.Option(
            False,
            "--resume",
            help="Continue an interrupted run (with --out, or the latest matching run) without repeating finished questions.",
        ),
        max_steps: int = typer.Option(10, "--max-steps", min=1, max=50, help="Agent step cap."),
        no_initial_retrieval: NoInitialRetrieval = False,
        no_dynamic_prompting: NoDynamicPrompting = False,
        no_rerank: NoRerank = False,
        no_date_filter: NoDateFilter = False,
        grep_only: GrepOnly = False,
        vector_only: VectorOnly = False,
        turns_only: TurnsOnly = False,
        json_out: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    ) -> None:
        flags = dict(locals())
        _run(benchmark, flags)

    command.__doc__ = summary
    return command


eval_app.command("longmemeval")(
    _command(
        "longmemeval",
        """Evaluate on LongMemEval (S, M or oracle JSON): Table 1 accuracy by type, retrieval recall/NDCG.

    Each instance is indexed in its own namespace and asked at its question_date.

    Examples:

      chronos eval longmemeval longmemeval_s.json --model gpt-4o --judge-model gpt-4o

      chronos eval longmemeval longmemeval_s.json --retrieval-only

      chronos eval longmemeval longmemeval_s.json --model gpt-4o --no-rerank --limit 116 --resume
    """,
    )
)
eval_app.command("locomo")(
    _command(
        "locomo",
        """Evaluate on LoCoMo: accuracy by category, F1, date match, evidence recall.

    Examples:

      chronos eval locomo locomo10.json --offline

      chronos eval locomo locomo10.json --model gpt-4o --judge-model gpt-4o
    """,
    )
)


# ------------------------------------------------------------------------------------ running


def _run(benchmark: str, f: dict[str, Any]) -> None:
    from chronos_cli.evals import locomo, longmemeval

    module = longmemeval if benchmark == "longmemeval" else locomo
    if not f["file"].exists():
        fail(f"{f['file']}: no such file", 2)
    try:
        types = module.parse_types(f["types"])
    except ValueError as e:
        fail(f"--types: {e}", 2)
    from chronos_cli.evals.benchmark import EvalError, load_checked

    try:  # before any folder or database is created: a wrong file must leave nothing behind
        raw = load_checked(f["file"], benchmark)
    except EvalError as e:
        fail(str(e), 2)
    s = settings(
        db=None, model=f["model"], planner_model=f["planner_model"], judge_model=f["judge_model"], offline=f["offline"]
    )
    console = err_console()
    quiet = f["json_out"]

    def say(text: str) -> None:
        if not quiet:
            console.print(text, soft_wrap=True, highlight=False)

    retrieval_only = f["retrieval_only"]
    agent_model = None if retrieval_only else s.effective_model
    use_judge = not (retrieval_only or f["no_judge"]) and (f["judge_model"] is not None or not f["offline"])
    notes: list[str] = []
    if retrieval_only:
        notes.append("retrieval only: initial-retrieval recall/NDCG, no answers, no model")
    elif agent_model is None:
        notes.append("offline agent (rule planner and policy, no model)")
    if not retrieval_only and not use_judge:
        notes.append(
            "no judge: LoCoMo is scored by rules (date match, containment, declines)"
            if benchmark == "locomo"
            else "no judge: LongMemEval gives retrieval metrics and hypotheses only (no accuracy)"
        )
    if use_judge:
        _check_judge_key(s.judge_model, s.api_base)
    for n in notes:
        say(f"[dim]{n}[/]")

    from chronos_cli.config import app_dir
    from chronos_cli.evals.benchmark import file_hash, run_benchmark
    from chronos_cli.evals.runner import EvalSetup, RunInterrupted
    from chronos_cli.providers.embed import EmbedError
    from chronos_cli.store.tables import StoreError

    fhash = file_hash(f["file"])
    db = f["db"] or str(app_dir() / "eval" / f"{benchmark}-{fhash}" / "db")
    options = None if retrieval_only else ask_options(f, offline=False, max_steps=f["max_steps"])
    opt_names = [name.replace("_", "-") for name in ABLATIONS if f[name]]
    models = {
        "agent": agent_model or ("offline" if not retrieval_only else None),
        "planner": (
            None if retrieval_only else (s.effective_planner_model or (agent_model if agent_model else "rules"))
        ),
        "judge": s.judge_model if use_judge else None,
        "embed": s.embed_model,
        "extractor": None if (retrieval_only or f["turns_only"]) else (s.effective_extract_model or "rules"),
        "rerank": "cohere " + s.rerank_model if s.cohere_key else "offline rrf fusion",
    }
    if f["no_rerank"]:
        models["rerank"] = "none (dense order)"
    out = _out_dir(f, benchmark, fhash, models, opt_names, retrieval_only, use_judge)
    rt = runtime(s.model_copy(update={"db": db}), must_exist=False)
    with setup_failures():
        setup = EvalSetup.from_runtime(
            rt, options=options, retrieval_only=retrieval_only, agent=agent_model is not None, judge=use_judge
        )
        extractor = None if (retrieval_only or f["turns_only"]) else rt.extractor
    meta = {
        "db": db,
        "models": models,
        "options": opt_names,
        "judged": use_judge,
        "retrieval_only": retrieval_only,
        "offline": agent_model is None,
        "notes": notes,
    }

    progress, cb, icb = _progress(console, quiet, say)
    say(f"[dim]run folder: {out}[/]")
    interrupted = None
    try:
        with progress:
            report = run_benchmark(
                benchmark,
                f["file"],
                setup,
                out_dir=out,
                limit=f["limit"],
                types=types,
                resume=f["resume"],
                concurrency=1 if retrieval_only else f["concurrency"],
                callbacks=cb,
                extractor=extractor,
                index_callbacks=icb,
                meta=meta,
                raw=raw,
            )
    except RunInterrupted as e:
        interrupted = e
        import json

        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    except (EvalError, StoreError, EmbedError) as e:
        fail(str(e))
    except _archive_errors() as e:
        fail(str(e))
    if quiet:
        print_json(report)
    else:
        from chronos_cli.cli.render.eval_report import print_report

        print_report(report)
    if interrupted is not None:
        cause = interrupted.cause
        why = "interrupted" if isinstance(cause, KeyboardInterrupt) else f"{type(cause).__name__}: {cause}"
        console.print(f"[bold red]stopped:[/] {why}", soft_wrap=True, highlight=False)
        console.print(
            f"{interrupted.remaining} question(s) left; finished ones are saved. Continue with:\n"
            f"  chronos eval {benchmark} {f['file']} --resume --out {out} [same options]",
            soft_wrap=True,
            highlight=False,
        )
        raise typer.Exit(130 if isinstance(cause, KeyboardInterrupt) else 1)
    say(f"[dim]wrote {out}/report.md, report.json, results.jsonl, hypotheses.jsonl[/]")


def _archive_errors():
    from chronos_cli.archives import ArchiveError
    from chronos_cli.providers.errors import LLMOutputError, ProviderError

    return (ArchiveError, ProviderError, LLMOutputError)


def _out_dir(f, benchmark, fhash, models, opt_names, retrieval_only, use_judge) -> Path:
    """--out, or a run folder keyed by file + configuration (--resume: the latest such)."""
    if f["out"] is not None:
        out = Path(f["out"])
        if out.exists() and (out / "results.jsonl").exists() and not f["resume"]:
            n = sum(1 for _ in (out / "results.jsonl").open(encoding="utf-8"))
            if n:
                fail(
                    f"--out {out} already holds {n} result(s): add --resume to continue that run, or choose another folder",
                    2,
                )
        return out
    import hashlib
    import json
    from datetime import datetime

    from chronos_cli.config import app_dir

    cfg = json.dumps(
        {"models": models, "options": opt_names, "retrieval_only": retrieval_only, "judge": use_judge}, sort_keys=True
    )
    key = f"{benchmark}-{fhash}-{hashlib.sha256(cfg.encode()).hexdigest()[:8]}"
    runs = app_dir() / "eval" / "runs"
    if f["resume"]:
        found = sorted(runs.glob(key + "-*"))
        if not found:
            fail(f"--resume: no earlier run of this file with these settings under {runs} (pass --out DIR)", 2)
        return found[-1]
    return runs / f"{key}-{datetime.now():%Y%m%d-%H%M%S}"


_PROVIDER_KEYS = (  # (model name prefix, env var) for the common providers; others are not pre-checked
    ("anthropic/", "ANTHROPIC_API_KEY"),
    ("claude", "ANTHROPIC_API_KEY"),
    ("gemini/", "GEMINI_API_KEY"),
    ("openai/", "OPENAI_API_KEY"),
    ("gpt-", "OPENAI_API_KEY"),
    ("o1", "OPENAI_API_KEY"),
    ("o3", "OPENAI_API_KEY"),
    ("o4", "OPENAI_API_KEY"),
    ("mistral/", "MISTRAL_API_KEY"),
    ("groq/", "GROQ_API_KEY"),
    ("openrouter/", "OPENROUTER_API_KEY"),
)


def _check_judge_key(model: str, api_base: str | None) -> None:
    """Fail early (before indexing) when the judge's provider key is plainly missing.
    A cheap check by model-name prefix, so LiteLLM is not imported just for this."""
    if api_base:
        return
    import os

    for prefix, var in _PROVIDER_KEYS:
        if model.lower().startswith(prefix):
            if not os.environ.get(var):
                fail(
                    f"the judge ({model}) needs {var}: set it, choose another --judge-model, or pass --no-judge "
                    "(LoCoMo is then scored by rules; LongMemEval gives retrieval metrics and hypotheses only)",
                    2,
                )
            return


# ------------------------------------------------------------------------------------ UI


def _progress(console, quiet: bool, say):
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from chronos_cli.cli.render.progress import rich_index_callbacks
    from chronos_cli.evals.runner import EvalCallbacks

    progress = Progress(
        TextColumn("[bold]{task.description:<9}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[stats]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
        disable=quiet or not console.is_terminal,
    )
    tasks: dict[str, int] = {}

    def on_start(total: int, already: int) -> None:
        if already:
            say(f"resuming: {already} of {total} question(s) already done")
        tasks["questions"] = progress.add_task("questions", total=total, completed=already, stats="")

    def on_result(record: dict, running: dict) -> None:
        acc = running["accuracy"]
        stats = f"acc {100 * acc:.1f}% ({running['correct']}/{running['scored']})" if acc is not None else ""
        if running["tokens"]:
            stats += f" · {running['tokens'] / 1000:.1f}k tok · ${running['cost_usd']:.4f}"
        progress.update(tasks["questions"], advance=1, stats=stats)

    cb = EvalCallbacks(on_start=on_start, on_result=on_result, on_message=lambda t: say(f"[dim]{t}[/]"))
    icb = rich_index_callbacks(progress, on_file_error=lambda m: say(f"[red]{m}[/]"), stats="")
    return progress, cb, icb
