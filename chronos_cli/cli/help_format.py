"""Type labels in `--help`: upper-case metavars (TEXT, INTEGER, PATH) instead of Python annotations.

Typer 0.29 labels every parameter with its annotation in angle brackets: flags read
`--json <bool>`, repeatable options `<list[str]>`, arguments `<list[Path]>`. Those are
implementation details, not something a user types. Typer builds these labels in one method
per parameter class (``display_type_rich``), used by the Rich panels and the plain help alike,
so replacing that method fixes every command and sub-command at once, including the
``--help`` option Typer adds itself (which no per-option ``metavar=`` can reach).

An explicit ``metavar=`` still wins. Flags show no label, as in Click.
"""

from __future__ import annotations

from typing import Any

import typer.core

# Typer's annotation names → the labels Click has always printed
_LABELS = {
    "str": "TEXT",
    "int": "INTEGER",
    "int range": "INTEGER",
    "float": "FLOAT",
    "float range": "FLOAT",
    "bool": "BOOLEAN",
    "path": "PATH",
    "Path": "PATH",
    "file": "FILE",
    "directory": "DIRECTORY",
    "datetime": "DATETIME",
}


def type_label(raw: str) -> str:
    """`<list[Path]>` → PATH, `<int range>` → INTEGER, `<a|b>` (choices) → a|b."""
    inner = raw[1:-1] if raw.startswith("<") and raw.endswith(">") else raw
    if inner.startswith("list[") and inner.endswith("]"):
        inner = inner[5:-1]  # repeatable: the label is the element's
    if "|" in inner:
        return inner
    return _LABELS.get(inner, inner.upper())


def _option_label(self: Any, ctx: Any) -> str | None:
    if self.metavar is not None:
        return self.metavar
    if self.is_flag or self.count:
        return None
    label = type_label(self.display_type(ctx))
    return f"{label}..." if self.nargs != 1 else label


def _argument_label(self: Any, ctx: Any) -> str | None:
    if self.metavar is not None:
        return None  # the metavar already names the argument in the first column
    return type_label(self.display_type(ctx))


def install() -> None:
    """Idempotent. Does nothing on a Typer without these hooks (older releases print Click's labels)."""
    option, argument = getattr(typer.core, "TyperOption", None), getattr(typer.core, "TyperArgument", None)
    if option is None or argument is None or not hasattr(option, "display_type"):
        return
    option.display_type_rich = _option_label
    argument.display_type_rich = _argument_label
