"""One module per command group; each exposes ``register(app)``.

Command modules import only light things at module level: heavy libraries (LanceDB,
onnxruntime, LiteLLM) are imported inside the command functions.
"""
