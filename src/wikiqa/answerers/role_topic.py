"""A guide for the asker's role on a topic of its own does not displace the row the question names.

A document whose title names the asker's role as its readers is read as written for them
(`neighbours.written_for_asker`): when its best line, read alone, clears the floor it answers
before any general document, since it says what the general rule is for this reader. That
holds for a guide to a kind of engagement ("Agency Workers", "Contractor Time Off": their
terms replace the employees' policies) and for a handbook of a trade ("Ranger Handbook",
"Saturday Students Guide"). It does not hold for a guide to one *topic* for a role the asker
holds among the employees ("Recruiting to a Vacancy (for managers)" for a manager, "Research
Leave for Academic Staff" for a lecturer): the general policies are theirs as much as
anyone's, and the guide speaks for its readers only on its topic. A manager asking "how long
is probation for a band 5 job" was answered by the recruiting guide's "Permanent jobs in Band
5 and above also need a director's approval." over the probation table's row for bands 4 and
5; a lecturer on a teaching and scholarship contract asking what share of their time goes on
research, by the research-leave guide's line on reports over the workload table's row for
that contract.

One sentence: *a guide whose title names the asker's role, not a kind of engagement, as its
readers beside a topic of its own that the question does not say whole, does not displace the
whole retrieval's best line when that line, of another document, clears the floor and is the
table row (or labelled line) the question names with the column it asks for, and the guide's
best line is not.*

Why it is bound so: it only chooses between two evidences that both clear the floor, and
keeps the one that is the most specific reading the answerer has (rows.STRONG: the key the
question names, the column it asks). A guide for a kind of engagement, a trade's handbook
(no topic of its own: "Handbook", "Guide", "Terms" name the kind of document), a question
saying the guide's whole topic, and a guide's line that is itself the row asked all keep the
guide first, as before.
"""

from __future__ import annotations

import re

from wikiqa.answerers.features import keys
from wikiqa.answerers.neighbours import (
    ENGAGEMENT_WORDS,
    audience,
    forms,
    names_asker,
    owned_by_asker,
    title_readers,
)
from wikiqa.types import Document, Hit, Principal, Question

# Words a title uses for the kind of document it is, not for what it is about.
DOCUMENT_WORDS = frozenset(
    keys(
        "handbook guide guidance terms rules policy policies procedure procedures notes "
        "information pack conditions arrangements staff team manual"
    )
)
_JOINING = frozenset({"for", "by", "and", "or", "of", "to", "the", "a", "an", "in", "on", "with"})


def topic_words(title: str, principal: Principal | None) -> frozenset[str]:
    """The keys of a title's own topic, when the title names the asker's role, not a kind of
    engagement, as its readers ("Research Leave for Academic Staff" -> research, leave);
    empty for a guide to a kind of engagement, a title naming no role of the asker's, or a
    title naming only its readers and the kind of document ("Ranger Handbook")."""
    mine = audience(principal)
    named = names_asker(title, mine)
    if not named or named & ENGAGEMENT_WORDS:
        return frozenset()
    readers = title_readers(title, mine)
    said: set[str] = set()
    for w in re.findall(r"[A-Za-z]+", title):
        if w.lower() in _JOINING or forms(w) & readers:
            continue
        said.update(keys(w))
    return frozenset(said - DOCUMENT_WORDS)


def topic_guide(title: str, principal: Principal | None, question: str) -> bool:
    """Is the document a guide for the asker's role on a topic of its own that the question
    does not say whole (`topic_words`)?"""
    topic = topic_words(title, principal)
    return bool(topic) and not topic <= set(keys(question))


def own_topic_only(own: list[Hit], docs: dict[str, Document], question: Question) -> bool:
    """Is every hit read as written for the asker (`neighbours.written_for_asker`) a page for a
    role they hold among the employees on a topic of its own the question does not say whole
    (`topic_guide`), none their private record? Read first, such a page lowers the general
    lines' reading ("Christmas Staffing 2026 (for managers)" put before the depot page, for a
    shop manager asking when tomorrow's order must be in) though it speaks of another matter;
    when its own line, read alone, does not clear the floor, it was not written for this
    question (diag70)."""
    return bool(own) and all(
        topic_guide(h.title, question.principal, question.text)
        and not owned_by_asker(docs.get(h.doc_id), question.principal)
        for h in own
    )


def in_search_order(hits: list[Hit]) -> list[Hit]:
    """The hits as the search ranked them, before the asker's pages were put first
    (`neighbours.prefer_fitting` moves them without changing their scores): by score, the
    order kept between equal scores."""
    return sorted(hits, key=lambda h: -h.score)
