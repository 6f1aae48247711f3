"""`--help` of every command at 80 columns, shell completion, and the `config` table's width."""

from __future__ import annotations

import re

import pytest
import typer.main
from typer.testing import CliRunner

from chronos_cli.cli import app

runner = CliRunner()
NARROW = {"COLUMNS": "80"}


def _command_paths(group=None, prefix=()) -> list[tuple[str, ...]]:
    """Every command and sub-command, walked from the real Click tree (new ones are covered too)."""
    group = group or typer.main.get_command(app)
    paths = [prefix]
    for name, cmd in getattr(group, "commands", {}).items():
        paths += _command_paths(cmd, (*prefix, name)) if hasattr(cmd, "commands") else [(*prefix, name)]
    return paths


COMMANDS = _command_paths()
IDS = [" ".join(p) or "chronos" for p in COMMANDS]


def help_of(path: tuple[str, ...]) -> str:
    res = runner.invoke(app, [*path, "--help"], env=NARROW, prog_name="chronos")
    assert res.exit_code == 0, res.output
    return res.output


def test_the_walk_finds_every_command():
    names = {" ".join(p) for p in COMMANDS}
    assert {"index", "ask", "events", "grep", "time", "config", "eval longmemeval", "eval locomo"} <= names


# Typer 0.29 printed Python annotations: `--json <bool>`, `paths... <list[Path]>`, `<int range>`
_PLACEHOLDER = re.compile(r"<[A-Za-z_][\w\[\], |.]*>")


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
def test_help_has_no_type_placeholders(path):
    out = help_of(path)
    assert not _PLACEHOLDER.search(out), _PLACEHOLDER.search(out).group()
    assert max(len(line) for line in out.splitlines()) <= 80
    # a flag takes no value, so it shows no type label at all
    help_line = next(line for line in out.splitlines() if "--help" in line and "Show this message" in line)
    assert "BOOL" not in help_line.upper()


def test_value_options_show_click_style_labels():
    out = help_of(("index",))
    lines = [ln for ln in out.splitlines() if ln.startswith("│")]  # the panels, not the examples
    assert re.search(r"paths\.\.\.\s+PATH\s", next(ln for ln in lines if "paths..." in ln))
    assert re.search(r"--db\s+TEXT\s", next(ln for ln in lines if "--db" in ln))
    json_line = next(ln for ln in lines if "--json" in ln)
    assert not re.search(r"--json\s+[A-Z]{3,}", json_line)
    steps = next(ln for ln in help_of(("ask",)).splitlines() if "--max-steps" in ln)
    assert "INTEGER" in steps and "[1<=x<=50]" in steps


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
def test_help_has_examples(path):
    """The README promises examples in every command's help."""
    out = help_of(path)
    assert "Examples" in out, f"`chronos {' '.join(path)} --help` has no Examples section"
    after = out[out.index("Examples") :].splitlines()[1:]
    assert any(re.match(r"[\s│]*chronos \w", line) for line in after), "no example command line"


def test_completion_is_switched_on():
    out = help_of(())
    assert "--install-completion" in out and "--show-completion" in out
    res = runner.invoke(app, ["--show-completion", "bash"], prog_name="chronos")
    assert res.exit_code == 0 and "complete -o default -F _chronos_completion chronos" in res.output, (
        res.output,
        res.exception,
    )


def test_completion_completes_commands_and_options():
    """What the installed script asks the program for, answered by the real command tree."""
    bash = {"_CHRONOS_COMPLETE": "complete_bash", "COMP_WORDS": "chronos eval lo", "COMP_CWORD": "2"}
    res = runner.invoke(app, [], env=bash, prog_name="chronos")
    assert res.exit_code == 0 and res.output.split() == ["longmemeval", "locomo"]
    bash = {"_CHRONOS_COMPLETE": "complete_bash", "COMP_WORDS": "chronos index --no-e", "COMP_CWORD": "2"}
    res = runner.invoke(app, [], env=bash, prog_name="chronos")
    assert res.output.split() == ["--no-events"]


def test_config_table_fits_80_columns(monkeypatch, tmp_path):
    """Nothing shortened with "…" and no line over 80 columns; a value too long for its column
    folds onto more lines and reads back whole."""
    from chronos_cli.config import ENV_VARS

    long_db = str(tmp_path / "a-rather-long-folder-name" / "with" / "chronos-database-inside")
    assert len(long_db) > 40
    res = runner.invoke(app, ["config"], env={**NARROW, "CHRONOS_DB": long_db})
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in res.output
    header = next(line for line in lines if line.startswith("setting"))
    start, end = header.index("value"), header.index("from")
    rows = {line.split()[0]: line for line in lines if line[:1].strip() and line.split()[0] in ENV_VARS}
    assert set(rows) == set(ENV_VARS)
    for name, env in ENV_VARS.items():
        assert re.search(rf"\s{env}\s*$", rows[name]), rows[name]  # env var names intact
    i = lines.index(rows["db"])
    value = lines[i][start:end].strip()
    for cont in lines[i + 1 :]:
        if cont[:start].strip():  # the next setting's row
            break
        value += cont[start:end].strip()
    assert value == long_db
    embed = rows["embed_model"][start:end].strip()
    assert embed == "local/all-MiniLM-L6-v2-int8"  # the default model name fits unbroken at 80


def test_time_output_fits_80_columns():
    """At 80 columns `chronos time` prints one block per span: nothing cut with "…", no line
    wider than the terminal, every phrase and date whole."""
    text = "We ran a charity race last Sunday; the next one is the third Thursday of November 2023 at 7pm"
    res = runner.invoke(app, ["time", text, "--now", "2023-05-08T14:00"], env=NARROW)
    assert res.exit_code == 0, res.output
    assert "…" not in res.output.replace(" … ", " ")  # the range separator is the only ellipsis
    assert max(len(line) for line in res.output.splitlines()) <= 80
    assert "“last Sunday” → 2023-05-07" in res.output
    assert "2023-11-16" in res.output  # the third Thursday of November 2023
