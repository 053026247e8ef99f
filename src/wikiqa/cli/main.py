"""`wikiqa` command line: ask, index, collections, serve.

Exit codes: 0 answered, 3 refused (a typed refusal was printed), 1 error (bad input,
unknown source, unreadable file), 2 usage error (bad flags).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from wikiqa.cli import eval as eval_cli
from wikiqa.cli import keys as keys_cli
from wikiqa.cli import mcp as mcp_cli
from wikiqa.cli.progress import Milestones, progress_bar
from wikiqa.cli.shown import one_line, plain, shown
from wikiqa.errors import WikiqaError
from wikiqa.settings import Settings
from wikiqa.types import AccessScope, Event, Usage

EXIT_ANSWER, EXIT_ERROR, EXIT_USAGE, EXIT_REFUSAL = 0, 1, 2, 3

app = typer.Typer(
    name="wikiqa",
    help="Answer questions from text just read, with verbatim cited spans, or refuse honestly.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(eval_cli.app, name="eval")
app.add_typer(keys_cli.app, name="keys")
app.command("mcp")(mcp_cli.mcp)
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def _fail(exc: Exception) -> typer.Exit:
    err.print(f"[bold red]error:[/] {shown(exc)}", highlight=False)
    return typer.Exit(EXIT_ERROR)


_COLOURS = {
    "search": "cyan",
    "fetch": "green",
    "validate": "magenta",
    "error": "red",
    "answerer": "bold blue",
    "model": "blue",
    "tool": "green",
    "repair": "red",
}


def _print_event(event: Event) -> None:
    colour = _COLOURS.get(event.kind, "yellow")
    count = f" ({event.count})" if event.count is not None else ""
    tokens = ""
    if event.kind == "model":
        tokens = (
            f" [dim]{event.data.get('input_tokens', 0)} in / "
            f"{event.data.get('output_tokens', 0)} out tokens[/]"
        )
    err.print(
        f"[{colour}]{event.kind:>8}[/] {shown(event.detail)}{count}{tokens} "
        f"[dim]{event.elapsed_ms:.0f} ms[/]",
        highlight=False,
    )


def _print_usage(usage: Usage | None) -> None:
    """The run's accounting, after the live events (-v)."""
    if usage is None:
        return
    if usage.model is None:
        line = f"{usage.answerer}: no model calls, {usage.latency_ms:.0f} ms"
    else:
        cost = "cost unknown (no price in WIKIQA_MODEL_PRICES)"
        if usage.cost_usd is not None:
            cost = f"${usage.cost_usd:.6f}"
        line = (
            f"{usage.answerer}: {usage.model}, prompt {usage.prompt_version}; "
            f"{usage.input_tokens} in / {usage.output_tokens} out tokens, "
            f"{usage.model_requests} model turns, {usage.tool_calls} tool calls, {cost}, "
            f"{usage.latency_ms:.0f} ms"
        )
    err.print(f"[bold]{'usage':>8}[/] {shown(line)}", highlight=False)


def _utf8_text(value: str) -> str:
    """A text argument must be UTF-8: a usage error (exit 2) naming the byte, not a traceback."""
    from wikiqa.text.unicode import undecodable_byte

    if (why := undecodable_byte(value)) is not None:
        raise typer.BadParameter(f"{why}; pass the text in UTF-8")
    return value


