"""`chronos ask`: answer a question (or a batch) from the calendars. A thin shell over
``chronos_cli.ask.answer``; heavy imports happen inside the command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

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
    open_store,
    parse_now,
    print_json,
    settings,
)


def register(app: typer.Typer) -> None:
    @app.command("ask")
    def ask_command(
        question: str = typer.Argument(None, help="The question.", show_default=False),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        namespace: list[str] = typer.Option(
            None, "--namespace", "-n", help="Namespace(s) to search (repeatable; default all)."
        ),
        now: str = typer.Option(None, "--now", help="The moment the question is asked (ISO; default: now)."),
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
        if batch is not None and not batch.exists():
            fail(f"{batch}: no such file", 2)
        s = settings(db=db, model=model, planner_model=planner_model, offline=offline)
        now_dt = parse_now(now)

        given = locals()
        flags = {name: given[name] for name in ABLATIONS}
        options = ask_options(flags, offline=offline or s.effective_model is None, max_steps=max_steps)
        store = open_store(s.db)
        ctx = _context(s, store, options, json_out or batch is not None)
        namespaces = list(namespace) if namespace else None
        if batch is not None:
            _batch(batch, ctx, now_dt, namespaces)
        else:
            _one(question, ctx, now_dt, namespaces, json_out)


def _context(s, store, options, quiet: bool) -> dict:
    from chronos_cli.providers.embed import EmbedError, get_embedder
    from chronos_cli.store.tables import StoreError

    console = err_console()
    meta = store.embed_model()
    try:
        embedder = get_embedder(meta[0] if meta else s.embed_model, api_base=s.api_base)
        if meta:
            store.check_embedder(embedder.name, embedder.dim)
    except (EmbedError, StoreError) as e:
        fail(str(e))
    llm = planner = None
    if not options.offline:
        from chronos_cli.providers.llm import client_for

        llm = client_for(s, s.effective_model)
        pm = s.effective_planner_model
        planner = llm if pm == s.effective_model else client_for(s, pm)
    elif not quiet:
        console.print("[dim]offline: no model configured — rule planner and rule policy, retrieval-based answers[/]")
    from chronos_cli.providers.rerank import reranker_for

    reranker = None if options.offline else reranker_for(s)
    return {
        "store": store,
        "embedder": embedder,
        "llm": llm,
        "planner": planner,
        "reranker": reranker,
        "options": options,
    }


def _run(question: str, ctx: dict, now, namespaces, on_step=None):
    from chronos_cli.ask.agent import answer

    return answer(
        question,
        store=ctx["store"],
        embedder=ctx["embedder"],
        now=now,
        options=ctx["options"],
        llm=ctx["llm"],
        planner_llm=ctx["planner"],
        reranker=ctx["reranker"],
        namespaces=namespaces,
        on_step=on_step,
    )


def _one(question: str, ctx: dict, now, namespaces, json_out: bool) -> None:
    from chronos_cli.providers.llm import LLMError
    from chronos_cli.store.tables import StoreError

    on_step = None
    if not json_out:
        from rich.console import Console

        from chronos_cli.cli.render.ask_trace import TraceRenderer, print_answer

        console = Console(highlight=False)
        on_step = TraceRenderer(err_console())
    try:
        result = _run(question, ctx, now, namespaces, on_step)
    except (LLMError, StoreError) as e:
        fail(str(e))
    if json_out:
        print_json(result.to_json())
    else:
        print_answer(console, result)


def _batch(path: Path, ctx: dict, default_now, namespaces) -> None:
    from datetime import datetime

    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
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
            now = datetime.fromisoformat(item["now"]).replace(tzinfo=None) if item.get("now") else default_now
            out = {"id": qid, **_run(q, ctx, now, namespaces).to_json()}
        except Exception as e:  # noqa: BLE001 - one bad line never stops the batch
            out = {"id": qid if qid is not None else n, "line": n, "error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()
