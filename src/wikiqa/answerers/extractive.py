"""The extractive answerer: no LLM, no key. Answers with one to three verbatim sentences.

It retrieves passages, splits them into sentences with offsets, ranks sentences against
the question (a small softmax ranker), and decides *separately* whether the best one
answers at all (a logistic answerability model over what the question pins down and,
given an embedder, the question's cosine to the top sentences; see features.py and
answerability.py). Under the calibrated floor it refuses with
`insufficient_evidence`; when retrieval returns nothing it refuses with `no_evidence`.
Instruction-like sentences in retrieved text are never candidates.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from wikiqa.answerers import main_line, neighbours, others_guide, site_pointer, site_supplement
from wikiqa.answerers.act_unsaid import act_refusal, cited_ids, unsaid_act, unsaid_event
from wikiqa.answerers.alignment import Words, align_features, plain_words, relation_align
from wikiqa.answerers.answerability import (
    DEFAULT_FLOOR,
    LEXICAL_MODEL,
    SEMANTIC_MODEL,
    answerability,
    rank_score,
    softmax,
)
from wikiqa.answerers.approval_line import approval_line
from wikiqa.answerers.ask_meant import ask_meant
from wikiqa.answerers.ask_named import (
    ASK_SLACK,
    ask_named,
    parts_named,
    within_slack,
)
from wikiqa.answerers.asked_month import asked_month_hop
from wikiqa.answerers.asked_plainly import asked_plainly, could_be_said, plainly_said
from wikiqa.answerers.asked_thing import asked_thing, granted_in_other_words, unnamed_thing
from wikiqa.answerers.asker_verb import asker_verb
from wikiqa.answerers.attribute import asked_attribute, names_a_subject, states_attribute
from wikiqa.answerers.bare_part import bare_subject
from wikiqa.answerers.base import Reader
from wikiqa.answerers.called_in import meeting_refusal, meeting_unnamed
from wikiqa.answerers.carried_key import carried_hop, carried_support
from wikiqa.answerers.chain_attribute import unstated_by_chain
from wikiqa.answerers.change_line import CHANGE_OVER_FLOOR, change_candidate, stated_change
from wikiqa.answerers.clause_opposite import clause_opposites
from wikiqa.answerers.compare import compare
from wikiqa.answerers.completes import completes
from wikiqa.answerers.consequence import consequence_candidate, instructed_case
from wikiqa.answerers.contact_hop import contact_hop
from wikiqa.answerers.contrasted_only import contrasted_only
from wikiqa.answerers.counterpart import COUNTERPART, counterpart_line, guide_line, opens_guide
from wikiqa.answerers.date_keyed import date_hop
from wikiqa.answerers.dated import dated_hop
from wikiqa.answerers.day_notice import answers_day, named_line
from wikiqa.answerers.described import described_hop, guessed_row
from wikiqa.answerers.directory_hop import directory_hop
from wikiqa.answerers.disambiguation import (
    ambiguous_draft,
    named_first,
    names_only,
    pick_senses,
    shared_name,
    shared_name_draft,
)
from wikiqa.answerers.dismissal_item import dismissal_item, unlisted_act
from wikiqa.answerers.doc_about import about_alone
from wikiqa.answerers.editions import editions_asked, read_editions
from wikiqa.answerers.end_line import end_candidate, stated_end
from wikiqa.answerers.features import (
    NEUTRAL_ALIGN,
    NEUTRAL_COSINE,
    QuestionInfo,
    analyse,
    answer_features,
    answers_type,
    asked_value,
    context_features,
    gated_type,
    idf_table,
    key_set,
    keys,
    name_words,
    question_entities,
    rank_features,
    subject_gap,
)
from wikiqa.answerers.filed_under import filed_first, filed_hop
from wikiqa.answerers.general_part import general_reading, names_found_nothing
from wikiqa.answerers.granted_alone import (
    GRANTED_SUM,
    SUM_K,
    GrantedOnly,
    granted_ids,
    granted_said,
    has_groups,
    sum_covered,
    tells_case,
)
from wikiqa.answerers.guide_aside import (
    GUIDE_ASIDE,
    ROLE_SEARCH_ASIDE,
    first_alone,
    guide_silent,
)
from wikiqa.answerers.guide_contact import guide_contact
from wikiqa.answerers.handed_guide import FETCH_OFF, FETCHED, handed_hits, handed_kept
from wikiqa.answerers.headed import headed_entry
from wikiqa.answerers.header_kind import header_completed
from wikiqa.answerers.holder_parts import holder_compound
from wikiqa.answerers.holder_row import holder_contact_row, holder_row_found
from wikiqa.answerers.hop_input import HopInput
from wikiqa.answerers.hops import complement, second_hop
from wikiqa.answerers.kept_entry import kept_entry, kept_for
from wikiqa.answerers.kept_sibling import kept_sibling_hop
from wikiqa.answerers.key_bridge import kind_hop, unmapped_place, value_hop
from wikiqa.answerers.keyed_row import keyed_row
from wikiqa.answerers.kind_keys import asked_keys, asked_names, unsaid_key
from wikiqa.answerers.kind_meant import kind_line
from wikiqa.answerers.kinded_record import kinded_record
from wikiqa.answerers.kinds import (
    asked_kind,
    asked_noun,
    asked_row_kind,
    asks_duration,
    says_kind,
    says_noun,
)
from wikiqa.answerers.labelled import entry_parts, label_and_value, named_entry
from wikiqa.answerers.labels import label_reading
from wikiqa.answerers.leave_line import leave_candidate
from wikiqa.answerers.lift import Redecide, lifted_answers
from wikiqa.answerers.list_entry import asker_words, meant_item, others_list
from wikiqa.answerers.listed_case import listed_case
from wikiqa.answerers.loose_search import loosely_found, says_enough
from wikiqa.answerers.meant_keys import meant_keys, meant_rows
from wikiqa.answerers.met_bound import met_line
from wikiqa.answerers.name_lookup import name_hop
from wikiqa.answerers.named_case import earlier_period
from wikiqa.answerers.named_cell import cell_answers
from wikiqa.answerers.named_title import named_title_line
from wikiqa.answerers.nameless_line import line_unsaid, unsaid_refusal
from wikiqa.answerers.nearer_line import nearer_candidate
from wikiqa.answerers.neighbours import (
    KIND_GUIDES_ASIDE,
    as_asked,
    asked_audience,
    audience,
    audience_hits,
    covering,
    declared_for_asker,
    may_answer,
    names_asker,
    opened_only,
    owned_by_asker,
    prefer_fitting,
    read_out_of_force,
    replacement_hits,
    set_aside_by_kind,
    written_for_asker,
)
from wikiqa.answerers.one_page import one_page
from wikiqa.answerers.only_scope import drop_others_only
from wikiqa.answerers.open_day import day_candidate, named_day
from wikiqa.answerers.optional import fetch_each, search_or_nothing
from wikiqa.answerers.other_case import other_case
from wikiqa.answerers.other_group import other_group
from wikiqa.answerers.other_role import other_role
from wikiqa.answerers.other_subject import other_subject
from wikiqa.answerers.other_table import other_table_row
from wikiqa.answerers.other_time import other_time
from wikiqa.answerers.others_guide import others_guides, others_reason
from wikiqa.answerers.own_act import own_act
from wikiqa.answerers.own_change import own_change_line
from wikiqa.answerers.own_hop import held_first, own_contact, own_hop
from wikiqa.answerers.own_parts import own_parts
from wikiqa.answerers.own_record import own_value
from wikiqa.answerers.own_restated import own_restated
from wikiqa.answerers.own_row import own_row, own_row_first
from wikiqa.answerers.own_situation import guide_holds, situation_answered, situation_elsewhere
from wikiqa.answerers.part_hops import with_part_chains
from wikiqa.answerers.parts import answered_parts
from wikiqa.answerers.per_kind import per_kind_hop
from wikiqa.answerers.place_field import place_field
from wikiqa.answerers.place_only import place_said, said_only_there
from wikiqa.answerers.place_rate import place_rate_hit
from wikiqa.answerers.pointed import (
    clause_names,
    clause_pointers,
    hands_on,
    pointed_evidence,
    pointed_title,
    restates,
    same_title,
    sent_on,
)
from wikiqa.answerers.pointers import defers
from wikiqa.answerers.qualified import unsaid_variant
from wikiqa.answerers.read_further import read_further
from wikiqa.answerers.reading import TermAsked, read_sentence
from wikiqa.answerers.record_asks import asks_of_record
from wikiqa.answerers.referent import referred_reading
from wikiqa.answerers.restated import (
    restated_line,
    said_somewhere,
    says_value_asked,
    sum_unsaid,
    unsaid_words,
)
from wikiqa.answerers.role_holder import holder_hop
from wikiqa.answerers.role_topic import in_search_order, own_topic_only, topic_guide
from wikiqa.answerers.rows import (
    FITS,
    LOOSE,
    MAX_LISTED_ROWS,
    NO,
    STRONG,
    asks_every_row,
    named_cells,
    question_numbers,
    row_fit,
    siblings,
)
from wikiqa.answerers.ruled_act import obliged_act, ruled_act
from wikiqa.answerers.ruled_case import ruled_case
from wikiqa.answerers.ruled_row import ruled_row
from wikiqa.answerers.ruled_thing import ruled_thing
from wikiqa.answerers.said_nearer import said_candidate
from wikiqa.answerers.said_value import only_row, value_row
from wikiqa.answerers.said_verb import retold as verb_retold
from wikiqa.answerers.said_verb import verb_said
from wikiqa.answerers.same_page import same_page_hop
from wikiqa.answerers.says_more import said_keys, says_more, supplements
from wikiqa.answerers.scope import (
    disowned,
    excludes,
    handed_for_asker,
    handed_in_only,
    in_scope,
    pointed_for_asker,
    says_disowning,
    vouched,
)
from wikiqa.answerers.search_once import SearchOnce
from wikiqa.answerers.setting_only import setting_only
from wikiqa.answerers.site_supplement import WithoutPages, site_pages
from wikiqa.answerers.situation_stated import situation_stated
from wikiqa.answerers.stated_bound import stated_bound
from wikiqa.answerers.stated_condition import stated_condition
from wikiqa.answerers.stored_texts import MAX_SENTENCE_CHARS
from wikiqa.answerers.stored_texts import framed as _framed
from wikiqa.answerers.subject_only import says_nothing_asked
from wikiqa.answerers.swapped_counts import swapped_counts
from wikiqa.answerers.thing_line import thing_candidate
from wikiqa.answerers.thing_unsaid import thing_refusal, unsaid_ids, unsaid_thing
from wikiqa.answerers.told_amount import covering_line
from wikiqa.answerers.told_ask import ask_said, situation_ask, situation_ask_reported
from wikiqa.answerers.told_balance import balance_lost, balance_said
from wikiqa.answerers.told_birth import birth_due, birth_said, not_the_askers, plain_birth
from wikiqa.answerers.told_calendar import (
    calendar_ask,
    calendar_said,
    opening_said,
    plain_calendar,
)
from wikiqa.answerers.told_concern import concern_said, outside_said, plain_concern, plain_outside
from wikiqa.answerers.told_conduct import conduct_said, plain_conduct
from wikiqa.answerers.told_day import told_day_hop
from wikiqa.answerers.told_death import bereaved_ask, bereavement_said, plain_death
from wikiqa.answerers.told_dismissal import plain_dismissal
from wikiqa.answerers.told_duty import duty_said, plain_duty
from wikiqa.answerers.told_engagement import (
    asked_alone,
    guide_of_kind,
    last_ask,
    says_ask,
    with_told_kind,
)
from wikiqa.answerers.told_event import event_unsaid
from wikiqa.answerers.told_example import told_example
from wikiqa.answerers.told_fault import fault_said, plain_fault
from wikiqa.answerers.told_incident import incident_said, plain_incident
from wikiqa.answerers.told_instance import instance_kind, with_kind
from wikiqa.answerers.told_instance import kind_said as instance_said
from wikiqa.answerers.told_key import told_elsewhere, told_row, unasked_told
from wikiqa.answerers.told_kind import kind_said, plain_kind
from wikiqa.answerers.told_leaving import leaver_asked, leaver_said, plain_leaving
from wikiqa.answerers.told_money import plain_money, situation_said
from wikiqa.answerers.told_number import number_said, ordinal_clash
from wikiqa.answerers.told_number import retold as number_retold
from wikiqa.answerers.told_perks import perk_said, plain_perks
from wikiqa.answerers.told_place import covering_hits, told_place
from wikiqa.answerers.told_region import region_hits
from wikiqa.answerers.told_role import unmapped_job
from wikiqa.answerers.told_service import plain_service, service_said
from wikiqa.answerers.told_shift import in_place_said, plain_shift, shift_in_place, shift_said
from wikiqa.answerers.told_sick import plain_sick, sick_said
from wikiqa.answerers.told_start import plain_start, start_said
from wikiqa.answerers.told_sum import sum_asked, sum_said
from wikiqa.answerers.trigger_row import trigger_row
from wikiqa.answerers.unsaid_period import unsaid_period
from wikiqa.answerers.unsupported_claim import unsupported_claim
from wikiqa.answerers.value_line import value_line
from wikiqa.answerers.whole_name import unnamed_whole, whole_ids, whole_refusal
from wikiqa.grounding.injection import THRESHOLD as INSTRUCTION_THRESHOLD
from wikiqa.grounding.injection import clean_cells, instruction_scores, is_instruction_like
from wikiqa.sources.search_query import respelled
from wikiqa.store.text_vectors import TextVectors, text_key
from wikiqa.text.forms import other_forms
from wikiqa.text.lists import asks_for_list, item_at, items_after
from wikiqa.text.refers import antecedent
from wikiqa.text.sentences import Span, cached_sentences
from wikiqa.text.tables import TableRow, table_extent, table_rows
from wikiqa.types import (
    Document,
    Draft,
    DraftClaim,
    DraftQuote,
    Hit,
    Principal,
    Question,
    RefusalCode,
)
from wikiqa.workers import run_cpu

if TYPE_CHECKING:
    from collections.abc import Iterable

    import numpy as np

    from wikiqa.store.embed import Embedder

P_TOP_POOL = 10  # candidates the best one's probability is taken over
COSINE_TOP = 3  # top-ranked sentences embedded per question (cos_max3)
TOPIC_POOL = 3  # top-ranked candidates whose cosine to the question joins their rank (= COSINE_TOP)
TOPIC_WEIGHT = 8.0  # rank points per unit of cosine
EMBED_CACHE = 4096  # sentence vectors kept per answerer (a ZIM article is asked about often)
STORED_DOCS = 64  # fetched documents whose stored vectors (stored_texts.py) are kept at hand
POINTED = True  # a one-line answer's "(see Title)" followed (pointed.py)
POINTED_CLAUSE = True  # a cited clause sending what was asked to "(see Title)" (pointed.py)
RESTATED = True  # the asker's line a set-aside neighbour restates with another figure
PLAIN_GATE = True  # the plain asking (asked_plainly.py) made only when could_be_said holds
TOLD_KIND = True  # the asker's kind told by how they work, read as their role (told_engagement.py)
TOLD_INSTANCE = True  # a row's key named, read as its key column's kind (told_instance.py)
TOLD_NUMBER = True  # a number said in words, read as a document writes it (told_number.py)
TOLD_SUM = True  # what the asker gets, asked without saying money, read as a sum (told_sum.py)
RULED_CASE = (
    True  # a told case said by a rule line's subject, the ask by its predicate (ruled_case.py)
)
LISTED_CASE = True  # a thing a yes/no question names, listed by a rule subject (listed_case.py)
SAID_VERB = True  # the thing asked with the verb a rule line says of it (said_verb.py)
SAID_VERB_K = 10  # hits of the question's own search whose rule lines are read (said_verb.py)
GRANTED_ALONE = True  # a document granted to the asker's group asked alone (granted_alone.py)
ROLE_TOPIC = True  # the named row kept over a role's guide on a topic of its own (role_topic.py)
# a role's page on a topic of its own, silent on the question, not read first (role_topic.py)
ROLE_TOPIC_ORDER = True
HEADER_KIND = True  # a header ending "every"/"each" read with its cell (header_kind.py)
HOLDER_ROW = True  # the row naming the role's holder over lines naming the role (holder_row.py)
DAY_BEFORE_PAGE = True  # a month's day (dated.py) tried before another line of its page (own75)
OWN_RESTATED = True  # the asker's own record restating the general line (own_restated.py)
CHAIN_ATTRIBUTE = True  # a chain over two documents says the attribute asked (chain_attribute.py)


@dataclass
class Candidate:
    """One sentence of a retrieved passage, with its ranking features and score."""

    doc: Document
    span: Span
    terms: list[str]  # content-word keys
    passage_rank: int
    retrieval: float = 0.0  # the passage's search score relative to the top hit
    first: bool = False  # first sentence of its passage
    features: list[float] = field(default_factory=list)
    rank: float = 0.0
    header: Span | None = None  # a table row's header row (cited beside the row)
    reading: str = ""  # a table row read with its header and heading (for scoring only)
    part: str = ""  # the part of a compound question this candidate answers
    context: str = ""  # the section heading (or title) the sentence sits under
    lead: Span | None = None  # a list item's lead-in line (cited before the item)
    refers: bool = False  # `lead` is the sentence this one refers back to (text/refers.py)

    @property
    def at(self) -> tuple[str, int]:
        """Where the line is (its document and start): two candidates at one place are the
        same line, however each was scored or read."""
        return self.doc.doc_id, self.span.start

    @property
    def text(self) -> str:
        """What the candidate says, as scored: a sentence, or a row read with its header."""
        return self.reading or self.span.text

    @property
    def claim(self) -> str:
        """The answer's text for this candidate: its sentence, after the sentence it refers
        back to when it opens with a pronoun ("It has often been associated with ..." says
        nothing by itself; the sentence before says what "it" is)."""
        if self.refers and self.lead is not None:
            return f"{self.lead.text} {self.span.text}"
        return self.span.text

    def quotes(self) -> list[DraftQuote]:
        """Verbatim quotes: the sentence, a table's header row and the row, or a list's
        lead-in line and the item."""
        above = self.header if self.header is not None else self.lead
        spans = [above, self.span] if above is not None else [self.span]
        return [
            DraftQuote(doc_id=self.doc.doc_id, source=self.doc.source, quote=s.text) for s in spans
        ]


@dataclass
class Evidence:
    """The ranked candidates for one question and the answerability of the best."""

    question: QuestionInfo
    ranked: list[Candidate]
    features: list[float]  # features.ANSWER_FEATURES of the best candidate
    score: float  # answerability probability in [0, 1]
    # the asker's document by a neighbour's word (scope.pointed_for_asker): it may answer
    # within parts.PART_SLACK under the floor, two documents agreeing on whose rule it is
    vouched: bool = False
    hits: list[Hit] = field(default_factory=list)  # the hits it was decided over


@lru_cache(maxsize=8192)
def _keys(text: str) -> tuple[str, ...]:
    return tuple(keys(text))


def fits_question(q: QuestionInfo, qset: set[str], c: Candidate) -> bool:
    """Could `c` answer `q` at all (answer type; for a table row, see rows.row_fit: the row
    the question names, asked for a column)?"""
    return fit_level(q, qset, c) != NO


def fit_level(q: QuestionInfo, qset: set[str], c: Candidate) -> int:
    """rows.STRONG for the table row the question names with the column it asks for,
    rows.FITS for any other candidate that could answer, rows.LOOSE for one that could but
    does not say the kind of thing the question's wording asks for (kinds.py), rows.NO
    otherwise."""
    wh = gated_type(q)
    if c.header is None:  # a line deferring to a table is no answer to the value (pointers.py)
        level = FITS if answers_type(wh, c.text, qset) and not defers(c.text, q.text) else NO
        if level == FITS and named_entry(q.text, frozenset(qset), c.span.text, c.doc.text):
            return STRONG  # a labelled line the question names: a row (labelled.py)
    else:
        header = c.header

        def fit(said: frozenset[str], row: str) -> int:
            return row_fit(wh, said, c.doc.text, c.doc.title, header.text,
                           row, header.start, question_numbers(q.text),
                           on_topic=c.passage_rank == 0,
                           named_keys=asked_keys(q.text), names=asked_names(q.text),
                           duration=asks_duration(q.text), kind=asked_row_kind(q.text),
                           told=(c.doc.doc_id, header.start) in q.told,
                           question=q.text)  # fmt: skip

        # a row the question names in other words is read as if it said its key, when so
        # read it is the row asked for with the column or kind asked (meant_keys.py)
        said = frozenset(qset)
        meant = meant_keys(q.meant, c.doc.doc_id, header.start)
        if meant and any(
            fit(said | meant, r.row.text) == STRONG
            for r in siblings(c.doc.text, header.start)
            if named_cells(r.row.text, said | meant)
        ):
            said |= meant
        level = fit(said, c.span.text)
    # the noun after "which" is the kind asked for only when the question word asks for no
    # type of its own ("in which year" asks for a date, which the type gate looks for)
    noun = asked_noun(q.text) if wh == "what" else None
    stated = c.span.text
    if HEADER_KIND and c.header is not None:  # "Refresh every" over "5 years" (header_kind.py)
        stated = f"{stated} {header_completed(c.header.text, c.span.text)}"
    if level == FITS and not (says_kind(asked_kind(q.text), stated) and says_noun(noun, c.terms)):
        return LOOSE
    return level


def _names_row(q: QuestionInfo, doc: Document, row: TableRow, rank: int) -> bool:
    """Is `row` the table row `q` names, with the column it asks for (rows.STRONG)? Asked
    of a row skipped as an instruction: the answer would have been in it, so another row
    or sentence must not answer instead (the question is refused)."""
    reading = row.reading()
    c = Candidate(doc, row.row, list(_keys(reading)), rank, header=row.header, reading=reading)
    return fit_level(q, set(q.terms), c) == STRONG


def _cell_named(e: Evidence) -> bool:
    """Is the evidence's first candidate a table row the question names with an asked column
    (rows.STRONG) whose cell it names by row and column (named_cell.py)?"""
    top = e.ranked[0] if e.ranked else None
    if top is None or top.header is None or e.score <= 0.0:
        return False
    q = e.question
    return fit_level(q, set(q.terms), top) == STRONG and cell_answers(
        q.text, frozenset(q.terms), top.doc, top.header.text, top.span.text
    )


def _value_named(e: Evidence) -> bool:
    """Is the evidence's first candidate a table row that fits the question, keyed by a value
    only it says, with a column the question asks (said_value.py)?"""
    top = e.ranked[0] if e.ranked else None
    if top is None or top.header is None or e.score <= 0.0:
        return False
    q = e.question
    return fit_level(q, set(q.terms), top) != NO and only_row(e)


def _entry_named(e: Evidence, floor: float) -> bool:
    """Is the evidence's first candidate a labelled line the question names by its label,
    with a value of the kind asked (labelled.py: a row of one cell, keyed and asked for its
    only column), in a document in force, within ask_named.ASK_SLACK under the floor?"""
    top = e.ranked[0] if e.ranked else None
    if top is None or top.header is not None or not within_slack(e, floor):
        return False
    q = e.question
    return fit_level(q, set(q.terms), top) == STRONG and not read_out_of_force(top.doc)


def _entry_of_kind(e: Evidence) -> bool:
    """Is the evidence's first candidate a line of a fact sheet (labelled.sheet_lines) the
    question names (labelled.py), asked for a kind of value its wording names (a day, a
    clock time, a sum, a number to ring: kinds.asked_row_kind) that the value says, in a
    document in force? Such an entry is the row asked for with its only column, however few
    of the question's words it repeats: "Off-the-job training day: Wednesday" for "what day
    is my college day". A labelled list item answers so only in the reader's own record
    ("- College: Derrington College, every Tuesday during term time." of an apprenticeship
    agreement); elsewhere it keeps ask_named.ASK_SLACK (`_entry_named`): a list of rates is
    often another group's, which a trap asks."""
    top = e.ranked[0] if e.ranked else None
    if top is None or top.header is not None or e.score <= 0.0:
        return False
    q = e.question
    return (
        asked_row_kind(q.text) is not None
        # a sheet's line, or an item of the reader's own record (a private document, which
        # only its owner is given), not an item of a list another group's rule may hold
        and (label_and_value(top.span.text) is None or top.doc.owner_user_id is not None)
        and entry_parts(top.span.text, top.doc.text) is not None
        and fit_level(q, set(q.terms), top) == STRONG
        and not read_out_of_force(top.doc)
    )


