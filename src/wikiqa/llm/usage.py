"""Token and money accounting for model runs, from the price table in settings.

Prices are list prices per million tokens, keyed `provider:model` (or `provider:*`), so the
cost on every result is reproducible from the settings that produced it. A model missing
from the table has an unknown cost (None), never a silent zero.
"""

from __future__ import annotations

from wikiqa.llm.providers import parse_model_spec
from wikiqa.settings import Settings


def price_for(spec: str, settings: Settings) -> tuple[float, float] | None:
    """(input, output) USD per million tokens for `spec`, or None when unpriced."""
    try:
        provider, name = parse_model_spec(spec)
    except Exception:  # a test model name such as "function:..." has no provider
        return settings.model_prices.get(spec)
    table = settings.model_prices
    for key in (f"{provider}:{name}", f"{provider}:*"):
        if key in table:
            return table[key]
    # Dated snapshots ("claude-sonnet-4-6-20260101") share their family's price.
    for key, price in table.items():
        p, _, n = key.partition(":")
        if p == provider and n != "*" and name.startswith(n + "-"):
            return price
    return None


def cost_usd(spec: str, input_tokens: int, output_tokens: int, settings: Settings) -> float | None:
    """Cost of a run in USD, rounded to a millionth of a dollar; None when unpriced."""
    price = price_for(spec, settings)
    if price is None:
        return None
    return round((input_tokens * price[0] + output_tokens * price[1]) / 1_000_000, 6)
