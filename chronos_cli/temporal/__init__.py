"""Chronos temporal engine: deterministic resolution of time expressions.

    >>> from chronos_cli.temporal import resolve
    >>> resolve("We ran a charity race last Sunday", "2023-05-08T14:00")  # doctest: +SKIP

`now` is a date or datetime (aware ones are read on their own wall clock). Rules,
defaults and worked examples: docs/time_rules.md (generated from RULES).
"""

from chronos_cli.temporal.resolve import resolve
from chronos_cli.temporal.rules import RULES, Rule
from chronos_cli.temporal.spans import TimeSpan

__all__ = ["RULES", "Rule", "TimeSpan", "resolve"]
