"""Everything that talks to a model or an API: LiteLLM client, retries, cache, embedders, Cohere rerank."""
