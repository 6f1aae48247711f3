"""One benchmark run, end to end: select → index → ask/judge each question → write files.

    report = run_benchmark("longmemeval", path, setup, out_dir=..., limit=..., types=...)

Files in ``out_dir``: ``results.jsonl`` (one line per question, appended as they finish),
``hypotheses.jsonl`` (LongMemEval's own format: {question_id, hypothesis}), ``report.json``,
``report.md`` and ``run.json`` (the run's settings, to warn when a resume changes them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from chronos_cli.evals import locomo, longmemeval
from chronos_cli.evals.report import build_report, to_markdown
from chronos_cli.evals.runner import (
    EvalCallbacks,
    EvalSetup,
    RunInterrupted,
    hypotheses,
    needs_judging,
    read_results,
    run_items,
)

BENCHMARKS = {longmemeval.NAME: longmemeval, locomo.NAME: locomo}


class EvalError(Exception):
    """A problem with the input or the output folder (one line)."""


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with Path(path).open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:12]


def load_raw(path: Path, expected: str = "a benchmark JSON file") -> list[dict]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, ValueError) as e:
        raise EvalError(f"{path}: cannot read the file: {e}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        from chronos_cli.archives.detect import looks_like_jsonl

        if looks_like_jsonl(text):
            raise EvalError(f"{path}: found a JSON Lines chat log, expected {expected}") from None
        raise EvalError(f"{path}: cannot read JSON: {e}") from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise EvalError(f"{path}: expected a list of instances")
    return data


# what each format is called in messages (the archive readers' format names)
FORMAT_NAMES = {
    "longmemeval": "a LongMemEval file",
    "locomo": "a LoCoMo file",
    "chatgpt": "a ChatGPT export",
    "claude": "a Claude export",
    "jsonl": "a JSON Lines chat log",
}


def check_format(path: Path, benchmark: str, raw: list) -> None:
    """Fail before anything is created when ``raw`` is not ``benchmark``'s file: the message names
    the format found and the one expected (a LoCoMo file given to ``eval longmemeval`` must
    not end in a KeyError, nor in "no questions selected")."""
    from chronos_cli.archives.detect import format_of_item

    expected = FORMAT_NAMES[benchmark]
    if not raw:
        raise EvalError(f"{path}: found an empty list, expected {expected}")
    for n, item in enumerate(raw, 1):
        found = format_of_item(item)
        if found == benchmark:
            problem = BENCHMARKS[benchmark].item_problem(item)
            if problem is None:
                continue
            raise EvalError(f"{path}: item {n}: {problem} (expected {expected})")
        what = FORMAT_NAMES[found] if found else _describe(item)
        hint = f"; run: chronos eval {found} {path}" if found in BENCHMARKS else ""
        where = "" if n == 1 else f"item {n}: "
        raise EvalError(f"{path}: {where}found {what}, expected {expected}{hint}")


def _describe(item: object) -> str:
    """An unknown item, for the message: its type and first keys."""
    from chronos_cli.archives.common import type_name

    if isinstance(item, dict):
        keys = ", ".join(list(item)[:5])
        return f"an unknown format (an object with keys {keys})" if keys else "an unknown format (an empty object)"
    return f"an unknown format (a list holding a {type_name(item)})"


def load_checked(path: Path, benchmark: str) -> list[dict]:
    """The benchmark file's items, after checking they are ``benchmark``'s (EvalError otherwise)."""
    raw = load_raw(path, FORMAT_NAMES[benchmark])
    check_format(path, benchmark, raw)
    return raw


def index_selection(path: Path, module, chosen: list[dict], store, embedder, *, extractor=None, callbacks=None):
    """Index the chosen instances: read from the items already loaded into sessions, which go
    to the index core directly (``source``: the benchmark file)."""
    from chronos_cli.archives.common import ArchiveError, Loc, wrap_unexpected
    from chronos_cli.archives.locomo import read_locomo
    from chronos_cli.archives.longmemeval import read_longmemeval
    from chronos_cli.index.pipeline import index_sessions

    reader = {"locomo": read_locomo, "longmemeval": read_longmemeval}[module.FORMAT]
    loc = Loc()
    try:
        archive = reader(Path(path), chosen, loc=loc, tz=None, namespace=None, dayfirst=False)
    except ArchiveError as e:
        raise EvalError(str(e)) from None
    except Exception as e:  # noqa: BLE001 - unexpected structure: one line, as the readers promise
        raise EvalError(str(wrap_unexpected(Path(path), loc, e))) from None
    return index_sessions(archive.sessions, store, embedder, source=str(path), extractor=extractor, callbacks=callbacks)


def run_benchmark(
    benchmark: str,
    path: Path,
    setup: EvalSetup,
    *,
    out_dir: Path,
    limit: int | None = None,
    types: Sequence[str] | set[str] | None = None,
    resume: bool = False,
    concurrency: int = 1,
    callbacks: EvalCallbacks | None = None,
    extractor=None,
    index: bool = True,
    index_callbacks=None,
    meta: dict[str, Any] | None = None,
    raw: list[dict] | None = None,
) -> dict[str, Any]:
    """Run ``benchmark`` over ``path`` and return the report (also written to ``out_dir``).
    ``raw``: the file's items when the caller already loaded and checked them (``load_checked``).

    Raises ``RunInterrupted`` after writing a partial report when a question fails."""
    module = BENCHMARKS[benchmark]
    cb = callbacks or EvalCallbacks()
    if raw is None:
        raw = load_checked(path, benchmark)
    chosen, items = module.select(raw, limit=limit, types=set(types) if types else None)
    if not items:
        raise EvalError(f"{path}: no questions selected (check --types / --limit)")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    run_meta = dict(meta or {})
    _check_run_file(out_dir, run_meta, resume, cb)
    if index:
        cb.on_message(
            f"indexing {len(chosen)} {'instances' if benchmark == longmemeval.NAME else 'conversations'} into {setup.store.uri}"
        )
        index_selection(
            path, module, chosen, setup.store, setup.embedder, extractor=extractor, callbacks=index_callbacks
        )

    previous = read_results(out_dir / "results.jsonl") if resume else {}
    rejudge = {i for i, r in previous.items() if needs_judging(setup, r)}
    if rejudge:
        cb.on_message(f"{len(rejudge)} finished answer(s) were not judged: judging them now (no new answers)")

    def process(item):
        if item.id in rejudge:
            return module.rescore(setup, item, dict(previous[item.id]))
        return module.process(setup, item)

    interrupted: RunInterrupted | None = None
    try:
        records = run_items(
            items,
            process,
            results_path=out_dir / "results.jsonl",
            resume=resume,
            concurrency=concurrency,
            callbacks=cb,
            is_done=lambda r: not needs_judging(setup, r),
        )
    except RunInterrupted as e:
        interrupted = e
        done = read_results(out_dir / "results.jsonl")
        records = [done[i.id] for i in items if i.id in done]
    info = {
        "date": datetime.now().replace(microsecond=0).isoformat(),
        "file": str(path),
        "out": str(out_dir),
        "selected": len(items),
        **run_meta,
    }
    if interrupted is not None:
        info["interrupted"] = str(interrupted)
    report = build_report(benchmark, records, meta=info)
    write_outputs(out_dir, module, records, report)
    if interrupted is not None:
        raise interrupted
    return report


def write_outputs(out_dir: Path, module, records: list[dict], report: dict) -> None:
    hyp = hypotheses(records)
    (out_dir / "hypotheses.jsonl").write_text(
        "".join(json.dumps(h, ensure_ascii=False) + "\n" for h in hyp), encoding="utf-8"
    )
    (out_dir / "report.json").write_text(
        json.dumps(report, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8"
    )
    (out_dir / "report.md").write_text(to_markdown(report), encoding="utf-8")


_RUN_KEYS = ("models", "options", "judged", "retrieval_only", "offline")


def _check_run_file(out_dir: Path, meta: dict, resume: bool, cb: EvalCallbacks) -> None:
    run_file = out_dir / "run.json"
    now = {k: meta.get(k) for k in _RUN_KEYS}
    if resume and run_file.exists():
        try:
            before = json.loads(run_file.read_text(encoding="utf-8"))
        except ValueError:
            before = {}
        changed = [k for k in _RUN_KEYS if k in before and before.get(k) != now.get(k)]
        if changed:
            cb.on_message(
                f"warning: resuming with different {', '.join(changed)} than the first run; "
                "finished questions keep their answers (unjudged ones are judged now)"
            )
    run_file.write_text(json.dumps(now, indent=2, default=str) + "\n", encoding="utf-8")