def _asked_of(q: QuestionInfo, span: Span) -> TermAsked:
    """Is a term keying `span` asked of by `q` (record_asks.py): a sentence of a record is
    read, ranked and cited with the record's key ("Open to tenants 9:00 to 16:00." under
    "Saltmarsh office:") when the question asks what it says of the term (reading.py)."""
    return lambda term: asks_of_record(q.text, frozenset(q.terms), term.text, span.text)


def with_list(chosen: list[Candidate], question: str, limit: int) -> list[Candidate]:
    """A one-part answer that is a list's lead-in, or an item of a list the question asks
    for, is answered by the lead-in and the list's items, up to `limit` sentences: the
    lead-in ("Bring these documents:") says nothing by itself, an item alone only part."""
    if len(chosen) != 1:
        return chosen
    top = chosen[0]
    text = top.doc.text
    if top.lead is None and top.header is None:
        items = items_after(text, top.span)
        if not items:
            return chosen
        extra = [_quoted(top, item) for item in items[: limit - 1]]
        top.part = top.part or "list"
        return [top, *extra]
    if top.lead is None or not asks_for_list(question):
        return chosen
    item = item_at(text, top.span.start, top.span.end)
    if item is None:  # the lead is a sentence referred back to (text/refers.py), no list
        return chosen
    others = [s for s in (item.siblings if item else ()) if s.start != top.span.start]
    extra = [_quoted(top, s) for s in others[: limit - 1]]
    top.part = top.part or "list"
    return [top, *extra]


def with_rows(chosen: list[Candidate], question: str, qset: frozenset[str]) -> list[Candidate]:
    """A one-part answer that is a table row, to a question about every row of its table
    ("What are the opening hours of our offices?" over an offices table), is answered by the
    table's rows in order, up to MAX_LISTED_ROWS, each cited with the header row (rows.py)."""
    top = chosen[0] if len(chosen) == 1 else None
    if top is None or top.header is None:
        return chosen
    text, start = top.doc.text, top.header.start
    if not asks_every_row(question, text, start, qset):
        return chosen
    out = []
    for row in siblings(text, start)[:MAX_LISTED_ROWS]:
        if row.row.start == top.span.start:
            out.append(top)
            continue
        cand = _quoted(top, row.row)
        cand.header, cand.part = row.header, "table row"
        out.append(cand)
    if top not in out:
        out = [top, *out[: MAX_LISTED_ROWS - 1]]
    top.part = top.part or "table rows"
    return out


def _quoted(like: Candidate, span: Span) -> Candidate:
    """A further sentence of `like`'s document, cited as it is (a list item)."""
    cand = Candidate(like.doc, span, list(_keys(span.text)), like.passage_rank, like.retrieval)
    cand.part = "list item"
    return cand


_PRONOUN = re.compile(r"\b(it|its|they|them|their|this|that|these|those|one)\b", re.I)
MIN_PART_TERMS = 3


def part_query(part: str, parts: tuple[str, ...]) -> str:
    """What to search for one part of a compound question: the part itself, or, when it
    leans on the first part ("..., and when is it paid?"; "..., and who must be told?"),
    the part followed by the first part, whose subject it shares (see also referent.py)."""
    if part == parts[0] or (len(keys(part)) >= MIN_PART_TERMS and not _PRONOUN.search(part)):
        return part
    return f"{part} {parts[0]}"


def part_subject(part: str, parts: tuple[str, ...]) -> str:
    """A later part that names nothing of its own ("..., and what's the office address?")
    is about what the first part names ("For a business trip to our Berlin office, what's
    the hotel cap"): it is scored with those names appended ("... (Berlin)"), so the row
    or sentence about them is the one it asks for."""
    if part == parts[0] or question_entities(part):
        return part
    bare = bare_subject(part, parts)  # "how many?" asks it of the first part (bare_part.py)
    if bare is not None:
        return bare
    first = name_words(parts[0])
    return f"{part} ({', '.join(dict.fromkeys(first))})" if first else part


def _cited(chosen: list[Candidate], docs: dict[str, Document]) -> list[Document]:
    """The documents `chosen` cites, as last read (a full read replaces an intro)."""
    return [docs.get(c.doc.doc_id, c.doc) for c in chosen]


def _unstated(q: QuestionInfo, chosen: list[Candidate]) -> str:
    """The attribute the question asks of its subject when no cited candidate (nor its
    heading, table header or list lead-in) states it; "" otherwise (see attribute.py)."""
    attribute = asked_attribute(q.text)
    if attribute is None or not names_a_subject(q.text, [c.doc.title for c in chosen]):
        return ""
    texts = [t for c in chosen for t in (c.text, c.context, c.lead.text if c.lead else "")]
    return "" if states_attribute(attribute, texts) else attribute


def _unstated_by_chain(
    q: QuestionInfo,
    chain: list[Candidate],
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> str:
    """The attribute a question asks of a subject when a chain over two documents or more
    cites a table row and lines none of which (with their headings, header rows, lead-ins
    and titles) says it in any words: its own word, its stem, a value of its kind, or a
    header cell, heading or title near it in meaning (`similar`, chain_attribute.SAID_NEAR);
    "" otherwise (see chain_attribute.py). An answer of one document (the row resolving the
    description, "the site Sara Quinlan is based at") is not read: it says which thing is
    meant and reads no other table (una65: refusing it refused answers main gives). An
    answer of prose alone is not read: a sentence says an attribute in too many ways ("It is
    known as the Queen City" gives a nickname), a table names it in its header row."""
    if len({c.doc.doc_id for c in chain}) < 2:
        return ""  # the row resolving a description alone: which thing, not a wrong table
    if all(c.header is None for c in chain):
        return ""  # prose says an attribute in too many ways: only a table's header is read
    texts = [
        t
        for c in chain
        for t in (
            c.text,
            c.context,
            c.doc.title,
            c.header.text if c.header else "",
            c.lead.text if c.lead else "",
        )
    ]
    names = [
        t for c in chain if c.header is not None for t in (c.header.text, c.context, c.doc.title)
    ]
    return unstated_by_chain(q.text, texts, names, similar)


def _stating(q: QuestionInfo, ranked: list[Candidate]) -> list[Candidate]:
    """The best runner-up (of the pool the best one's probability is taken over) that
    states the attribute the best one leaves unsaid and could answer the question's type
    (the page answers; its best-ranked sentence is about something else), or []."""
    qset = set(q.terms)
    return next(
        ([c] for c in ranked[1:P_TOP_POOL] if not _unstated(q, [c]) and fits_question(q, qset, c)),
        [],
    )


def _no_value(q: QuestionInfo, chosen: list[Candidate]) -> bool:
    """Does a question asking for a rate, fee or limit get an answer none of whose lines
    states one (features.asked_value)? Checked on the finished answer, whichever step built
    it (a bridge may assemble lines that only name the rate: "paid the Grade D hourly
    rate"), not on each candidate's ranking, where it lost a held-out task."""
    wh = asked_value(q)
    if wh is None:
        return False
    terms = set(q.terms)
    return not any(answers_type(wh, c.text, terms) for c in chosen)


def _no_value_refusal() -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason="the question asks for a rate, fee or limit, and no line the answer would cite "
        "states one",
    )


def _unstated_refusal(attribute: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the question asks for {attribute!r}, and no sentence the answer would cite "
        "says it",
    )


def _unheld_key(q: QuestionInfo, chosen: list[Candidate], docs: dict[str, Document]) -> str:
    """A key the question names by its kind ("grade F") that the tables read hold no row for
    (though they hold that kind) and no cited line says ("" when none): kind_keys.py."""
    texts = [d.text for d in docs.values()]
    cited = [c.span.text for c in chosen]
    return (
        unsaid_key(q.text, texts, cited)
        or unmapped_place(q.text, cited, texts, any(map(kinded_record, chosen)))
        or unsaid_variant(q.text, chosen)  # qualified.py
        or unmapped_job(q.text, texts, cited)  # told_role.py: a told job no job table holds
        or ""
    )


def _place_refusal() -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason="the answering line says the place the asker tells, and asked without the "
        "place it does not clear the floor",
    )


def _unnamed_refusal(word: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the question asks whether there is {word!r}, and no document the answer "
        "would cite names it",
    )


def _sibling_refusal(year: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the question asks about the period {year}, and every document the answer "
        "would cite speaks of a later one",
    )


def _other_role_refusal(job: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the line that gives the contact asked for is another role's ({job!r}), and "
        "no cited line gives the role the question asks about",
    )


def _other_group_refusal(group: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the line that would answer is about another group of staff ({group!r}), "
        "and no cited line speaks of the group the question asks about",
    )


