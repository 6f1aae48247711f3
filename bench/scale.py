"""Query latency at scale: LanceDB (through the real Store) beside a NumPy brute-force scan.

    python bench/scale.py [--sizes 10000,100000,250000] [--queries 100] [--markdown]

For each size N, a fresh database gets N turns and N events written through the real
write path (``Store.turn_rows`` + ``event_rows``, ``write_batch``: turns, events, session markers
in index-sized batches), then ``finish_bulk_write()`` builds the indexes (timed). Then:

- ``vector_search`` on turns and events, without and with a date filter (namespace +
  a window over a sixth of the dates, about 1/6 of the rows), p50/p95 ms, recall@15 against the exact
  top 15 (NumPy over the same vectors, with the same filter);
- the NumPy brute-force scan (``V @ q`` + top 15) in this process, as the reference;
- ``text_search`` (BM25) and ``grep`` (RE2 regex scan) on turns.

Vectors are synthetic but clustered (a random mixture of a few hundred unit cluster
centres plus noise, then normalised), so nearest neighbours are meaningful and ANN recall
is a real figure; queries are fresh draws from the same mixture. They are generated once
for the largest size and reused (prefixes) for the smaller ones. Texts are pseudo-words
with a Zipf distribution and realistic lengths (turns ~ lognormal around 35 words, events
~ 10 words). RSS is this process's resident memory after the queries (it includes the
bench's own copies of the vectors, shown apart as "vec MB").
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chronos_cli.models import Event, Session, Turn  # noqa: E402 - after the sys.path line
from chronos_cli.store import tables as store_mod  # noqa: E402
from chronos_cli.store.tables import EVENTS, TURNS, Store  # noqa: E402

DIM = 384
K = 15
NS = "bench"
TURNS_PER_SESSION = 20
T0 = datetime(2022, 1, 1, 9, 0)
SPAN_DAYS = 3 * 365


# -- synthetic data ------------------------------------------------------------------------


def clustered_vectors(n: int, rng: np.random.Generator, centres: np.ndarray, noise: float) -> np.ndarray:
    """Unit vectors: a mixture of two random centres (70/30) plus isotropic noise."""
    out = np.empty((n, DIM), dtype=np.float32)
    step = 50_000
    for i in range(0, n, step):
        m = min(step, n - i)
        a = rng.integers(0, len(centres), m)
        b = rng.integers(0, len(centres), m)
        v = (
            0.7 * centres[a]
            + 0.3 * centres[b]
            + noise * rng.standard_normal((m, DIM)).astype(np.float32) / np.sqrt(DIM)
        )
        out[i : i + m] = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


def vocabulary(rng: np.random.Generator, n: int = 6000) -> list[str]:
    syll = [
        "ka",
        "lo",
        "mi",
        "ne",
        "ru",
        "ta",
        "po",
        "si",
        "ve",
        "da",
        "qu",
        "ber",
        "tor",
        "lin",
        "gar",
        "mos",
        "pel",
        "zu",
    ]
    words: set[str] = set()
    while len(words) < n:
        k = rng.integers(1, 4)
        words.add("".join(syll[j] for j in rng.integers(0, len(syll), k)))
    return sorted(words)


def texts(n: int, rng: np.random.Generator, vocab: list[str], mean_words: float, sigma: float) -> list[str]:
    lengths = np.clip(rng.lognormal(np.log(mean_words), sigma, n).astype(int), 3, 400)
    ranks = np.arange(1, len(vocab) + 1)
    p = 1.0 / ranks**1.07
    p /= p.sum()
    ids = rng.choice(len(vocab), size=int(lengths.sum()), p=p)
    words = np.asarray(vocab, dtype=object)[ids]
    out, pos = [], 0
    for ln in lengths:
        out.append(" ".join(words[pos : pos + ln]))
        pos += ln
    return out


class Data:
    def __init__(self, n_max: int, n_queries: int, seed: int = 7) -> None:
        rng = np.random.default_rng(seed)
        centres = rng.standard_normal((300, DIM)).astype(np.float32)
        centres /= np.linalg.norm(centres, axis=1, keepdims=True)
        self.turn_vecs = clustered_vectors(n_max, rng, centres, noise=0.9)
        self.event_vecs = clustered_vectors(n_max, rng, centres, noise=0.9)
        self.queries = clustered_vectors(n_queries, rng, centres, noise=0.9)
        vocab = vocabulary(rng)
        self.vocab = vocab
        self.turn_texts = texts(n_max, rng, vocab, 35, 0.8)
        self.event_texts = texts(n_max, rng, vocab, 10, 0.3)
        # t_conv: sessions spread evenly over three years
        n_sessions = (n_max + TURNS_PER_SESSION - 1) // TURNS_PER_SESSION
        self.session_times = [T0 + timedelta(days=SPAN_DAYS * i / n_sessions) for i in range(n_sessions)]
        self.fts_queries = [" ".join(rng.choice(vocab[50:800], 2, replace=False)) for _ in range(n_queries)]
        self.grep_words = [str(w) for w in rng.choice(vocab[200:2000], n_queries)]


# -- writing through the Store -------------------------------------------------------------


def build(store: Store, data: Data, n: int, batch_turns: int) -> float:
    n_sessions = (n + TURNS_PER_SESSION - 1) // TURNS_PER_SESSION
    t = time.perf_counter()
    per_batch = max(1, batch_turns // TURNS_PER_SESSION)
    for b0 in range(0, n_sessions, per_batch):
        sessions, vectors, events, evecs = [], {}, [], []
        for si in range(b0, min(n_sessions, b0 + per_batch)):
            lo, hi = si * TURNS_PER_SESSION, min(n, (si + 1) * TURNS_PER_SESSION)
            st = data.session_times[si]
            sid = f"s{si:06d}"
            turns = [
                Turn(
                    session_id=sid,
                    turn_id=f"t{i}",
                    t_conv=st + timedelta(minutes=i - lo),
                    speaker="user" if i % 2 == 0 else "assistant",
                    role="user" if i % 2 == 0 else "assistant",
                    text=data.turn_texts[i],
                )
                for i in range(lo, hi)
            ]
            s = Session(namespace=NS, session_id=sid, t_conv=st, turns=turns)
            sessions.append(s)
            for i, turn in zip(range(lo, hi), turns):
                vectors[Store.turn_key(NS, sid, turn.turn_id)] = data.turn_vecs[i]
                words = data.event_texts[i].split()
                day = st + timedelta(days=int(i % 7))
                events.append(
                    Event(
                        event_id=f"e{i:08d}",
                        namespace=NS,
                        session_id=sid,
                        source_turn_ids=[turn.turn_id],
                        subject=words[0],
                        verb=words[1],
                        object=" ".join(words[2:]),
                        aliases=[],
                        start=day.replace(hour=0, minute=0, second=0, microsecond=0),
                        end=day.replace(hour=23, minute=59, second=59, microsecond=0),
                        t_conv=turn.t_conv,
                        evidence=data.event_texts[i],
                        extractor="bench",
                    )
                )
                evecs.append(data.event_vecs[i])
        rows = [r for s in sessions for r in store.turn_rows(s, vectors)]
        event_rows = store.event_rows(events, np.asarray(evecs))
        store.write_batch(sessions, turns=rows, events=event_rows, dim=DIM, extractor="bench", source="bench")
    return time.perf_counter() - t


# -- measuring -----------------------------------------------------------------------------


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def exact_topk(V: np.ndarray, q: np.ndarray, mask: np.ndarray | None) -> np.ndarray:
    s = V @ q
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    top = np.argpartition(-s, K)[:K]
    return top[np.argsort(-s[top])]


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_size(n: int, data: Data, args, workdir: Path) -> dict:
    uri = str(workdir / f"db_{n}")
    shutil.rmtree(uri, ignore_errors=True)
    store = Store(uri)
    write_s = build(store, data, n, args.batch_turns)
    t = time.perf_counter()
    store.finish_bulk_write()
    index_s = time.perf_counter() - t
    store = Store(uri)  # a fresh handle, as a new CLI process would have
    nq = args.queries
    res: dict = {"rows": n, "write_s": write_s, "index_s": index_s}
    ann = {
        name: any(ix.index_type.upper().startswith(("IVF", "HNSW")) for ix in store.table(name).list_indices())
        for name in (TURNS, EVENTS)
    }
    res["ann"] = ann[TURNS]

    # date window: a sixth of the time these n rows cover, from its middle
    span = data.session_times[(n - 1) // TURNS_PER_SESSION] - T0
    d0 = T0 + span / 2
    d1 = d0 + span / 6
    cases = []
    for name, V, tcol in ((TURNS, data.turn_vecs[:n], "t_conv"), (EVENTS, data.event_vecs[:n], "start")):
        idx = np.arange(n)
        st = np.array([data.session_times[i // TURNS_PER_SESSION] for i in range(n)], dtype="datetime64[us]")
        if name == TURNS:  # turn i is said (i - first turn of its session) minutes after the session starts
            t = st + (idx % TURNS_PER_SESSION).astype("timedelta64[m]")
            mask = (t >= np.datetime64(d0)) & (t <= np.datetime64(d1))
        else:  # event i covers the whole day (session day + i % 7): overlap with [d0, d1]
            day = (st + (idx % 7).astype("timedelta64[D]")).astype("datetime64[D]")
            start = day.astype("datetime64[us]")
            end = start + np.timedelta64(86_399, "s")
            mask = (end >= np.datetime64(d0)) & (start <= np.datetime64(d1))
        dated = Store.build_filter(
            namespaces=[NS], start=d0, end=d1, time_col=tcol, end_col=None if name == TURNS else "end"
        )
        cases.append((name, "", V, None, None))
        cases.append((name, "+date", V, dated, mask))

    def id_of(r):
        return int(r["turn_id"][1:])

    for name, label, V, where, mask in cases:
        getid = id_of if name == TURNS else (lambda r: int(r["event_id"][1:]))
        lat, rec = [], []
        for qi in range(nq):
            q = data.queries[qi]
            t = time.perf_counter()
            rows = store.vector_search(name, q, k=K, where=where)
            lat.append((time.perf_counter() - t) * 1000)
            truth = set(exact_topk(V, q, mask).tolist())
            rec.append(len(truth & {getid(r) for r in rows}) / K)
        res[f"{name}{label}"] = (pct(lat, 0.5), pct(lat, 0.95), statistics.mean(rec))
        # the NumPy reference: brute force over the same vectors (and mask)
        nl = []
        for qi in range(nq):
            t = time.perf_counter()
            exact_topk(V, data.queries[qi], mask)
            nl.append((time.perf_counter() - t) * 1000)
        res[f"np:{name}{label}"] = (pct(nl, 0.5), pct(nl, 0.95))
    fl = []
    for qi in range(nq):
        t = time.perf_counter()
        store.text_search(TURNS, data.fts_queries[qi], k=K)
        fl.append((time.perf_counter() - t) * 1000)
    res["fts"] = (pct(fl, 0.5), pct(fl, 0.95))
    gl = []
    for qi in range(max(5, nq // 10)):
        t = time.perf_counter()
        store.grep(TURNS, rf"\b{data.grep_words[qi]}\b", ignore_case=True, limit=50)
        gl.append((time.perf_counter() - t) * 1000)
    res["grep"] = (pct(gl, 0.5), pct(gl, 0.95))
    gc.collect()
    res["rss_mb"] = rss_mb()
    if not args.keep:
        shutil.rmtree(uri, ignore_errors=True)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000,250000", help="comma-separated row counts per table")
    ap.add_argument("--queries", type=int, default=100, help="queries per measurement (grep runs a tenth)")
    ap.add_argument("--batch-turns", type=int, default=4000, help="turns per write commit (as indexing does)")
    ap.add_argument("--ann-min-rows", type=int, default=None, help="override store.ANN_MIN_ROWS")
    ap.add_argument("--workdir", default=None, help="where the databases go (default: a temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the databases")
    ap.add_argument("--markdown", action="store_true", help="also print the table as Markdown")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if args.ann_min_rows is not None:
        store_mod.ANN_MIN_ROWS = args.ann_min_rows
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="chronos_scale_"))
    workdir.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    data = Data(max(sizes), args.queries)
    vec_mb = (data.turn_vecs.nbytes + data.event_vecs.nbytes) / 2**20
    print(
        f"data generated in {time.perf_counter() - t:.1f} s (vectors {vec_mb:.0f} MB); "
        f"ANN_MIN_ROWS={store_mod.ANN_MIN_ROWS}, {os.cpu_count()} CPUs",
        flush=True,
    )
    results = []
    for n in sizes:
        r = run_size(n, data, args, workdir)
        results.append(r)
        print(f"  {n} rows done: write {r['write_s']:.1f} s, index {r['index_s']:.1f} s", flush=True)
    if not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)

    head = [
        "rows",
        "ANN",
        "write s",
        "index s",
        "query",
        "p50 ms",
        "p95 ms",
        "NumPy p50 ms",
        "ratio",
        "recall@15",
        "RSS MB",
    ]
    lines = []
    for r in results:
        first = True
        for key in (TURNS, f"{TURNS}+date", EVENTS, f"{EVENTS}+date", "fts", "grep"):
            v = r[key]
            if key in ("fts", "grep"):
                npm, ratio, rec = "", "", ""
                label = "text_search turns" if key == "fts" else "grep turns"
            else:
                npm = f"{r['np:' + key][0]:.1f}"
                ratio = f"{v[0] / r['np:' + key][0]:.2f}"
                rec = f"{v[2]:.3f}"
                label = "vector " + key.replace("+date", " + date")
            lines.append(
                [
                    f"{r['rows']:,}" if first else "",
                    ("yes" if r["ann"] else "no") if first else "",
                    f"{r['write_s']:.1f}" if first else "",
                    f"{r['index_s']:.1f}" if first else "",
                    label,
                    f"{v[0]:.1f}",
                    f"{v[1]:.1f}",
                    npm,
                    ratio,
                    rec,
                    f"{r['rss_mb']:.0f}" if first else "",
                ]
            )
            first = False
    widths = [max(len(h), *(len(x[i]) for x in lines)) for i, h in enumerate(head)]
    print()
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for x in lines:
        print("  ".join(c.ljust(w) for c, w in zip(x, widths)))
    if args.markdown:
        print()
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for x in lines:
            print("| " + " | ".join(x) + " |")
    print(f"\nvec MB (the bench's own NumPy copies, inside RSS): {vec_mb:.0f}")


if __name__ == "__main__":
    main()
