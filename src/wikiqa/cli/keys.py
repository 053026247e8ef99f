"""`wikiqa keys create|list|revoke`: API keys for `wikiqa serve` (stored hashed)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from wikiqa.api.keys import KeyStore
from wikiqa.cli.shown import shown
from wikiqa.errors import WikiqaError
from wikiqa.settings import Settings

app = typer.Typer(help="API keys for the HTTP API: create (shown once), list, revoke.")
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def _store() -> KeyStore:

    return KeyStore.for_settings(Settings())


@app.command()
def create(
    name: Annotated[str, typer.Option("--name", help="A label for the key (who holds it).")],
    principal: Annotated[
        str | None,
        typer.Option(
            help="Who the key speaks for: a JSON/YAML file, or a name in <home>/principals.yaml "
            "(default: anonymous, public documents only)."
        ),
    ] = None,
    sources: Annotated[
        list[str] | None,
        typer.Option(
            "--source", help="A source spec the key may use; repeat for more (default: all)."
        ),
    ] = None,
) -> None:
    """Create a key and print it once; only its hash is stored."""
    from wikiqa.principals import load_principal

    try:
        who = load_principal(principal, Settings()) if principal else None
        key, record = _store().create(name, who, sources or [])
    except WikiqaError as exc:
        err.print(f"[bold red]error:[/] {shown(exc)}", highlight=False)
        raise typer.Exit(1) from None
    err.print(f"created key {record.id} ({shown(record.name)}); it is shown only now:")
    out.print(key, highlight=False)


@app.command("list")
def list_keys() -> None:
    """Keys with their id, name, principal, sources and state (never the key itself)."""
    table = Table("id", "name", "principal", "sources", "created", "state")
    for k in _store().list():
        created = dt.datetime.fromtimestamp(k.created, dt.UTC).strftime("%Y-%m-%d %H:%M")
        table.add_row(
            k.id,
            shown(k.name),
            shown(k.principal.model_dump_json(exclude_defaults=True)),
            shown(", ".join(k.sources) or "all"),
            created,
            "revoked" if k.revoked else "active",
        )
    out.print(table)


@app.command()
def revoke(key: Annotated[str, typer.Argument(help="The key's id or name.")]) -> None:
    """Revoke a key (by id or name) at once; requests with it then get 401."""
    n = _store().revoke(key)
    if n == 0:
        err.print(f"[bold red]error:[/] no active key {shown(repr(key))}", highlight=False)
        raise typer.Exit(1)
    err.print(f"revoked {n} key(s)")