def _sibling(
    q: QuestionInfo,
    chosen: list[Candidate],
    similar: Callable[[str, list[str]], list[float]] | None = None,
) -> Draft | None:
    """A refusal when the answer is about a sibling of the case the question names: a later
    period than the one a past-tense question asks of (named_case.py), another role's
    row for a contact asked of a role (other_role.py), or a line about another group of
    staff than the one whose entitlement is asked (other_group.py), or a line for another
    person's or thing's case than the situation told (other_subject.py)."""
    if year := earlier_period(q.text, chosen):
        return _sibling_refusal(year)
    if job := other_role(q.text, frozenset(q.terms), chosen):
        return _other_role_refusal(job)
    if group := other_group(q.text, chosen, similar):
        return _other_group_refusal(group)
    if whose := other_subject(q.text, chosen):
        return _other_subject_refusal(whose)
    return None


def _other_subject_refusal(whose: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the situation told is {whose!r}'s case, and the line that would answer rules "
        "on another (the asker's own, or one no cited document places there)",
    )


def _unheld_refusal(phrase: str) -> Draft:
    return Draft(
        refusal=RefusalCode.insufficient_evidence,
        reason=f"the question asks about {phrase!r}, and no table read holds a row or column "
        "for it (they hold other keys of that kind) nor does any line the answer would cite "
        "say it",
    )


def coverage(
    chosen: list[Candidate],
    readings: list[tuple[str, Evidence | None]] | None = None,
    floor: float = 0.0,
) -> str:
    """For the trace: which part of the question each cited sentence covers, and, of a
    compound question's parts (`readings`: each part and its evidence), each part no cited
    line answers, said with its best score against the floor (or that nothing was found)
    rather than answered with a line that does not clear it."""
    parts = [f"{c.part!r} <- {c.doc.title!r}" for c in chosen if c.part]
    said = "covers: " + "; ".join(parts) if parts else ""
    cited = {c.at for c in chosen}
    open_parts = [
        f"{part!r} (nothing found)"
        if e is None
        else f"{e.question.text!r} (best line {e.score:.2f}, floor {floor:.2f})"
        for part, e in readings or []
        if e is None or (e.ranked[0].at not in cited and not _covers(chosen, e.question.text))
    ]
    if len(readings or []) < 2 or not open_parts:
        return said
    return "; ".join(x for x in (said, "not answered: " + "; ".join(open_parts)) if x)


def _covers(chosen: list[Candidate], part: str) -> bool:
    """Does a chosen line, or a line of a chain, cover `part` (its label says so)?"""
    return any(c.part == part or c.part.startswith(f"{part} (") for c in chosen)


# A rule that lifts one line of a refused evidence above its first and decides it again,
# given redecide(line, points) (lift.py; `ExtractiveAnswerer._relifted`).
LiftRule = Callable[[Redecide], Evidence | None]
# A lifting rule's choice: the one line of a refused single evidence it would lift just above
# the first line, or None. Each lifting module chooses its line by its own rule and only so;
# `ExtractiveAnswerer._lifted_reading` lifts it and decides the evidence again, the same way
# for all of them (lift.lifted_answers).
LiftCandidate = Callable[[Evidence], Candidate | None]
# The lifted lines tried in turn for a refused single evidence, after the nearer, thing and
# leave lines and before a table row named by its key (told_key.py): the first of them whose
# line, lifted, then clears the floor or passes a reading under the floor answers. A new
# lifting rule that needs nothing but the evidence adds its choice here, at its place in the
# order (the order is part of the behaviour: an earlier rule's line is taken first).
LIFTED_LINES: tuple[LiftCandidate, ...] = (
    consequence_candidate,  # what follows the asked condition (consequence.py)
    end_candidate,  # how long the thing lasts whose end is asked (end_line.py)
    day_candidate,  # the asked day among a place's open days (open_day.py)
    value_row,  # the one table row a value keys with an asked column (said_value.py)
    change_candidate,  # the value an asked thing goes up or down to (change_line.py)
)


async def _titles(reader: Reader, draft: Draft) -> list[str]:
    """The titles of the documents `draft` cites (told_event.py reads them with its lines)."""
    cited = draft.cited_doc_ids
    return [d.title for d in (await fetch_each(reader, cited)).values()] if cited else []


def _stands(said: Callable[[str, Draft], Draft]) -> Callable[[str, Draft], bool]:
    """A situation's bound (the draft, or a refusal when no line says the situation) read as
    whether the reworded answer stands."""
    return lambda asked, draft: said(asked, draft).refusal is None


