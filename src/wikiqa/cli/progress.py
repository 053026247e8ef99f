"""One look for every progress bar the CLI shows (indexing, evals), on stderr."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def progress_bar(label: str, console: Console) -> Progress:
    """A transient bar: label, bar, done/total, elapsed time, then the current item."""
    return Progress(
        TextColumn(f"[bold]{label}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=console,
        transient=True,
    )


class Milestones:
    """Progress for a pipe or a log, where a live bar cannot draw: one line when embedding
    starts and one at each quarter, so a first `docs:` index that takes a minute is seen to
    work. Each batch the embedder is given (the chunks, then the answerer's candidate texts)
    is reported on its own, and only a batch of `SMALL` texts or more: reading unchanged
    files and embedding a question happen on every ask, and lines for them would be noise
    in every script's output."""

    PHASE = "embedding chunks"
    SMALL = 100  # texts: a batch this size embeds in about a second (a question is one)

    def __init__(self, console: Console, label: str) -> None:
        self.console = console
        self.label = label
        self.quarter = -1
        self.total = 0

    def __call__(self, done: int, total: int, current: str) -> None:
        if current != self.PHASE or total < self.SMALL:
            return
        if total != self.total:  # the next batch (chunks, then the answerer's texts)
            self.total, self.quarter = total, -1
        quarter = min(4, done * 4 // total)
        if quarter <= self.quarter:
            return
        if self.quarter < 0:
            self.console.print(
                f"{self.label}: embedding {total} texts (new or changed files only; "
                "later runs reuse them)",
                highlight=False,
            )
        elif quarter > 0:
            self.console.print(f"{self.label}: {done}/{total} embedded", highlight=False)
        self.quarter = quarter
