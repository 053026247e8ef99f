"""The asker's own guide set aside when it answers nothing and the question's own search
ranks first a document on the situation told (gap74).

The role search (`neighbours.audience_hits`) puts the asker's guide ("Agency Event Stewards
Guide", "Volunteer Handbook") before everything the question's own search found: the guide
speaks for its readers on every matter it rules on. Asked of a situation the guide says
nothing of ("A mum has just told me she can't find her son. What do I call on the radio?"),
its lines still lead on the words they share ("collect ... a radio") and the question is
refused, though the search ranked first the page everyone on site follows ("Lost Children").
After such a refusal the question is asked again without the role search; the answer stands
only when it cites that first document alone and that document is none the guide names or
hands the matter to, and no guide line says the title's subject (a guide ruling on the
matter keeps it: an agency worker's pay is the agency's, whatever the employees' page says).
"""

from __future__ import annotations

from contextvars import ContextVar

from wikiqa.answerers.features import key_set
from wikiqa.types import Document, Draft

GUIDE_ASIDE = False  # switch (off: it answered a permission task, gap74): the guide set aside
# Set for the second asking's task only (ExtractiveAnswerer._answer_as): the role search
# is not made, so the question is decided over its own hits.
ROLE_SEARCH_ASIDE: ContextVar[bool] = ContextVar("role_search_aside", default=False)


def _subject(title: str) -> frozenset[str]:
    """The content-word keys of a title (its subject)."""
    return key_set(title)


def guide_silent(guides: list[Document], first: Document) -> bool:
    """Does no guide of the asker's say `first`'s subject (a word of its title) or name it?
    A guide that does rules on the matter, or hands it on, for its readers."""
    subject = _subject(first.title)
    if not subject:
        return False
    for guide in guides:
        said = key_set(guide.text) - _subject(guide.title)
        if subject & said or first.title.lower() in guide.text.lower():
            return False
    return True


def first_alone(draft: Draft, first: Document) -> bool:
    """Does `draft` answer, citing `first` and nothing else?"""
    return draft.refusal is None and set(draft.cited_doc_ids) == {first.doc_id}
