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
