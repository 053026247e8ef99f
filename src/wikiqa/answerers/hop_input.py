"""What every two-document step is given, as one value.

The bridge steps (`described.described_hop`, `key_bridge.value_hop` and `kind_hop`,
`name_lookup.name_hop`, `hops.second_hop`, `role_holder.holder_hop`) each read the same six
things: the answerer (its floor, search and assessment), the question read, the first hop's
evidence, the documents read so far, the reader, and the list of instruction-like text
skipped (which a step appends to), and who asks (`own_hop.own_hop` reads their own
documents). `ExtractiveAnswerer` builds one `HopInput` and tries the
steps in turn; a step that retries another with a rewritten question passes
`dataclasses.replace(at, q=...)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wikiqa.answerers.base import Reader
    from wikiqa.answerers.extractive import Evidence, ExtractiveAnswerer
    from wikiqa.answerers.features import QuestionInfo
    from wikiqa.types import Document, DraftQuote, Hit, Principal


@dataclass(frozen=True)
class HopInput:
    """The inputs a two-document step reads (module docstring)."""

    answerer: ExtractiveAnswerer
    q: QuestionInfo
    first: Evidence
    docs: dict[str, Document]
    reader: Reader
    skipped: list[DraftQuote]
    principal: Principal | None = None  # who asks: their own documents may be the first hop

    def parts(
        self,
    ) -> tuple[
        ExtractiveAnswerer, QuestionInfo, Evidence, dict[str, Document], Reader, list[DraftQuote]
    ]:
        """The six inputs in their usual order, for a step to name as locals."""
        return self.answerer, self.q, self.first, self.docs, self.reader, self.skipped

    async def fetch_new(self, hits: list[Hit]) -> dict[str, Document]:
        """The documents of `hits` not read yet (not in `docs`), fetched by the reader (each
        once: `optional.fetch_each`); `docs` is left as it is, for the step to keep them only
        when it answers."""
        return await self.answerer._fetch(
            [h for h in hits if h.doc_id not in self.docs], self.reader
        )
