"""Chronos temporal engine: deterministic resolution of time expressions.

    >>> from chronos_cli.temporal import resolve
    >>> resolve("We ran a charity race last Sunday", "2023-05-08T14:00")  # doctest: +SKIP

`now` is a date or datetime (aware ones are read on their own wall clock). The sentence's
tense picks the direction of bare names; `prefer` ("past", the chat default, or "future")
decides when it gives none; `holiday_country` picks the holiday calendar (default: the
holiday_country setting, else US). Each TimeSpan carries the parts it was composed from
(`span.parts`). Rules, defaults and worked examples: docs/time_rules.md (generated from RULES).
"""

from chronos_cli.temporal.resolve import resolve
from chronos_cli.temporal.rules import RULES, Rule
from chronos_cli.temporal.spans import Part, TimeSpan

__all__ = ["RULES", "Part", "Rule", "TimeSpan", "resolve"]
