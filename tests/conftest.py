"""Test-wide guards: no real network, no real model requests, an isolated WIKIQA home."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "data" / "corpus"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"

_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: object) -> None:
    host = address[0] if isinstance(address, tuple) else None
    if isinstance(host, str):
        try:
            if not ipaddress.ip_address(host).is_loopback:
                raise RuntimeError(f"tests may not open network connections (to {host})")
        except ValueError:
            if host != "localhost":
                raise RuntimeError(f"tests may not open network connections (to {host})") from None
    _real_connect(self, address)  # type: ignore[arg-type]


@pytest.fixture(autouse=True, scope="session")
def _no_network() -> None:
    """The global switch: any non-loopback connection raises, whatever library makes it."""
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    try:
        from pydantic_ai import models

        models.ALLOW_MODEL_REQUESTS = False
    except ImportError:
        pass


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "wikiqa-home"
    monkeypatch.setenv("WIKIQA_HOME", str(home))
    monkeypatch.setenv("WIKIQA_CACHE_DIR", str(tmp_path / "wikiqa-cache"))
    for var in ("WIKIQA_MODEL", "WIKIQA_SOURCE", "ANTHROPIC_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the working tree
    return home


@pytest.fixture
def corpus() -> Path:
    return CORPUS
