"""`chronos ask`: answer a question (or a batch) from the calendars. A thin shell over
``chronos_cli.ask.answer``; heavy imports happen inside the command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from chronos_cli.cli.common import (
    DB_HELP,
    GrepOnly,
    NoDateFilter,
    NoDynamicPrompting,
    NoInitialRetrieval,
    NoRerank,
    TurnsOnly,
    TzOption,
    VectorOnly,
    ask_options,
    check_namespaces,
    err_console,
    fail,
    parse_now,
    print_json,
    runtime,
    settings,
    setup_failures,
)


def register(app: typer.Typer) -> None:
    @app.command("ask")
    def ask_command(
        question: str = typer.Argument(None, help="The question.", show_default=False),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        namespace: list[str] = typer.Option(
            None, "--namespace", "-n", help="Namespace(s) to search (repeatable; default all)."
        ),
        now: str = typer.Option(
            None,
            "--now",
            help="The moment the question is asked (ISO; an offset is honoured; default: now). Nothing said after it is seen.",
        ),
        tz: TzOption = None,
        offline: bool = typer.Option(False, "--offline", help="Use no model even if one is configured."),
        model: str = typer.Option(None, "--model", help="LiteLLM model for the agent (default CHRONOS_MODEL)."),
        planner_model: str = typer.Option(
            None, "--planner-model", help="Model for the plan (default CHRONOS_PLANNER_MODEL, else the agent model)."
        ),
        max_steps: int = typer.Option(10, "--max-steps", min=1, max=50, help="Tool steps before a forced answer."),
        json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
        batch: Path = typer.Option(
            None, "--batch", help="JSONL file of {id, question, now?}: one JSON line out per line in."
        ),
        no_initial_retrieval: NoInitialRetrieval = False,
        no_dynamic_prompting: NoDynamicPrompting = False,
        no_rerank: NoRerank = False,
        no_date_filter: NoDateFilter = False,
        grep_only: GrepOnly = False,
        vector_only: VectorOnly = False,
        turns_only: TurnsOnly = False,
    ) -> None:
        """Answer a question about your archives, with citations (session, date).

        Examples:

          chronos ask "when did I last see the dentist?"

          chronos ask "what did I do last month?" --now 2026-11-29 --json

          chronos ask --batch questions.jsonl --offline
        """
        if (question is None) == (batch is None):
            fail("give a QUESTION or --batch FILE.jsonl (not both)", 2)
        if question is not None and not question.strip():
            fail("the question is empty", 2)
        if batch is not None and not batch.is_file():
            fail(f"{batch}: no such file", 2)
        s = settings(db=db, model=model, planner_model=planner_model, offline=offline, tz=tz)
        now_dt = parse_now(now, s.tz)

        flags = {
            "no_initial_retrieval": no_initial_retrieval,
            "no_dynamic_prompting": no_dynamic_prompting,
            "no_rerank": no_rerank,
            "no_date_filter": no_date_filter,
            "grep_only": grep_only,
            "vector_only": vector_only,
            "turns_only": turns_only,
        }
        options = ask_options(flags, offline=offline or s.effective_model is None, max_steps=max_steps)
        rt = runtime(s)
        ask = _answerer(rt, options, quiet=json_out or batch is not None)
        namespaces = check_namespaces(rt.store, namespace)
        if batch is not None:
            _batch(batch, ask, now_dt, namespaces, s.tz)
        else:
            _one(question, ask, now_dt, namespaces, json_out)


def _answerer(rt, options, *, quiet: bool):
    """``chronos_cli.ask.answer`` bound to the runtime's parts; fails here, before any question,
    when a part cannot be built (no index, an embedder that does not match the database)."""
    from functools import partial

    from chronos_cli.ask.agent import answer

    live = not options.offline
    with setup_failures():
        ask = partial(
            answer,
            store=rt.store,
            embedder=rt.embedder,
            options=options,
            llm=rt.agent_llm if live else None,
            planner_llm=rt.planner_llm if live else None,
            reranker=rt.reranker if live else None,
        )
    if not live and not quiet:
        err_console().print(
            "[dim]offline: no model configured — rule planner and rule policy, retrieval-based answers[/]"
        )
    return ask


def _one(question: str, ask, now, namespaces, json_out: bool) -> None:
    from chronos_cli.providers.errors import LLMError
    from chronos_cli.store.tables import StoreError

    on_step = None
    if not json_out:
        from rich.console import Console

        from chronos_cli.cli.render.ask_trace import TraceRenderer, print_answer

        console = Console(highlight=False)
        on_step = TraceRenderer(err_console())
    try:
        result = ask(question, now=now, namespaces=namespaces, on_step=on_step)
    except (LLMError, StoreError) as e:
        fail(str(e))
    if json_out:
        print_json(result.to_json())
    else:
        print_answer(console, result)


def _batch(path: Path, ask, default_now, namespaces, tz: str | None) -> None:
    """One JSON line out per question line in; a bad line gets an error line and the batch goes
    on; any failure makes the command exit 1 after a one-line summary on stderr."""
    from chronos_cli.clock import parse_moment, zone

    failed = total = 0
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{path}: cannot read: {e}", 2)
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        qid = None
        try:
            item = json.loads(line)
            if not isinstance(item, dict):
                raise ValueError("not a JSON object")
            qid = item.get("id", n)
            q = item.get("question")
            if not isinstance(q, str) or not q.strip():
                raise ValueError("missing 'question'")
            now = parse_moment(item["now"], zone(tz)) if item.get("now") else default_now
            out = {"id": qid, **ask(q, now=now, namespaces=namespaces).to_json()}
        except Exception as e:  # noqa: BLE001 - one bad line never stops the batch
            failed += 1
            from chronos_cli.providers.errors import scrub

            out = {"id": qid if qid is not None else n, "line": n, "error": scrub(f"{type(e).__name__}: {e}")}
        total += 1
        sys.stdout.write(json.dumps(out, ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()
    if failed:
        fail(f"{failed} of {total} batch line(s) failed (see their 'error' fields)", 1)
