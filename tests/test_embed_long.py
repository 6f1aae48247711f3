"""The local embedder on long texts: passages, their mean, and batches bounded by tokens."""

from __future__ import annotations

import numpy as np
import pytest
from tokenizers import Tokenizer

from chronos_cli.providers.embed import LocalEmbedder, local_model_files, token_batches

TOPICS = [
    "We refactored the billing service so invoices are generated from the ledger table.",
    "The staging cluster ran out of disk because the log rotation job had stopped.",
    "Our retry policy doubles the wait after each failed request, up to thirty seconds.",
    "The mobile app caches the feed for ten minutes and refreshes it on pull.",
    "Database migrations now run in a transaction and roll back when a step fails.",
    "The search page paginates with a cursor instead of an offset for speed.",
]
TAIL = "Separately, my dentist said the cracked molar needs a crown and a root canal next Tuesday."


def _long(n: int = 60, tail: str = TAIL) -> str:
    return " ".join(f"{TOPICS[i % len(TOPICS)]} (note {i})" for i in range(n)) + " " + tail


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    t = Tokenizer.from_file(str(local_model_files()[1]))
    t.no_truncation()
    t.no_padding()
    return t


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def test_long_text_is_split_into_bounded_overlapping_passages(embedder, tok):
    text = _long()
    parts = embedder.passages(text)
    assert 2 < len(parts) <= embedder.max_passages
    assert all(len(tok.encode(p).ids) <= 256 for p in parts)  # special tokens included
    starts = [text.index(p) for p in parts]  # each is a substring, in order
    assert starts == sorted(starts) and starts[0] == 0
    assert text.endswith(parts[-1])  # nothing of the tail is left out
    for a, b, pa in zip(starts, starts[1:], parts):
        assert b < a + len(pa)  # consecutive passages overlap
    for s, p in zip(starts, parts):  # cut between words, never inside one
        e = s + len(p)
        assert s == 0 or not (text[s - 1].isalnum() and p[0].isalnum())
        assert e == len(text) or not (text[e].isalnum() and p[-1].isalnum())


def test_long_text_vector_is_the_normalised_mean_of_its_passages(embedder):
    text = _long()
    parts = embedder.passages(text)
    whole = embedder.embed([text])[0]
    each = np.stack([embedder.embed([p])[0] for p in parts])
    assert np.allclose(whole, _unit(each.mean(axis=0)), atol=1e-5)
    # the same text inside a batch of short ones gets the same vector
    mixed = embedder.embed(["hello there", text, "ok"])
    assert np.allclose(mixed[1], whole, atol=1e-5)


def test_tail_of_a_long_text_counts(embedder):
    # the same first 1,000 tokens, different endings: the model read only the first 256 before
    dentist = _long(40, TAIL)
    safari = _long(40, "Separately, on safari we watched giraffes and elephants drink at the river at dusk.")
    q = embedder.embed(["dentist crown for a cracked molar"])[0]
    a, b = embedder.embed([dentist, safari])
    assert float(q @ a) > float(q @ b) + 0.02


def test_passages_are_capped(embedder):
    text = _long(400, tail="The last sentence mentions a giraffe.")
    parts = embedder.passages(text)
    assert len(parts) == embedder.max_passages
    assert "giraffe" not in parts[-1]


def test_short_text_vector_is_unchanged(embedder, tok):
    import onnxruntime as ort

    texts = ["I went hiking yesterday.", "The dentist put on a crown.", "", "word " * 200]
    session = ort.InferenceSession(str(local_model_files()[0]), providers=["CPUExecutionProvider"])
    want = []
    for t in texts:  # one at a time, the whole text with its special tokens: no padding, no batching
        ids = np.asarray([tok.encode(t if t.strip() else " ").ids], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
        if "token_type_ids" in {i.name for i in session.get_inputs()}:
            feed["token_type_ids"] = np.zeros_like(ids)
        want.append(_unit(session.run(None, feed)[0][0].mean(axis=0)))
    assert all(len(tok.encode(t).ids) <= 256 for t in texts)
    assert embedder.passages(texts[0]) == [texts[0]]
    assert np.allclose(embedder.embed(texts), np.stack(want), atol=1e-5)


def test_batches_respect_the_token_budget(tok):
    e = LocalEmbedder()
    e.batch_tokens = 600
    shapes: list[tuple[int, int]] = []
    run = e._run

    def spy(batch):
        shapes.append((len(batch), max(map(len, batch))))
        return run(batch)

    e._run = spy
    texts = [_long(30), "short one", _long(12), "another short text here", _long(50), "x"]
    done: list[int] = []
    vecs = e.embed(texts, progress=done.append)
    assert all(n * width <= 600 for n, width in shapes)
    assert sum(n for n, _ in shapes) == sum(len(e.passages(t)) for t in texts)
    assert sum(done) == len(texts)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)


def test_token_batches_sort_and_bound():
    lengths = [5, 300, 40, 40, 7, 120, 256, 3, 999]
    batches = token_batches(lengths, 256)
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(len(lengths)))
    assert [lengths[i] for i in flat] == sorted(lengths)
    for b in batches:
        assert len(b) == 1 or len(b) * max(lengths[i] for i in b) <= 256
    assert [999] == [lengths[i] for i in batches[-1]]  # longer than the budget: alone
