"""Rich rendering of an `ask` run: the plan's bullets, each tool call with its arguments, hit
count and time, then the answer with citations. Fed by ``Step`` records via ``on_step``."""

from __future__ import annotations

import json

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from chronos_cli.ask.steps import AskResult, Step


class TraceRenderer:
    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, step: Step) -> None:
        c = self.console
        if step.kind == "plan":
            src = step.detail.get("source", "rules")
            c.print(f"[bold]plan[/] [dim]({escape(src)}, {step.ms:.0f} ms)[/] {escape(step.summary)}")
            for b in step.detail.get("bullets", []):
                c.print(f"  • {escape(b)}")
        elif step.kind == "retrieve":
            c.print(f"[bold]retrieve[/] {escape(step.summary)} [dim]{step.ms:.0f} ms[/]")
        elif step.kind == "tool":
            for tc in step.tool_calls:
                args = tc.arguments if isinstance(tc.arguments, str) else json.dumps(tc.arguments, ensure_ascii=False)
                res = f"[red]{escape(tc.error)}[/]" if tc.error else f"{tc.hits} hits"
                c.print(f"[cyan]{escape(tc.name)}[/]({escape(args)}) → {res} [dim]{tc.ms:.0f} ms[/]")
        elif step.kind == "answer" and step.detail.get("forced"):
            c.print("[yellow]step cap reached: answering with what was found[/]")
        for e in step.errors:
            if step.kind != "tool":
                c.print(f"[red]{escape(e)}[/]")


def print_answer(console: Console, result: AskResult) -> None:
    console.print(Panel(escape(result.answer), title="answer", title_align="left"))
    u = result.usage
    if u.llm_calls:
        console.print(
            f"[dim]{u.llm_calls} LLM calls, {u.prompt_tokens}+{u.completion_tokens} tokens, ${u.cost_usd:.4f}[/]"
        )
