"""Question → answer: plan, initial retrieval, the tool-calling agent loop.

    from chronos_cli.ask import AskOptions, answer
    result = answer("when did I move?", store=store, embedder=embedder, now=now, options=AskOptions())

Never imports typer or rich; LiteLLM only when a model is used.
"""

from chronos_cli.ask.steps import AskOptions, AskResult, Step, ToolCallRecord

__all__ = ["AskOptions", "AskResult", "Step", "ToolCallRecord", "answer"]


def __getattr__(name: str):
    if name == "answer":
        from chronos_cli.ask.agent import answer

        return answer
    raise AttributeError(name)
