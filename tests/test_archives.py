"""Archive readers: every format on small fixtures, malformed input, the shared data, sample_chats."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from chronos_cli.archives import (
    FORMATS,
    ArchiveError,
    detect_format,
    iter_archive_files,
    read_archive,
    read_archives,
)

ROOT = Path(__file__).resolve().parents[1]
FIX = Path(__file__).resolve().parent / "fixtures" / "archives"
SHARED = ROOT.parent / "shared" / "data"
SAMPLES = ROOT / "sample_chats"
NY = ZoneInfo("America/New_York")
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason=f"shared benchmark data not found at {SHARED}")


def turns(archive, namespace=None):
    return [t for s in archive.sessions if namespace in (None, s.namespace) for t in s.turns]


def write(tmp_path: Path, name: str, content) -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    elif isinstance(content, str):
        p.write_text(content, encoding="utf-8")
    else:
        p.write_text(json.dumps(content), encoding="utf-8")
    return p


def error_of(path: Path, fmt: str = "auto", **kw) -> ArchiveError:
    with pytest.raises(ArchiveError) as info:
        read_archive(path, fmt, **kw)
    e = info.value
    assert "\n" not in str(e)
    assert str(e).startswith(f"{e.path}:")
    return e


# ------------------------------------------------------------------ detection


@pytest.mark.parametrize(
    "name,fmt",
    [
        ("chatgpt_branch.json", "chatgpt"),
        ("claude.json", "claude"),
        ("longmemeval.json", "longmemeval"),
        ("locomo.json", "locomo"),
        ("journal/01.jsonl", "jsonl"),
        ("journal", "jsonl"),
    ],
)
def test_detect_each_format(name, fmt):
    assert detect_format(FIX / name) == fmt
    assert read_archive(FIX / name).format == fmt


def test_detect_jsonl_without_extension(tmp_path):
    p = write(tmp_path, "log.json", (FIX / "journal" / "01.jsonl").read_text())
    assert detect_format(p) == "jsonl"
    assert len(turns(read_archive(p))) == 4


def test_detect_unknown(tmp_path):
    e = error_of(write(tmp_path, "x.json", [{"foo": 1, "bar": 2}]))
    assert "unknown format" in e.message and "--format" in e.message and "foo" in e.message
    assert "unknown format" in str(pytest.raises(ArchiveError, detect_format, write(tmp_path, "y.json", 42)).value)


def test_formats_constant_and_bad_fmt():
    assert FORMATS == ("longmemeval", "locomo", "chatgpt", "claude", "jsonl")
    e = error_of(FIX / "claude.json", "whatsapp")
    assert "whatsapp" in e.message


def test_iter_archive_files(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / ".hidden").mkdir()
    for rel in ("b.json", "sub/a.jsonl", "notes.txt", ".secret.json", ".hidden/c.json"):
        (tmp_path / rel).write_text("[]")
    assert iter_archive_files(tmp_path) == [tmp_path / "b.json", tmp_path / "sub" / "a.jsonl"]
    assert iter_archive_files(tmp_path / "b.json") == [tmp_path / "b.json"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(ArchiveError, match="no .json"):
        iter_archive_files(tmp_path / "empty")
    with pytest.raises(ArchiveError, match="no such"):
        iter_archive_files(tmp_path / "missing")


# ------------------------------------------------------------------ ChatGPT


def test_chatgpt_follows_current_branch_only():
    a = read_archive(FIX / "chatgpt_branch.json", tz=NY, namespace="me")
    assert a.format == "chatgpt" and a.namespaces == []
    assert [s.session_id for s in a.sessions] == ["conv-1", "conv-2"]  # sorted oldest first
    s = a.sessions[1]
    assert s.namespace == "me" and s.title == "Hiking"
    assert [t.turn_id for t in s.turns] == ["u1-new", "a1", "u2", "a2"]
    text = " ".join(t.text for t in s.turns)
    assert "gym" not in text and "Regenerated away" not in text  # other branches
    assert "You are ChatGPT" not in text and "search(" not in text and "search results" not in text
    assert s.turns[2].text == "Mount Tam, here is a photo."  # image part dropped
    assert [t.role for t in s.turns] == ["user", "assistant", "user", "assistant"]
    assert [t.speaker for t in s.turns] == ["user", "assistant", "user", "assistant"]
    first = s.turns[0].t_conv
    assert first.utcoffset() == timedelta(hours=-4)  # epoch → America/New_York (EDT)
    assert first == datetime.fromtimestamp(1775000060.5, tz=UTC)
    assert s.turns[2].t_conv == datetime.fromtimestamp(1775000000.0, tz=UTC)  # conversation's time


def test_chatgpt_default_namespace_and_system_tz():
    a = read_archive(FIX / "chatgpt_branch.json")
    assert {s.namespace for s in a.sessions} == {"default"}
    assert all(t.t_conv.tzinfo is not None for t in turns(a))


def test_chatgpt_without_current_node_takes_latest_children(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    del data[0]["current_node"]
    a = read_archive(write(tmp_path, "c.json", data), "chatgpt")
    assert [t.turn_id for t in a.sessions[1].turns] == ["u1-new", "a1", "u2", "a2"]


def skipped_only(path: Path, **kw):
    """Read ``path`` (not strict): the one skipped conversation, and the ids of those read."""
    a = read_archive(path, **kw)
    (skip,) = a.skipped
    assert "\n" not in str(skip) and str(skip).startswith(f"{path}: ") and ": skipped: " in str(skip)
    return skip, [s.session_id for s in a.sessions]


def test_chatgpt_missing_times_is_clear(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[0]["create_time"] = None
    p = write(tmp_path, "c.json", data)
    e = error_of(p, strict=True)
    assert "conversation 1 (id conv-2)" in e.where and "u2" in e.where and "create_time" in e.message
    skip, read = skipped_only(p)
    assert (skip.id, skip.title, read) == ("conv-2", "Hiking", ["conv-1"])
    assert "u2" in skip.where and "no time" in skip.reason


def test_chatgpt_bad_current_node_and_cycle(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[1]["current_node"] = "nope"
    p = write(tmp_path, "c.json", data)
    assert "current_node" in error_of(p, strict=True).message
    skip, read = skipped_only(p)  # the other conversation of the export is still read
    assert (skip.id, read) == ("conv-1", ["conv-2"]) and "'nope' is not in mapping" in skip.reason
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[1]["mapping"]["a"]["parent"] = "b"
    p = write(tmp_path, "d.json", data)
    assert "cycle" in error_of(p, strict=True).message
    skip, read = skipped_only(p)
    assert (skip.id, read) == ("conv-1", ["conv-2"]) and "cycle" in skip.reason


def test_chatgpt_bad_timestamp(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[1]["mapping"]["a"]["message"]["create_time"] = "yesterday-ish"
    p = write(tmp_path, "c.json", data)
    e = error_of(p, strict=True)
    assert "conversation 2 (id conv-1)" in e.where and "create_time" in e.message
    skip, read = skipped_only(p)
    assert skip.where == e.where and skip.reason == e.message and read == ["conv-2"]


def test_chatgpt_parent_links_only():
    """No children lists, no current_node, no message times: follow parent links up from the
    newest leaf; messages take the conversation's create (else update) time."""
    a = read_archive(FIX / "chatgpt_parent_only.json", tz=NY)
    by_id = {s.session_id: s for s in a.sessions}
    assert set(by_id) == {"p-1", "p-2", "p-4"}
    p1 = by_id["p-1"]
    assert [t.turn_id for t in p1.turns] == ["u1", "a1", "u2", "a2"]  # a1-old: an earlier leaf
    assert {t.t_conv for t in p1.turns} == {datetime.fromtimestamp(1775000000, tz=UTC)}
    assert p1.title == "Dentist" and "Regenerated away" not in " ".join(t.text for t in p1.turns)
    assert [t.t_conv for t in by_id["p-2"].turns] == [datetime(2026, 4, 2, 10, 0, tzinfo=UTC)] * 2  # update_time
    # the leaf with the newest message time wins over the one written later in the mapping
    assert [t.turn_id for t in by_id["p-4"].turns] == ["e0", "e-late"]
    assert by_id["p-4"].turns[1].t_conv == datetime.fromtimestamp(1775000500, tz=UTC)
    # no time anywhere: skipped, and said so
    (skip,) = a.skipped
    assert (skip.id, skip.title) == ("p-3", "Timeless") and skip.where.startswith("conversation 3 (id p-3)")
    assert "no time" in skip.reason and "create_time" in skip.reason


