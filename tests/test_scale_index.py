"""Auto-indexing at small size: with ANN_MIN_ROWS patched low, finish_bulk_write builds the
scalar, full-text and ANN indexes, search stays exact at the top, and later writes are
folded in (and the ANN index retrained once the table has doubled)."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np

from chronos_cli.models import Session, Turn
from chronos_cli.store import tables as store_mod
from chronos_cli.store.tables import TURNS, Store

DIM = 16


def _write(store, rng, first, n_sessions, per=10):
    sessions, vecs = [], {}
    for si in range(first, first + n_sessions):
        t0 = datetime(2024, 1, 1) + timedelta(days=si)
        turns = [
            Turn(
                session_id=f"s{si}",
                turn_id=f"t{j}",
                t_conv=t0 + timedelta(minutes=j),
                speaker="user",
                text=f"word{(si * per + j) % 97} topic{si % 7} row {si}-{j}",
            )
            for j in range(per)
        ]
        s = Session(namespace="ns", session_id=f"s{si}", t_conv=t0, turns=turns)
        sessions.append(s)
        for t in turns:
            v = rng.standard_normal(DIM).astype(np.float32)
            vecs[Store.turn_key("ns", s.session_id, t.turn_id)] = v / np.linalg.norm(v)
    rows = [r for s in sessions for r in store.turn_rows(s, vecs)]
    store.write_batch(sessions, turns=rows, events=None, dim=DIM, extractor="", source="test")
    return vecs


def test_auto_index_and_exact_top_hit(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "ANN_MIN_ROWS", 300)
    rng = np.random.default_rng(1)
    store = Store(str(tmp_path / "db"))
    vecs = _write(store, rng, 0, 20)  # 200 rows: below the threshold
    store.finish_bulk_write()
    types = {ix.columns[0]: ix.index_type for ix in store.table(TURNS).list_indices()}
    assert "vector" not in types
    assert {"key", "namespace", "t_conv", "session_key", "text"} <= set(types)

    for i in range(1, 4):  # grow past the threshold in several commits
        vecs.update(_write(store, rng, 20 * i, 20))
    store.finish_bulk_write()
    t = store.table(TURNS)
    types = {ix.columns[0]: ix.index_type for ix in t.list_indices()}
    assert "vector" in types and ("Hnsw" in types["vector"] or "Ivf" in types["vector"])
    assert store.meta()["ann_rows:turns"] == "800"
    assert all(t.index_stats(ix.name).num_unindexed_rows == 0 for ix in t.list_indices())

    # exact top hit for stored vectors, plain and with a date filter
    keys = list(vecs)
    for k in keys[::97]:
        assert store.vector_search(TURNS, vecs[k], k=5)[0].key == k
    where = Store.build_filter(namespaces=["ns"], start=datetime(2024, 1, 10), end=datetime(2024, 1, 20, 23, 59))
    hits = store.vector_search(TURNS, vecs[keys[150]], k=15, where=where)
    assert hits[0].key == keys[150] and len(hits) == 15
    assert all(datetime(2024, 1, 10) <= h.t_conv <= datetime(2024, 1, 21) for h in hits)
    assert store.text_search(TURNS, "topic3", k=5)

    # more rows: folded into the indexes; doubling retrains the ANN index
    vecs.update(_write(store, rng, 80, 90))
    store.finish_bulk_write()
    t = store.table(TURNS)
    assert all(t.index_stats(ix.name).num_unindexed_rows == 0 for ix in t.list_indices())
    assert store.meta()["ann_rows:turns"] == "1700"
    k = list(vecs)[-3]
    assert store.vector_search(TURNS, vecs[k], k=3)[0].key == k
    # nothing changed: a second call is a no-op that keeps everything working
    store.finish_bulk_write()
    assert store.counts()[TURNS] == 1700


def test_selective_filter_bypasses_the_ann_index(tmp_path, monkeypatch):
    """One namespace among many: the IVF partitions probed hold few of its rows, so an
    indexed search would miss neighbours; the store scans those few rows exactly."""
    monkeypatch.setattr(store_mod, "ANN_MIN_ROWS", 1000)
    # few probes out of ~63 partitions: the regime of a large table, at test size
    monkeypatch.setattr(store_mod, "ANN_NPROBES", 2)
    monkeypatch.setattr(store_mod, "ANN_MAX_NPROBES", 2)
    rng = np.random.default_rng(7)
    n, n_ns, dim = 4000, 40, 32
    centres = rng.standard_normal((60, dim)).astype(np.float32)
    v = centres[rng.integers(0, 60, n)] + 0.6 * rng.standard_normal((n, dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    store = Store(str(tmp_path / "db"))
    rows = [
        {
            "key": f"k{i}",
            "namespace": f"ns{i % n_ns}",
            "session_id": "s",
            "session_key": f"sk{i % n_ns}",
            "turn_id": str(i),
            "turn_index": i,
            "t_conv": datetime(2024, 1, 1),
            "tz_offset_min": None,
            "speaker": "u",
            "role": "user",
            "text": f"row {i}",
            "title": "",
            "content_hash": f"h{i}",
            "attrs": "{}",
            "vector": v[i],
        }
        for i in range(n)
    ]
    store.write_rows(TURNS, rows, [], dim)
    store.finish_bulk_write()
    assert store._has_ann(TURNS)
    for q in range(5):
        qv = v[q * 7] + 0.2 * rng.standard_normal(dim).astype(np.float32)
        idx = np.arange(q, n, n_ns)  # the rows of namespace q
        exact = {int(i) for i in idx[np.argsort(-(v[idx] @ qv))[:15]]}
        got = store.vector_search(TURNS, qv, k=15, where=Store.build_filter(namespaces=[f"ns{q}"]))
        assert {int(r.turn_id) for r in got} == exact
