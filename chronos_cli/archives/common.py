"""Shared pieces of the archive readers: the error type, file loading, timestamps.

Time convention: ``t_conv`` is the speaker's local wall-clock time.
- an explicit UTC offset other than ``Z`` ("2026-05-03T18:20:00-04:00") is kept as given:
  it already is the speaker's local time;
- an instant in UTC (epoch seconds, or an ISO string ending in ``Z``) is converted to the
  user's time zone ``tz`` (default: the system's, looked up per instant so DST is right);
- a naive timestamp ("2026-05-03 18:20", LoCoMo and LongMemEval dates) stays naive: it
  already is local wall time and we don't invent an offset for it.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

from dateutil import parser as du_parser

from chronos_cli.models import Archive, Skipped
from chronos_cli.text import one_line


class ArchiveError(Exception):
    """A problem with one archive file, reported as one line: ``PATH: WHERE: MESSAGE``."""

    def __init__(self, path: Path | str, where: str, message: str) -> None:
        self.path = str(path)
        self.where = one_line(where, 120)
        self.message = one_line(message)
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.where:
            return f"{self.path}: {self.where}: {self.message}"
        return f"{self.path}: {self.message}"


@dataclass
class Loc:
    """Where a reader currently is, so unexpected structure can be reported precisely."""

    where: str = ""


def type_name(value: Any) -> str:
    """JSON-ish name of a Python value, for messages ("expected a list, got object")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


# ---------------------------------------------------------------- loading


def read_text(path: Path) -> str:
    """Read a file as UTF-8 text (BOM tolerated) or raise ArchiveError."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ArchiveError(path, "", f"cannot read file: {e.strerror or e}") from None
    if not raw.strip():
        raise ArchiveError(path, "", "file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise ArchiveError(
            path, f"line {line}, byte {e.start}", f"not valid UTF-8 ({e.reason}); re-save the file as UTF-8"
        ) from None
    return text.removeprefix("\ufeff")  # Windows editors add a BOM; json.loads rejects it


def parse_json(path: Path, text: str) -> Any:
    """json.loads with the decoder's line/column turned into the error's WHERE."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ArchiveError(path, f"line {e.lineno}, column {e.colno}", f"malformed JSON: {e.msg}") from None
    except RecursionError:
        raise ArchiveError(path, "", "malformed JSON: nested too deeply") from None
    except ValueError as e:  # e.g. integers longer than Python's digit limit
        raise ArchiveError(path, "", f"malformed JSON: {e}") from None


def as_list(path: Path, data: Any, what: str) -> list:
    """Top level of a JSON archive: a list of items (a single object is taken as one item)."""
    if isinstance(data, dict):
        return [data]
    if not isinstance(data, list):
        raise ArchiveError(path, "top level", f"expected a JSON list of {what}, got {type_name(data)}")
    if not data:
        raise ArchiveError(path, "top level", f"the list of {what} is empty: nothing to read")
    return data


_KIND_NAMES = {list: "list", dict: "object", str: "string", int: "number", float: "number", bool: "boolean"}