class ExtractiveAnswerer:
    """Picks verbatim sentences; refuses under `floor` (a calibrated answerability score).

    With an `embedder` (the bundled MiniLM, shared with the collection's retrieval), the
    answerability model also sees the question's cosine to the top sentences, and uses the
    weight set fitted with them; without one it uses the lexical weight set, fitted with
    those features pinned at 0, so it is exactly the model it would be had they never existed.
    """

    name = "extractive"

    def __init__(
        self,
        floor: float = DEFAULT_FLOOR,
        max_sentences: int = 3,
        search_k: int = 5,
        embedder: Embedder | None = None,
    ) -> None:
        self.floor = floor
        self.max_sentences = max_sentences
        self.search_k = search_k
        self.embedder = embedder
        self.embed_cache = EMBED_CACHE
        self._vectors: dict[str, np.ndarray] = {}
        self._words: dict[str, Words] = {}  # word vectors of the same texts (alignment)
        self._vectors_lock = threading.Lock()
        # stored vectors of recently read documents, newest last (stored_texts.py)
        self._stored: OrderedDict[int, TextVectors] = OrderedDict()

    async def answer(self, question: Question, reader: Reader) -> Draft:
        draft = await self._answer_told(question, reader)
        # a meeting's threshold answered by lines naming no meeting (called_in.py)
        if meeting_unnamed(question.text, draft):
            return meeting_refusal()
        # the checks that read the cited documents after the draft: each names the documents
        # it needs ([] when the question is not its shape); they are read once for all
        q = question.text
        act_ids, thing_ids, name_ids = (
            cited_ids(q, draft),
            unsaid_ids(q, draft),
            whole_ids(q, draft),
        )
        if not (act_ids or thing_ids or name_ids):
            return draft
        found = await fetch_each(reader, [*act_ids, *thing_ids, *name_ids])
        texts = {i: d.text for i, d in found.items()}
        titles = {i: d.title for i, d in found.items()}
        similar = self._similar()
        # an event or a frequency's act asked, said by no cited line (act_unsaid.py)
        if act_ids and (
            unsaid := unsaid_event(q, draft, similar, texts) or unsaid_act(q, draft, similar, texts)
        ):
            return act_refusal(unsaid)
        # a thing asked whose every word no cited line says (thing_unsaid.py)
        if thing_ids and (thing := unsaid_thing(q, draft, similar, texts, titles)):
            return thing_refusal(thing)
        # a thing or occasion asked by a name no cited line says whole (whole_name.py)
        if name_ids and (whole := unnamed_whole(q, draft, similar, texts, titles)):
            return whole_refusal(whole)
        return draft

    async def _answer_told(self, question: Question, reader: Reader) -> Draft:
        # the asker's kind of engagement told by how they work ("Brightstaff placed me with
        # you", "no fixed hours"), read as their role: their kind's guide is theirs
        # (told_engagement.py); an answer so found must say something of what was asked, else
        # the question is decided as the asker gave it
        told = with_told_kind(question.text, question.principal)
        if told is question.principal or not TOLD_KIND:
            return await self._answer_as(question, reader, kind_told=False)
        draft = await self._answer_as(
            question.model_copy(update={"principal": told}), reader, kind_told=True
        )
        lines = [q.quote for c in draft.claims for q in c.quotes]
        if draft.refusal is None and not says_ask(last_ask(question.text), lines, least=1):
            return await self._answer_as(question, reader, kind_told=False)
        return draft

    async def _answer_as(self, question: Question, reader: Reader, kind_told: bool) -> Draft:
        skipped: list[DraftQuote] = []
        # situations told in everyday words, read as the documents say them: a relative's
        # death (told_death.py), leaving the job (told_leaving.py), a baby (told_birth.py)
        text = plain_birth(plain_leaving(plain_death(question.text)))
        question = question.model_copy(update={"text": text})
        # pay gone wrong, a gift, a fine told in other words, read so; what that reading
        # answers must say it, else the question as asked is decided (told_money.py); so too
        # the leave year and a closing for an occasion (told_calendar.py)
        money = question.model_copy(update={"text": plain_money(plain_calendar(question.text))})
        # this question's steps often repeat a search: each (query, k) runs once per question
        first = SearchOnce(reader)  # the question's own searches, read again below
        draft = await self._answer(money, first, skipped)
        if (
            money.text != question.text
            and calendar_said(question.text, situation_said(question.text, draft)).refusal
            is not None
        ):
            first = SearchOnce(reader)
            draft = await self._answer(question, first, skipped)
        # refused for want of evidence, asked again with a situation told in everyday words said
        # as the documents say it, in this order; each pair is (the rewrite, whether its answer
        # stands): the answer must say the situation, save a dismissal's, asked in the documents'
        # own phrase. Built here, not at import, so a test can switch one rewrite off.
        retellings: tuple[tuple[Callable[[str], str], Callable[[str, Draft], bool]], ...] = (
            (plain_sick, _stands(sick_said)),  # ill, struggling, care let down (told_sick.py)
            (plain_service, service_said),  # a counselling line: the programme (told_service.py)
            (plain_shift, _stands(shift_said)),  # hours, shifts, time off (told_shift.py)
            # the asker's own count: days left, a sum overpaid (told_balance.py)
            (partial(balance_lost, principal=question.principal), _stands(balance_said)),
            (plain_perks, perk_said),  # money the employer gives (told_perks.py)
            (plain_incident, _stands(incident_said)),  # a crash, an injury (told_incident.py)
            (plain_dismissal, lambda asked, again: True),  # sacked at once (told_dismissal.py)
            (plain_conduct, _stands(conduct_said)),  # what the asker may do (told_conduct.py)
            (bereaved_ask, _stands(bereavement_said)),  # a death's time off (told_death.py)
            (plain_concern, _stands(concern_said)),  # round the manager (told_concern.py)
            (plain_outside, outside_said),  # nameless or outside, wrongdoing (told_concern.py)
            (birth_due, _stands(birth_said)),  # "my wife is due", the father asking (told_birth.py)
            (plain_duty, _stands(duty_said)),  # the people served (told_duty.py)
            (plain_kind, _stands(kind_said)),  # a thing told by what it is (told_kind.py)
            (plain_start, _stands(start_said)),  # trial period, record check (told_start.py)
            (leaver_asked, _stands(leaver_said)),  # a leaver's pay, email, notice (told_leaving.py)
            (plain_fault, _stands(fault_said)),  # broken, leaking, worn (told_fault.py)
            (calendar_ask, _stands(opening_said)),  # open up, a day off (told_calendar.py)
            (shift_in_place, _stands(in_place_said)),  # abroad, seasonal, book (told_shift.py)
            (situation_ask, _stands(ask_said)),  # "log it" after a fall: the accident (told_ask.py)
            (situation_ask_reported, _stands(ask_said)),  # and with the sickness telling beside
            (asked_plainly, plainly_said),  # "Who's", "or not" (asked_plainly.py)
        )
        if TOLD_SUM:  # what the asker gets asked as a sum of money (told_sum.py)
            said = partial(sum_said, principal=question.principal, similar=self._similar())
            retellings = (*retellings, (sum_asked, said))
        unfound = (RefusalCode.insufficient_evidence, RefusalCode.no_evidence)
        # a death, a baby or a new start told, answered by lines whose documents say nothing
        # of it, is asked again so too (told_event.py)
        events = (bereaved_ask, birth_due, plain_start)
        for retold, stands in retellings:
            text = retold(question.text)
            if text == question.text:
                continue
            # an answer whose number is not said to be a nameless line, for a question asking
            # one, is asked again too (nameless_line.py)
            unsaid = retold is plain_outside and line_unsaid(question.text, draft)
            if (
                draft.refusal not in unfound
                and not unsaid
                and (
                    retold not in events
                    or not event_unsaid(question.text, draft, await _titles(first, draft), stands)
                )
            ):
                continue
            asked = question.model_copy(update={"text": text})
            reading = SearchOnce(reader)
            if retold is asked_plainly and PLAIN_GATE:  # only when its answer could stand
                hits = await reading.search(text, k=self.search_k)
                found = await fetch_each(reading, [h.doc_id for h in hits])
                if not could_be_said(question.text, found.values()):
                    continue
            again = await self._answer(asked, reading, skipped)
            if stands(question.text, again):
                draft = again
        clash = ordinal_clash(question.text, draft) if TOLD_NUMBER else ""
        if TOLD_NUMBER and (draft.refusal in unfound or clash):
            # a number said in words ("four and a half hours", "the second week"), asked again
            # in the figures a document the question's own search read writes it in; an answer
            # from a row keyed by another figure ("| Week 1 |" for the second week) is asked
            # again so, and refused when the row asked is not found
            hits = await first.search(question.text, k=self.search_k)
            found = await fetch_each(first, [h.doc_id for h in hits])
            text, forms = number_retold(question.text, found.values())
            in_figures: Draft | None = None
            if forms:
                asked = question.model_copy(update={"text": text})
                in_figures = await self._answer(asked, SearchOnce(reader), skipped)
            if in_figures is not None and number_said(question.text, forms, in_figures):
                draft = in_figures
            elif forms and TOLD_SUM and sum_asked(text) != text:
                # the number so written, and what the asker gets asked as a sum (told_sum.py):
                # "How much money an hour will I get in my Year 2?"
                asked = question.model_copy(update={"text": sum_asked(text)})
                again = await self._answer(asked, SearchOnce(reader), skipped)
                if number_said(question.text, forms, again) and sum_said(
                    question.text, again, question.principal, self._similar()
                ):
                    draft = again
            elif clash:
                draft = Draft(
                    refusal=RefusalCode.insufficient_evidence,
                    reason=f"the cited row is another than the one asked ({clash})",
                )
        if draft.refusal in unfound and TOLD_INSTANCE:
            # a thing named by a table row's key, said beside as the kind its key column names
            hits = await first.search(question.text, k=self.search_k)
            found = await fetch_each(first, [h.doc_id for h in hits])
            named = instance_kind(question.text, found.values())
            if named is not None:
                asked = question.model_copy(update={"text": with_kind(question.text, *named)})
                again = await self._answer(asked, SearchOnce(reader), skipped)
                if instance_said(*named, again):
                    draft = again
        if draft.refusal in unfound and SAID_VERB:
            # the question's thing asked with the one verb a retrieved rule line says of it
            # ("do the rotas come out" as "are rotas published": said_verb.py)
            hits = await search_or_nothing(first, question.text, SAID_VERB_K)
            found = await fetch_each(first, [h.doc_id for h in hits])
            recast = verb_retold(question.text, found.values())
            if recast is not None:
                asked = question.model_copy(update={"text": recast[0]})
                again = await self._answer(asked, SearchOnce(reader), skipped)
                if verb_said(recast[1], recast[2], again):
                    draft = again
        if draft.refusal in unfound and GRANTED_ALONE and has_groups(question.principal):
            # the documents the store gives only to a department or role of the asker's (a
            # board paper, a team's procedure), asked alone (granted_alone.py)
            keep = await granted_ids(first, question.text, self.search_k)
            if keep:
                alone = GrantedOnly(SearchOnce(reader), keep)
                again = await self._answer(question, alone, skipped)
                cited = {q.doc_id for c in again.claims for q in c.quotes}
                read = await fetch_each(first, sorted(cited)) if cited else {}
                if granted_said(question.text, again, [d.title for d in read.values()]):
                    draft = again
        if (
            draft.refusal in unfound
            and GRANTED_SUM
            and has_groups(question.principal)
            and tells_case(question.text)
        ):
            # a told sum asked how soon, read against the threshold a line of a document
            # granted to the asker's group sets on the told act (granted_alone.sum_covered);
            # a department's page the first hits hold is read too: its line lost on the told
            # case's words, which the threshold reading, not the rank, answers
            keep = await granted_ids(first, question.text, 0, SUM_K)
            if keep:
                alone = GrantedOnly(SearchOnce(reader), keep)
                again = await self._answer(question, alone, skipped)
                if sum_covered(again, question.text):
                    draft = again
        ask = asked_alone(question.text) if kind_told else ""
        if (
            draft.refusal in unfound and ask
        ):  # the ask alone, the asker's kind kept (told_engagement)
            reading = SearchOnce(reader)
            again = await self._answer(question.model_copy(update={"text": ask}), reading, skipped)
            cited = {q.doc_id for c in again.claims for q in c.quotes}
            found = await fetch_each(reading, sorted(cited)) if cited else {}
            lines = [q.quote for c in again.claims for q in c.quotes]
            if (
                cited
                and all(guide_of_kind(d.title, question.text) for d in found.values())
                and says_ask(ask, lines)
            ):
                draft = again
        if draft.refusal in unfound and neighbours.KIND_GUIDE:
            # refused with a guide for another kind of engagement among the question's own
            # hits ("Agency Drivers' Mates Guide" for a packaging operative): asked again with
            # such guides set aside (neighbours.kind_guide_for_others)
            hits = await first.search(question.text, k=self.search_k)
            mine = audience(question.principal)
            if any(set_aside_by_kind(h.title, question.text, mine) for h in hits):
                aside = KIND_GUIDES_ASIDE.set(True)
                try:
                    again = await self._answer(question, SearchOnce(reader), skipped)
                finally:
                    KIND_GUIDES_ASIDE.reset(aside)
                if again.refusal is None:
                    draft = again
        if draft.refusal in unfound and GUIDE_ASIDE:
            # refused with the asker's guide put first by the role search, while the
            # question's own search ranked first a page the guide says nothing of: asked
            # again without the role search, the answer kept when it cites that page alone
            # (guide_aside.py)
            hits = await first.search(question.text, k=self.search_k)
            own_guides = await audience_hits(
                question.text, question.principal, hits, first, self.search_k
            )
            if hits and own_guides and hits[0].doc_id not in {h.doc_id for h in own_guides}:
                read = await fetch_each(first, [hits[0].doc_id, *(h.doc_id for h in own_guides)])
                top = read.get(hits[0].doc_id)
                guides = [read[h.doc_id] for h in own_guides if h.doc_id in read]
                if top is not None and guide_silent(guides, top):
                    aside = ROLE_SEARCH_ASIDE.set(True)
                    try:
                        again = await self._answer(question, SearchOnce(reader), skipped)
                    finally:
                        ROLE_SEARCH_ASIDE.reset(aside)
                    if first_alone(again, top):
                        draft = again
        if others_guide.OTHERS_GUIDE and draft.refusal is None:
            # answered from a guide for another kind of engagement than the asker's ("Agency
            # Nurses Guide" for a care assistant): asked again with such guides set aside,
            # and that reading stands, a refusal too (others_guide.py)
            draft = await self._without_others_guides(question, reader, first, draft, skipped)
        if site_supplement.SITE_SUPPLEMENT and draft.refusal is None:
            # answered from a place's supplement whose place the question does not name:
            # asked again with such pages set aside, kept when answered so (site_supplement.py)
            draft = await self._without_site_pages(question, reader, first, draft, skipped)
        if line_unsaid(question.text, draft):  # still no nameless line cited (nameless_line.py)
            draft = unsaid_refusal()
        if main_line.MAIN_LINE and draft.refusal is None:
            # answered from a place's supplement alone whose place the question does not
            # name: the main handbook's line it restates is put first (main_line.py)
            draft = await self._with_main_line(question, first, draft)
        if site_pointer.SITE_POINTER and draft.refusal is None:
            # answered from a page that hands one site to its own page: that page's line on
            # the same point is added, each cited (site_pointer.py)
            draft = await self._with_site_line(question, first, draft)
        unique = {(d.source, d.doc_id, d.quote): d for d in skipped}
        return draft.model_copy(update={"skipped": list(unique.values())})

    async def _without_others_guides(
        self,
        question: Question,
        reader: Reader,
        first: Reader,
        draft: Draft,
        skipped: list[DraftQuote],
    ) -> Draft:
        """`draft`, or when it cites a guide for another kind of engagement than the asker's
        (others_guide.py), the question asked again with such guides set aside: its answer
        when it cites none of them, else a refusal."""
        aside = others_guides(await _titles(first, draft), question.text, question.principal)
        if not aside:
            return draft
        token = KIND_GUIDES_ASIDE.set(True)
        try:
            again = await self._answer(question, SearchOnce(reader), skipped)
        finally:
            KIND_GUIDES_ASIDE.reset(token)
        if again.refusal is None and not others_guides(
            await _titles(reader, again), question.text, question.principal
        ):
            return again
        return Draft(refusal=RefusalCode.insufficient_evidence, reason=others_reason(aside))

    async def _with_site_line(self, question: Question, reader: Reader, draft: Draft) -> Draft:
        """`draft` with a claim added when a page it cites hands one site to that site's own
        page on the cited line's matter (site_pointer.py): the handing sentence and the
        site page's line on the point, both quoted; `draft` as it was when none is found."""
        quotes = [q for c in draft.claims for q in c.quotes]
        if not quotes or not site_pointer.asks_own(question.text):
            return draft
        docs = await fetch_each(reader, draft.cited_doc_ids)
        cited_titles = {d.title for d in docs.values()}
        added: list[DraftClaim] = []
        for doc_id, doc in docs.items():
            mine = [q.quote for q in quotes if q.doc_id == doc_id]
            if not site_pointer.unnamed_by_lines(question.text, mine):
                continue  # the question names a thing this page's lines do not: a place
            for pointer in site_pointer.pointers(doc.text):
                if len(added) >= 2 * site_pointer.MAX_SITES:
                    break
                if any(same_title(pointer.title, t) for t in cited_titles) or not any(
                    site_pointer.applies(doc.text, pointer, m) for m in mine
                ):
                    continue
                hits = await search_or_nothing(reader, pointer.title, self.search_k)
                site = next((h for h in hits if same_title(pointer.title, h.title)), None)
                read = await fetch_each(reader, [site.doc_id]) if site else {}
                page = read.get(site.doc_id) if site else None
                if site is None or page is None:
                    continue
                found = site_pointer.pointed_lines(
                    doc.text, doc.title, mine, question.text, page.title, page.text, pointer
                )
                if not found:
                    continue
                if any(is_instruction_like(t) for t in (pointer.sentence, found[-1])):
                    continue  # "Ballymoran colleagues: see ..." must not read as an order
                own = next((q.source for q in quotes if q.doc_id == doc_id), site.source)
                # two claims, each its own verbatim quote (a strict grounding checks the text)
                said = [DraftQuote(doc_id=doc_id, quote=pointer.sentence, source=own)]
                theirs = [
                    DraftQuote(doc_id=site.doc_id, quote=f, source=site.source) for f in found
                ]
                added.append(DraftClaim(text=pointer.sentence, quotes=said))
                added.append(DraftClaim(text=found[-1], quotes=theirs))
        if not added:
            return draft
        return draft.model_copy(update={"claims": [*draft.claims, *added]})

    async def _with_main_line(self, question: Question, reader: Reader, draft: Draft) -> Draft:
        """`draft` with the main handbook's line first when every page it cites is a place's
        supplement the question does not name (main_line.py): the line of one of the
        question's own first pages that the supplement's line restates, quoted (a row with
        its header row); `draft` as it was when none is found."""
        quotes = [q for c in draft.claims for q in c.quotes]
        if not quotes or not site_pointer.asks_own(question.text):
            return draft
        cited = await fetch_each(reader, draft.cited_doc_ids)
        if not cited or len(cited) < len(set(draft.cited_doc_ids)):
            return draft
        if site_pages(cited.values(), question.text) != frozenset(cited):
            return draft  # a page cited is no supplement, or its place is named
        site_words = frozenset(w for d in cited.values() for w in site_supplement.site_names(d))
        site_lines = [q.quote for q in quotes]
        hits = [
            h
            for h in await search_or_nothing(reader, question.text, self.search_k)
            if h.doc_id not in cited
        ]
        read = await fetch_each(reader, [h.doc_id for h in hits])
        hits = [h for h in neighbours.in_force(hits, read, question.text) if h.doc_id in read]
        mine = audience(question.principal)
        kept = [
            h
            for h in hits
            if not site_supplement.site_names(read[h.doc_id])
            and not site_supplement.TITLE_PLACED.search(h.title)
            and not neighbours.out_of_force(read[h.doc_id], h)
            and not neighbours.kind_guide_for_others(h.title, question.text, mine)
            and not excludes(read[h.doc_id], question.text, question.principal)
        ][: main_line.MAIN_DOCS]
        for hit in kept:
            doc = read[hit.doc_id]
            found = main_line.restated_line(site_lines, site_words, question.text, doc.text)
            if found is None:
                continue
            line, header = found
            if is_instruction_like(line):
                continue
            said = [
                DraftQuote(doc_id=doc.doc_id, quote=q, source=hit.source)
                for q in ([header, line] if header else [line])
            ]
            return draft.model_copy(
                update={"claims": [DraftClaim(text=line, quotes=said), *draft.claims]}
            )
        return draft

    async def _without_site_pages(
        self,
        question: Question,
        reader: Reader,
        first: Reader,
        draft: Draft,
        skipped: list[DraftQuote],
    ) -> Draft:
        """`draft`, or when it cites a place's supplement whose place the question does not
        name (site_supplement.py), the question's answer with such pages set aside, when
        that answer cites none of them."""
        aside = site_pages((await fetch_each(first, draft.cited_doc_ids)).values(), question.text)
        if not aside:
            return draft
        again = await self._answer(question, WithoutPages(SearchOnce(reader), aside), skipped)
        if again.refusal is None and not aside.intersection(again.cited_doc_ids):
            return again
        return draft

    def warm(self) -> None:
        """Load the embedding model now (it loads lazily), so the first question does not
        pay for it: the server calls this at startup and the eval runner before its clock."""
        if self.embedder is not None:
            self.embedder.embed(["warm-up"])

    async def _answer(self, question: Question, reader: Reader, skipped: list[DraftQuote]) -> Draft:
        """`_answer_read`, kept as it is with a guide fetched because a retrieved page hands
        the asker's kind their rule on the matter asked "in" it (handed_guide.py) only when
        that guide's line answers first and says a value of the kind asked; else the question
        is answered again without fetching it, as it was before that reading."""
        token = FETCHED.set(frozenset())
        try:
            first: list[DraftQuote] = []
            draft = await self._answer_read(question, reader, first)
            if not FETCHED.get() or handed_kept(question.text, draft, FETCHED.get()):
                skipped.extend(first)
                return draft
        finally:
            FETCHED.reset(token)
        off = FETCH_OFF.set(True)
        try:
            return await self._answer_read(question, reader, skipped)
        finally:
            FETCH_OFF.reset(off)

    async def _answer_read(
        self, question: Question, reader: Reader, skipped: list[DraftQuote]
    ) -> Draft:
        hits = await reader.search(question.text, k=self.search_k)
        q = analyse(respelled(question.text, hits))  # as the search corrected its spelling
        loose = loosely_found(hits)  # no page holds every word (see loose_search.py)
        if not hits:
            return Draft(refusal=RefusalCode.no_evidence, reason="the search found nothing")
        docs = await fetch_each(reader, [h.doc_id for h in hits], needed=True)
        mine = (
            []
            if ROLE_SEARCH_ASIDE.get()  # the asker's guide set aside (guide_aside.py)
            else await audience_hits(question.text, question.principal, hits, reader, self.search_k)
        )
        if mine:
            hits = [*mine, *hits]
            docs.update(await self._fetch(mine, reader))
            q = analyse(as_asked(question.text, question.principal))
        handed, got = await handed_hits(
            question.text, question.principal, hits, docs, reader, self.search_k
        )  # the guide a retrieved page hands the asker's kind to (handed_guide.py)
        if handed:
            FETCHED.set(FETCHED.get() | {h.doc_id for h in handed})
            hits, docs = [*hits, *handed], {**docs, **got}
        newer, read = await replacement_hits(question.text, hits, docs, reader, self.search_k)
        hits, docs = [*hits, *newer], {**docs, **read}  # the current editions the search missed
        hits = prefer_fitting(hits, docs, question.text, question.principal)
        hits = await region_hits(
            question.text, question.principal, hits, docs, reader, self.search_k
        )  # told_region
        hits = await editions_asked(question.text, hits, docs, reader, self.search_k)
        hits = await named_first(question.text, hits, docs, reader)  # disambiguation.py
        hits, ambiguous = await self._resolve_senses(question.text, hits, docs, reader)
        if ambiguous is not None:
            return ambiguous_draft(ambiguous)
        senses = shared_name(question.text, [h.title for h in hits])  # no disambiguation page
        if senses:
            return shared_name_draft(question.text, senses)
        if len(q.parts) == 1 and not await run_cpu(covering, hits, docs, question.text):
            return Draft(
                refusal=RefusalCode.insufficient_evidence,
                reason="no retrieved document speaks of the readers the question asks about "
                f"({', '.join(sorted(asked_audience(question.text)))})",
            )
        evidence = await self._assess_for(q, hits, docs, skipped, question)  # off the event loop
        if evidence is None:
            return Draft(
                refusal=RefusalCode.no_evidence,
                reason="the retrieved documents contain no usable sentences"
                + (" (instruction-like text was skipped; see the trace)" if skipped else ""),
            )
        if evidence.score < self.floor:  # intros only so far: read the best in full
            evidence = (
                await read_further(self, q, evidence, hits, docs, reader, skipped) or evidence
            )
        if evidence.score < self.floor and not evidence.vouched and len(q.parts) == 1 and RESTATED:
            # the asker's line a set-aside neighbour (a past edition, another group's page)
            # restates with another figure, when a value is asked (restated.py)
            line = restated_line(question.text, evidence.ranked, docs)
            for word in unsaid_words(question.text, line) if line is not None else []:
                found_word = await reader.search(word, k=self.search_k)
                read = await fetch_each(reader, sorted({h.doc_id for h in found_word}))
                if not said_somewhere(word, [*read.values(), *docs.values()]):
                    line = None  # a case no document speaks of (restated.unsaid_words)
                    break
            if line is not None:
                rest = [c for c in evidence.ranked if c.at != line.at]
                evidence = replace(evidence, ranked=[line, *rest], vouched=True)
        found = [evidence]
        several = len(q.parts) > 1 and self.max_sentences > 1
        readings: list[tuple[str, Evidence | None]] = []  # each part and what it found
        if several:
            for p in q.parts:  # a later part sees the first part's reading (general_part.py)
                first = readings[0][1] if readings else None
                part_read = await self._read_part(
                    p, q.parts, reader, skipped, question.principal, evidence, first
                )
                readings.append((p, part_read))
            found = [e for _, e in readings if e] or [evidence]
        asker = asker_words(question.principal)
        # a line of another's case than the one told: a death's row, the mother's leave
        found = [await run_cpu(self._untold, e) for e in found]
        evidence = await run_cpu(self._untold, evidence)
        # the decision, off the event loop (it re-decides and embeds); what follows only
        # extends or replaces it
        clear = await run_cpu(self.clearing, found, evidence, asker=asker)
        placed: Evidence | None = None
        route: list[Candidate] = []
        if not several and len(q.parts) == 1:  # day_notice.py: a day's labelled line
            placed = await self._day_line(q, evidence, hits, docs, skipped, question)
            if placed is not None:
                clear = found = [placed]
                evidence = placed
        if not several and len(q.parts) == 1 and placed is None:  # place_rate.py
            placed, route = await self._place_rate(q, hits, docs, reader, skipped, question)
            if placed is not None:
                clear = found = [placed]
                evidence = placed
        holder_ask = (  # holder_parts.py: "who ..., and what's their number?" read whole
            several and self.max_sentences > 1 and holder_compound(q)
        )
        if (
            (not several and self.max_sentences > 1 and placed is None) or holder_ask
        ) and not own_row_first(clear):  # two documents: a comparison or a bridge question
            at = HopInput(self, q, evidence, docs, reader, skipped, question.principal)
            chain = (
                (await guide_contact(at) or await own_contact(at))
                if holder_ask  # the chains following a holder the asker's own text names
                else await kept_sibling_hop(at)  # kept_sibling.py: the place's region
                or await described_hop(at)  # described.py
                or await compare(self, q, docs, reader, skipped, evidence.ranked)
                or filed_first(at)  # filed_under.py: a ranked line files the name under a key
                or await value_hop(at)  # key_bridge.py
                or await kind_hop(at)  # key_bridge.py
                or await name_hop(at)  # name_lookup.py
                or await held_first(at)  # own_hop.py: a record the question names, held
                or await second_hop(at)  # hops.py
                or await own_hop(at)  # own_hop.py
                or await contact_hop(at)  # contact_hop.py: a named contact's number
                or await date_hop(at)  # date_keyed.py
                or await told_day_hop(at)  # told_day.py: a day the question gives
                or await asked_month_hop(at)  # asked_month.py: a when-question's month
                or await holder_hop(at)  # role_holder.py
                or await directory_hop(at)  # directory_hop.py
                or await carried_hop(at)  # carried_key.py: the answering line found first
                or await filed_hop(at)  # filed_under.py: the row a line files the name under
                or await per_kind_hop(at)  # per_kind.py: a holder kept per region
                or await guide_contact(at)  # guide_contact.py: the asker's guide names who
                or await own_contact(at)  # own_hop.py: a holder the asker's document names
                or (  # a description read through prose alone, when nothing else answers
                    await described_hop(at, prose=True) if evidence.score < self.floor else None
                )
            )
            if chain is not None and (not loose or says_enough(q, _cited(chain, docs))):
                if attribute := _unstated(q, chain):  # attribute.py
                    return _unstated_refusal(attribute)
                if CHAIN_ATTRIBUTE and (
                    attribute := await run_cpu(_unstated_by_chain, q, chain, self._similar())
                ):
                    return _unstated_refusal(attribute)  # chain_attribute.py
                if _no_value(q, chain):
                    return _no_value_refusal()
                if unheld := _unheld_key(q, chain, docs):  # kind_keys.py
                    return _unheld_refusal(unheld)
                if thing := await run_cpu(self._unnamed_thing, q, chain, docs):  # asked_thing
                    return _unnamed_refusal(thing)
                if sibling := await run_cpu(_sibling, q, chain, self._similar()):  # named_case
                    return sibling
                if empty := says_nothing_asked(question.text, chain):  # subject_only.py
                    return Draft(refusal=RefusalCode.insufficient_evidence, reason=empty)
                if HOLDER_ROW and (
                    row := await holder_row_found(
                        question.text, chain, evidence.ranked, docs, reader, self.search_k
                    )
                ):
                    chain = [row]  # holder_row.py: the row naming who holds the role asked
                if POINTED_CLAUSE and len(q.parts) == 1:
                    sent = await self._clause_pointed(q, chain, docs, reader, skipped, question)
                    chain = [sent, *chain] if sent is not None else chain  # pointed.py
                return Draft(
                    claims=[DraftClaim(text=c.claim, quotes=c.quotes()) for c in chain],
                    reason=coverage(chain),
                )
        if not clear and not several and len(q.parts) == 1 and placed is None:
            placed, route = await self._place_field(q, hits, docs, reader, skipped, question)
            if placed is not None:  # place_field.py: the role's place, its page's field
                clear = found = [placed]
                evidence = placed
        if not clear and not several and (told := told_place(question.text)):
            near = covering_hits(hits, docs, told[1])  # told_place.py
            again = near and await self._assess_for(analyse(told[0]), near, docs, skipped, question)
            if again and again.score >= self.floor:  # the ask read without the told place
                clear = found = [again]
                evidence = again
        chosen = self._choose(clear, several)
        chosen = [*chosen, *route] if placed is not None and chosen else chosen  # place_rate.py
        if len(clear) == 1 and len(q.parts) == 1 and chosen and _unstated(q, chosen):
            chosen = _stating(q, clear[0].ranked) or chosen  # attribute.py
        day: Candidate | None = None  # a month's day (dated.py), tried once
        dated_tried = False
        if placed is None:  # the place's row alone: a rate asked, nothing to extend
            chosen = await with_part_chains(self, found, chosen, reader, skipped)  # part_hops.py
            chosen = with_list(chosen, question.text, self.max_sentences)
            chosen = with_rows(chosen, question.text, frozenset(q.terms))
            if chosen and len(found) == 1 and len(chosen) < self.max_sentences:
                support = self._support(evidence, chosen[0]) or (
                    carried_support(q, evidence.ranked, chosen[0]) if len(q.parts) == 1 else None
                )  # carried_key.py: the row tying the question's name to the answer's key
                if support is not None:
                    chosen = [support, *chosen]
                else:  # another document saying what the answer leaves open (hops.py)
                    more = complement(evidence.question, evidence, chosen[0])
                    if more is not None and await self._completes(
                        evidence.question, chosen[0], more
                    ):
                        chosen.append(more)
                    elif (
                        len(q.parts) == 1 and len(chosen) == 1 and chosen[0] is evidence.ranked[0]
                    ):  # same_page.py
                        if DAY_BEFORE_PAGE and len(found) == 1:
                            # a month's day before another line of its page (dated.py, own75)
                            at = HopInput(self, q, evidence, docs, reader, skipped)
                            day = await dated_hop(at, chosen[0])
                            dated_tried = True
                        if day is not None:
                            chosen = [*chosen, day]
                        else:
                            chosen = (
                                await same_page_hop(self, q, evidence, docs, skipped, hits)
                                or chosen
                            )
            if (
                not dated_tried
                and len(found) == 1
                and len(q.parts) == 1
                and len(chosen) == 1 < self.max_sentences
            ):
                at = HopInput(self, q, evidence, docs, reader, skipped)  # a month's day: dated.py
                day = await dated_hop(at, chosen[0])
                chosen = [*chosen, day] if day is not None else chosen
        if chosen and loose and len(q.parts) == 1 and not says_enough(q, _cited(chosen, docs)):
            return Draft(
                refusal=RefusalCode.insufficient_evidence,
                reason="only pages holding some of the question's words were found, and none "
                "of those the answer cites says them all",
            )
        if chosen and len(q.parts) == 1 and guessed_row(q.text, chosen):  # described.py
            return Draft(
                refusal=RefusalCode.insufficient_evidence,
                reason="the question names the row it asks about only by a description, and "
                "no retrieved line says which row that is",
            )
        if chosen and len(q.parts) == 1 and (attribute := _unstated(q, chosen)):
            return _unstated_refusal(attribute)  # attribute.py
        if (
            CHAIN_ATTRIBUTE
            and chosen
            and len(q.parts) == 1
            and (attribute := await run_cpu(_unstated_by_chain, q, chosen, self._similar()))
        ):
            return _unstated_refusal(attribute)  # chain_attribute.py
        if chosen and len(q.parts) == 1 and _no_value(q, chosen):
            return _no_value_refusal()
        # with nothing chosen too, to say which key no row holds (kind_keys.py)
        if len(q.parts) == 1 and (unheld := _unheld_key(q, chosen, docs)):
            return _unheld_refusal(unheld)
        if (
            chosen
            and len(q.parts) == 1
            and (thing := await run_cpu(self._unnamed_thing, q, chosen, docs))
        ):
            return _unnamed_refusal(thing)  # asked_thing.py
        if (
            chosen
            and len(q.parts) == 1
            and (sibling := await run_cpu(_sibling, q, chosen, self._similar()))
        ):
            return sibling  # named_case.py, other_role.py, other_group.py
        if chosen and (empty := says_nothing_asked(question.text, chosen)):
            # a title line, or a directory row asked an act it does not say (subject_only.py)
            return Draft(refusal=RefusalCode.insufficient_evidence, reason=empty)
        if (
            len(clear) == 1 == len(q.parts)
            and chosen
            and chosen[0].header is None
            # a record kept for the place told holds it as its case, as a row does
            and not kept_for(question.text, chosen[0])
            and (told_at := place_said(question.text, chosen[0].span.text))
            and await run_cpu(said_only_there, self, told_at, clear[0], chosen[0], docs, asker)
        ):
            return _place_refusal()  # place_only.py
        if not chosen:
            best = max(found, key=lambda e: e.score)
            if best.score >= self.floor and (group := others_list(best, asker)):
                return Draft(
                    refusal=RefusalCode.insufficient_evidence,
                    reason=(
                        f"the best evidence ({best.ranked[0].doc.title!r}) is an item of a list "
                        f"for {group} readers, whom neither the question nor the asker names"
                    ),
                )
            if best.score >= self.floor:  # cleared the floor, refused by a reading after it
                return Draft(
                    refusal=RefusalCode.insufficient_evidence,
                    reason=(
                        f"the best evidence ({best.ranked[0].doc.title!r}) scores "
                        f"{best.score:.2f} for answerability, over the floor {self.floor:.2f}, "
                        "but does not say what the question asks"
                    ),
                )
            return Draft(
                refusal=RefusalCode.insufficient_evidence,
                reason=(
                    f"the best evidence ({best.ranked[0].doc.title!r}) scores {best.score:.2f} "
                    f"for answerability, under the floor {self.floor:.2f}: the retrieved text "
                    "does not clearly answer this"
                ),
            )
        if OWN_RESTATED and len(q.parts) == 1 and len(chosen) == 1:
            at = HopInput(self, q, evidence, dict(docs), reader, [], question.principal)
            restating = await own_restated(at, chosen)  # own_restated.py: the asker's record
            if restating is not None:  # the asker's line, then the rule it restates
                chosen = [restating, *chosen][: max(1, self.max_sentences)]
        if (
            HOLDER_ROW
            and len(q.parts) == 1
            and (
                row := await holder_row_found(
                    question.text, chosen, evidence.ranked, docs, reader, self.search_k
                )
            )
            is not None
        ):
            chosen = [row]  # holder_row.py: the row naming who holds the role asked
        if (
            len(q.parts) == 2
            and chosen
            and (
                row := await holder_contact_row(
                    q, chosen, evidence.ranked, docs, reader, self.search_k
                )
            )
            is not None
        ):
            chosen = [row]  # holder_row.py: "who's the <role> and what's her number?" (hop74)
        if len(chosen) == 1 == len(q.parts) and chosen[0].header is None:
            more = await self._pointed(q, chosen[0], docs, reader, skipped, question)
            chosen = [more, *chosen] if more is not None else chosen  # pointed.py
        if POINTED_CLAUSE and len(q.parts) == 1 and chosen:
            # (a line the closing pointer above extended starts with its named document's)
            sent = await self._clause_pointed(q, chosen, docs, reader, skipped, question)
            chosen = [sent, *chosen] if sent is not None else chosen  # pointed.py
        return Draft(
            claims=[DraftClaim(text=c.claim, quotes=c.quotes()) for c in chosen],
            reason=coverage(chosen, readings, self.floor),
        )

    async def _pointed(
        self,
        q: QuestionInfo,
        line: Candidate,
        docs: dict[str, Document],
        reader: Reader,
        skipped: list[DraftQuote],
        question: Question,
    ) -> Candidate | None:
        """The best line of the document the answer's one line names by its title after
        "see" (pointed.py), when the reader finds that document by its exact title and it
        clears the floor for the question on its own; else None."""
        named = pointed_title(line.span.text) if POINTED else None
        if named is None or same_title(named, line.doc.title):
            return None
        found = await reader.search(named, k=self.search_k)
        hit = next((h for h in found if same_title(named, h.title)), None)
        if hit is None or hit.doc_id == line.doc.doc_id:
            return None
        passages = [h for h in found if h.doc_id == hit.doc_id]  # each passage found of it
        read = {**docs, **await fetch_each(reader, [hit.doc_id])}
        if hit.doc_id not in read or read_out_of_force(read[hit.doc_id]):
            return None
        e = await self._assess_for(q, passages, read, skipped, question)
        if e is None or e.score < self.floor - ASK_SLACK or not e.ranked:
            return None
        top = e.ranked[0]
        return top if restates(line.span.text, top.text) else None

    async def _clause_pointed(
        self,
        q: QuestionInfo,
        chosen: list[Candidate],
        docs: dict[str, Document],
        reader: Reader,
        skipped: list[DraftQuote],
        question: Question,
    ) -> Candidate | None:
        """The best line of the document a cited prose line sends the question's subject to,
        by a clause closing "(see Title)" that names (`clause_names`) a place or thing the
        question or the answer's other lines say ("Skerrin Island centres have their own hours
        (see Working on Skerrin Island)" for "We're at Skerrin Leisure Centre. What are our
        opening times on a Sunday?", with the row placing that centre on Skerrin Island), when the reader finds that
        document by its exact title, it is in force and not cited yet, its best line clears
        the floor for the question on its own and says that name too (pointed.py,
        `clause_pointers`, `sent_on`); else None. A clause sending a kind of reader to their
        own guide ("Casual swimming teachers are paid for holiday differently (see the Casual
        Swimming Teachers' Guide)") is not followed here: whose guide answers is read by
        scope.py for the asker (`pointed_for_asker`, `handed_for_asker`)."""
        cited = {c.doc.doc_id for c in chosen}
        for line in chosen:
            if line.header is not None:
                continue  # a table row's cell names no document its reader is sent to
            # what the answer is about: the question's words and those of the answer's other
            # lines (the row resolving "Skerrin Leisure Centre" to its district)
            about = set(q.terms).union(*(key_set(c.text) for c in chosen if c is not line))
            for clause, named in clause_pointers(line.span.text):
                shared = about & clause_names(clause)
                if not shared or same_title(named, line.doc.title) or hands_on(clause, named):
                    continue  # a kind of reader sent to their guide is scope.py's reading
                found = await reader.search(named, k=self.search_k)
                hit = next((h for h in found if same_title(named, h.title)), None)
                if hit is None or hit.doc_id in cited:
                    continue
                passages = [h for h in found if h.doc_id == hit.doc_id]
                read = {**docs, **await fetch_each(reader, [hit.doc_id])}
                if hit.doc_id not in read or read_out_of_force(read[hit.doc_id]):
                    continue
                e = await self._assess_for(q, passages, read, skipped, question)
                if e is None or e.score < self.floor or not e.ranked:
                    continue
                top = e.ranked[0]
                if top.doc.doc_id == hit.doc_id and sent_on(shared, top):
                    return top
        return None

    async def _resolve_senses(
        self, question: str, hits: list[Hit], docs: dict[str, Document], reader: Reader
    ) -> tuple[list[Hit], Document | None]:
        """Replace disambiguation pages by the senses the question names (read now, so they
        enter the ledger). A disambiguation page whose senses the question does not tell
        apart makes the question ambiguous (returned second) when it is the top hit or the
        question asks about nothing but its name."""
        resolved: list[Hit] = []
        for rank, hit in enumerate(hits):
            page = docs.get(hit.doc_id)
            if page is None or not page.is_disambiguation:
                resolved.append(hit)
                continue
            senses = pick_senses(question, page)
            if not senses and (rank == 0 or names_only(question, page)):
                return [], page
            for title in (t for t in senses if t not in docs):  # others are hits already
                doc = (await fetch_each(reader, [title])).get(title)  # optional.py
                if doc is None:
                    continue
                docs[doc.doc_id] = doc
                resolved.append(
                    Hit(
                        source=doc.source,
                        doc_id=doc.doc_id,
                        title=doc.title,
                        url=doc.url,
                        score=hit.score,
                    )
                )
        return resolved, None

    async def _fetch(self, hits: list[Hit], reader: Reader) -> dict[str, Document]:
        """Fetch the distinct hit documents concurrently; one that fails is left out."""
        return await fetch_each(reader, [h.doc_id for h in hits])

    def assess(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        skipped: list[DraftQuote] | None = None,
    ) -> Evidence | None:
        """Rank the candidate sentences and score the best one's answerability. Whatever
        search found the hits (the question's, a part's, a bridge's), no withdrawn edition
        answers beside a replacement read this question, and no edition in force answers
        what the question asks of the past one (`editions.read_editions`)."""
        hits = read_editions(hits, docs, q.text)
        candidates = self.candidates(q, hits, docs, skipped)
        return self.decide(q, candidates, hits) if candidates else None

    def candidates(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        skipped: list[DraftQuote] | None = None,
    ) -> list[Candidate]:
        """Usable sentences of the retrieved passages, each with its ranking features.
        Instruction-like sentences are never candidates; they are appended to `skipped`."""
        self._offer(docs.values())
        known = self._stored_vector if self._stored else None  # for the injection detector
        out: list[Candidate] = []
        seen: set[tuple[str, int]] = set()
        top = max((h.score for h in hits), default=0.0)
        poisoned = False  # the row the question names was skipped whole as an instruction
        for rank, hit in enumerate(hits):
            doc = docs.get(hit.doc_id)
            if doc is None:
                continue
            start = hit.start if hit.start is not None else 0
            end = hit.end if hit.end is not None else len(doc.text)
            retrieval = hit.score / top if top > 0 else 0.0
            rows = [r for r in table_rows(doc.text) if start <= r.row.start < end]
            extent = table_extent(tuple(rows))
            fresh = [r for r in rows if (doc.doc_id, r.row.start) not in seen]
            seen.update((doc.doc_id, r.row.start) for r in fresh)
            # one batched call for the rows, as for the sentences below
            for row, score in zip(
                fresh, instruction_scores([r.row.text for r in fresh], known), strict=True
            ):
                if score >= INSTRUCTION_THRESHOLD:
                    # the cells before the first instruction-like one are still the row's
                    # facts (injection.clean_cells); the rest is skipped, and shown so
                    cut = clean_cells(row.row.text)
                    if skipped is not None:
                        quote = row.row.text[cut:].strip()
                        skipped.append(
                            DraftQuote(doc_id=doc.doc_id, source=doc.source, quote=quote)
                        )
                    if not cut:
                        poisoned = poisoned or _names_row(q, doc, row, rank)
                        continue
                    row = replace(
                        row, row=Span(row.row.start, row.row.start + cut, row.row.text[:cut])
                    )
                reading = row.reading()  # already holds the table's heading
                terms = list(_keys(reading))
                if terms:
                    out.append(
                        Candidate(
                            doc,
                            row.row,
                            terms,
                            rank,
                            retrieval,
                            False,
                            header=row.header,
                            reading=reading,
                            context=doc.title,
                        )
                    )
            spans = []
            sentences = cached_sentences(doc.text, start, end)
            for n, span in enumerate(sentences):
                k = (doc.doc_id, span.start)
                if k in seen or len(span.text) > MAX_SENTENCE_CHARS:
                    continue
                if any(a < span.end and span.start < b for a, b in extent):
                    continue
                seen.add(k)
                if not span.text.lstrip().startswith("#"):
                    spans.append((n, span))
            # one batched call: the detector's semantic stage embeds gated sentences together
            scores = instruction_scores([span.text for _, span in spans], known)
            for (n, span), score in zip(spans, scores, strict=True):
                if score >= INSTRUCTION_THRESHOLD:
                    if skipped is not None:
                        skipped.append(
                            DraftQuote(doc_id=doc.doc_id, source=doc.source, quote=span.text)
                        )
                    continue
                # an infobox line is scored with the words that ask for its label
                if _keys(label_reading(span.text) or span.text):
                    read = read_sentence(doc.text, doc.title, span, _asked_of(q, span))
                    if read.dropped and skipped is not None:
                        skipped.append(
                            DraftQuote(doc_id=doc.doc_id, source=doc.source, quote=read.dropped)
                        )
                    terms = list(_keys(read.text or span.text))
                    cand = Candidate(doc, span, terms, rank, retrieval, n == 0, reading=read.text)
                    cand.context, cand.lead, cand.refers = read.context, read.lead, read.refers
                    if cand.lead is None:  # "It is paid ...": ranked and cited with its subject
                        cand.lead = antecedent(doc.text, sentences, n)
                        cand.refers = cand.lead is not None
                    out.append(cand)
        if poisoned:  # nothing else in the retrieved text may stand in for that row
            return []
        idf = idf_table(c.terms for c in out)
        for i, c in enumerate(out):
            window = set(c.terms)
            for j in (i - 1, i + 1):
                if 0 <= j < len(out) and out[j].passage_rank == c.passage_rank:
                    window.update(out[j].terms)
            subject = frozenset(_keys(c.doc.title)) | frozenset(
                _keys(c.lead.text if c.lead else "")
            )
            c.features = rank_features(
                q,
                c.terms,
                window,
                c.text,
                idf,
                c.retrieval,
                c.passage_rank,
                c.first,
                # a country the title or the text names is named by its other forms too
                subject | other_forms(subject | frozenset(c.terms), keys),
            )
        return out

    def decide(
        self,
        q: QuestionInfo,
        candidates: list[Candidate],
        hits: list[Hit],
        rank_weights: tuple[float, ...] | None = None,
        answer_model: tuple[float, tuple[float, ...]] | None = None,
        lift: tuple[Candidate, float] | None = None,
    ) -> Evidence:
        """Order `candidates` by the ranker and compute the answerability of the best.
        The weights default to the fitted ones (bench/squad2.py --fit passes its own);
        `answer_model` is (bias, weights); `lift` (a candidate, rank points) adds to that
        candidate's ranker score (nearer_line.py)."""
        for c in candidates:
            c.rank = (
                rank_score(c.features)
                if rank_weights is None
                else rank_score(c.features, rank_weights)
            )
        if lift is not None:
            lift[0].rank += lift[1]
        ranked = sorted(candidates, key=lambda c: c.rank, reverse=True)
        # Topic: of the top few, a sentence whose meaning (under its heading) is nearer the
        # question's gains on one that only shares its words ("dinner when working away"
        # and "an evening meal allowance ... away from base" over "stay away from work").
        near = ranked[:TOPIC_POOL]
        for c, cos in zip(
            near,
            self.topic_cosines(q.text, [c.text for c in near], [c.context for c in near]),
            strict=True,
        ):
            c.rank += TOPIC_WEIGHT * cos
        ranked = sorted(candidates, key=lambda c: c.rank, reverse=True)
        # Answer type: of the top few, those that could answer this kind of question at all
        # come first; when none can, nothing here answers (score 0).
        # The table row the question names, with the column it asks for, comes before them.
        # Such a row is looked for below the top few too: its words may be few ("if I earn
        # £40,000" picks the row "£33,248 to £49,913").
        if self.embedder is not None and not q.meant:
            meant = meant_rows(
                q.text, frozenset(q.terms), ranked, self.similarities, self.embed_texts
            )
            if meant:
                q = replace(q, meant=meant)
        qset = set(q.terms)
        level = {id(c): fit_level(q, qset, c) for c in ranked[:P_TOP_POOL]}
        strong = [
            c
            for c in ranked[P_TOP_POOL:]
            if (c.header is not None or entry_parts(c.span.text, c.doc.text) is not None)
            and fit_level(q, qset, c) == STRONG
        ]
        level.update((id(c), STRONG) for c in strong)
        fits = sorted(
            (c for c in [*ranked[:P_TOP_POOL], *strong] if level[id(c)] != NO),
            key=lambda c: (level[id(c)] != STRONG, level[id(c)] == LOOSE),
        )
        fit_ids = {id(c) for c in fits}
        ranked = fits + [c for c in ranked if id(c) not in fit_ids]
        # Over the top few only: a whole article (a ZIM page) offers a hundred candidates, a
        # paragraph a handful, and p_top must mean the same for both.
        probs = softmax([c.rank for c in ranked[:P_TOP_POOL]])
        best = ranked[0]
        title = set(_keys(best.doc.title))  # the implicit subject (see rank_features)
        passage: set[str] = set(title)
        pool: set[str] = set()
        window = set(best.terms) | title
        around: list[str] = []  # the sentences just before and after `best` in its passage
        for i, c in enumerate(candidates):
            pool.update(c.terms)
            if c.doc.doc_id == best.doc.doc_id and c.passage_rank == best.passage_rank:
                passage.update(c.terms)
            if c is best:
                for j in (i - 1, i + 1):
                    if 0 <= j < len(candidates) and candidates[j].passage_rank == c.passage_rank:
                        window.update(candidates[j].terms)
                        if candidates[j].doc.doc_id == c.doc.doc_id:
                            around.append(candidates[j].text)
        margin = best.rank - ranked[1].rank if len(ranked) > 1 else 1.0
        # A table row the fit order put first over lines that rank higher: another
        # document's rivals are the lines that could answer as well; one the type gate rules
        # out (a table row the question does not name), or one without the kind of thing
        # asked (LOOSE) beside a row that says it, is no rival however it ranks. (A STRONG
        # row's rivals still include every FITS line: taking those out too answered a
        # held-out unanswerable question; over prose answers the rule cost a kept-aside
        # HotpotQA answer and a few SQuAD refusals.)
        best_level = level.get(id(best))
        rivals = [c for c in ranked if c.doc.doc_id != best.doc.doc_id]
        if best.header is not None:
            levels = [level[id(c)] if id(c) in level else fit_level(q, qset, c) for c in rivals]
            rivals = [
                c
                for c, lv in zip(rivals, levels, strict=True)
                if lv != NO and (lv != LOOSE or best_level == LOOSE)
            ]
        others = [c.rank for c in rivals]
        idf = idf_table(c.terms for c in candidates)
        cosines, align, context_cosine, relation = self.semantics(
            q.text,
            [c.text for c in ranked[:COSINE_TOP]],
            [c.context for c in ranked[:COSINE_TOP]],
            best.doc.title,
        )
        context = context_features(
            q,
            best.terms,
            _keys(best.context or best.doc.title),
            idf,
            context_cosine,
            best.passage_rank,
            best.rank - max(others) if others else None,
            level.get(id(best)) == STRONG,
        )
        setting = f"{best.context or ''} {best.doc.title}"  # the line's heading and title
        x = answer_features(
            q,
            best.features,
            probs[0],
            min(margin, 3.0) / 3.0,
            best.text,
            window,
            passage,
            pool,
            idf,
            [h.score for h in hits],
            cosines,
            align,
            context,
            subject_gap(q.text, best.doc.title, relation),
            other_case(q.text, best.text, q.wh, setting)
            or bool(unsaid_period(q.text, q.wh, best.text, setting, best.doc.text))
            or bool(swapped_counts(q.text, q.wh, best.text))
            or bool(clause_opposites(q.text, q.wh, best.text))
            or (
                best.header is None  # prose lines only (a table row has a header)
                and (
                    other_time(q.text, q.wh, best.text, around, setting)
                    or setting_only(q.text, q.wh, best.text, setting)
                    or contrasted_only(q.text, q.wh, best.text)
                    or unsupported_claim(q.text, q.wh, best.text)
                )
            ),
        )
        if answer_model is None:
            answer_model = LEXICAL_MODEL if self.embedder is None else SEMANTIC_MODEL
        bias, weights = answer_model
        score = answerability(x, weights, bias) if fits else 0.0
        return Evidence(q, ranked, x, score, hits=list(hits))

    def cosines(
        self, question: str, top: list[str], contexts: list[str] | None = None
    ) -> tuple[float, float]:
        """(cosine of the question to top[0], max cosine over `top`); see `semantics`."""
        return self.semantics(question, top, contexts)[0]

    def semantics(
        self, question: str, top: list[str], contexts: list[str] | None = None, subject: str = ""
    ) -> tuple[tuple[float, float], tuple[float, ...], float, tuple[float, int]]:
        """The semantic answerability inputs, embedding only what is not cached, in one batch:

        * (cosine of the question to top[0], max cosine over `top`); the neutral constant
          without an embedder. With `contexts` (each sentence's section heading), a
          sentence's cosine is the larger of the sentence alone and the sentence under its
          heading: a paraphrased question often matches the section ("Sick leave") better
          than the sentence that answers it;
        * the alignment features (alignment.py) of the question's words with top[0] under
          its heading, from the word vectors of the same embedding run
          (`OnnxEmbedder.embed_tokens`), or by matching keys when the embedder has none;
        * the question's cosine to contexts[0] alone (the best sentence's heading and title;
          the neutral constant without an embedder or a context);
        * the alignment of the question's relation words alone with top[0] under its
          heading, leaving out the words of `subject` (the best sentence's document title),
          and how many such words it has (alignment.relation_align)."""
        if not top:
            return (NEUTRAL_COSINE, NEUTRAL_COSINE), NEUTRAL_ALIGN, NEUTRAL_COSINE, (1.0, 0)
        framed = _framed(top, contexts or [""] * len(top))
        named = frozenset(_keys(subject))
        if self.embedder is None:
            qp, sp = plain_words(question), plain_words(framed[0])
            return (
                (NEUTRAL_COSINE, NEUTRAL_COSINE),
                tuple(align_features(qp, sp)),
                NEUTRAL_COSINE,
                relation_align(qp, sp, named),
            )
        heading = (contexts or [""])[0]
        with self._vectors_lock:  # scoring runs on worker threads
            texts = [question, *top, *framed, *([heading] if heading else [])]
            self._embed_cached(texts, words=(question, framed[0]))
            qv = self._vectors[question]
            cos = self._framed_cosines(qv, top, framed)
            qw = self._words.get(question) or plain_words(question)
            sw = self._words.get(framed[0]) or plain_words(framed[0])
            heading_cos = float(qv @ self._vectors[heading]) if heading else NEUTRAL_COSINE
        return (
            (cos[0], max(cos)),
            tuple(align_features(qw, sw)),
            heading_cos,
            relation_align(qw, sw, named),
        )

    def topic_cosines(self, question: str, top: list[str], contexts: list[str]) -> list[float]:
        """The question's cosine to each of `top`, the larger of the sentence alone and under
        its heading, as in `semantics` (the same texts, embedded once and cached, with the
        headings `semantics` compares alone, so a question costs one model run); zeros
        without an embedder."""
        if self.embedder is None or not top:
            return [0.0] * len(top)
        framed = _framed(top, contexts)
        with self._vectors_lock:
            self._embed_cached([question, *top, *framed, *(c for c in contexts if c)])
            return self._framed_cosines(self._vectors[question], top, framed)

    def _framed_cosines(self, qv: np.ndarray, top: list[str], framed: list[str]) -> list[float]:
        """Each text's cosine to the question vector `qv`: the larger of the text alone and
        under its heading (both cached already)."""
        return [
            max(float(qv @ self._vectors[t]), float(qv @ self._vectors[f]))
            for t, f in zip(top, framed, strict=True)
        ]

    def _unnamed_thing(
        self, q: QuestionInfo, chosen: list[Candidate], docs: dict[str, Document]
    ) -> str:
        """The word of the thing a yes/no question asks the asker gets that no cited document
        says or means, when no cited line grants anything ("" when none, or no such thing
        is asked): asked_thing.py. A line is read with its table header and heading."""
        thing = asked_thing(q.text)
        if not thing:
            return ""
        documents = [f"{d.title}\n{d.text}" for d in _cited(chosen, docs)]
        lines = [f"{c.context}\n{c.text}" for c in chosen]
        return unnamed_thing(thing, documents, lines, self._similar())

    def _similar(self) -> Callable[[str, list[str]], list[float]] | None:
        """`similarities`, when there is an embedder to give them."""
        return self.similarities if self.embedder is not None else None

    def similarities(self, reference: str, texts: list[str]) -> list[float]:
        """Cosine of `reference` to each of `texts`, through the answerer's vector cache (the
        candidates' sentences are mostly embedded already). Needs an embedder."""
        with self._vectors_lock:
            self._embed_cached([reference, *texts])
            rv = self._vectors[reference]
            return [float(rv @ self._vectors[t]) for t in texts]

    def embed_texts(self, texts: list[str]) -> None:
        """Embed what of `texts` is not cached yet, in one run of the model, so that the
        `similarities` asked of them next need none (meant_keys.py's phrases and key cells).
        Needs an embedder."""
        with self._vectors_lock:
            self._embed_cached(texts)

    def centroid_cosines(self, reference: str, groups: list[list[str]]) -> list[float]:
        """Cosine of `reference` to each group's centroid (the normalised mean of its texts'
        vectors), through the answerer's vector cache (doc_about.py). Needs an embedder."""
        with self._vectors_lock:
            self._embed_cached([reference, *(t for g in groups for t in g)])
            rv = self._vectors[reference]
            out = []
            for g in groups:
                total = self._vectors[g[0]].copy()
                for t in g[1:]:
                    total += self._vectors[t]
                norm = float(total @ total) ** 0.5
                out.append(float(rv @ total) / norm if norm > 0 else 0.0)
            return out

    def _offer(self, docs: Iterable[Document]) -> None:
        """Keep the stored vectors (stored_texts.py) of documents just read at hand, when
        they are of this answerer's embedder: `_embed_cached` takes a text's vector from
        them instead of running the model."""
        if self.embedder is None:
            return
        with self._vectors_lock:
            for doc in docs:
                stored = doc.stored_vectors
                if stored is None or stored.model != self.embedder.name:
                    continue
                self._stored[id(stored)] = stored
                self._stored.move_to_end(id(stored))
                while len(self._stored) > STORED_DOCS:
                    self._stored.popitem(last=False)

    def _from_store(self, text: str, model: str | None = None) -> np.ndarray | None:
        """`text`'s vector by `model` (this answerer's embedder's by default) as stored with
        a document read lately, or None. The caller holds `_vectors_lock`."""
        if not self._stored:
            return None
        model = model or (self.embedder.name if self.embedder is not None else None)
        key = text_key(text)
        for stored in reversed(self._stored.values()):
            vector = stored.get(key) if stored.model == model else None
            if vector is not None:
                return vector
        return None

    def _stored_vector(self, text: str, model: str) -> np.ndarray | None:
        """`_from_store` for the injection detector's encoder (`model`), from any thread."""
        with self._vectors_lock:
            return self._from_store(text, model)

    def _embed_cached(self, texts: list[str], words: tuple[str, ...] = ()) -> None:
        """Embed what of `texts` is not cached, in one batch (with word vectors when the
        embedder gives them); `words` are the texts whose word vectors are read (the
        alignment's), the others' vectors may come from the store (stored_texts.py). The
        caller holds `_vectors_lock`."""
        assert self.embedder is not None
        token_embed = getattr(self.embedder, "embed_tokens", None)
        wanted = set(words) if token_embed is not None else set()
        todo = list(
            dict.fromkeys(
                t for t in texts if t not in self._vectors or (t in wanted and t not in self._words)
            )
        )
        if not todo:
            return
        if len(self._vectors) + len(todo) > self.embed_cache:
            self._vectors.clear()  # then every text is embedded anew
            self._words.clear()
            todo = list(dict.fromkeys(texts))
        if self._stored:
            run = []
            for t in todo:
                vector = None if t in wanted else self._from_store(t)
                if vector is None:
                    run.append(t)
                else:
                    self._vectors[t] = vector
            todo = run
            if not todo:
                return
        if token_embed is not None:
            for t, tv in zip(todo, token_embed(todo), strict=True):
                self._vectors[t] = tv.vector
                self._words[t] = Words(tv.words, tv.vectors)
        else:
            self._vectors.update(zip(todo, self.embedder.embed(todo), strict=True))

    async def _read_part(
        self,
        part: str,
        parts: tuple[str, ...],
        reader: Reader,
        skipped: list[DraftQuote],
        principal: Principal | None,
        whole: Evidence | None = None,
        first: Evidence | None = None,
    ) -> Evidence | None:
        """One part assessed as searched with the first part beside it (part_query), and,
        when it refers back to the subject the first part names, also with that subject in
        its pronoun's place (referent.py): the better-scored reading is the part's. A part
        scored with the first part's names may be read in its own words (general_part.py),
        its line corroborated by the whole question's ranking (`whole`), when those names
        find no line of their own or only the first part's own line (`first`)."""
        scored = part_subject(part, parts)
        evidence = await self._assess_part(
            part, reader, skipped, part_query(part, parts), principal, scored
        )
        if (
            scored != part
            and evidence is not None
            and names_found_nothing(evidence, first, self.floor)
        ):
            plain = await self._assess_part(  # general_part.py: in the part's own words
                part, reader, skipped, part_query(part, parts), principal
            )
            if general_reading(evidence, plain, self.floor, " ".join(parts), whole, first):
                evidence = plain
        reading = referred_reading(part, parts)
        if reading is None:
            return evidence
        other = await self._assess_part(part, reader, skipped, reading[0], principal, reading[1])
        if other is not None and (evidence is None or other.score > evidence.score):
            return other
        return evidence

    async def _assess_part(
        self,
        part: str,
        reader: Reader,
        skipped: list[DraftQuote],
        query: str | None = None,
        principal: Principal | None = None,
        scored: str | None = None,
    ) -> Evidence | None:
        """One part of a several-part question, searched on its own (so the parts may be
        answered from different documents); `query` is what to search for, when the part
        alone does not say what it is about (see part_query), and `scored` what its
        candidates are scored against (see part_subject). Its hits are reordered for
        `principal` like the whole question's (see neighbours.prefer_fitting)."""
        hits = await search_or_nothing(reader, query or part, self.search_k)
        if not hits:
            return None
        docs = await self._fetch(hits, reader)
        hits = prefer_fitting(hits, docs, query or part, principal)
        hits = await editions_asked(query or part, hits, docs, reader, self.search_k)
        if not hits:
            return None
        asked = Question(text=query or part, principal=principal)
        return await self._assess_for(analyse(scored or part), hits, docs, skipped, asked)

    async def _assess_for(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        skipped: list[DraftQuote],
        question: Question,
    ) -> Evidence | None:
        """`assess` (off the event loop) of the hits that may answer this reader
        (neighbours.may_answer: no guide for another kind of engagement; none at all when
        no document speaks of the kind of reader the question names), and the documents
        written for this reader answer first (neighbours.written_for_asker: their own document
        on what the question calls theirs, the guide for their role): when their best
        evidence clears the floor it is taken, whatever a general document scores. A document
        whose own words set the asker outside its scope is no hit (scope.in_scope); the one a
        neighbour names as the asker's in saying so answers within parts.PART_SLACK under the
        floor (scope.vouched)."""
        hits = may_answer(hits, question.text, question.principal, docs)
        pointed = pointed_for_asker(hits, docs, question.text, question.principal)  # scope.py
        # handed "in" a guide only (scope.handed_in): its line must say what was asked
        handed_in_ids = handed_in_only(hits, docs, question.text, question.principal)
        handed = {
            h.doc_id
            for h in handed_for_asker(hits, docs, question.text, question.principal)
            if h not in pointed
        }  # sent to by title only (scope.handed_readers): vouched for a value it says
        pointed += [h for h in hits if h.doc_id in handed and h not in pointed]
        disowning, not_theirs = disowned(hits, docs, question.text, question.principal)
        pointed += [h for h in hits if h.doc_id in disowning and h not in pointed]
        hits = in_scope(hits, docs, question.text, question.principal, not_theirs)  # scope.py
        hits = drop_others_only(hits, docs, question.text, question.principal)  # only_scope.py
        speaking = await run_cpu(covering, hits, docs, question.text)
        evidence = await run_cpu(self.assess, q, speaking or hits, docs, skipped)
        if evidence is not None and not speaking:
            return replace(evidence, score=0.0)  # no document speaks of the readers asked about
        hits = speaking
        own = written_for_asker(hits, docs, question.text, question.principal)
        handed_in_ids -= {h.doc_id for h in own} | {
            h.doc_id for h in pointed if h.doc_id not in handed
        }
        if evidence is not None and evidence.score < self.floor:
            # A guide declared for the asker's department by its access alone is theirs too,
            # but only when its own line ranks first in the whole retrieval and under the
            # floor: read as theirs whatever ranks first, a department's guide answers the
            # asker's questions as an employee ("Who needs to okay an expense claim?" by the
            # finance team's customer claims guide), which a general policy answered.
            declared = declared_for_asker(hits, docs, question.text)
            if evidence.ranked[0].doc.doc_id in {h.doc_id for h in declared}:
                own += [h for h in declared if h not in own]
        own += [h for h in pointed if h in hits and h not in own]
        if evidence is None or not own:
            return evidence
        theirs_ids = {h.doc_id for h in pointed if h in hits}  # theirs by a neighbour's word
        own_first = evidence.ranked[0].doc.doc_id in {h.doc_id for h in own}
        # read alone only because the situation told is one the guide holds (own_situation.py)
        held = (
            own_first
            and evidence.score < self.floor
            and not theirs_ids
            and guide_holds(question.text, own, docs)
        )
        if own_first and (
            evidence.score >= self.floor
            or (
                not theirs_ids
                and (
                    len(own) == len(hits)
                    or situation_elsewhere(question.text, own, docs)  # own_situation.py
                    or any(owned_by_asker(docs.get(h.doc_id), question.principal) for h in own)
                )
            )
        ):
            # Under the floor with their own line first, the guides written for the asker's
            # kind are still read alone (the general neighbours' lines lower their line's
            # score), unless the question tells a situation first, the key of a chain ("I
            # mostly wait tables. How many tronc points ...?"), or one of them is the asker's
            # private record (a letter, an agreement): such a record is the first hop of a
            # chain another document answers (own_hop), which its line read alone pre-empts.
            return self._own_counterpart(evidence, own, question)
        theirs = (
            evidence if len(own) == len(hits) else await run_cpu(self.assess, q, own, docs, skipped)
        )
        if theirs is None:
            return evidence
        if held and (
            theirs.score < self.floor
            or not situation_answered(question.text, theirs.ranked[0].span.text)
        ):
            # the guide answers the ask, not the situation (own_situation.py); read alone
            # under the floor, its first line may still make the general line's point
            if theirs.score >= self.floor:
                return evidence
            return self._own_counterpart(evidence, own, question)
        if theirs.score >= self.floor:
            lead = theirs.ranked[0]
            if lead.doc.doc_id in handed_in_ids and not says_value_asked(
                question.text, lead.span.text, lead.context
            ):
                return evidence  # handed only "in" the guide, and its line says another matter
            if (
                evidence.score >= self.floor
                and (
                    supplements(theirs.ranked[0].doc.title, question.principal)
                    or opened_only(theirs.ranked[0].doc, question.principal)
                )  # theirs by a loose reading: a noun with no person ending, or its opening
                and says_more(q.terms, said_keys(evidence.ranked[0]), said_keys(theirs.ranked[0]))
            ):
                return evidence  # the general line says more of what was asked (says_more.py)
            if evidence.score >= self.floor and self._named_row_kept(q, evidence, theirs, question):
                return evidence  # the row asked, over a role's topic guide (role_topic.py)
            first = theirs.ranked[0]
            if opened_only(first.doc, question.principal) and sum_unsaid(
                question.text, first.span.text
            ):
                return evidence  # a guide theirs by its opening alone answers a sum asked
                # only with a sum (opened_for.py)
            return theirs
        first = theirs.ranked[0]
        if (
            first.doc.doc_id in theirs_ids
            and vouched(theirs, self.floor)
            and (
                first.doc.doc_id not in handed
                or says_value_asked(question.text, first.span.text, first.context)
            )
            and (
                first.doc.doc_id not in disowning
                or says_disowning(first.text, disowning[first.doc.doc_id])
            )
        ):
            return replace(theirs, vouched=True)
        if evidence.score >= self.floor:
            return evidence  # a line of the whole retrieval clears the floor
        mine = audience(question.principal)
        entries = [
            c
            for c in theirs.ranked
            if names_asker(c.doc.title, mine) and headed_entry(question.text, c.span.text, c.doc)
        ]
        if len({c.at for c in entries}) == 1:
            # the one line of the asker's guide's section headed by the matter asked, when no
            # line of the whole retrieval clears the floor (headed.py)
            rest = [c for c in theirs.ranked if c.at != entries[0].at]
            return replace(theirs, ranked=[entries[0], *rest], vouched=True)
        twin = self._counterpart(evidence, theirs, own, mine, question.text)
        if twin is not None and twin.doc.doc_id not in theirs_ids:
            # the asker's guide's first line making the point of the general line the
            # question found first, when no line clears the floor (counterpart.py); a guide a
            # neighbour names or that disowns the neighbour's rule is read by its own bound
            # (scope.vouched, within PART_SLACK), not answered here however far under
            return replace(theirs, vouched=True)
        if ROLE_TOPIC_ORDER and not theirs_ids and own_topic_only(own, docs, question):
            # a role's page on a topic of its own, silent on what was asked, read in the
            # search's order, not first (role_topic.py)
            again = await run_cpu(self.assess, q, in_search_order(hits), docs, skipped)
            own_ids = {h.doc_id for h in own}
            if (
                again is not None
                and again.score >= self.floor
                and again.ranked[0].doc.doc_id not in own_ids
            ):
                return again
        return evidence

    def _own_counterpart(self, evidence: Evidence, own: list[Hit], question: Question) -> Evidence:
        """`evidence`, vouched when it is under the floor and its first line, of the asker's
        guide, makes the point of the whole retrieval's best line of another document
        (counterpart.py)."""
        if evidence.score >= self.floor:
            return evidence
        twin = self._counterpart(
            evidence, evidence, own, audience(question.principal), question.text
        )
        return evidence if twin is None else replace(evidence, vouched=True)

    def _counterpart(
        self,
        evidence: Evidence,
        theirs: Evidence,
        own: list[Hit],
        mine: frozenset[str],
        question: str,
    ) -> Candidate | None:
        """The line of the asker's guide (its title names their kind) that makes the point of
        the whole retrieval's first line of another document, or None (counterpart.py)."""
        if not COUNTERPART:
            return None
        own_ids = {h.doc_id for h in own}
        general = next((c for c in evidence.ranked if c.doc.doc_id not in own_ids), None)
        if general is None:
            return None
        lines = [c for c in theirs.ranked if names_asker(c.doc.title, mine)]
        kind_words = frozenset(w for c in lines for w in names_asker(c.doc.title, mine))
        i = counterpart_line(question, general.text, [c.text for c in lines], kind_words)
        # the guide's best line only: the ranker and the general line's point agree on it;
        # its opening sentence says whom it is for, no point of its own
        if i != 0 or lines[0].at != theirs.ranked[0].at:
            return None
        if not guide_line(lines[0].doc.title, lines[0].span.text):
            return None  # a directory's or a table's row makes no guide's point
        return None if opens_guide(lines[0].doc.text, lines[0].span.text) else lines[0]

    def _named_row_kept(
        self, q: QuestionInfo, evidence: Evidence, theirs: Evidence, question: Question
    ) -> bool:
        """Does the whole retrieval's best line, the row (or labelled line) the question names
        with the column it asks for, stay first over the best line of a guide for the asker's
        role on a topic of its own the question does not say whole, that is no such row
        (role_topic.py)?"""
        if not ROLE_TOPIC:
            return False
        general, guide = evidence.ranked[0], theirs.ranked[0]
        if general.doc.doc_id == guide.doc.doc_id:
            return False
        if not topic_guide(guide.doc.title, question.principal, question.text):
            return False
        qset = set(q.terms)
        return fit_level(q, qset, general) == STRONG and fit_level(q, qset, guide) != STRONG

    def _support(self, evidence: Evidence, answer: Candidate) -> Candidate | None:
        """The sentence of another retrieved document that names the answer's document (by
        its title) and holds a question entity the answer's document lacks: the first hop of
        a bridge question, cited beside the answer."""
        title = answer.doc.title.strip()
        if len(title) < 4:
            return None
        own = {k for c in evidence.ranked if c.doc.doc_id == answer.doc.doc_id for k in c.terms}
        own.update(_keys(title))
        wanted = evidence.question.entities - own
        if not wanted:
            return None
        for c in evidence.ranked[:P_TOP_POOL]:
            if (
                c.doc.doc_id != answer.doc.doc_id
                and title.lower() in c.span.text.lower()
                and wanted & set(c.terms)
            ):
                c.part, answer.part = "bridge", "answer"
                return c
        return None

    async def _completes(self, q: QuestionInfo, answer: Candidate, more: Candidate) -> bool:
        """Does another document's line complete the answer (completes.py): it says what the
        answer's document leaves open, or it is nearer the question in meaning?"""
        nearer = False
        if self.embedder is not None:
            to_answer, to_more = await run_cpu(self.similarities, q.text, [answer.text, more.text])
            nearer = to_more > to_answer
        return completes(q, answer, more, nearer)

    async def _day_line(
        self,
        q: QuestionInfo,
        evidence: Evidence,
        hits: list[Hit],
        docs: dict[str, Document],
        skipped: list[DraftQuote],
        question: Question,
    ) -> Evidence | None:
        """The evidence of the one retrieved document whose line is labelled by the day the
        question names, its sentence that says what is asked first, cited after the label's
        sentence, read for the question as the asker (`_assess_for`: permissions and scope);
        None when the whole retrieval's first line is of such a line already, or no such
        sentence is found (day_notice.py)."""
        named = [
            (h, line)
            for h in hits
            if (doc := docs.get(h.doc_id)) is not None
            and (line := named_line(question.text, doc)) is not None
        ]
        if len({h.doc_id for h, _ in named}) != 1:
            return None
        hit, line = named[0]
        top = evidence.ranked[0] if evidence.ranked else None
        if top is None or (
            top.doc.doc_id == hit.doc_id and line.start <= top.span.start < line.end
        ):
            return None
        whole = hit.model_copy(update={"start": None, "end": None})
        again = await self._assess_for(q, [whole], docs, skipped, question)
        if again is None:
            return None
        inside = [
            c
            for c in again.ranked
            if c.doc.doc_id == hit.doc_id and line.start <= c.span.start < line.end
        ]
        label = next((c for c in inside if c.span.start == line.start), None)
        said = [c for c in inside if answers_day(question.text, line.name, c.span.text)]
        if not said or label is None:
            return None
        # the label's own sentence says it ("New Year's Eve, ...: box offices close at
        # 14:00."), or a later one of its line, cited after the label's
        first = said[0] if said[0] is label else replace(said[0], lead=label.span, refers=True)
        return self._first_at_floor(again, first)

    def _first_at_floor(self, evidence: Evidence, line: Candidate) -> Evidence:
        """`evidence` with `line` ranked first and its score raised to the floor: a reading
        that found the one line answering has decided, so the score no longer gates it."""
        rest = [c for c in evidence.ranked if c.at != line.at]
        return replace(evidence, ranked=[line, *rest], score=max(evidence.score, self.floor))

    async def _place_rate(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        reader: Reader,
        skipped: list[DraftQuote],
        question: Question,
    ) -> tuple[Evidence | None, list[Candidate]]:
        """The evidence of the supplement written for the place the asker tells, its row
        naming the asked rate first (place_rate.py), read for the question as the asker
        (`_assess_for`: permissions and scope), and the directory row placing the named
        place there (cited after it) when the question names it only so; None when no such
        row is found or that reading does not rank it."""
        pick = await place_rate_hit(question.text, hits, docs, reader, self.search_k)
        if pick is None:
            return None, []
        whole = pick.hit.model_copy(update={"start": None, "end": None})  # the row, not a passage
        again = await self._assess_for(q, [whole], docs, skipped, question)
        at = (pick.hit.doc_id, pick.row.row.start)
        line = next((c for c in (again.ranked if again else []) if c.at == at), None)
        if again is None or line is None:
            return None, []
        route: list[Candidate] = []
        if pick.route is not None:  # the directory row placing the named place there
            doc, entry = pick.route
            reading = entry.reading()
            route = [
                Candidate(
                    doc, entry.row, list(_keys(reading)), 1, header=entry.header, reading=reading
                )
            ]
        return self._first_at_floor(again, line), route

    async def _place_field(
        self,
        q: QuestionInfo,
        hits: list[Hit],
        docs: dict[str, Document],
        reader: Reader,
        skipped: list[DraftQuote],
        question: Question,
    ) -> tuple[Evidence | None, list[Candidate]]:
        """The evidence of the page of the place the question calls by its role, its labelled
        line the question asks for first (place_field.py), read for the question as the asker
        (`_assess_for`), and the line naming the place by its role (cited after it); None when
        no such line is found or that reading does not rank it."""
        pick = await place_field(question.text, hits, docs, reader, self.search_k)
        if pick is None:
            return None, []
        whole = pick.hit.model_copy(update={"start": None, "end": None})  # the page, whole
        again = await self._assess_for(
            q, [whole], {**docs, pick.doc.doc_id: pick.doc}, skipped, question
        )
        line = next(
            (
                c
                for c in (again.ranked if again else [])
                if c.doc.doc_id == pick.doc.doc_id
                and c.span.start <= pick.line.start < max(c.span.end, c.span.start + 1)
            ),
            None,
        )
        if again is None or line is None:
            return None, []
        route: list[Candidate] = []
        if pick.route is not None:  # the line naming the place by its role
            doc, span = pick.route
            route = [Candidate(doc, span, list(_keys(span.text)), 1)]
        return self._first_at_floor(again, line), route

    def clearing(
        self, found: list[Evidence], whole: Evidence, asker: frozenset[str] = frozenset()
    ) -> list[Evidence]:
        """The evidences that clear the floor, of those the answer is decided on (the whole
        question's, or each part's; parts.answered_parts lets a part the whole question
        corroborates in a little under it): the one place the floor decides. A bridge or
        same-page hop assesses more afterwards, but only to extend this answer or to replace
        a refusal; bench/fit_answerability.py records what is decided here. A table cell the
        question names by its row and its column answers under the floor (named_cell.py), and
        so does a line a little under it that names the whole ask (ask_named.py), or that
        grants the thing a yes/no question asks for in other words (asked_thing.py), or whose
        document, read whole, is the one a situation-first question is about (doc_about.py), or
        that permits or forbids the act a question asks leave for, or, at any depth, obliges
        the act a question asks whether the asker is bound to (ruled_act.py), or that is the
        item of its list the question means, the list for no group of readers neither the
        question nor the asker's roles and departments (`asker`) say (list_entry.py), or that
        is the record of a contacts list kept per place the question names (kept_entry.py), or that
        names every thing a personally asked question asks about, the asker's verb aside
        (asker_verb.py), or that states the point from which a requirement holds or the bound
        a question asks for (stated_bound.py), or, at any depth, that states the very condition
        a question sets on its asker ("if I die ...") and what follows from it as a value
        (stated_condition.py), or whose own condition clause states, in several of its words,
        the situation a question tells first, with a value (situation_stated.py), or, at any
        depth, whose subject is the thing a question asks leave for and whose predicate rules
        on it ("A text ... is not enough", ruled_thing.py).
        Last, a line is lifted above the refused first line and answers when it then clears
        the floor or a reading above passes it: a line of the first line's document much
        nearer the question in meaning (nearer_line.py), the line of that document granting or
        forbidding what is asked leave for (leave_line.py), the line stating what follows the
        asked condition (consequence.py), the line stating how long the thing lasts whose end
        a question asks (end_line.py), the line naming the day a yes/no question asks whether
        a place is open on (open_day.py); then a line of another retrieved document that says
        two of the question's words itself and is much nearer it in meaning, on its own score
        (said_nearer.py), unless that document carries the first line's title (one page cut
        into parts: one_page.py). An evidence over the floor whose first line is
        an item of a list for a group of readers neither the question nor the asker says
        (list_entry.others_list) does not answer, and nothing under the floor is read in its
        place. A first line sending its reader to another document by title ("see Overtime
        and Shift Pay") whose line the evidence ranks gives way to that document's line, which
        answers when it grants the thing a yes/no question asks for in other words
        (pointed.py); and among the lifted lines, after the nearer one, the line of the first
        document ruling on the thing a yes/no question asks about, when the first names none
        of it (thing_line.py)."""
        clear = answered_parts(found, whole, self.floor)
        if any(others_list(e, asker) for e in clear):  # another group's list, over the floor
            return [e for e in clear if not others_list(e, asker)]
        if any(unasked_told(e) for e in found):  # a death's row, asked what it does not say
            return [e for e in clear if not unasked_told(e)]
        if self.embedder is not None and any(unlisted_act(e, self.similarities) for e in clear):
            return [e for e in clear if not unlisted_act(e, self.similarities)]  # dismissal_item
        if CHANGE_OVER_FLOOR and len(found) == 1 and clear == found:
            changed = self._lifted_reading(found[0], change_candidate, asker)
            if changed is not None:  # the asked change's line over today's value (change_line)
                return [changed]
        if len(found) == 1 and clear == found and (row := other_table_row(found[0])):
            # the row of the table saying the asked thing, put first: the fit order would
            # put the question's named row back above it (other_table.py)
            rest = [c for c in found[0].ranked if c.at != row.at]
            return [replace(found[0], ranked=[row, *rest], vouched=True)]
        if len(found) == 1 and (clear == found or not clear) and told_elsewhere(found[0], asker):
            told = self._told(found[0], asker)
            if told is not None:  # the row of the death told, over another line (told_key.py)
                return [told]
        if (
            not clear
            and len(found) == 1
            and self.embedder is not None
            and (pointed := pointed_evidence(found[0])) is not None
            and granted_in_other_words(pointed, self.floor, self.similarities)
        ):  # a line naming the document that rules it: that document's line (pointed.py)
            return [pointed]
        if not clear and len(found) == 1:
            covered = self._sum_covered(found[0])
            if covered is not None:  # the threshold line the told sum passes (told_amount.py)
                return [covered]
        if not clear and len(found) == 1 and self._under_floor(found[0], asker):
            return found
        if not clear and len(found) == 1 and (mine := own_row(found[0])) is not None:
            # the asker's own record's row keyed by the ordinal told ("my second week": Week 2)
            rest = [c for c in found[0].ranked if c.at != mine.at]
            return [replace(found[0], ranked=[mine, *rest], vouched=True)]
        if not clear and len(found) == 1 and (own := own_change_line(found[0])) is not None:
            # the asker's own letter's line giving the value asked of their change (own_change)
            rest = [c for c in found[0].ranked if c.at != own.at]
            return [replace(found[0], ranked=[own, *rest], vouched=True)]
        if not clear and len(found) == 1 and value_line(found[0], self.floor):
            return found  # the one value of the kind asked, in the top line (value_line.py)
        if not clear and len(found) == 1 and (row := trigger_row(found[0])) is not None:
            # the trigger table's row counting the kind asked, under its lead-in (trigger_row)
            rest = [c for c in found[0].ranked if c.at != row.at]
            return [replace(found[0], ranked=[row, *rest], vouched=True)]
        if not clear and (keyed := self._keyed(found, asker)) is not None:
            return [keyed]  # the one row a word of the question keys (keyed_row.py)
        if not clear and len(found) == 1:
            bounded = self._bound_met(found[0])
            if bounded is not None:  # the line whose condition the told quantity meets
                return [bounded]
        if not clear and parts_named(found, self.floor):
            return found
        if not clear and len(found) > 1 and own_parts(whole):
            return [whole]  # one line of the asker's own record gives every part (own_parts.py)
        if not clear and len(found) == 1 and self.embedder is not None:
            nearer = self._lifted_reading(
                found[0], lambda e: nearer_candidate(e, self.topic_cosines), asker
            )
            if nearer is not None:  # a line of the same document nearer in meaning
                return [nearer]
            ruling = self._lifted_reading(
                found[0], lambda e: thing_candidate(e, self.similarities), under_floor=False
            )
            if ruling is not None:  # a line of the same document ruling on the thing asked
                return [ruling]
        if not clear and len(found) == 1 and self.embedder is not None:
            ruling = self._lifted_reading(
                found[0], lambda e: leave_candidate(e, self.topic_cosines), asker
            )
            if ruling is not None:  # the line granting or forbidding what is asked leave for
                return [ruling]
        if not clear and len(found) == 1:
            # the line stating what follows the asked condition, how long the asked thing
            # lasts, the day asked among a place's open days, the row a value keys, the
            # value a thing goes up or down to (LIFTED_LINES, in order)
            for candidate in LIFTED_LINES:
                lifted = self._lifted_reading(found[0], candidate, asker)
                if lifted is not None:
                    return [lifted]
            told = self._told(found[0], asker)
            if told is not None:  # the row named by its key and what befell it (told_key.py)
                return [told]
        if not clear and len(found) == 1 and self.embedder is not None:
            said = self._lifted_reading(
                found[0], lambda e: said_candidate(e, self.topic_cosines), under_floor=False
            )
            if said is not None and not one_page(said.ranked[0].doc, found[0].ranked[0].doc):
                return [said]  # another document's line saying and meaning the ask
        if not clear and len(found) == 1:
            titled = self._lifted_reading(found[0], named_title_line, under_floor=False)
            if titled is not None:  # the line of the document titled for the named place
                return [titled]
        if not clear and len(found) == 1 and self.embedder is not None:
            meant = self._kind_meant(found[0])
            if meant is not None:  # the first page's line of the value kind asked (kind_meant.py)
                return [meant]
        return clear

    def _kind_meant(self, e: Evidence) -> Evidence | None:
        """`e` answered by the first page's line stating a value of the kind asked that is
        nearest the question in meaning (kind_meant.py), lifted first when it is not: such a
        line answers at any score over zero once chosen, as the kind it states and its meaning,
        not the words shared, tie it to the question; None when there is no such line."""
        line = kind_line(e, self.floor, self.topic_cosines, self._similar())
        if line is None:
            return None
        if line is e.ranked[0]:
            return e
        return self._lifted_at_any_score(e, line)

    def _keyed(self, found: list[Evidence], asker: frozenset[str]) -> Evidence | None:
        """The first evidence with the one row a word of the question keys put first and
        vouched for, when every part's evidence keys that same row (keyed_row.py: a compound
        question whose parts ask two columns of one row is answered by the row); else None."""
        rows = [keyed_row(e, asker) for e in found]
        row = rows[0] if rows else None
        if row is None or any(r is None or r.at != row.at for r in rows):
            return None
        rest = [c for c in found[0].ranked if c.at != row.at]
        return replace(found[0], ranked=[row, *rest], vouched=True)

    def _under_floor(self, e: Evidence, asker: frozenset[str] = frozenset()) -> bool:
        """Whether a single evidence under the floor answers by a reading of its first line
        (the routes `clearing` lists: a named cell or entry, an ask named, an act ruled on or
        obliged, a stated bound or condition, a thing ruled on, a thing granted in other
        words, a document about the situation, the list item meant, the row of the case
        named ruling on the thing asked)."""
        return (
            e.vouched
            or _cell_named(e)
            or _value_named(e)
            or _entry_named(e, self.floor)
            or _entry_of_kind(e)
            or kept_entry(e, self.floor)
            or ask_named(e, self.floor)
            or ruled_act(e, self.floor)
            or obliged_act(e)
            or asker_verb(e, self.floor)
            or stated_bound(e, self.floor)
            or stated_condition(e)
            or situation_stated(e)
            or instructed_case(e)
            or stated_end(e)
            or stated_change(e)
            or named_day(e)
            or own_value(e)
            or own_act(e)  # the asker's own person's act (own_act.py)
            or ruled_thing(e)
            or ruled_row(e)
            or (RULED_CASE and ruled_case(e))
            or (LISTED_CASE and listed_case(e))
            or approval_line(e)
            or told_example(e, self.floor)
            or (
                self.embedder is not None
                and granted_in_other_words(e, self.floor, self.similarities)
            )
            or (self.embedder is not None and about_alone(e, self.floor, self.centroid_cosines))
            or (self.embedder is not None and meant_item(e, self.floor, self.similarities, asker))
            or (self.embedder is not None and dismissal_item(e, self.similarities))
            or ask_meant(e, self.floor, self._similar())
        )

    def _lifted_reading(
        self,
        e: Evidence,
        candidate: LiftCandidate,
        asker: frozenset[str] = frozenset(),
        under_floor: bool = True,
    ) -> Evidence | None:
        """The one way every lifting rule is applied: `e` decided again with the line
        `candidate(e)` chooses ranked just above its first line, when that line is then first
        and clears the floor, or, with `under_floor`, a reading of a first line under the
        floor (`_under_floor`, for the `asker`) passes it (lift.lifted_answers); None when
        the rule chooses no line or its line does not answer. The candidates' rank scores
        are left as `e` ranked them. The rules: LIFTED_LINES, and, with their own inputs or
        no reading under the floor, nearer_line.py, thing_line.py, leave_line.py,
        said_nearer.py, named_title.py."""
        return self._relifted(
            e,
            lambda redecide: lifted_answers(
                e,
                candidate(e),
                self.floor,
                redecide,
                (lambda again: self._under_floor(again, asker)) if under_floor else None,
            ),
        )

    def _untold(self, e: Evidence) -> Evidence:
        """`e` without the lines ruling on another's case than the one the question tells
        (told_birth.py: a death's row keyed by a relative the question names while it tells
        no death, the mother's leave for the father), decided again when its first line is
        one, so that neither the decision nor a later step (a supporting or complementing
        line) reads them; `e` itself when it holds none, or nothing else."""
        text = e.question.text
        kept = [c for c in e.ranked if not not_the_askers(c, text)]
        if not kept or len(kept) == len(e.ranked):
            return e  # none of another's case, or nothing else to read
        if not_the_askers(e.ranked[0], text):
            return self.decide(e.question, kept, e.hits)
        return replace(e, ranked=kept)

    def _sum_covered(self, e: Evidence) -> Evidence | None:
        """`e` decided again with the line whose approval threshold the question's told sum
        passes lifted first (told_amount.py): such a line answers at any score, as the sum
        compared with its threshold, not the words shared, ties it to the question."""
        return self._lifted_at_any_score(e, covering_line(e))

    def _bound_met(self, e: Evidence) -> Evidence | None:
        """`e` decided again with the line whose condition the question's told quantity
        meets lifted first (met_bound.py): such a line answers at any score, as the told value
        compared with its bound, not the words shared, ties it to the question."""
        return self._lifted_at_any_score(e, met_line(e))

    def _lifted_at_any_score(self, e: Evidence, line: Candidate | None) -> Evidence | None:
        """`e` decided again with `line` lifted first, answering at any score over zero: a
        line a told value is compared with is tied to the question by that comparison."""
        if line is None:
            return None
        return self._relifted(
            e,
            lambda redecide: lifted_answers(
                e, line, self.floor, redecide, lambda again: again.score > 0.0
            ),
        )

    def _told(self, e: Evidence, asker: frozenset[str] = frozenset()) -> Evidence | None:
        """`e` decided again with the table row the question names by its key and by what its
        key column says befell the key read as about the question and lifted first, when it
        is then first: such a row answers at any score, as a cell named by row and column
        does (told_key.py checks all it must be beforehand)."""
        line = told_row(e, asker)
        if line is None or line.header is None:
            return None
        told = replace(e.question, told=((line.doc.doc_id, line.header.start),))
        return self._relifted(
            e,
            lambda redecide: lifted_answers(
                e, line, self.floor, redecide, lambda again: again.score > 0.0
            ),
            told,
        )

    def _relifted(
        self, e: Evidence, rule: LiftRule, question: QuestionInfo | None = None
    ) -> Evidence | None:
        """What `rule` finds when, given how to decide `e` again with one line lifted
        (`redecide(line, points)`), it lifts a line of `e`; the candidates' rank scores are
        left as `e` ranked them. `question`: `e`'s question read otherwise (told_key.py)."""
        ranks = [c.rank for c in e.ranked]
        q = e.question if question is None else question
        try:
            return rule(
                lambda line, points: self.decide(q, list(e.ranked), e.hits, lift=(line, points))
            )
        finally:
            for c, rank in zip(e.ranked, ranks, strict=True):
                c.rank = rank

    def _choose(self, found: list[Evidence], several: bool = False) -> list[Candidate]:
        """The best sentence of each answerable part, without repeats, at most max_sentences;
        each labelled with its part when the question has `several` (for the trace)."""
        chosen: list[Candidate] = []
        for evidence in found:
            top = evidence.ranked[0]
            if len(found) > 1 or several:
                top.part = evidence.question.text
            if all(top.at != c.at for c in chosen):
                chosen.append(top)
        return chosen[: self.max_sentences]
