"""The command line: a Typer app (``app``), one module per command, Rich rendering in ``render/``.

Command modules import only light things at module level: heavy libraries (LanceDB,
onnxruntime, LiteLLM) are imported inside the command functions.
"""

from chronos_cli.cli.app import app, main

__all__ = ["app", "main"]