def test_chatgpt_children_lists_only(tmp_path):
    """The other half-export: children lists but no parent links."""
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    for conv in data:
        conv.pop("current_node")
        for node in conv["mapping"].values():
            node["parent"] = None
    a = read_archive(write(tmp_path, "c.json", data), "chatgpt")
    assert [t.turn_id for t in a.sessions[1].turns] == ["u1-new", "a1", "u2", "a2"]


def test_chatgpt_nothing_readable_is_an_error(tmp_path):
    data = json.loads((FIX / "chatgpt_parent_only.json").read_text())
    p = write(tmp_path, "c.json", [data[2]])  # only the timeless conversation
    e = error_of(p)
    assert "no time" in e.message and "1 of 1 conversations skipped" in e.message
    empty = [{"id": "e", "create_time": 1, "mapping": {"r": {"id": "r", "message": None, "parent": None}}}]
    e = error_of(write(tmp_path, "e.json", empty))
    assert "none of the 1 conversations has user or assistant text" in e.message
    # an empty conversation beside readable ones is nothing to remember, not a problem
    a = read_archive(write(tmp_path, "m.json", [{"id": "none", "create_time": 1, "mapping": {}}, *data[:1]]))
    assert [s.session_id for s in a.sessions] == ["p-1"] and a.skipped == []


