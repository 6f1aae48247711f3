"""Indexing throughput against the bare embedder, and start-up times.

    python bench/bench_index.py [--file ../shared/data/locomo_dev.json] [--repeats 3]

Prints: whole-process `chronos index` turns/s (a fresh subprocess, offline, events on
and off) beside the bare local embedder on the same texts in this process, as ratios;
and the wall time of `chronos --help` and `chronos grep` (best of N).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHRONOS = [sys.executable, "-m", "chronos_cli"]


def run(args: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(CHRONOS + args, check=True, capture_output=True, env=env, cwd=ROOT)
    return time.perf_counter() - t


def _copies(archive, n: int) -> str:
    """A JSONL of ``n`` copies of the archive's sessions; copy k's texts end with " (k)" so
    nothing is deduplicated."""
    path = Path(tempfile.mkdtemp()) / "copies.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for k in range(n):
            for s in archive.sessions:
                for t in s.turns:
                    f.write(
                        json.dumps(
                            {
                                "session_id": f"{s.namespace}-{s.session_id}-{k}",
                                "timestamp": t.t_conv.isoformat(),
                                "speaker": t.speaker,
                                "text": f"{t.text} ({k})",
                            }
                        )
                        + "\n"
                    )
    return str(path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", default=str(ROOT.parent / "shared" / "data" / "locomo_dev.json"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--copies",
        type=int,
        default=1,
        help="index N copies of the file's turns (a JSONL with distinct sessions and texts), to see "
        "the ratio once start-up is amortised",
    )
    a = ap.parse_args()

    from chronos_cli.archives import read_archive
    from chronos_cli.providers.embed import LocalEmbedder

    archive = read_archive(Path(a.file))
    if a.copies > 1:
        a.file = _copies(archive, a.copies)
        archive = read_archive(Path(a.file))
    texts = [t.text for s in archive.sessions for t in s.turns]
    n = len(texts)
    emb = LocalEmbedder()
    emb.embed(texts[:64])  # warm-up
    tmp = Path(tempfile.mkdtemp())
    env = dict(os.environ, CHRONOS_HOME=str(tmp / "home"))
    variants = (("turns only", ["--no-events"]), ("turns + events", []))
    bare: list[float] = []
    runs: dict[str, list[float]] = {label: [] for label, _ in variants}
    # interleaved, best of N: a load change on the machine hits both sides alike
    for i in range(a.repeats):
        t = time.perf_counter()
        emb.embed(texts)
        bare.append(time.perf_counter() - t)
        for label, extra in variants:
            db = tmp / f"db-{label.replace(' ', '')}-{i}"
            runs[label].append(run(["index", a.file, "--db", str(db), "--offline", *extra], env))
            shutil.rmtree(db, ignore_errors=True)
    bare_s = min(bare)
    results = {label: min(v) for label, v in runs.items()}
    db = tmp / "db-grep"
    run(["index", a.file, "--db", str(db), "--offline", "--no-events"], env)
    again = min(run(["index", a.file, "--db", str(db), "--offline", "--no-events"], env) for _ in range(a.repeats))
    help_s = min(run(["--help"], env) for _ in range(a.repeats))
    grep_s = min(run(["grep", "-i", "support group", "--db", str(db), "--json"], env) for _ in range(a.repeats))
    shutil.rmtree(tmp, ignore_errors=True)

    print(f"file: {a.file} ({n} turns), best of {a.repeats}, {os.cpu_count()} cores")
    print(f"bare embedder (in process):        {n / bare_s:7.1f} turns/s  ({bare_s:.2f} s)")
    for label, s in results.items():
        print(f"chronos index, {label:<15} (process): {n / s:7.1f} turns/s  ({s:.2f} s)  ratio {bare_s / s:.2f}")
    print(f"chronos index again (nothing new):  {again:.2f} s")
    print(f"chronos --help:                     {help_s * 1000:.0f} ms")
    print(f"chronos grep ({n}-turn index):     {grep_s * 1000:.0f} ms")
    print(
        json.dumps(
            {"turns": n, "bare_s": bare_s, **{k: v for k, v in results.items()}, "help_s": help_s, "grep_s": grep_s}
        )
    )


if __name__ == "__main__":
    main()