@app.command()
def ask(
    question: Annotated[
        str,
        typer.Argument(help="The question, in any language or script.", callback=_utf8_text),
    ],
    source: Annotated[
        str | None,
        typer.Option(
            "--source",
            "-s",
            help="wikipedia, wikipedia:LANG, zim:PATH, docs:PATH or collection:NAME "
            "(default: WIKIQA_SOURCE, else wikipedia).",
        ),
    ] = None,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Print each step live (answerer choice, search, read, model turn with tokens, "
            "repair, check), then the run's tokens and cost.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the result object as JSON.")
    ] = False,
    principal: Annotated[
        str | None,
        typer.Option(help="Who is asking: a JSON/YAML file, or a name in <home>/principals.yaml."),
    ] = None,
    mode: Annotated[
        str | None, typer.Option(help="Grounding mode: cited (default) or strict.")
    ] = None,
) -> None:
    """Answer QUESTION with cited verbatim spans, or refuse with a typed reason."""
    from wikiqa.pipeline import ask_async
    from wikiqa.principals import load_principal
    from wikiqa.sources.registry import open_source

    try:
        overrides = {"grounding_mode": mode} if mode else {}
        settings = Settings(**overrides)  # type: ignore[arg-type]
        who = load_principal(principal, settings) if principal else None
        with _index_progress() as progress:  # shown only while a docs: folder is indexed
            src = open_source(source or settings.source, settings, progress=progress)
    except WikiqaError as exc:
        raise _fail(exc) from None
    except ValueError as exc:  # pydantic validation of an override
        raise _fail(exc) from None

    async def run() -> object:
        try:
            return await ask_async(
                question,
                src,
                settings=settings,
                principal=who,
                on_event=_print_event if verbose else None,
            )
        finally:
            await src.aclose()

    try:
        result = asyncio.run(run())
    except WikiqaError as exc:
        raise _fail(exc) from None
    from wikiqa.types import Answer, Refusal

    assert isinstance(result, Answer | Refusal)
    if verbose:
        _print_usage(result.usage)
    if as_json:
        sys.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        out.print(plain(result.formatted()), highlight=False, markup=False)
    raise typer.Exit(EXIT_ANSWER if result else EXIT_REFUSAL)


@app.command()
def index(
    path: Annotated[Path, typer.Argument(help="A folder (or file) of .md, .txt, .html.")],
    collection: Annotated[
        str | None,
        typer.Option("--collection", "-c", help="Collection name (default: folder name)."),
    ] = None,
    default_scope: Annotated[
        AccessScope,
        typer.Option(help="Access scope for documents that carry no access metadata."),
    ] = AccessScope.public,
    embed: Annotated[
        bool | None,
        typer.Option(
            "--embed/--no-embed",
            help="Store embeddings for dense/hybrid search "
            "(default: yes unless WIKIQA_RETRIEVAL_MODE=lexical).",
        ),
    ] = None,
    follow_links: Annotated[
        bool,
        typer.Option(
            "--follow-links", help="Follow symbolic links that lead outside the indexed folder."
        ),
    ] = False,
    prune: Annotated[
        bool,
        typer.Option(
            "--prune",
            help="If PATH is missing or holds no indexable file, remove its documents "
            "instead of stopping with an error.",
        ),
    ] = False,
    store_url: Annotated[
        str | None,
        typer.Option(
            "--store",
            help="A postgresql:// URL: index into that PostgreSQL database instead of a "
            "local SQLite file (default: WIKIQA_STORE_URL).",
        ),
    ] = None,
) -> None:
    """Index PATH into a local collection; re-runs touch only changed files."""
    from wikiqa.store.collections import open_or_create, validate_name
    from wikiqa.store.embed import embedder_from_settings
    from wikiqa.store.indexer import index_path

    settings = Settings()
    if store_url:
        settings = settings.model_copy(update={"store_url": store_url})
    if embed is None:
        embed = settings.retrieval_mode != "lexical"
    if not path.exists() and not prune:
        raise _fail(WikiqaError(f"{path} does not exist; nothing was indexed or deleted"))
    name = collection or _slug(path)
    try:
        validate_name(name)
        store = open_or_create(settings, name)
    except WikiqaError as exc:
        raise _fail(exc) from None
    try:
        with _index_progress() as progress:
            embedder = embedder_from_settings(settings) if embed else None
            if embedder is not None:
                embedder.progress = lambda done, total: progress(done, total, "embedding chunks")
            report = index_path(
                store, path, default_scope=default_scope, embedder=embedder,
                progress=progress, follow_links=follow_links, prune=prune,
                limits=settings.format_limits(),
            )  # fmt: skip
            store.vector_index = settings.vector_index
            if save := getattr(store, "save_indexes", None):  # SQLite: large collections
                save()
        stats = store.stats()
    except WikiqaError as exc:
        raise _fail(exc) from None
    except Exception as exc:  # a damaged file or a lost server
        if (error := store.storage_error(exc)) is not None:
            raise _fail(error) from None
        raise
    finally:
        store.close()
    for line in report.skipped:
        err.print(f"[yellow]skipped[/] {one_line(line)}", highlight=False)
    for line in report.links_skipped:
        err.print(
            f"[yellow]link not followed[/] {one_line(line)} (pass --follow-links)", highlight=False
        )
    for doc_id in report.kept:
        err.print(
            f"[yellow]kept[/] {one_line(doc_id)}: cannot be read now; the indexed version stays"
        )
    for line in report.warnings:
        err.print(f"[yellow]warning[/] {one_line(line)}", highlight=False)
    for doc_id, same_as in report.duplicates:
        err.print(
            f"[yellow]duplicate[/] {one_line(doc_id)} has the same content as {one_line(same_as)}"
        )
    out.print(
        f"collection [bold]{name}[/]: {len(report.added)} added, {len(report.updated)} updated"
        + (f" ({len(report.access_only)} access only)" if report.access_only else "")
        + ", "
        f"{len(report.deleted)} deleted, {report.unchanged} unchanged, {len(report.skipped)} "
        f"skipped; {stats['documents']} documents, {stats['chunks']} chunks, "
        f"{report.vectors} embedded "
        f"({_size(stats['bytes'])}). Ask with --source collection:{name}",
        highlight=False,
    )
    out.print(f"access: {report.scope_summary()}", highlight=False)


