"""Long, code-heavy messages: peak memory and throughput of `chronos index` against the bare embedder.

    python bench/bench_long.py [--turns 630] [--chars 3800] [--repeats 1] [--keep FILE]

Writes a deterministic synthetic JSONL (``--turns`` turns in sessions of 10, alternating user and
assistant, each about ``--chars`` characters of prose mixed with Python, shell and JSON snippets,
like a coding-assistant export), then prints the bare local embedder's texts/s on those texts in
this process, and `chronos index FILE --db D --no-events --offline` in a fresh subprocess: wall
time, turns/s, the ratio to the bare embedder, and the subprocess's peak RSS (its ``ru_maxrss`` from
``os.wait4``, as ``/usr/bin/time -v`` reports it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHRONOS = [sys.executable, "-m", "chronos_cli"]

WORDS = [
    "the",
    "function",
    "returns",
    "a",
    "list",
    "of",
    "rows",
    "when",
    "the",
    "cache",
    "is",
    "warm",
    "otherwise",
    "it",
    "reads",
    "the",
    "file",
    "again",
    "and",
    "parses",
    "each",
    "line",
    "into",
    "a",
    "record",
    "we",
    "then",
    "sort",
    "by",
    "timestamp",
    "and",
    "merge",
    "duplicates",
    "before",
    "writing",
    "the",
    "result",
    "back",
    "to",
    "disk",
    "note",
    "that",
    "the",
    "timeout",
    "applies",
    "per",
    "request",
    "not",
    "per",
    "batch",
    "so",
    "retries",
    "can",
    "add",
    "up",
]
NAMES = ["user_id", "rows", "cache", "path", "session", "payload", "retries", "timeout", "result", "config"]


def _code(rng: random.Random) -> str:
    a, b, c = rng.sample(NAMES, 3)
    n = rng.randint(2, 500)
    kind = rng.randrange(3)
    if kind == 0:
        return (
            f"```python\ndef load_{a}({b}: dict, {c}: int = {n}) -> list[dict]:\n"
            f"    out = []\n    for k, v in sorted({b}.items()):\n"
            f"        if v.get('{c}', 0) > {n}:\n            out.append({{'key': k, '{a}': v['{a}']}})\n"
            f"    return out[:{c}]\n```"
        )
    if kind == 1:
        return (
            f"```bash\n$ grep -rn '{a}' src/ | head -{n}\n$ python -m pytest tests/test_{b}.py -q -x -k {c}\n"
            f"FAILED tests/test_{b}.py::test_{c} - KeyError: '{a}'\n```"
        )
    return "```json\n" + json.dumps({a: n, b: [n, n + 1, None], c: {"enabled": True, "path": f"/var/{a}"}}) + "\n```"


def _message(rng: random.Random, chars: int) -> str:
    parts: list[str] = []
    size = 0
    while size < chars:
        if rng.random() < 0.55:
            part = _code(rng)
        else:
            part = " ".join(rng.choice(WORDS) for _ in range(rng.randint(15, 60))).capitalize() + "."
        parts.append(part)
        size += len(part) + 2
    return "\n\n".join(parts)


def write_long_jsonl(path: Path, turns: int = 630, chars: int = 3800, seed: int = 12) -> Path:
    """The synthetic export: the same file for the same arguments."""
    rng = random.Random(seed)
    t0 = datetime(2026, 1, 5, 9, 0)
    with path.open("w", encoding="utf-8") as f:
        for i in range(turns):
            row = {
                "session_id": f"s{i // 10:04d}",
                "timestamp": (t0 + timedelta(hours=i // 10 * 7, minutes=i % 10)).isoformat(),
                "speaker": "user" if i % 2 == 0 else "assistant",
                "text": f"({i}) " + _message(rng, chars),
            }
            f.write(json.dumps(row) + "\n")
    return path


def peak_rss(cmd: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall seconds and peak RSS in bytes of a subprocess (Linux reports ru_maxrss in KiB)."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"chronos index failed with exit code {proc.returncode}: {' '.join(cmd)}")
    return wall, usage.ru_maxrss * 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=630)
    ap.add_argument("--chars", type=int, default=3800)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--keep", help="also write the synthetic JSONL here")
    a = ap.parse_args()

    tmp = Path(tempfile.mkdtemp())
    path = write_long_jsonl(tmp / "long.jsonl", a.turns, a.chars)
    if a.keep:
        shutil.copy(path, a.keep)
    texts = [json.loads(line)["text"] for line in path.open(encoding="utf-8")]

    from chronos_cli.providers.embed import LocalEmbedder

    emb = LocalEmbedder()
    emb.embed(texts[:8])  # warm-up: model load
    env = dict(os.environ, CHRONOS_HOME=str(tmp / "home"))
    bare: list[float] = []
    runs: list[tuple[float, int]] = []
    for i in range(a.repeats):  # interleaved: a load change on the machine hits both sides alike
        t = time.perf_counter()
        emb.embed(texts)
        bare.append(time.perf_counter() - t)
        db = tmp / f"db-{i}"
        runs.append(peak_rss(CHRONOS + ["index", str(path), "--db", str(db), "--no-events", "--offline"], env))
        shutil.rmtree(db, ignore_errors=True)
    shutil.rmtree(tmp, ignore_errors=True)

    n = len(texts)
    avg = sum(map(len, texts)) / n
    bare_s, wall = min(bare), min(w for w, _ in runs)
    peak = max(p for _, p in runs)
    print(f"{n} turns, {avg:.0f} chars each on average, best of {a.repeats}, {os.cpu_count()} cores")
    print(f"bare embedder (in process):             {n / bare_s:6.1f} turns/s  ({bare_s:.2f} s)")
    print(f"chronos index --no-events (process):    {n / wall:6.1f} turns/s  ({wall:.2f} s)  ratio {bare_s / wall:.2f}")
    print(f"chronos index peak RSS:                 {peak / 2**20:.0f} MiB")
    print(json.dumps({"turns": n, "avg_chars": avg, "bare_s": bare_s, "index_s": wall, "peak_rss_mib": peak / 2**20}))


if __name__ == "__main__":
    main()
