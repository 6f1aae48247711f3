"""A local fake of the providers' HTTP APIs, for wire-level tests.

One small stdlib server (``ThreadingHTTPServer`` on 127.0.0.1, port 0, in a daemon thread)
that speaks just enough of:

- OpenAI ``POST /v1/chat/completions`` (and ``/chat/completions``): answers from
  ``server.chat`` (a script queue);
- OpenAI ``POST /v1/embeddings`` (and ``/embeddings``): answers from ``server.embeddings``,
  or, when that queue is empty, deterministic unit vectors hashed from each input
  (dimension ``server.embed_dim``, or the request's ``dimensions``);
- Cohere ``POST /v1/rerank`` and ``/v2/rerank``: answers from ``server.rerank``, or, when
  empty, a default scoring by word overlap with the query;
- Ollama's own ``POST /api/chat`` (what LiteLLM's ``ollama_chat/<model>`` speaks, non-streaming):
  answers from the same ``server.chat`` queue in Ollama's shape — ``message`` with
  ``tool_calls`` whose ``arguments`` are a JSON object, ``done``, ``prompt_eval_count`` /
  ``eval_count`` — and errors as Ollama sends them (``{"error": "..."}``).

Chat script items (dicts):

    {"content": "..."}                                   an assistant message
    {"tool_calls": [{"name": "f", "arguments": {...} | "raw json"}], "content"?: ...}
    {"status": 429} / {"status": 500} / {"status": 401, "message": "..."}   an error reply
    {"status": 401, "echo_key": True}                    error text that echoes the bearer key
    {"sleep": 2.0, ...}                                  wait before answering (slow reply)
    {"raw": "{truncated json"}                           a 200 with a broken body
    {"usage": {"prompt_tokens": 7, "completion_tokens": 3}}  override the token counts

Every request is recorded (``server.requests``: path, headers with lower-case names, parsed body) so tests can check
what was sent (temperature 0, tools, response_format, no key in the body).
``server.assert_script_used()`` fails if scripted replies were left over; the fixtures also
check it at teardown.

The fixtures are registered for every test module by ``tests/conftest.py``::

    from chronos_cli.providers.client import LiteLLMClient

    def test_x(openai_server):
        openai_server.chat.append({"content": "hi"})
        client = LiteLLMClient("openai/test-model", api_base=openai_server.base_url, api_key="sk-test-1")
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

HOST = "127.0.0.1"


class FakeProviderServer:
    def __init__(self, *, embed_dim: int = 8) -> None:
        self.chat: deque[dict[str, Any]] = deque()
        self.embeddings: deque[dict[str, Any]] = deque()
        self.rerank: deque[dict[str, Any]] = deque()
        self.embed_dim = embed_dim
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._counter = 0
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = ThreadingHTTPServer((HOST, 0), handler)
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False  # slow handlers must not hold up close()
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-provider", daemon=True
        )

    # -- lifecycle --------------------------------------------------------------------------
    def start(self) -> FakeProviderServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FakeProviderServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- addresses --------------------------------------------------------------------------
    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        """Root URL (what the Cohere SDK takes as ``base_url``)."""
        return f"http://{HOST}:{self.port}"

    @property
    def base_url(self) -> str:
        """OpenAI-style base URL (what LiteLLM takes as ``api_base``)."""
        return f"{self.url}/v1"

    # -- helpers for tests ------------------------------------------------------------------
    def requests_to(self, suffix: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["path"].endswith(suffix)]

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        return self.requests_to("/chat/completions")

    @property
    def ollama_requests(self) -> list[dict[str, Any]]:
        return self.requests_to("/api/chat")

    def assert_script_used(self) -> None:
        left = {
            k: len(q) for k, q in (("chat", self.chat), ("embeddings", self.embeddings), ("rerank", self.rerank)) if q
        }
        assert not left, f"scripted replies left unused: {left}"

    def _next_id(self) -> int:
        with self._lock:
            self._counter += 1
            return self._counter

    def _pop(self, queue: deque[dict[str, Any]]) -> dict[str, Any] | None:
        with self._lock:
            return queue.popleft() if queue else None


class _Handler(BaseHTTPRequestHandler):
    fake: FakeProviderServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:  # noqa: N802
        self._send(404, {"error": {"message": "not found", "type": "not_found"}})

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        path = self.path.split("?", 1)[0]
        with self.fake._lock:
            self.fake.requests.append(
                {"path": path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
            )
        try:
            if path.endswith("/chat/completions"):
                self._chat(body)
            elif path.endswith("/api/chat"):
                self._ollama_chat(body)
            elif path.endswith("/embeddings"):
                self._embeddings(body)
            elif path in ("/v1/rerank", "/v2/rerank", "/rerank"):
                self._rerank(body)
            else:
                self._send(404, {"error": {"message": f"no route {path}", "type": "not_found"}})
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
            pass

    # -- plumbing ---------------------------------------------------------------------------
    def _send(self, status: int, payload: Any = None, *, raw: str | None = None) -> None:
        data = (raw if raw is not None else json.dumps(payload)).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def _common(self, item: dict[str, Any]) -> bool:
        """Sleep / error / raw handling shared by all routes; True when the reply was sent."""
        if item.get("sleep"):
            time.sleep(float(item["sleep"]))
        if "status" in item and int(item["status"]) >= 400:
            status = int(item["status"])
            message = item.get("message") or f"scripted error {status}"
            if item.get("echo_key"):
                message = f"Incorrect API key provided: {self._bearer()}. You can find your API key at ..."
            self._send(
                status, {"error": {"message": message, "type": "scripted_error", "code": status}, "message": message}
            )
            return True
        if "raw" in item:
            self._send(int(item.get("status", 200)), raw=item["raw"])
            return True
        return False

    def _bearer(self) -> str:
        auth = self.headers.get("authorization") or ""
        return auth.split(" ", 1)[1] if " " in auth else auth

    # -- OpenAI chat ------------------------------------------------------------------------
    def _chat(self, body: dict[str, Any]) -> None:
        item = self.fake._pop(self.fake.chat)
        if item is None:
            self._send(500, {"error": {"message": "fake server: chat script is empty", "type": "script_empty"}})
            return
        if self._common(item):
            return
        message: dict[str, Any] = {"role": "assistant", "content": item.get("content")}
        finish = "stop"
        if item.get("tool_calls"):
            calls = []
            for i, call in enumerate(item["tool_calls"]):
                args = call.get("arguments", {})
                calls.append(
                    {
                        "id": call.get("id") or f"call_{self.fake._next_id()}_{i}",
                        "type": "function",
                        "function": {
                            "name": call["name"],
                            "arguments": args if isinstance(args, str) else json.dumps(args),
                        },
                    }
                )
            message["tool_calls"] = calls
            finish = "tool_calls"
        prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
        usage = {
            "prompt_tokens": max(1, prompt_chars // 4),
            "completion_tokens": max(1, len(message["content"] or "") // 4),
        }
        usage.update(item.get("usage") or {})
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        self._send(
            200,
            {
                "id": f"chatcmpl-{self.fake._next_id()}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "test-model"),
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": usage,
            },
        )

    # -- Ollama chat ------------------------------------------------------------------------
    def _ollama_chat(self, body: dict[str, Any]) -> None:
        item = self.fake._pop(self.fake.chat)
        if item is None:
            self._send(500, {"error": "fake server: chat script is empty"})
            return
        if item.get("sleep"):
            time.sleep(float(item["sleep"]))
        if "status" in item and int(item["status"]) >= 400:
            self._send(int(item["status"]), {"error": item.get("message") or f"scripted error {item['status']}"})
            return
        if "raw" in item:
            self._send(int(item.get("status", 200)), raw=item["raw"])
            return
        message: dict[str, Any] = {"role": "assistant", "content": item.get("content") or ""}
        if item.get("tool_calls"):
            # Ollama's shape: no call id, arguments as an object
            message["tool_calls"] = [
                {
                    "function": {
                        "name": c["name"],
                        "arguments": json.loads(c["arguments"])
                        if isinstance(c.get("arguments"), str)
                        else c.get("arguments", {}),
                    }
                }
                for c in item["tool_calls"]
            ]
        prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
        usage = item.get("usage") or {}
        self._send(
            200,
            {
                "model": body.get("model", "test-model"),
                "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "message": message,
                "done": True,
                "done_reason": "stop",
                "prompt_eval_count": usage.get("prompt_tokens", max(1, prompt_chars // 4)),
                "eval_count": usage.get("completion_tokens", max(1, len(message["content"]) // 4)),
            },
        )

    # -- OpenAI embeddings ------------------------------------------------------------------
    def _embeddings(self, body: dict[str, Any]) -> None:
        inputs = body.get("input", [])
        if isinstance(inputs, str):
            inputs = [inputs]
        item = self.fake._pop(self.fake.embeddings) or {}
        if self._common(item):
            return
        dim = int(body.get("dimensions") or self.fake.embed_dim)
        vectors = item.get("vectors") or [hash_vector(str(t), dim) for t in inputs]
        self._send(
            200,
            {
                "object": "list",
                "data": [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)],
                "model": body.get("model", "test-embed"),
                "usage": {"prompt_tokens": len(inputs), "total_tokens": len(inputs)},
            },
        )

    # -- Cohere rerank ----------------------------------------------------------------------
    def _rerank(self, body: dict[str, Any]) -> None:
        item = self.fake._pop(self.fake.rerank) or {}
        if self._common(item):
            return
        docs = [d if isinstance(d, str) else (d.get("text") or json.dumps(d)) for d in body.get("documents", [])]
        if "results" in item:
            results = item["results"]
        else:
            results = overlap_scores(body.get("query", ""), docs)
            if body.get("top_n"):
                results = results[: int(body["top_n"])]
        self._send(
            200,
            {
                "id": f"rerank-{self.fake._next_id()}",
                "results": results,
                "meta": {"api_version": {"version": "2"}, "billed_units": {"search_units": 1}},
            },
        )


def hash_vector(text: str, dim: int) -> list[float]:
    """A deterministic unit vector for ``text`` (test data only, never a real embedding)."""
    out: list[float] = []
    counter = 0
    while len(out) < dim:
        digest = hashlib.sha256(f"{counter}:{text}".encode()).digest()
        out.extend((b - 127.5) / 127.5 for b in digest)
        counter += 1
    out = out[:dim]
    norm = math.sqrt(sum(x * x for x in out)) or 1.0
    return [x / norm for x in out]


def overlap_scores(query: str, docs: list[str]) -> list[dict[str, Any]]:
    """Cohere-style results scored by the share of query words in each document, best first."""
    words = set(re.findall(r"\w+", query.lower()))
    scored = []
    for i, doc in enumerate(docs):
        dw = set(re.findall(r"\w+", doc.lower()))
        score = len(words & dw) / len(words) if words else 0.0
        scored.append({"index": i, "relevance_score": round(score, 6)})
    scored.sort(key=lambda r: (-r["relevance_score"], r["index"]))
    return scored


@pytest.fixture
def openai_server(monkeypatch: pytest.MonkeyPatch):
    """A started fake OpenAI-compatible server; fails the test at teardown if its script was not used up."""
    _no_proxy(monkeypatch)
    with FakeProviderServer() as server:
        yield server
        server.assert_script_used()


@pytest.fixture
def cohere_server(monkeypatch: pytest.MonkeyPatch):
    """A started fake Cohere server (``server.url`` is the SDK's ``base_url``)."""
    _no_proxy(monkeypatch)
    with FakeProviderServer() as server:
        yield server
        server.assert_script_used()


def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # requests go to 127.0.0.1 only: never through a proxy configured in the environment
    for var in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(var, "127.0.0.1,localhost")
