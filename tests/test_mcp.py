"""`chronos mcp`: the server runs as a subprocess and is spoken to with the SDK's own clients
(stdio, and streamable HTTP), on the dev LoCoMo index built once per module with
`chronos index … --format locomo --offline`."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from typer.testing import CliRunner

from chronos_cli.cli import app
from chronos_cli.mcp.endpoint import parse_endpoint
from tests.conftest import ROOT, env_without_keys, shared_data

TOOLS = {"search_turns", "search_events", "grep_turns", "grep_events", "ask", "events"}
QUESTION = "When did Caroline go to the LGBTQ support group?"


# -- the index and the servers ----------------------------------------------------------------


class Index:
    def __init__(self, db: Path, home: Path, source: Path) -> None:
        self.db, self.home, self.source = str(db), str(home), source

    def env(self, **extra: str) -> dict[str, str]:
        """Only what the server needs: no CHRONOS_* or provider key from the caller's environment."""
        return {"CHRONOS_HOME": self.home, "LITELLM_LOCAL_MODEL_COST_MAP": "True", **extra}


@pytest.fixture(scope="module")
def index(tmp_path_factory) -> Index:
    source = shared_data("locomo_dev.json")
    root = tmp_path_factory.mktemp("mcp")
    idx = Index(root / "db", root / "home", source)
    env = {k: v for k, v in env_without_keys().items() if not k.startswith("CHRONOS_")} | idx.env()
    cmd = [sys.executable, "-m", "chronos_cli", "index", str(source), "--db", idx.db, "--format", "locomo", "--offline"]
    out = subprocess.run(cmd + ["--json"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stderr[-3000:]
    return idx


class Session:
    """An MCP client session held open on a background event loop, so synchronous tests share
    one server process. Every call runs inside the one task that opened the transport (the SDK's
    task groups must be entered and left by the same task)."""

    def __init__(self, connect: Callable) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._ready: concurrent.futures.Future = concurrent.futures.Future()
        self._queue: asyncio.Queue | None = None
        self._done = asyncio.run_coroutine_threadsafe(self._main(connect), self._loop)
        try:
            self._ready.result(timeout=180)
        except BaseException:
            self._stop()
            raise

    async def _main(self, connect: Callable) -> None:
        try:
            async with connect() as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                self._queue = asyncio.Queue()
                self._ready.set_result(None)
                while (item := await self._queue.get()) is not None:
                    fn, fut = item
                    try:
                        fut.set_result(await fn(session))
                    except Exception as e:  # noqa: BLE001 - handed to the waiting test
                        fut.set_exception(e)
        except BaseException as e:
            if not self._ready.done():
                self._ready.set_exception(e)
            raise

    def __call__(self, fn: Callable, timeout: float = 300):
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self._loop.call_soon_threadsafe(self._queue.put_nowait, (fn, fut))
        return fut.result(timeout=timeout)

    def tool(self, name: str, **arguments):
        return self(lambda s: s.call_tool(name, arguments))

    def tools(self) -> dict:
        return {t.name: t for t in self(lambda s: s.list_tools()).tools}

    def close(self) -> None:
        if self._queue is not None:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, None)
            try:
                self._done.result(timeout=30)
            except Exception:  # noqa: BLE001 - teardown of a server that already went away
                pass
        self._stop()

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)


