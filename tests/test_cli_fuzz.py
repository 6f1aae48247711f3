"""`chronos index` on corrupted archives: exit 0 (still valid), or 1/2 with one-line
`error:` messages, never a traceback."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from chronos_cli.cli import app
from tests.conftest import share_local_embedder

GOOD_JSONL = "".join(
    json.dumps(
        {
            "session_id": f"s{i}",
            "timestamp": f"2024-01-0{i + 1}T10:00:00",
            "speaker": "user",
            "text": f"hello {i} yesterday",
        }
    )
    + "\n"
    for i in range(3)
).encode()
GOOD_LOCOMO = json.dumps(
    [
        {
            "sample_id": "conv-x",
            "conversation": {
                "speaker_a": "A",
                "speaker_b": "B",
                "session_1_date_time": "1:56 pm on 8 May, 2023",
                "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "I went hiking yesterday"}],
            },
            "qa": [],
        }
    ]
).encode()


@st.composite
def corrupted(draw):
    base, suffix = draw(st.sampled_from([(GOOD_JSONL, ".jsonl"), (GOOD_LOCOMO, ".json")]))
    data = bytearray(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["truncate", "flip", "insert", "delete"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if op == "truncate":
            data = data[:i]
        elif op == "flip":
            data[i] = draw(st.integers(0, 255))
        elif op == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        else:
            del data[i : i + draw(st.integers(1, 16))]
    return bytes(data), suffix, draw(st.sampled_from(["auto", "jsonl", "locomo", "chatgpt"]))


def test_index_fuzz(embedder):
    share_local_embedder(embedder)  # load the model once
    runner = CliRunner()

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(corrupted())
    def check(case):
        data, suffix, fmt = case
        with tempfile.TemporaryDirectory() as d:
            f = Path(d) / f"archive{suffix}"
            f.write_bytes(data)
            r = runner.invoke(
                app,
                ["index", str(f), "--db", str(Path(d) / "db"), "--format", fmt, "--no-events", "--offline", "--json"],
            )
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert "Traceback" not in r.output
        if r.exit_code != 0:
            assert r.exit_code in (1, 2), r.output
            lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
            assert lines and all(ln.startswith("error:") for ln in lines), r.stderr

    check()