def test_chatgpt_duplicate_id_skips_the_second(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[1]["id"] = "conv-2"
    skip, read = skipped_only(write(tmp_path, "c.json", data))
    assert read == ["conv-2"] and skip.where == "conversation 2 (id conv-2)"
    assert "duplicate conversation id (also conversation 1)" in skip.reason


# ------------------------------------------------------------------ Claude


def test_claude_keeps_offsets():
    a = read_archive(FIX / "claude.json", tz=NY)
    assert [s.session_id for s in a.sessions] == ["c-0", "c-1"]
    s = a.sessions[1]
    assert s.title == "Trip plans" and s.namespace == "default"
    assert [t.turn_id for t in s.turns] == ["m1", "m2", "m3"]  # m4 is empty
    assert s.turns[1].text == "Have a great trip!"  # text blocks, tool_use skipped
    assert s.turns[2].text == "Thanks"  # flat text when no content blocks
    assert [t.speaker for t in s.turns] == ["user", "assistant", "user"]
    assert s.turns[0].t_conv.utcoffset() == timedelta(hours=9)
    assert s.turns[0].t_conv.hour == 9
    # a "Z" time is a UTC instant: shown in the user's zone
    z = a.sessions[0].turns[0].t_conv
    assert z.utcoffset() == timedelta(hours=-5) and (z.day, z.hour) == (1, 18)


def test_claude_bad_sender_and_time(tmp_path):
    data = json.loads((FIX / "claude.json").read_text())
    data[0]["chat_messages"][1]["sender"] = "robot"
    p = write(tmp_path, "c.json", data)
    e = error_of(p, strict=True)
    assert "conversation 1 (id c-1) message 2" == e.where and "robot" in e.message
    skip, read = skipped_only(p)
    assert (skip.where, skip.id, skip.title, read) == (e.where, "c-1", "Trip plans", ["c-0"])
    data = json.loads((FIX / "claude.json").read_text())
    data[0]["chat_messages"][0]["created_at"] = "31/31/2026 99:99"
    e = error_of(write(tmp_path, "d.json", data), strict=True)
    assert "message 1" in e.where and "created_at" in e.message


def test_claude_bad_conversations_are_skipped_not_the_export():
    path = FIX / "claude_partly_bad.json"
    a = read_archive(path)
    assert [s.session_id for s in a.sessions] == ["ok-1", "ok-2"]
    assert [t.text for t in turns(a)] == [
        "I start the new job on Monday.",
        "Congratulations!",
        "My sister visits in April.",
    ]
    null, timeless = a.skipped
    assert (null.path, null.id, null.title) == (str(path), "bad-null", "Has a null message")
    assert null.where == "conversation 2 (id bad-null) message 2" and "got null" in null.reason
    assert timeless.id == "no-time" and "no time" in timeless.reason
    e = error_of(path, strict=True)  # --strict: the first problem is fatal
    assert e.where == null.where and e.message == null.reason


def test_claude_message_without_time_takes_the_conversation_time(tmp_path):
    data = json.loads((FIX / "claude.json").read_text())
    del data[0]["chat_messages"][0]["created_at"]
    a = read_archive(write(tmp_path, "c.json", data), tz=NY)
    assert a.skipped == [] and a.sessions[1].turns[0].t_conv == datetime.fromisoformat("2026-03-01T09:00:00+09:00")


# ------------------------------------------------------------------ LongMemEval


def test_longmemeval_fixture():
    a = read_archive(FIX / "longmemeval.json")
    (info,) = a.namespaces
    assert info.namespace == "q1" and info.format == "longmemeval"
    assert info.question_date == datetime(2023, 5, 30, 23, 17)
    assert info.answer == "May 2" and info.answer_session_ids == ["s1"]
    s1, s2 = a.sessions
    assert (s1.session_id, s1.t_conv) == ("s1", datetime(2023, 5, 3, 10, 0))
    assert [t.turn_id for t in s1.turns] == ["s1:0", "s1:1"]
    assert [t.attrs for t in s1.turns] == [{"has_answer": True}, {"has_answer": False}]
    assert s2.turns[0].attrs == {}  # only when present
    assert all(t.t_conv == datetime(2023, 5, 20, 8, 5) for t in s2.turns)


def test_longmemeval_namespace_prefix():
    a = read_archive(FIX / "longmemeval.json", namespace="bench")
    assert a.namespaces[0].namespace == "bench/q1" and {s.namespace for s in a.sessions} == {"bench/q1"}


def test_longmemeval_malformed(tmp_path):
    data = json.loads((FIX / "longmemeval.json").read_text())
    data[0]["haystack_dates"] = data[0]["haystack_dates"][:1]
    assert "differ in length" in error_of(write(tmp_path, "a.json", data)).message
    data = json.loads((FIX / "longmemeval.json").read_text())
    data[0]["haystack_dates"][1] = "someday"
    e = error_of(write(tmp_path, "b.json", data))
    assert "session s2" in e.where and "someday" in e.message


# ------------------------------------------------------------------ LoCoMo


def test_locomo_fixture():
    a = read_archive(FIX / "locomo.json", namespace="lc")
    assert [i.namespace for i in a.namespaces] == ["lc/s-1"] and a.namespaces[0].qa[0]["evidence"] == ["D1:1"]
    assert [s.session_id for s in a.sessions] == ["session_1", "session_2", "session_10"]
    t1, t2 = a.sessions[0].turns
    assert (t1.turn_id, t1.speaker, t1.role, t1.t_conv) == ("D1:1", "Ann", "other", datetime(2023, 5, 8, 13, 56))
    assert t2.text == "Look at mine! [image: a photo of a sunset]"


def test_locomo_missing_date(tmp_path):
    data = json.loads((FIX / "locomo.json").read_text())
    del data[0]["conversation"]["session_2_date_time"]
    e = error_of(write(tmp_path, "a.json", data))
    assert e.where == "sample 1 (s-1) session_2" and "session_2_date_time" in e.message


# ------------------------------------------------------------------ JSONL


def test_jsonl_folder_groups_sessions_across_files():
    a = read_archive(FIX / "journal", tz=NY, namespace="diary")
    assert a.format == "jsonl" and [s.session_id for s in a.sessions] == ["a", "b"]
    sa, sb = a.sessions
    assert {sa.namespace, sb.namespace} == {"diary"}
    assert [t.turn_id for t in sa.turns] == ["a:0", "a:1", "a:2", "a:3"]
    assert [t.role for t in sa.turns] == ["user", "assistant", "user", "user"]
    assert sa.turns[1].speaker == "assistant" and sa.turns[1].text == "Great job!"
    assert sa.turns[0].t_conv.utcoffset() == timedelta(hours=-7)  # explicit offset kept
    assert sa.turns[2].t_conv == datetime(2026, 4, 1, 8, 5)  # naive stays naive
    assert sa.turns[3].t_conv == datetime(2026, 4, 2, 5, 0, tzinfo=NY)  # Z → user's zone
    (tb,) = sb.turns
    assert (tb.turn_id, tb.speaker, tb.role) == ("b-custom", "Maya", "other")
    assert tb.t_conv == datetime.fromtimestamp(1775400000, tz=UTC)


def test_read_archives_walks_a_folder(tmp_path):
    (tmp_path / "j").mkdir()
    for f in (FIX / "journal").iterdir():
        (tmp_path / "j" / f.name).write_text(f.read_text())
    (tmp_path / "claude.json").write_text((FIX / "claude.json").read_text())
    archives = read_archives(tmp_path)
    assert sorted(a.format for a in archives) == ["claude", "jsonl"]
    with pytest.raises(ArchiveError, match="one by one"):
        read_archive(tmp_path)


@pytest.mark.parametrize(
    "line,needle",
    [
        ('{"session_id": "a", "speaker": "user", "text": "hi"}', "no timestamp"),
        ('{"session_id": "a", "timestamp": "2026-01-01", "text": "hi"}', "no speaker"),
        ('{"session_id": "a", "timestamp": "2026-01-01", "speaker": "me"}', "no text"),
        ('{"session_id": "a", "timestamp": "not a date", "speaker": "me", "text": "x"}', "unparseable"),
        ('{"session_id": "a", "timestamp": true, "speaker": "me", "text": "x"}', "not a timestamp"),
        ('{"session_id": "a", "timestamp": 1e300, "speaker": "me", "text": "x"}', "out of range"),
        ("[1, 2]", "expected an object"),
        ('{"session_id": "a", "timestamp": "2026-01-01", "speaker": "me", "text": "x"', "malformed JSON"),
        (
            '{"session_id": "a", "timestamp": "2026-01-01", "speaker": "me", "text": "x", "id": "a:0"}',
            "duplicate turn_id",
        ),
    ],
)
def test_jsonl_errors_name_the_line(tmp_path, line, needle):
    good = '{"session_id": "a", "timestamp": "2026-01-01", "speaker": "me", "text": "ok"}'
    p = write(tmp_path, "log.jsonl", good + "\n" + line + "\n")
    e = error_of(p)
    assert e.path == str(p) and e.where.startswith("line 2") and needle in e.message


def test_jsonl_dayfirst(tmp_path):
    p = write(tmp_path, "d.jsonl", '{"timestamp": "03/04/2026 10:00", "speaker": "me", "text": "x"}\n')
    assert turns(read_archive(p))[0].t_conv == datetime(2026, 3, 4, 10, 0)
    assert turns(read_archive(p, dayfirst=True))[0].t_conv == datetime(2026, 4, 3, 10, 0)
    assert read_archive(p).sessions[0].session_id == "d"  # no session_id → the file's name


# ------------------------------------------------------------------ malformed files, any format


def test_empty_file(tmp_path):
    e = error_of(write(tmp_path, "e.json", "  \n"))
    assert e.message == "file is empty"


def test_malformed_json_reports_line_and_column(tmp_path):
    e = error_of(write(tmp_path, "bad.json", '[\n  {"a": 1,}\n]'))
    assert e.where == "line 2, column 11" and "malformed JSON" in e.message
    assert (
        str(e)
        == f"{tmp_path / 'bad.json'}: line 2, column 11: malformed JSON: Expecting property name enclosed in double quotes"
    )


def test_non_utf8_reports_byte(tmp_path):
    e = error_of(write(tmp_path, "latin.json", b'[{"title": "caf\xe9"}]'))
    assert e.where == "line 1, byte 15" and "UTF-8" in e.message


def test_bom_is_fine(tmp_path):
    p = write(tmp_path, "bom.json", b"\xef\xbb\xbf" + (FIX / "claude.json").read_bytes())
    assert read_archive(p).format == "claude"


@pytest.mark.parametrize("fmt", ["chatgpt", "claude", "longmemeval", "locomo"])
def test_wrong_top_level_type(tmp_path, fmt):
    e = error_of(write(tmp_path, "n.json", "42"), fmt)
    assert e.where == "top level" and "got number" in e.message
    e = error_of(write(tmp_path, "l.json", "[]"), fmt)
    assert "empty" in e.message


@pytest.mark.parametrize("fmt", FORMATS)
def test_forced_format_on_wrong_file_is_archive_error(fmt):
    for other in ("chatgpt_branch.json", "claude.json", "longmemeval.json", "locomo.json", "journal/01.jsonl"):
        try:
            read_archive(FIX / other, fmt)
        except ArchiveError as e:
            assert "\n" not in str(e) and str(FIX / other) in str(e)


def test_missing_file(tmp_path):
    e = error_of(tmp_path / "nope.json")
    assert "cannot read" in e.message


def test_unexpected_structure_is_wrapped(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[0]["mapping"]["a2"]["parent"] = ["not", "hashable"]
    p = write(tmp_path, "c.json", data)
    e = error_of(p, strict=True)
    assert "conversation 1 (id conv-2)" in e.where
    skip, read = skipped_only(p)
    assert skip.id == "conv-2" and read == ["conv-1"]


# ------------------------------------------------------------------ the shared benchmark data


@needs_shared
def test_locomo_real_file():
    a = read_archive(SHARED / "locomo_dev.json")
    assert a.format == "locomo" and [i.namespace for i in a.namespaces] == ["conv-26", "conv-30"]
    for ns, n_sessions, n_turns in (("conv-26", 19, 419), ("conv-30", 19, 369)):
        assert len([s for s in a.sessions if s.namespace == ns]) == n_sessions
        assert len(turns(a, ns)) == n_turns
    d13 = next(t for t in turns(a, "conv-26") if t.turn_id == "D1:3")
    assert d13.session_id == "session_1" and d13.t_conv.date() == datetime(2023, 5, 8).date()
    assert "support group" in d13.text
    assert a.namespaces[0].qa and all("question" in q for q in a.namespaces[0].qa)


@needs_shared
def test_longmemeval_real_file():
    a = read_archive(SHARED / "longmemeval_sample.json")
    assert a.format == "longmemeval" and len(a.namespaces) == 2
    assert {i.namespace for i in a.namespaces} == {s.namespace for s in a.sessions}
    info = a.namespaces[0]
    assert info.question_id == "6a1eabeb" and info.question_date == datetime(2023, 6, 1, 0, 58)
    assert set(info.answer_session_ids) <= {s.session_id for s in a.sessions if s.namespace == info.namespace}
    flagged = [t for t in turns(a) if t.attrs.get("has_answer") is True]
    assert flagged and all(isinstance(t.attrs["has_answer"], bool) for t in turns(a))


# ------------------------------------------------------------------ sample_chats


def test_sample_chats_read_cleanly():
    archives = read_archives(SAMPLES, tz=NY)
    by_fmt = {a.format: a for a in archives}
    assert set(by_fmt) == {"chatgpt", "claude", "jsonl"}
    all_turns = [t for a in archives for t in turns(a)]
    assert 120 <= len(all_turns) <= 250
    assert all(t.t_conv.year == 2026 and t.text.strip() for t in all_turns)
    assert not any("Middlesex Fells" in t.text for t in all_turns)  # the abandoned branch
    ids = [(s.namespace, t.turn_id) for a in archives for s in a.sessions for t in s.turns]
    assert len(ids) == len(set(ids))
    crown = next(t for t in turns(by_fmt["chatgpt"]) if "last Friday the dentist" in t.text)
    assert crown.t_conv.date().isoformat() == "2026-11-17"
    for f in iter_archive_files(SAMPLES):
        assert detect_format(f) in ("chatgpt", "claude", "jsonl")


def test_reader_bug_still_surfaces_as_archive_error(monkeypatch):
    import chronos_cli.archives as archives

    def broken(path, data, **kw):
        kw["loc"].where = "conversation 7"
        raise KeyError("uuid")

    monkeypatch.setitem(archives._JSON_READERS, "claude", broken)
    e = error_of(FIX / "claude.json")
    assert e.where == "conversation 7" and e.message == "unexpected structure (KeyError: 'uuid')"


def test_chatgpt_dangling_parent(tmp_path):
    data = json.loads((FIX / "chatgpt_branch.json").read_text())
    data[1]["mapping"]["b"]["parent"] = "ghost"
    p = write(tmp_path, "c.json", data)
    e = error_of(p, strict=True)
    assert "'ghost'" in e.message and "missing from mapping" in e.message
    skip, read = skipped_only(p)
    assert skip.reason == e.message and read == ["conv-2"]


def test_benchmark_files_are_read_whole(tmp_path):
    """A scored run must see every question: a bad LoCoMo sample fails the file, strict or not."""
    data = json.loads((FIX / "locomo.json").read_text())
    data.append(None)
    e = error_of(write(tmp_path, "l.json", data))
    assert "sample 2" in e.where


def test_unknown_zone_name_is_an_unparseable_timestamp(tmp_path):
    """dateutil only warns about "10:0L0" (zone "L"); the reader reports it, nothing on stderr."""
    import warnings

    from chronos_cli.archives import ArchiveError, read_archive

    p = tmp_path / "a.jsonl"
    p.write_text('{"session_id": "s", "timestamp": "2024-01-01T10:0L0:00", "speaker": "user", "text": "hi"}\n')
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the test
        with pytest.raises(ArchiveError, match="unparseable timestamp"):
            read_archive(p)


def test_locomo_realtalk_style_messages(tmp_path):
    """Chats converted from REALTALK: day-first session dates, the text under "clean_text" and a
    time on each message (a session that runs past midnight puts its late messages on the next day)."""
    data = [
        {
            "sample_id": "rt-1",
            "qa": [],
            "conversation": {
                "speaker_a": "Emi",
                "speaker_b": "Elise",
                "session_1_date_time": "02.01.2024, 23:50:00",
                "session_1": [
                    {
                        "speaker": "Emi",
                        "dia_id": "D1:1",
                        "clean_text": "went to the dentist",
                        "date_time": "02.01.2024, 23:50:10",
                    },
                    {"speaker": "Elise", "dia_id": "D1:2", "clean_text": "oh no", "date_time": "03.01.2024, 00:20:00"},
                    {"speaker": "Emi", "dia_id": "D1:3", "clean_text": "yeah", "date_time": "not a time"},
                ],
                "session_2_date_time": "2024-01-05 09:00",
                "session_2": [{"speaker": "Emi", "dia_id": "D2:1", "text": "hi"}],
            },
        }
    ]
    a = read_archive(write(tmp_path, "rt.json", data))
    t1, t2, t3 = a.sessions[0].turns
    assert a.sessions[0].t_conv == datetime(2024, 1, 2, 23, 50)
    assert (t1.text, t1.t_conv) == ("went to the dentist", datetime(2024, 1, 2, 23, 50, 10))
    assert t2.t_conv == datetime(2024, 1, 3, 0, 20)
    assert t3.t_conv == datetime(2024, 1, 2, 23, 50)  # an unreadable stamp falls back to the session's
    # an ISO session date is year-month-day, not read day first
    assert a.sessions[1].t_conv == datetime(2024, 1, 5, 9, 0) and a.sessions[1].turns[0].t_conv == datetime(
        2024, 1, 5, 9, 0
    )


def test_locomo_turn_stamps_with_a_zone_or_slashes(tmp_path):
    conv = {
        "session_1_date_time": "05/08/2023 10:00",
        "session_1": [
            {"speaker": "A", "dia_id": "D1:1", "text": "hi", "date_time": None, "timestamp": "2023-05-08T14:30:00Z"},
            {"speaker": "B", "dia_id": "D1:2", "text": "yo", "date_time": "05/08/2023 10:05"},
        ],
    }
    path = write(tmp_path, "z.json", [{"sample_id": "z", "qa": [], "conversation": conv}])
    a = read_archive(path, tz=NY)
    t1, t2 = a.sessions[0].turns
    assert a.sessions[0].t_conv == datetime(2023, 5, 8, 10, 0)  # slashes: month first by default
    assert t1.t_conv == datetime(2023, 5, 8, 10, 30)  # a null date_time does not hide the timestamp; UTC → New York
    assert t2.t_conv == datetime(2023, 5, 8, 10, 5)
    b = read_archive(path, tz=NY, dayfirst=True)
    assert b.sessions[0].t_conv == datetime(2023, 8, 5, 10, 0) and b.sessions[0].turns[1].t_conv == datetime(
        2023, 8, 5, 10, 5
    )


def test_locomo_turn_stamps_fill_in_from_the_session_and_bad_ones_fall_back(tmp_path):
    turns = [
        {"speaker": "A", "dia_id": "D1:1", "text": "", "clean_text": "went hiking", "date_time": "14:18"},
        {"speaker": "B", "dia_id": "D1:2", "text": None, "clean_text": "nice", "timestamp": 1683554400},
        {"speaker": "A", "dia_id": "D1:3", "text": "ok", "date_time": "2023/05/08 11:00"},
        {"speaker": "B", "dia_id": "D1:4", "text": "ok", "date_time": "Jan 5 2024 9:00 PM XYZ"},
    ]
    conv = {"session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": turns}
    path = write(tmp_path, "f.json", [{"sample_id": "f", "qa": [], "conversation": conv}])
    t1, t2, t3, t4 = read_archive(path, tz=UTC, dayfirst=True).sessions[0].turns
    assert (t1.text, t1.t_conv) == ("went hiking", datetime(2023, 5, 8, 14, 18))  # the session's date
    assert (t2.text, t2.t_conv) == ("nice", datetime(2023, 5, 8, 14, 0))  # epoch seconds, in --tz
    assert t3.t_conv == datetime(2023, 5, 8, 11, 0)  # a leading year stays a year with --dayfirst
    assert t4.t_conv == datetime(2023, 5, 8, 13, 56)  # an unknown zone: unreadable, the session's time


def test_locomo_clock_only_stamps_roll_past_midnight_and_dayless_ones_are_ignored(tmp_path):
    turns = [
        {"speaker": "A", "dia_id": "D1:1", "text": "hi", "date_time": "23:40"},
        {"speaker": "B", "dia_id": "D1:2", "text": "yo", "date_time": "00:10"},
        {"speaker": "A", "dia_id": "D1:3", "text": "ok", "date_time": "12"},
        {"speaker": "B", "dia_id": "D1:4", "text": "ok", "date_time": "9 May"},
    ]
    conv = {"session_1_date_time": "11:30 pm on 8 May, 2023", "session_1": turns}
    path = write(tmp_path, "m.json", [{"sample_id": "m", "qa": [], "conversation": conv}])
    t1, t2, t3, t4 = read_archive(path).sessions[0].turns
    assert t1.t_conv == datetime(2023, 5, 8, 23, 40) and t2.t_conv == datetime(2023, 5, 9, 0, 10)
    assert t3.t_conv == t4.t_conv == datetime(2023, 5, 8, 23, 30)  # no day named: the session's time