@pytest.fixture(scope="module")
def mcp(index, tmp_path_factory):
    """`chronos mcp --offline` over stdio, as an MCP client starts it."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "chronos_cli", "mcp", "--db", index.db, "--offline"],
        env=index.env(),
        cwd=str(ROOT),
    )
    with open(tmp_path_factory.mktemp("mcp_log") / "stderr.log", "w") as errlog:
        session = Session(lambda: stdio_client(params, errlog=errlog))
        yield session
        session.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(proc: subprocess.Popen, port: int, log: Path, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited {proc.returncode}: {log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"server did not listen on {port}: {log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def http_server(index, tmp_path_factory):
    """`chronos mcp --http` on 127.0.0.1 with a model configured (never called by these tests),
    `--now` before session 4 and `--namespace conv-26`; imports are logged (-X importtime)."""
    port = free_port()
    log = tmp_path_factory.mktemp("mcp_http") / "stderr.log"
    cmd = [sys.executable, "-X", "importtime", "-m", "chronos_cli", "mcp", "--db", index.db]
    cmd += ["--http", f"127.0.0.1:{port}", "--now", "2023-05-25T12:00", "--namespace", "conv-26"]
    env = index.env(PATH="/usr/bin:/bin", CHRONOS_MODEL="openai/gpt-4o-mini")
    with open(log, "w") as errfile:
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=errfile, stderr=errfile)
    try:
        wait_for_port(proc, port, log)
        session = Session(lambda: streamable_http_client(f"http://127.0.0.1:{port}/mcp"))
        yield session, log
        session.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def one_line_error(res) -> str:
    assert res.is_error, res
    text = res.content[0].text
    assert "\n" not in text and text.strip(), text
    return text


def known_namespaces(source: Path) -> list[str]:
    return sorted(s["sample_id"] for s in json.loads(source.read_text(encoding="utf-8")))


def overlaps_may_2023(e: dict) -> bool:
    return e["start"] is not None and e["start"][:10] <= "2023-05-31" and e["end"][:10] >= "2023-05-01"


# -- the tools, listed ---------------------------------------------------------------------------


def test_lists_the_six_tools_with_their_schemas(mcp):
    tools = mcp.tools()
    assert set(tools) == TOOLS

    def props(name: str) -> set[str]:
        return set(tools[name].input_schema["properties"])

    assert props("search_turns") == props("search_events") == {"query", "k", "start", "end", "namespace"}
    assert props("grep_turns") == {"pattern", "start", "end", "speaker", "namespace"}
    assert props("grep_events") == {"pattern", "start", "end", "namespace"}
    assert props("ask") == {"question", "now", "namespace"}
    assert props("events") == {"when", "since", "until", "query", "limit", "namespace"}
    required = {n: tools[n].input_schema.get("required", []) for n in TOOLS}
    assert required == {
        "search_turns": ["query"],
        "search_events": ["query"],
        "grep_turns": ["pattern"],
        "grep_events": ["pattern"],
        "ask": ["question"],
        "events": [],
    }
    k = tools["search_turns"].input_schema["properties"]["k"]
    assert (k["type"], k["minimum"], k["maximum"], k["default"]) == ("integer", 1, 50, 10)
    for name, tool in tools.items():
        assert tool.description, name
        assert tool.annotations.read_only_hint is True, name
        assert tool.annotations.destructive_hint is False, name
    assert "turns" in tools["grep_turns"].output_schema["properties"]
    assert "events" in tools["search_events"].output_schema["properties"]
    assert {"answer", "answer_range", "events", "retrieved_turns"} <= set(tools["ask"].output_schema["properties"])


# -- each tool on the dev index --------------------------------------------------------------------


def test_grep_turns_shows_the_turn_with_its_date(mcp):
    res = mcp.tool("grep_turns", pattern="support group")
    assert not res.is_error, res.content
    rows = res.structured_content["turns"]
    hit = [r for r in rows if r["namespace"] == "conv-26" and r["turn_id"] == "D1:3"]
    assert hit and hit[0]["t_conv"].startswith("2023-05-08")
    line = next(x for x in res.content[0].text.splitlines() if "D1:3" in x)
    assert "2023-05-08" in line and "LGBTQ support group" in line


def test_grep_turns_structured_content_is_the_cli_json(mcp, index):
    res = mcp.tool("grep_turns", pattern="support group")
    cli = CliRunner().invoke(app, ["grep", "-i", "support group", "--db", index.db, "--json"])
    assert cli.exit_code == 0, cli.output
    assert res.structured_content["turns"] == json.loads(cli.stdout)
    assert res.structured_content["total"] == len(json.loads(cli.stdout))


def test_grep_turns_speaker_dates_and_the_cap(mcp):
    everyone = mcp.tool("grep_turns", pattern="support").structured_content
    melanie = mcp.tool("grep_turns", pattern="support", speaker="melanie").structured_content
    assert melanie["turns"] and {r["speaker"] for r in melanie["turns"]} == {"Melanie"}
    assert {r["speaker"] for r in everyone["turns"]} - {"Melanie"}  # the filter removed someone
    assert melanie["total"] < everyone["total"]
    # more matches than the agent's grep shows: the first 40, oldest first, and the total
    assert len(everyone["turns"]) == 40 < everyone["total"]
    stamps = [r["t_conv"] for r in everyone["turns"]]
    assert stamps == sorted(stamps)
    later = mcp.tool("grep_turns", pattern="support group", start="2023-06-01").structured_content["turns"]
    assert later and all(r["t_conv"] >= "2023-06-01" for r in later)
    assert "D1:3" not in {r["turn_id"] for r in later}


def test_search_events_in_may_2023_returns_may_events(mcp):
    res = mcp.tool("search_events", query="support group", start="2023-05-01", end="2023-05-31")
    assert not res.is_error, res.content
    events = res.structured_content["events"]
    assert events and all(overlaps_may_2023(e) for e in events), [(e["start"], e["end"]) for e in events]
    assert any(e["source_turn_ids"] == ["D1:3"] and e["start"] == "2023-05-07" for e in events)
    # without the range the same search reaches beyond May: the range did the filtering
    unbounded = mcp.tool("search_events", query="support group", k=50).structured_content["events"]
    assert any(not overlaps_may_2023(e) for e in unbounded)


def test_search_turns_ranks_and_filters(mcp):
    res = mcp.tool("search_turns", query="LGBTQ support group", k=3)
    turns = res.structured_content["turns"]
    assert len(turns) == 3 and "D1:3" in {t["turn_id"] for t in turns}
    scores = [t["score"] for t in turns]
    assert scores == sorted(scores, reverse=True)
    july = mcp.tool("search_turns", query="LGBTQ support group", start="2023-07-01", end="2023-07-31")
    rows = july.structured_content["turns"]
    assert rows and all("2023-07-01" <= r["t_conv"][:10] <= "2023-07-31" for r in rows)


def test_grep_events_finds_the_dated_event(mcp):
    res = mcp.tool("grep_events", pattern="support group")
    events = res.structured_content["events"]
    e = next(e for e in events if e["source_turn_ids"] == ["D1:3"])
    assert (e["start"], e["end"], e["time_expression"]) == ("2023-05-07", "2023-05-07", "yesterday")
    assert "2023-05-07" in res.content[0].text


def test_events_lists_the_calendar(mcp):
    res = mcp.tool("events", when="May 2023")
    events = res.structured_content["events"]
    assert events and all(overlaps_may_2023(e) for e in events)
    starts = [e["start"] for e in events]
    assert starts == sorted(starts)
    assert any(e["source_turn_ids"] == ["D1:3"] for e in events)
    same = mcp.tool("events", since="2023-05-01", until="2023-05-31").structured_content["events"]
    assert {e["event_id"] for e in events} <= {e["event_id"] for e in same}
    found = mcp.tool("events", query="LGBTQ support group", since="2023-05-01", until="2023-05-31")
    assert found.structured_content["events"][0]["source_turn_ids"] == ["D1:3"]
    two = mcp.tool("events", when="May 2023", limit=2)
    assert len(two.structured_content["events"]) == 2 and two.structured_content["total"] == len(events)
    assert "the first 2 shown" in two.content[0].text


def test_ask_answers_7_may_2023_offline(mcp):
    res = mcp.tool("ask", question=QUESTION)
    assert not res.is_error, res.content
    out = res.structured_content
    assert out["answer_range"] == {"start": "2023-05-07", "end": "2023-05-07"}
    assert out["mode"] == "offline" and out["question"] == QUESTION
    assert any(e["source_turn_ids"] == ["D1:3"] for e in out["events"])
    assert "2023-05-07" in res.content[0].text


def test_ask_sees_nothing_after_its_now(mcp):
    out = mcp.tool("ask", question=QUESTION, now="2023-06-01").structured_content
    assert out["now"] == "2023-06-01T00:00:00"
    assert out["retrieved_turns"] and all(t["t_conv"][:19] <= "2023-06-01T00:00:00" for t in out["retrieved_turns"])
    assert all(e["t_conv"][:19] <= "2023-06-01T00:00:00" for e in out["events"])


# -- bad arguments are tool errors, one line each; the server carries on ------------------------


def test_bad_arguments_are_one_line_tool_errors(mcp, index):
    assert "not a valid calendar date" in one_line_error(mcp.tool("grep_turns", pattern="x", start="2023-13-01"))
    assert "not an ISO date" in one_line_error(mcp.tool("search_events", query="x", end="last May"))
    assert "not an ISO date" in one_line_error(mcp.tool("events", since="May 5"))
    assert "is after" in one_line_error(mcp.tool("grep_events", pattern="x", start="2023-06-01", end="2023-05-01"))
    assert "invalid regular expression" in one_line_error(mcp.tool("grep_turns", pattern="(unclosed"))
    assert "invalid regular expression" in one_line_error(mcp.tool("grep_events", pattern="[a-"))
    unknown = one_line_error(mcp.tool("search_turns", query="x", namespace="nope"))
    assert "unknown namespace 'nope'" in unknown
    assert unknown.endswith("known namespaces: " + ", ".join(known_namespaces(index.source)))
    assert "unknown namespace" in one_line_error(mcp.tool("ask", question=QUESTION, namespace="nope"))
    assert "now" in one_line_error(mcp.tool("ask", question=QUESTION, now="yesterday"))
    assert "either when or since/until" in one_line_error(mcp.tool("events", when="May 2023", since="2023-05-01"))
    assert "no time expression" in one_line_error(mcp.tool("events", when="whenever"))
    assert "k" in one_line_error(mcp.tool("search_turns", query="x", k="many"))
    assert "k" in one_line_error(mcp.tool("search_turns", query="x", k=500))
    assert "pattern" in one_line_error(mcp.tool("grep_turns"))
    # still serving
    ok = mcp.tool("grep_turns", pattern="support group", namespace="conv-26")
    assert not ok.is_error and {r["namespace"] for r in ok.structured_content["turns"]} == {"conv-26"}


# -- the sessions as resources ------------------------------------------------------------------


def test_sessions_are_resources(mcp, index):
    source = json.loads(index.source.read_text(encoding="utf-8"))
    n_sessions = sum(1 for s in source for k, v in s["conversation"].items() if re.fullmatch(r"session_\d+", k) and v)
    listed = {str(r.uri) for r in mcp(lambda s: s.list_resources()).resources}
    assert "chronos://sessions" in listed and "chronos://session/conv-26/session_1" in listed
    sessions = json.loads(mcp(lambda s: s.read_resource("chronos://sessions")).contents[0].text)
    assert len(sessions) == n_sessions
    first = next(s for s in sessions if s["namespace"] == "conv-26" and s["session_id"] == "session_1")
    text = mcp(lambda s: s.read_resource(first["uri"])).contents[0].text
    line = next(x for x in text.splitlines() if "D1:3" in x)
    assert "2023-05-08" in line and "LGBTQ support group" in line
    with pytest.raises(MCPError):
        mcp(lambda s: s.read_resource("chronos://session/conv-26/no-such-session"))


# -- streamable HTTP, --now, --namespace, and a fast start ------------------------------------------


def test_http_transport_with_now_and_namespace(http_server):
    session, _ = http_server
    assert set(session.tools()) == TOOLS
    res = session.tool("grep_turns", pattern="support group")
    rows = res.structured_content["turns"]
    ids = {r["turn_id"] for r in rows}
    assert {"D1:3", "D1:7"} <= ids and "D4:15" not in ids  # D4:15 was said on 2023-06-27, after --now
    assert {r["namespace"] for r in rows} == {"conv-26"}
    refused = one_line_error(session.tool("grep_turns", pattern="dance", namespace="conv-30"))
    assert refused.endswith("known namespaces: conv-26")  # the server's scope, not the whole index


def test_no_litellm_until_a_model_is_called(http_server):
    session, log = http_server
    assert not session.tool("grep_turns", pattern="dentist").is_error
    imported = re.findall(r"^import time:.*\|\s*([\w.]+)$", log.read_text(), flags=re.MULTILINE)
    assert "lancedb" in imported and "mcp" in imported  # the log does record the imports
    assert not [m for m in imported if m == "litellm" or m.startswith("litellm.")]


def test_http_refuses_a_non_loopback_host_without_allow_remote(tmp_path):
    runner = CliRunner()
    for host in ("0.0.0.0:8765", "192.168.1.5:8765", "example.com:8765"):
        res = runner.invoke(app, ["mcp", "--db", str(tmp_path / "db"), "--http", host])
        assert res.exit_code == 2 and "--allow-remote" in res.output, res.output
    res = runner.invoke(app, ["mcp", "--db", str(tmp_path / "db"), "--allow-remote"])
    assert res.exit_code == 2 and "--http" in res.output
    res = runner.invoke(app, ["mcp", "--db", str(tmp_path / "db"), "--now", "soon"])
    assert res.exit_code == 2 and "--now" in res.output


def test_mcp_help_does_not_import_the_sdk():
    code = (
        "import sys\nfrom chronos_cli.cli import app\n"
        "try:\n    app(['mcp', '--help'])\nexcept SystemExit:\n    pass\n"
        "print('HEAVY', [m for m in ('mcp', 'litellm', 'lancedb', 'uvicorn') if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "--allow-remote" in out.stdout and "HEAVY []" in out.stdout, out.stdout + out.stderr


def test_endpoint_parsing():
    assert parse_endpoint("127.0.0.1:8765").url == "http://127.0.0.1:8765/mcp"
    assert parse_endpoint("[::1]:8765").host == "::1"
    assert parse_endpoint("localhost:80").host == "localhost"
    assert parse_endpoint(":9000").host == "127.0.0.1"
    assert parse_endpoint("0.0.0.0:8765", allow_remote=True).host == "0.0.0.0"
    for bad in ("127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "127.0.0.1:http"):
        with pytest.raises(ValueError):
            parse_endpoint(bad)
