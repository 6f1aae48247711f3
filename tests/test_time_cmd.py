"""CliRunner tests for `chronos time`."""

import json

import typer
from typer.testing import CliRunner

from chronos_cli.cli import time_cmd

runner = CliRunner()


def make_app() -> typer.Typer:
    app = typer.Typer()
    time_cmd.register(app)

    @app.callback()
    def _root() -> None:  # keeps `time` a subcommand
        pass

    return app


def test_table_shows_acceptance_date():
    r = runner.invoke(make_app(), ["time", "We ran a charity race last Sunday", "--now", "2023-05-08T14:00"])
    assert r.exit_code == 0, r.output
    assert "2023-05-07" in r.output and "day" in r.output


def test_json_shape():
    r = runner.invoke(make_app(), ["time", "We ran a charity race last Sunday", "--now", "2023-05-08T14:00", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert isinstance(data, list) and len(data) == 1
    span = data[0]
    assert {"text", "start_char", "end_char", "start", "end", "granularity", "rule"} <= set(span)
    assert span["start"] == "2023-05-07T00:00:00"
    assert span["end"] == "2023-05-07T23:59:59.999999"
    assert span["granularity"] == "day" and span["text"] == "last Sunday"


def test_nothing_found():
    r = runner.invoke(make_app(), ["time", "hello there", "--now", "2023-05-08"])
    assert r.exit_code == 0 and "No time expression" in r.output
    r = runner.invoke(make_app(), ["time", "hello there", "--now", "2023-05-08", "--json"])
    assert r.exit_code == 0 and json.loads(r.output) == []


def test_bad_now_is_one_line_error_exit_2():
    r = runner.invoke(make_app(), ["time", "yesterday", "--now", "not-a-date"])
    assert r.exit_code == 2
    msg = r.output.strip()  # stderr is mixed in by default
    assert "--now" in msg and len(msg.splitlines()) == 1


def test_dayfirst_flag():
    r = runner.invoke(make_app(), ["time", "on 03/04/2022", "--now", "2023-05-08", "--json", "--dayfirst"])
    assert json.loads(r.output)[0]["start"].startswith("2022-04-03")


def test_aware_now_uses_its_wall_clock():
    r = runner.invoke(make_app(), ["time", "yesterday", "--now", "2023-05-08T00:30-07:00", "--json"])
    assert json.loads(r.output)[0]["start"].startswith("2023-05-07")


def test_registered_on_main_app():
    from chronos_cli.cli import app

    r = runner.invoke(app, ["time", "yesterday", "--now", "2023-05-08", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)[0]["start"].startswith("2023-05-07")


def test_table_shows_the_parts_it_composed():
    r = runner.invoke(
        make_app(), ["time", "the third Thursday of November 2019", "--now", "2024-06-10T14:00"], env={"COLUMNS": "220"}
    )
    assert r.exit_code == 0, r.output
    assert "2019-11-21" in r.output and "composed from" in r.output
    assert "ordinal_of" in r.output and "period" in r.output and "November 2019" in r.output


def test_json_carries_the_audit_trail():
    r = runner.invoke(make_app(), ["time", "Christmas 2 years ago", "--now", "2024-06-10", "--json"])
    span = json.loads(r.output)[0]
    assert span["start"].startswith("2022-12-25") and span["rule"] == "annual_shift"
    assert [(p["role"], p["rule"]) for p in span["parts"]] == [("base", "annual"), ("modifier", "year_shift")]
    assert span["parts"][1]["value"] == "2022"


def test_help_has_examples():
    r = runner.invoke(make_app(), ["time", "--help"], env={"COLUMNS": "160"})
    assert r.exit_code == 0
    assert "Examples" in r.output and 'chronos time "' in r.output and "--prefer future" in r.output


def test_country_and_prefer_options():
    args = ["time", "Thanksgiving", "--now", "2023-12-01", "--json"]
    assert json.loads(runner.invoke(make_app(), args).output)[0]["start"].startswith("2023-11-23")
    ca = runner.invoke(make_app(), [*args, "--country", "CA"])
    assert json.loads(ca.output)[0]["start"].startswith("2023-10-09")  # Canada: 2nd Monday of October
    fut = runner.invoke(make_app(), ["time", "at 9am", "--now", "2024-06-10T14:00", "--json", "--prefer", "future"])
    assert json.loads(fut.output)[0]["start"] == "2024-06-11T09:00:00"
    bad = runner.invoke(make_app(), [*args, "--country", "Narnia"])
    assert bad.exit_code == 2 and "--country" in bad.output


def test_since_we_last_talked_needs_the_last_talk():
    args = ["time", "since we last spoke I moved", "--now", "2023-05-20", "--json"]
    assert json.loads(runner.invoke(make_app(), args).output) == []
    r = runner.invoke(make_app(), [*args, "--last-talk", "2023-05-08T19:00"])
    [span] = json.loads(r.output)
    assert (span["start"][:10], span["end"][:10], span["rule"]) == ("2023-05-08", "2023-05-20", "since_last_talk")
    r = runner.invoke(make_app(), [*args, "--last-talk", "2023-06-01"])
    assert r.exit_code == 2 and "must not be after" in r.output
    r = runner.invoke(make_app(), [*args, "--last-talk", "soon"])
    assert r.exit_code == 2 and "--last-talk" in r.output
