"""Bounded, order-preserving concurrency for model calls."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

R = TypeVar("R")


def map_concurrent(
    fn: Callable[[Any], R],
    items: Iterable[Any],
    *,
    concurrency: int = 8,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[fn(x) for x in items]`` with at most ``concurrency`` calls at once, results in input
    order. The first failure (in input order among those finished) is raised after the calls
    not yet started are cancelled. ``progress(1)`` is called after each finished item."""
    items = list(items)
    if concurrency <= 1 or len(items) <= 1:
        out = []
        for x in items:
            out.append(fn(x))
            if progress:
                progress(1)
        return out
    ex = ThreadPoolExecutor(max_workers=min(concurrency, len(items)), thread_name_prefix="chronos-llm")
    try:
        futures: list[Future[R]] = [ex.submit(fn, x) for x in items]
        if progress:
            for f in futures:
                f.add_done_callback(lambda f: f.cancelled() or progress(1))
        wait(futures, return_when=FIRST_EXCEPTION)
        for f in futures:
            if f.done() and not f.cancelled() and f.exception() is not None:
                for other in futures:
                    other.cancel()
                raise f.exception()  # type: ignore[misc]
        return [f.result() for f in futures]
    finally:
        ex.shutdown(wait=True, cancel_futures=True)
