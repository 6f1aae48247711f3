"""The two calendars on disk: LanceDB tables ``turns`` and ``events`` (plus ``sessions`` and ``meta``)."""
