"""One benchmark run, end to end: select → index → ask/judge each question → write files.

    report = run_benchmark("longmemeval", path, setup, out_dir=..., limit=..., types=...)

Files in ``out_dir``: ``results.jsonl`` (one line per question, appended as they finish),
``hypotheses.jsonl`` (LongMemEval's own format: {question_id, hypothesis}), ``report.json``,
``report.md`` and ``run.json`` (the run's settings, to warn when a resume changes them).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
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


def load_raw(path: Path) -> list[dict]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise EvalError(f"{path}: cannot read JSON: {e}") from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise EvalError(f"{path}: expected a list of instances")
    return data


def index_selection(
    path: Path, module, raw: list[dict], chosen: list[dict], store, embedder, *, extractor=None, callbacks=None
):
    """Index the chosen instances (all of ``path``, or a subset written to a temporary file)."""
    from chronos_cli.index.pipeline import index_paths

    if len(chosen) == len(raw):
        return index_paths([path], store, embedder, fmt=module.FORMAT, extractor=extractor, callbacks=callbacks)
    with tempfile.TemporaryDirectory(prefix="chronos-eval-") as tmp:
        sub = Path(tmp) / f"{Path(path).stem}.subset.json"
        sub.write_text(json.dumps(chosen), encoding="utf-8")
        return index_paths([sub], store, embedder, fmt=module.FORMAT, extractor=extractor, callbacks=callbacks)


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
) -> dict[str, Any]:
    """Run ``benchmark`` over ``path`` and return the report (also written to ``out_dir``).

    Raises ``RunInterrupted`` after writing a partial report when a question fails."""
    module = BENCHMARKS[benchmark]
    cb = callbacks or EvalCallbacks()
    raw = load_raw(path)
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
            path, module, raw, chosen, setup.store, setup.embedder, extractor=extractor, callbacks=index_callbacks
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