@app.command()
def collections() -> None:
    """List local collections with document and chunk counts and sizes."""
    from wikiqa.store.collections import list_collections

    settings = Settings()
    found = list_collections(settings)
    if not found:
        out.print(f"no collections yet in {settings.collections_dir()}; create one with "
                  "`wikiqa index PATH --collection NAME`")  # fmt: skip
        return
    table = Table("name", "documents", "chunks", "size", "embeddings", "path")
    for c in found:
        if c.error:
            table.add_row(c.name, "-", "-", _size(c.bytes), "[red]DAMAGED[/]", shown(c.path))
            continue
        model = c.embedding_model or "none (lexical only)"
        table.add_row(
            c.name, str(c.documents), str(c.chunks), _size(c.bytes), shown(model), shown(c.path)
        )
    out.print(table)
    damaged = [c for c in found if c.error]
    for c in damaged:
        err.print(f"[bold red]error:[/] {shown(c.error)}", highlight=False)
    if damaged:
        raise typer.Exit(EXIT_ERROR)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Interface to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
) -> None:
    """Serve the web page and the HTTP API (/, POST /api/ask, /metrics, /healthz, /docs)."""
    import uvicorn

    from wikiqa.api.keys import keys_path
    from wikiqa.api.server import auth_required, server_config

    settings = Settings()
    try:
        auth = auth_required(settings, host)
        config = server_config(settings, host, port, own_logging=True)
    except WikiqaError as exc:
        raise _fail(exc) from None
    if auth:
        err.print(f"auth: on (API keys from {keys_path(settings)}; create: wikiqa keys create)")
    else:
        err.print(f"auth: off: serving {host} (loopback only) for a single user, no API keys")
    uvicorn.Server(config).run()


@contextmanager
def _index_progress() -> Iterator[Callable[[int, int, str], None]]:
    """A transient progress bar on stderr for indexing (milestone lines instead when stderr
    is no terminal); yields the indexer's callback."""
    milestones = None if err.is_terminal else Milestones(err, "indexing")
    with progress_bar("indexing", err) as bar:
        task = bar.add_task("", total=None)

        def progress(done: int, total: int, current: str) -> None:
            bar.update(task, completed=done, total=total, description=current[-50:])
            if milestones is not None:
                milestones(done, total, current)

        yield progress


def _slug(path: Path) -> str:
    import re

    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.resolve().name).strip("-.")
    return name or "default"


def _size(n: int) -> str:
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


if __name__ == "__main__":
    app()
