"""Archive readers: conversation archives → sessions of turns.

    read_archive(path, fmt="auto", tz=None, namespace=None) -> Archive

Formats (auto-detected from content, ``fmt`` forces one): LongMemEval and LoCoMo benchmark
files (one namespace per instance / sample, prefixed by ``namespace`` when given), ChatGPT
and Claude.ai exports and JSON Lines logs (all into ``namespace``, default "default").
Any problem with the input is an :class:`ArchiveError` whose ``str`` is one line
"PATH: WHERE: MESSAGE"; no other exception escapes a reader.

A bad conversation of a ChatGPT or Claude export is left out and listed in
``Archive.skipped`` (id, title, where, reason) while the rest is read; ``strict=True`` raises
the first such problem instead. An export in which nothing can be read is an ArchiveError
either way. JSON Lines logs and benchmark files (LoCoMo, LongMemEval) are always read whole.
"""

from __future__ import annotations

from datetime import tzinfo
from pathlib import Path

from ..models import Archive
from .chatgpt import read_chatgpt
from .claude import read_claude
from .common import ArchiveError, Loc, parse_json, read_text, wrap_unexpected
from .detect import JSONL_SUFFIXES, detect_text
from .jsonl import read_jsonl
from .locomo import read_locomo
from .longmemeval import read_longmemeval

FORMATS = ("longmemeval", "locomo", "chatgpt", "claude", "jsonl")
ARCHIVE_SUFFIXES = (".json", ".jsonl", ".ndjson")

_JSON_READERS = {
    "longmemeval": read_longmemeval,
    "locomo": read_locomo,
    "chatgpt": read_chatgpt,
    "claude": read_claude,
}

__all__ = [
    "FORMATS",
    "ArchiveError",
    "detect_format",
    "iter_archive_files",
    "read_archive",
    "read_archives",
]


def _visible(p: Path, root: Path) -> bool:
    return not any(part.startswith(".") for part in p.relative_to(root).parts)


def iter_archive_files(path: Path) -> list[Path]:
    """A file → [it]; a folder → its *.json / *.jsonl / *.ndjson files, recursively, sorted,
    hidden files and folders skipped."""
    path = Path(path)
    if path.is_file():
        return [path]
    if not path.exists():
        raise ArchiveError(path, "", "no such file or folder")
    if not path.is_dir():
        raise ArchiveError(path, "", "not a regular file or folder")
    files = sorted(
        p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in ARCHIVE_SUFFIXES and _visible(p, path)
    )
    if not files:
        raise ArchiveError(path, "", "folder holds no .json or .jsonl files")
    return files


def detect_format(path: Path) -> str:
    """The format of one file (or of a folder of JSONL files), from its content."""
    path = Path(path)
    if path.is_dir():
        _jsonl_folder_files(path)
        return "jsonl"
    loc = Loc()
    try:
        return detect_text(path, read_text(path))[0]
    except ArchiveError:
        raise
    except Exception as e:  # noqa: BLE001 - the contract: only ArchiveError leaves
        raise wrap_unexpected(path, loc, e) from None


def _jsonl_folder_files(path: Path) -> list[Path]:
    files = iter_archive_files(path)
    other = [f for f in files if f.suffix.lower() not in JSONL_SUFFIXES]
    if other:
        raise ArchiveError(
            path,
            "",
            f"a folder is read as one JSON Lines archive, but it also holds {other[0].name}; read its files one by one",
        )
    return files


def read_archive(
    path: Path,
    fmt: str = "auto",
    *,
    tz: tzinfo | None = None,
    namespace: str | None = None,
    dayfirst: bool = False,
    strict: bool = False,
) -> Archive:
    """Read ONE archive file (or a folder of JSONL files, read as one archive).

    ``tz``: the user's time zone for epoch and UTC ("Z") timestamps; None = the system's.
    Naive timestamps stay naive (already local wall time); explicit offsets are kept.
    ``namespace``: personal formats go there (default "default"); benchmark instances keep
    their ids, prefixed "namespace/" when it is given. ``dayfirst`` settles "03/04/2026"
    style dates in JSONL files. ``strict``: the first bad conversation of an export raises
    ArchiveError instead of being skipped and listed in ``Archive.skipped``.
    """
    path = Path(path)
    if fmt not in FORMATS and fmt != "auto":
        raise ArchiveError(path, "", f"unknown format {fmt!r}; choose auto or one of {', '.join(FORMATS)}")
    loc = Loc()
    try:
        if path.is_dir():
            if fmt not in ("auto", "jsonl"):
                raise ArchiveError(path, "", f"a folder can only be read as jsonl, not {fmt}")
            files = _jsonl_folder_files(path)
            return read_jsonl(
                [(f, read_text(f)) for f in files],
                path,
                loc=loc,
                tz=tz,
                namespace=namespace,
                dayfirst=dayfirst,
                strict=strict,
            )
        text = read_text(path)
        data = None
        if fmt == "auto":
            fmt, data = detect_text(path, text)
        elif fmt != "jsonl":
            data = parse_json(path, text)
        if fmt == "jsonl":
            return read_jsonl(
                [(path, text)], path, loc=loc, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict
            )
        return _JSON_READERS[fmt](path, data, loc=loc, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict)
    except ArchiveError:
        raise
    except Exception as e:  # noqa: BLE001 - unexpected structure must still be a one-line ArchiveError
        raise wrap_unexpected(path, loc, e) from None


def read_archives(
    path: Path,
    fmt: str = "auto",
    *,
    tz: tzinfo | None = None,
    namespace: str | None = None,
    dayfirst: bool = False,
    strict: bool = False,
) -> list[Archive]:
    """Everything under ``path``: each JSON file is one archive; the JSONL files of one folder
    are read together as one archive (a session may continue from one file to the next)."""
    path = Path(path)
    if path.is_file():
        return [read_archive(path, fmt, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict)]
    files = iter_archive_files(path)
    archives: list[Archive] = []
    jsonl_dirs: dict[Path, list[Path]] = {}
    for f in files:
        if f.suffix.lower() in JSONL_SUFFIXES:
            jsonl_dirs.setdefault(f.parent, []).append(f)
        else:
            archives.append(read_archive(f, fmt, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict))
    for folder, group in jsonl_dirs.items():
        if fmt not in ("auto", "jsonl"):
            raise ArchiveError(group[0], "", f"a .jsonl file cannot be read as {fmt}")
        texts = [(f, read_text(f)) for f in group]
        loc = Loc()
        try:
            archives.append(
                read_jsonl(texts, folder, loc=loc, tz=tz, namespace=namespace, dayfirst=dayfirst, strict=strict)
            )
        except ArchiveError:
            raise
        except Exception as e:  # noqa: BLE001
            raise wrap_unexpected(folder, loc, e) from None
    return archives
