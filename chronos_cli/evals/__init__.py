"""Benchmarks on top of the pipelines: LongMemEval and LoCoMo.

    from chronos_cli.evals.benchmark import run_benchmark
    from chronos_cli.evals.runner import EvalSetup, EvalCallbacks
    from chronos_cli.evals.metrics import recall_any, recall_all, ndcg
    from chronos_cli.evals.judge import Judge, judge_prompt_name, parse_yes_no
    from chronos_cli.evals.dates import parse_answer_range, date_match

Never imports typer or rich (the CLI passes UI in as callbacks).
"""
