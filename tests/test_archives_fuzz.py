"""Property-based: whatever bytes a user feeds `read_archive`, it returns an Archive or raises
ArchiveError with a one-line message — never another exception."""

from __future__ import annotations

import json
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronos_cli.archives import FORMATS, ArchiveError, read_archive
from chronos_cli.models import Archive

FIX = Path(__file__).resolve().parent / "fixtures" / "archives"
FIXTURES = {
    "chatgpt_branch.json": json.loads((FIX / "chatgpt_branch.json").read_text()),
    "claude.json": json.loads((FIX / "claude.json").read_text()),
    "longmemeval.json": json.loads((FIX / "longmemeval.json").read_text()),
    "locomo.json": json.loads((FIX / "locomo.json").read_text()),
}
JSONL = (FIX / "journal" / "01.jsonl").read_bytes()
FMTS = st.sampled_from(("auto",) + FORMATS)
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "uuid",
                    "mapping",
                    "chat_messages",
                    "conversation",
                    "session_1",
                    "session_1_date_time",
                    "haystack_sessions",
                    "haystack_dates",
                    "haystack_session_ids",
                    "question_id",
                    "question_date",
                    "current_node",
                    "create_time",
                    "created_at",
                    "text",
                    "timestamp",
                    "speaker",
                    "parent",
                    "children",
                    "message",
                    "sample_id",
                    "qa",
                    "content",
                    "sender",
                    "role",
                ]
            )
            | st.text(max_size=8),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def check(path: Path, fmt: str) -> None:
    try:
        result = read_archive(path, fmt, tz=ZoneInfo("Europe/Paris"))
    except ArchiveError as e:
        msg = str(e)
        assert "\n" not in msg and msg.startswith(str(path))
    else:
        assert isinstance(result, Archive)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@SETTINGS
@given(data=st.binary(max_size=300), fmt=FMTS, ext=st.sampled_from([".json", ".jsonl"]))
def test_random_bytes(tmp_path, data, fmt, ext):
    check(_write(tmp_path, "f" + ext, data), fmt)


@SETTINGS
@given(value=json_values, fmt=FMTS)
def test_random_json(tmp_path, value, fmt):
    check(_write(tmp_path, "v.json", json.dumps(value).encode()), fmt)


def _mutate(node, draw):
    """Delete a key, or replace a value by another type, somewhere inside ``node``."""
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node)))
        action = draw(st.sampled_from(["delete", "replace", "recurse", "recurse"]))
        if action == "delete":
            del node[key]
        elif action == "replace":
            node[key] = draw(json_values)
        else:
            _mutate(node[key], draw)
    elif isinstance(node, list) and node:
        i = draw(st.integers(0, len(node) - 1))
        if draw(st.booleans()):
            _mutate(node[i], draw)
        else:
            node[i] = draw(json_values)


@SETTINGS
@given(name=st.sampled_from(sorted(FIXTURES)), fmt=FMTS, data=st.data())
def test_structurally_corrupted_fixtures(tmp_path, name, fmt, data):
    doc = json.loads(json.dumps(FIXTURES[name]))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(doc, data.draw)
    check(_write(tmp_path, name, json.dumps(doc).encode()), fmt)


@SETTINGS
@given(name=st.sampled_from(sorted(FIXTURES) + ["01.jsonl"]), fmt=FMTS, data=st.data())
def test_byte_corrupted_fixtures(tmp_path, name, fmt, data):
    raw = bytearray(JSONL if name == "01.jsonl" else json.dumps(FIXTURES[name]).encode())
    how = data.draw(st.sampled_from(["truncate", "flip", "insert"]))
    if how == "truncate":
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    elif how == "flip":
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(raw) - 1))
            raw[i] = data.draw(st.integers(0, 255))
    else:
        i = data.draw(st.integers(0, len(raw)))
        raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    check(_write(tmp_path, name, bytes(raw)), fmt)


def _outcome(path: Path, fmt: str, strict: bool):
    try:
        return read_archive(path, fmt, tz=ZoneInfo("Europe/Paris"), strict=strict)
    except ArchiveError as e:
        assert "\n" not in str(e)
        return e


@SETTINGS
@given(name=st.sampled_from(sorted(FIXTURES)), fmt=FMTS, data=st.data())
def test_lenient_and_strict_agree(tmp_path, name, fmt, data):
    """Skipping is the only difference: strict fails exactly when the lenient read skipped
    something (or failed too), and reads the same sessions otherwise."""
    doc = json.loads(json.dumps(FIXTURES[name]))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(doc, data.draw)
    path = _write(tmp_path, name, json.dumps(doc).encode())
    lenient, strict = _outcome(path, fmt, False), _outcome(path, fmt, True)
    if isinstance(lenient, ArchiveError):
        assert isinstance(strict, ArchiveError)
        return
    for skip in lenient.skipped:
        assert "\n" not in str(skip) and skip.path == str(path) and skip.reason
    if lenient.skipped:
        assert isinstance(strict, ArchiveError)
        assert (strict.where, strict.message) == (lenient.skipped[0].where, lenient.skipped[0].reason)
        assert lenient.sessions  # a file with nothing readable is an error, never an empty archive
    else:
        assert isinstance(strict, Archive) and strict.sessions == lenient.sessions
