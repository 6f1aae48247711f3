"""Rich rendering of the core's typed results: tables, the ask trace, the eval report, progress."""
