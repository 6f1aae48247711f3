"""Everything that talks to a model or an API, one module per concern:

- ``errors``: provider error types, key scrubbing, the one retry loop;
- ``messages``: replies, tool calls, usage totals;
- ``client``: the ``LLM`` protocol, the shared cache/usage logic, the LiteLLM adapter;
- ``cache``: the on-disk reply cache; ``structured``: validated JSON output with one repair;
- ``concurrency``: bounded, ordered parallel calls;
- ``embed``: the ``Embedder`` protocol, the local ONNX model, LiteLLM embeddings;
- ``rerank``: the ``Reranker`` protocol and Cohere Rerank;
- ``registry``: model name → part (register test doubles and plugins here).
"""
