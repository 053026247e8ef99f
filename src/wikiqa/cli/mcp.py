"""`wikiqa mcp`: serve the `ask` and `search` tools over stdio (docs/mcp.md)."""

from __future__ import annotations

from typing import Annotated

import typer


def mcp(
    principal: Annotated[
        str | None,
        typer.Option(
            help="Who every tool call runs as: a JSON/YAML file or a name in "
            "<home>/principals.yaml (default: WIKIQA_MCP_PRINCIPAL, else anonymous)."
        ),
    ] = None,
) -> None:
    """Serve wikiqa to MCP clients over stdio: tools `ask` (grounded, cited) and `search`."""
    import anyio
    from rich.console import Console

    from wikiqa.cli.shown import shown
    from wikiqa.errors import WikiqaError
    from wikiqa.mcp_server import build_server
    from wikiqa.principals import load_principal
    from wikiqa.settings import Settings

    settings = Settings()
    spec = principal or settings.mcp_principal
    try:
        who = load_principal(spec, settings) if spec else None
    except WikiqaError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {shown(exc)}", highlight=False)
        raise typer.Exit(1) from None
    anyio.run(build_server(settings, who).run_stdio_async)
