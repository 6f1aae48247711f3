"""The turn calendar on a real LanceDB with the real local embedder."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pytest

from chronos_cli.index.pipeline import index_paths
from chronos_cli.store.tables import TURNS, EmbedModelMismatch, Store
from tests.conftest import shared_data, write_jsonl


def _chat(session: str, day: str, lines: list[tuple[str, str]]) -> list[dict]:
    return [
        {"session_id": session, "timestamp": f"{day}T10:{i:02d}:00", "speaker": who, "text": text}
        for i, (who, text) in enumerate(lines)
    ]


@pytest.fixture
def archive(tmp_path):
    rows = _chat(
        "s1", "2026-03-02", [("user", "I went hiking at Mount Tam yesterday."), ("assistant", "Sounds lovely!")]
    )
    rows += _chat(
        "s2", "2026-04-10", [("user", "My dentist appointment is next Tuesday."), ("assistant", "Good luck.")]
    )
    return write_jsonl(tmp_path / "chats" / "log.jsonl", rows)


def _index(store, embedder, *paths, **kw):
    return index_paths(list(paths), store, embedder, **kw)


def test_index_is_idempotent_and_incremental(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    r1 = _index(store, embedder, archive)
    assert (r1.sessions_new, r1.turns_new, r1.turns_embedded) == (2, 4, 4)
    assert store.counts()[TURNS] == 4
    r2 = _index(store, embedder, archive)
    assert (r2.sessions_new, r2.sessions_unchanged, r2.turns_new, r2.turns_embedded) == (0, 2, 0, 0)
    assert store.counts()[TURNS] == 4
    # a new session in another file: only it is embedded
    more = write_jsonl(tmp_path / "chats" / "more.jsonl", _chat("s3", "2026-05-01", [("user", "We adopted a puppy!")]))
    r3 = _index(store, embedder, archive.parent)
    assert (r3.sessions_new, r3.sessions_unchanged, r3.turns_embedded) == (1, 2, 1)
    assert store.counts()[TURNS] == 5
    assert more.exists()


def test_changed_turn_replaces_its_row(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)
    text = archive.read_text().replace("Mount Tam", "Mount Diablo")
    archive.write_text(text)
    r = _index(store, embedder, archive)
    assert (r.sessions_changed, r.turns_changed, r.turns_embedded) == (1, 1, 1)
    rows = store.grep(TURNS, "Mount", ignore_case=False)
    assert [x.text for x in rows] == ["I went hiking at Mount Diablo yesterday."]
    assert store.counts()[TURNS] == 4


def test_removed_turn_is_deleted(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)
    lines = archive.read_text().splitlines()
    archive.write_text("\n".join(lines[:1] + lines[2:]) + "\n")  # drop s1's assistant turn
    r = _index(store, embedder, archive)
    assert r.turns_removed == 1
    assert store.counts()[TURNS] == 3


def test_a_remembered_search_sees_a_later_write(tmp_path, archive, embedder):
    """Searches are remembered per table version: the same search after a re-index that changed
    a turn finds the new text, in BM25 and by vector alike."""
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)
    vec = embedder.embed(["climbing a mountain"])[0]
    before = [h.text for h in store.text_search(TURNS, "mount hiking", k=5)]
    assert before == [h.text for h in store.text_search(TURNS, "mount hiking", k=5)]
    assert "I went hiking at Mount Tam yesterday." in before
    assert "I went hiking at Mount Tam yesterday." in [h.text for h in store.vector_search(TURNS, vec, k=5)]
    archive.write_text(archive.read_text().replace("Mount Tam", "Mount Diablo"))
    _index(store, embedder, archive)
    texts = [h.text for h in store.text_search(TURNS, "mount hiking", k=5)]
    assert "I went hiking at Mount Diablo yesterday." in texts
    assert "I went hiking at Mount Tam yesterday." not in texts
    dense = [h.text for h in store.vector_search(TURNS, vec, k=5)]
    assert "I went hiking at Mount Diablo yesterday." in dense
    assert "I went hiking at Mount Tam yesterday." not in dense


def test_failing_file_writes_nothing(tmp_path, archive, embedder):
    bad = tmp_path / "chats" / "zz_bad.jsonl"
    bad.write_text(
        '{"session_id": "s9", "timestamp": "2026-01-01T00:00:00", "speaker": "user", "text": "ok"}\n{not json\n'
    )
    store = Store(str(tmp_path / "db"))
    r = _index(store, embedder, archive.parent)
    assert r.files == 1 and len(r.failed_files) == 1
    assert "zz_bad.jsonl" in r.failed_files[0] and "\n" not in r.failed_files[0]
    ids = {x.session_id for x in store.grep(TURNS, ".")}
    assert ids == {"s1", "s2"}  # nothing of the bad file, not even its valid first line


def test_refuses_to_mix_embedding_models(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)

    class Other:
        name = "openai/text-embedding-3-small"
        dim = 1536

        def embed(self, texts, progress=None):
            raise AssertionError("must not embed")

    with pytest.raises(EmbedModelMismatch, match="--reembed"):
        _index(store, Other(), archive)


def test_reembed_rewrites_vectors_without_archives(tmp_path, archive, embedder):
    from chronos_cli.index.pipeline import reembed

    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)

    class Tiny:
        name = "test/tiny"
        dim = 3

        def embed(self, texts, progress=None):
            return np.tile(np.array([1.0, 0.0, 0.0], dtype=np.float32), (len(texts), 1))

    counts = reembed(store, Tiny())
    assert counts["turns"] == 4
    assert store.embed_model() == ("test/tiny", 3)
    assert store.counts()[TURNS] == 4
    hits = store.vector_search(TURNS, np.array([1.0, 0.0, 0.0]), k=2)
    assert len(hits) == 2 and hits[0].score == pytest.approx(1.0, abs=1e-5)


def test_same_content_in_another_namespace_is_not_reembedded(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive, namespace="alice")
    r = _index(store, embedder, archive, namespace="bob")
    assert (r.sessions_new, r.turns_new, r.turns_embedded) == (2, 4, 0)
    assert set(store.namespaces()) == {"alice", "bob"}


def test_grep_filters(tmp_path, archive, embedder):
    store = Store(str(tmp_path / "db"))
    _index(store, embedder, archive)
    assert len(store.grep(TURNS, "hiking|dentist")) == 2
    assert store.grep(TURNS, "HIKING") == []
    assert len(store.grep(TURNS, "HIKING", ignore_case=True)) == 1
    march = Store.build_filter(start=datetime(2026, 3, 1), end=datetime(2026, 3, 31, 23, 59))
    assert [r.session_id for r in store.grep(TURNS, ".", where=march)] == ["s1", "s1"]
    assert [r.speaker for r in store.grep(TURNS, ".", speaker="Assistant")] == ["assistant", "assistant"]
    only_s2 = Store.build_filter(session_ids=[("default", "s2")])
    assert {r.session_id for r in store.grep(TURNS, ".", where=only_s2)} == {"s2"}
    # a catastrophic-backtracking pattern for a backtracking engine runs in linear time under RE2
    assert store.grep(TURNS, "(a+)+$") == []


def test_filters_are_typed_not_interpolated():
    f = Store.build_filter(start=datetime(2023, 1, 1), session_ids=[("default", "x' OR 1=1 --")])
    sql = f.to_sql()
    assert "OR 1=1" not in sql  # session ids become hashes
    with pytest.raises(Exception, match="invalid namespace"):
        Store.build_filter(namespaces=["a' OR '1'='1"])
    with pytest.raises(TypeError):
        Store.build_filter(start="2023-01-01' OR 1=1 --")


def test_local_embedder_ranks_paraphrase_above_unrelated(embedder):
    q, para, other = embedder.embed(
        ["When did I last see the dentist?", "I had a dental check-up last week.", "The train to Lyon was delayed."]
    )
    assert float(q @ para) > float(q @ other) + 0.2
    assert np.allclose(np.linalg.norm(embedder.embed(["x", "a longer sentence here"]), axis=1), 1.0, atol=1e-5)


def test_locomo_real_file(tmp_path, embedder):
    path = shared_data("locomo_dev.json")
    store = Store(str(tmp_path / "db"))
    r = _index(store, embedder, path, fmt="locomo")
    assert r.turns_new == 788 and set(r.namespaces) == {"conv-26", "conv-30"}
    hits = store.grep(TURNS, "(?i)support group")
    d13 = [h for h in hits if h.namespace == "conv-26" and h.turn_id == "D1:3"]
    assert d13 and d13[0].t_conv.date().isoformat() == "2023-05-08"
    again = _index(store, embedder, path, fmt="locomo")
    assert (again.turns_new, again.turns_embedded, store.counts()[TURNS]) == (0, 0, 788)


def test_only_a_fresh_local_folder_gets_the_warm_start(tmp_path):
    from chronos_cli.index.files import StoreOpener

    assert StoreOpener(str(tmp_path / "new"), Store).fresh()
    assert not StoreOpener("s3://bucket/db", Store).fresh()
    store = Store(str(tmp_path / "db"))
    store.write_rows(TURNS, [], ["x"], 3)  # creates the turns table
    assert not StoreOpener(str(tmp_path / "db"), Store).fresh()
