"""Versioned prompt files.

A prompt lives in this folder as ``NAME.vN.md`` (plain text); the highest ``N`` wins and its
version string is ``f"{NAME}.v{N}"`` — pass that as ``prompt_version`` to the LLM layer, so a
new prompt file means new cache keys.

Templating: ``{{var}}`` placeholders (optional spaces inside: ``{{ var }}``), replaced in one
pass by ``Prompt.render(var=...)``. Single braces and ``$`` are left alone, so JSON examples
and prices need no escaping. A placeholder without a value raises ``KeyError``; values are
inserted verbatim (a value containing ``{{x}}`` is not expanded again); extra values are ignored.

Sections keep every wording in the file while a switch decides what the model reads:
``{{#name}}...{{/name}}`` is kept when ``name`` is truthy, ``{{^name}}...{{/name}}`` when it is
falsy (sections do not nest; a section's name needs a value like a placeholder).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PROMPTS_DIR = Path(__file__).resolve().parent

_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_SECTION = re.compile(r"\{\{([#^])\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}(.*?)\{\{/\s*\2\s*\}\}", re.S)


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    text: str
    path: Path | None = None

    @property
    def variables(self) -> set[str]:
        return set(_PLACEHOLDER.findall(self.text)) | {m.group(2) for m in _SECTION.finditer(self.text)}

    def render(self, **vars: object) -> str:
        missing = sorted(self.variables - vars.keys())
        if missing:
            raise KeyError(f"prompt {self.version} needs values for: {', '.join(missing)}")
        # sections first, on the template only: a value is never read as a section
        text = _SECTION.sub(lambda m: m.group(3) if bool(vars[m.group(2)]) == (m.group(1) == "#") else "", self.text)
        return _PLACEHOLDER.sub(lambda m: str(vars[m.group(1)]), text)


def available_prompts(directory: Path | None = None) -> dict[str, list[int]]:
    """name -> sorted versions found in ``directory`` (default: this package)."""
    out: dict[str, list[int]] = {}
    for path in (directory or PROMPTS_DIR).glob("*.v*.md"):
        m = re.fullmatch(r"(.+)\.v(\d+)\.md", path.name)
        if m:
            out.setdefault(m.group(1), []).append(int(m.group(2)))
    return {k: sorted(v) for k, v in sorted(out.items())}


def load_prompt(name: str, *, directory: Path | None = None, version: int | None = None) -> Prompt:
    """The prompt ``name`` at its highest version (or at ``version``)."""
    return _load(name, directory or PROMPTS_DIR, version)


@lru_cache(maxsize=128)
def _load(name: str, directory: Path, version: int | None) -> Prompt:
    versions = available_prompts(directory).get(name)
    if not versions:
        known = ", ".join(available_prompts(directory)) or "none"
        raise FileNotFoundError(f"no prompt named {name!r} in {directory} (available: {known})")
    n = versions[-1] if version is None else version
    if n not in versions:
        raise FileNotFoundError(f"prompt {name!r} has no version {n} (available: {versions})")
    path = directory / f"{name}.v{n}.md"
    return Prompt(name=name, version=f"{name}.v{n}", text=path.read_text(encoding="utf-8"), path=path)
