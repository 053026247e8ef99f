"""Who is calling: an API key decides the principal and the sources, never the body.

With auth on (`app.state.keys` is a KeyStore) every protected route needs
`Authorization: Bearer KEY`: 401 when it is missing or wrong, 403 for a source the key may
not use, 400 when a body still carries a principal. With auth off (loopback serving for a
single user) the old rule holds: a body principal only when WIKIQA_API_ALLOW_PRINCIPAL.
Every caller then passes the rate limiter (429 with Retry-After).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import anyio
from fastapi import Depends, HTTPException, Request

from wikiqa.api.keys import ApiKey, KeyStore
from wikiqa.settings import Settings
from wikiqa.types import Principal

_CHALLENGE = {"WWW-Authenticate": "Bearer"}


@dataclass(frozen=True)
class Caller:
    """The authenticated key (None with auth off) and the rate-limit bucket it draws on."""

    key: ApiKey | None
    bucket: str

    @property
    def label(self) -> str:
        return self.key.name if self.key else "anonymous"


async def current_caller(request: Request) -> Caller:
    store: KeyStore | None = request.app.state.keys
    if store is None:
        caller = Caller(None, f"ip:{request.client.host if request.client else 'local'}")
    else:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HTTPException(
                401, "an API key is required: send Authorization: Bearer KEY", _CHALLENGE
            )
        key = await anyio.to_thread.run_sync(store.verify, token.strip())
        if key is None:
            raise HTTPException(401, "the API key is unknown or revoked", _CHALLENGE)
        caller = Caller(key, f"key:{key.id}")
    request.state.caller = caller
    request.app.state.limiter.check(caller.bucket)  # 429 with Retry-After
    return caller


CallerDep = Annotated[Caller, Depends(current_caller)]


def principal_for(caller: Caller, sent: Principal | None, settings: Settings) -> Principal | None:
    """The principal a request runs as: the key's, or (auth off) the body's if allowed."""
    if caller.key is not None:
        if sent is not None:
            raise HTTPException(400, "the principal comes from the API key; do not send one")
        return caller.key.principal
    if sent is not None and not settings.api_allow_principal:
        raise HTTPException(
            400, "this server does not accept a principal (WIKIQA_API_ALLOW_PRINCIPAL=false)"
        )
    return sent


def check_source(caller: Caller, spec: str) -> None:
    """403 unless the caller's key may use `spec` (a key without a list may use all)."""
    if caller.key is not None and not caller.key.may_use(spec):
        raise HTTPException(403, f"this API key may not use source {spec!r}")