def want(path: Path, loc: Loc, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """Check a field's JSON type, naming the field and the place when it is wrong."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # bool is an int in Python but never a number in JSON archives
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        expected = " or ".join(dict.fromkeys(_KIND_NAMES.get(k, k.__name__) for k in kinds))
        article = "an" if expected[0] in "aeiou" else "a"
        raise ArchiveError(path, loc.where, f"{what}: expected {article} {expected}, got {type_name(value)}")
    return value


def ns_name(namespace: str | None, instance_id: str) -> str:
    """Benchmark instances keep their own id; a user-given namespace becomes a prefix."""
    return f"{namespace}/{instance_id}" if namespace else instance_id


# ---------------------------------------------------------------- timestamps


def from_epoch(value: float, tz: tzinfo | None) -> datetime:
    """Epoch seconds → aware local time (milliseconds accepted when clearly milliseconds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not an epoch time: {value!r}")
    if abs(value) > 1e11:  # > year 5138 in seconds: JavaScript-style milliseconds
        value = value / 1000.0
    try:
        utc = datetime.fromtimestamp(value, tz=UTC)
    except (OverflowError, OSError, ValueError):
        raise ValueError(f"epoch time out of range: {value!r}") from None
    # astimezone() without an argument uses the system zone for *that* instant (DST-correct).
    return utc.astimezone(tz) if tz is not None else utc.astimezone()


_EPOCH_STR = re.compile(r"^-?\d{9,13}(\.\d+)?$")


def parse_iso(text: str, tz: tzinfo | None, *, dayfirst: bool = False) -> datetime:
    """ISO 8601 (or, failing that, a dateutil-readable date) → datetime per the convention above."""
    s = text.strip()
    if not s:
        raise ValueError("empty timestamp")
    if _EPOCH_STR.match(s):
        return from_epoch(float(s), tz)
    try:
        dt = datetime.fromisoformat(s)
    except ValueError:
        try:
            with warnings.catch_warnings():
                # dateutil only warns (on stderr) about a zone name it does not know, e.g.
                # "10:0L0": that is an unparseable timestamp, reported as such
                warnings.simplefilter("error", du_parser.UnknownTimezoneWarning)
                dt = du_parser.parse(s, dayfirst=dayfirst)
        except (ValueError, OverflowError, du_parser.ParserError, du_parser.UnknownTimezoneWarning):
            raise ValueError(f"unparseable timestamp {one_line(s, 60)!r}") from None
    if dt.tzinfo is not None and s.upper().endswith("Z"):
        return dt.astimezone(tz) if tz is not None else dt.astimezone()
    return dt


def parse_any_time(value: Any, tz: tzinfo | None, *, dayfirst: bool = False) -> datetime:
    """A JSON timestamp value: epoch number or ISO-ish string."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"not a timestamp: {value!r}")
    if isinstance(value, (int, float)):
        return from_epoch(value, tz)
    if isinstance(value, str):
        return parse_iso(value, tz, dayfirst=dayfirst)
    raise ValueError(f"not a timestamp: expected a string or number, got {type_name(value)}")


def time_or_error(path: Path, loc: Loc, value: Any, what: str, tz: tzinfo | None, dayfirst: bool = False) -> datetime:
    try:
        return parse_any_time(value, tz, dayfirst=dayfirst)
    except ValueError as e:
        raise ArchiveError(path, loc.where, f"{what}: {e}") from None


def wrap_unexpected(path: Path, loc: Loc, exc: BaseException) -> ArchiveError:
    """Anything a reader did not foresee becomes an ArchiveError naming where it happened."""
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return ArchiveError(path, loc.where or "top level", f"unexpected structure ({detail})")


# ---------------------------------------------------------------- skipping bad parts


class Skips:
    """The conversations of one archive a reader leaves out, and why.

    One malformed conversation must not cost the user the rest of the export, so readers
    record it here and go on; ``strict`` turns the first problem back into an ArchiveError.
    """

    def __init__(self, path: Path, strict: bool) -> None:
        self.path = path
        self.strict = strict
        self.items: list[Skipped] = []

    def add(self, exc: BaseException, loc: Loc, *, id: str | None = None, title: str | None = None) -> None:
        err = exc if isinstance(exc, ArchiveError) else wrap_unexpected(self.path, loc, exc)
        if self.strict:
            raise err from None
        self.items.append(Skipped(path=err.path, where=err.where or loc.where, id=id, title=title, reason=err.message))

    def nothing_read(self, total: int, what: str) -> ArchiveError:
        """Every part failed: the file as a whole is an error (most likely not this format at all)."""
        first = self.items[0]
        return ArchiveError(
            first.path, first.where, f"{first.reason} (nothing readable: {len(self.items)} of {total} {what} skipped)"
        )

    def archive(self, fmt: str, sessions: list, total: int, speakers: str) -> Archive:
        """The archive of a conversations export: its sessions oldest first, with the skips. An
        export where nothing was read is an error, never "0 sessions" in silence."""
        if not sessions and self.items:
            raise self.nothing_read(total, "conversations")
        if not sessions:
            raise ArchiveError(self.path, "", f"none of the {total} conversations has {speakers} text")
        sessions.sort(key=lambda s: s.t_conv.timestamp())  # exports list newest first
        return Archive(path=str(self.path), format=fmt, sessions=sessions, skipped=self.items)


def optional_str(value: Any) -> str | None:
    """An id or title for a report, when the raw value is usable as one."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return one_line(str(value), 120)
