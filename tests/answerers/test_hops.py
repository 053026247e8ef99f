"""The bridge (second) hop of the extractive answerer, on small documents written here:
which names a sentence reveals, which document is an entity's, when a chain is taken (both
hops clear their own tests) and when it is not (a question one sentence answers, or whose
subject is named rather than described)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import Candidate, ExtractiveAnswerer
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.hops import (
    bridge_candidates,
    bridge_entities,
    names,
    said_by_document,
    says_enough,
    substituted,
    title_base,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.sentences import Span
from wikiqa.types import Answer, Document, Hit, Refusal

Source = TermSource


async def ask(question: str, source: Source) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(question, source, settings=Settings(), answerer=answerer)  # type: ignore[arg-type]


# ------------------------------------------------------------------ names and documents


def test_bridge_names_skip_dates_nationalities_and_the_questions_own_names() -> None:
    q = set(keys("Where did Ralph Hefferline teach?"))
    sentence = (
        "Ralph Franklin Hefferline (15 February 1910 in Muncie, Indiana) was an American "
        "psychology professor at Columbia University."
    )
    found = bridge_entities(sentence, q)
    assert "Columbia University" in found and "Muncie" in found
    assert "Ralph Franklin Hefferline" not in found  # mostly the question's own name
    assert not any("February" in n for n in found)  # a date, not an entity
    assert "American" not in found  # a nationality
    assert found.index("Muncie") < found.index("Columbia University")  # sentence order


def test_bridge_names_keep_slashes_and_quoted_titles() -> None:
    sentence = 'It was produced by Rankin/Bass Productions and based on "the little drummer".'
    found = bridge_entities(sentence, set())
    assert "Rankin/Bass Productions" in found and "the little drummer" in found


def test_an_entity_document_is_named_by_its_title_or_opening_phrase() -> None:
    assert title_base("Kiss and Tell (1945 film)") == "kiss and tell"
    assert names("Sullivan County", "Sullivan County, New Hampshire")
    assert names("President Bill Clinton", "Bill Clinton")
    assert names("Nixon", "Richard Nixon", "Richard Milhous Nixon (January 9, 1913 – 1994) was")
    # a page that merely starts with a longer name is not the entity's own
    assert not names("United States", "United States Army", "The United States Army is the")


def test_an_entity_document_is_named_by_its_abbreviated_title_or_its_acronym() -> None:
    """Sentences say "Salford City" for "Salford City F.C." and "IBF" for the page that
    opens "The International Boxing Federation (IBF) is ..."."""
    assert names("Salford City", "Salford City F.C.")
    assert names(
        "IBF", "International Boxing Federation", "The International Boxing Federation (IBF) is one"
    )
    assert not names(
        "IBF",
        "International Boxing Hall of Fame",
        "The International Boxing Hall of Fame (IBHOF) is",
    )
    assert not names("Salford", "Salford City F.C.")  # a longer name, not a qualifier


# ------------------------------------------------------------------ when the chain is taken

PROFESSOR = {
    "ralph": (
        "Ralph Hefferline",
        "Ralph Hefferline was a psychology professor at Columbia University. "
        "He wrote on behaviour therapy.",
    ),
    "columbia": (
        "Columbia University",
        "Columbia University is a private research university located in New York City. "
        "It was established in 1754.",
    ),
    "other": ("Harvard", "Harvard is a university in Cambridge, Massachusetts."),
}


async def test_a_first_hop_over_the_floor_is_extended_to_the_named_document() -> None:
    """The first sentence clears the floor (it holds the question's words) but only names
    the university; the city sits in the university's own document."""
    q = "Ralph Hefferline was a psychology professor at a university located in what city?"
    result = await ask(q, Source(PROFESSOR))
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"ralph", "columbia"}
    assert "New York City" in result.text


async def test_a_question_one_sentence_answers_keeps_its_one_document() -> None:
    result = await ask("Where was Ralph Hefferline a psychology professor?", Source(PROFESSOR))
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"ralph"}


async def test_a_named_subject_is_not_chained_through_a_passing_mention() -> None:
    """ "When was Elvis Presley born?" over a page that only mentions him beside another
    singer must not answer with the other singer's birth date."""
    docs = {
        "ray": (
            "Ray Charles",
            "Ray Charles was an American singer and pianist. "
            "Billy Joel said that Ray Charles was more important than Elvis Presley. "
            "Born: September 23, 1930, Albany, Georgia.",
        ),
        "billy": ("Billy Joel", "Billy Joel was born on May 9, 1949, in the Bronx."),
    }
    result = await ask("When was Elvis Presley born?", Source(docs))
    if isinstance(result, Answer):  # whatever it says, never another person's birth date
        assert "1930" not in result.text and "1949" not in result.text, result.text


# ------------------------------------------------------------------ comparison questions


def test_comparison_questions_name_two_entities_and_the_compared_kind() -> None:
    from wikiqa.answerers.compare import compared

    assert compared("Who is older, Annie Morton or Terry Richardson?") == (
        "Annie Morton",
        "Terry Richardson",
        "when",
    )
    assert compared("who is younger Keith Bostic or Jerry Glanville ?")[:2] == (  # type: ignore[index]
        "Keith Bostic",
        "Jerry Glanville",
    )
    assert compared("Which has more members, the Beatles or the Rolling Stones?") == (
        "Beatles",
        "Rolling Stones",
        "number",
    )
    # "or" without a comparative, or not between two names, is no comparison
    assert compared("What do people wear during Oranjegekte or to celebrate Koningsdag?") is None
    assert compared("Is the bowler a left-hand or right-hand batsman?") is None


async def test_a_comparison_cites_each_entity_s_own_sentence_of_the_compared_kind() -> None:
    docs = {
        "mira": (
            "Mira Castell",
            "Mira Castell is a Spanish model. Mira Castell (born 8 October 1970) grew up in "
            "Valencia. She appeared on the covers of many magazines.",
        ),
        "tomas": (
            "Tomas Weir",
            "Tomas Weir is a Scottish photographer. He was born on 14 August 1965 in Perth. "
            "He photographed Mira Castell for a fashion magazine.",
        ),
    }
    result = await ask("Who is older, Mira Castell or Tomas Weir?", Source(docs))
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"mira", "tomas"}
    assert "1970" in result.text and "1965" in result.text


# ------------------------------------------------------------------ a second document


async def test_a_second_document_saying_what_the_answer_leaves_open_is_cited() -> None:
    """One sentence answers the first half; another policy says the rest ("timesheets ...
    weekly"): both documents are cited, as neither alone covers the question."""
    docs = {
        "timeoff": (
            "Contractor Time Off",
            "Tell your project lead about planned time off at least 5 working days in "
            "advance. Unplanned absence is reported on the day.",
        ),
        "handbook": (
            "Contractor Handbook",
            "Contractors invoice monthly. Submit timesheets weekly, by Monday 12:00 for the "
            "previous week.",
        ),
    }
    q = "How much notice must I give my project lead before time off, and by when are my weekly timesheets due?"
    # as shipped (the bundled embedder): without it the lexical model scores the
    # timesheet sentence just under the floor
    result = await ask_async(q, Source(docs), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"timeoff", "handbook"}
    assert "Monday 12:00" in result.text


async def test_another_passage_of_the_same_article_is_not_a_second_entity() -> None:
    """Passages indexed one per document share their article's title: a hop from one to
    another is no bridge, so an unanswerable question stays refused."""
    docs = {
        "p1": (
            "Normans",
            "The Normans emerged in the first half of the 10th century in Normandy. "
            "Their identity continued to evolve over the following centuries.",
        ),
        "p2": (
            "Normans",
            "William invaded Scotland in 1072, riding as far as Abernethy with the Normans.",
        ),
    }
    result = await ask("Who invaded Scotland in the 10th century?", Source(docs))
    if isinstance(result, Answer):  # never chained from one Normans passage to the other
        assert len({c.doc_id for c in result.citations}) == 1, result.text


async def test_the_answer_s_document_adds_the_sentence_saying_what_is_still_open() -> None:
    """The entity's best sentence says where the county is; "Its county seat is Newport"
    says the rest of what the bridge left open, and is cited too."""
    docs = {
        "lempster": (
            "East Lempster",
            "East Lempster is an unincorporated community in Sullivan County, New Hampshire.",
        ),
        "sullivan": (
            "Sullivan County, New Hampshire",
            "Sullivan County is a county located in the U.S. state of New Hampshire. "
            "Its county seat is Newport. The county was organized in 1827.",
        ),
    }
    q = "What is the county seat of the county where East Lempster is located?"
    result = await ask(q, Source(docs))
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"lempster", "sullivan"}
    assert "Newport" in result.text


# ------------------------------------------------------------------ which bridge, which entity


async def test_a_bridge_first_hop_gives_way_to_the_entity_that_answers_better() -> None:
    """The best first-hop sentence clears the floor but only names the actress; her own
    document answers the rest (a position, worded unlike "government position") better
    than the first hop answers the whole question, so the chain is cited. The film's page,
    which the question names itself, is not the entity the bridge reveals."""
    docs = {
        "reyes": (
            "Dana Reyes",
            "Dana Reyes is a private investigator from Houston. She founded her own agency "
            "in 1982 and has worked on many cases in Texas. In the television film Quiet "
            "Street she is played by the actress Mara Lind.",
        ),
        "street": (
            "Quiet Street",
            "Quiet Street is a 2004 crime drama television film based on a true story. "
            "It stars Mara Lind as the investigator Dana Reyes.",
        ),
        "lind": (
            "Mara Lind",
            "Mara Lind (born 3 May 1960) is an American actress and diplomat who served as "
            "Chief of Protocol of the United States. She grew up in Meridian, Mississippi.",
        ),
    }
    q = "What government position was held by the actress who plays Dana Reyes in Quiet Street?"
    # as shipped (the bundled embedder)
    result = await ask_async(q, Source(docs), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"reyes", "lind"}
    assert "Chief of Protocol" in result.text


def _cands(doc_sentences: list[tuple[str, str]]) -> list[Candidate]:
    """Candidates in the given order, one per (title, sentence)."""
    out = []
    for n, (title, sentence) in enumerate(doc_sentences):
        doc = Document(source="mem", doc_id=title, title=title, text=sentence)
        out.append(Candidate(doc, Span(0, len(sentence), sentence), keys(sentence), n))
    return out


def test_a_lower_ranked_sentence_naming_another_retrieved_document_is_tried_as_bridge() -> None:
    """The sentence linking two retrieved documents ("... the debut album of Winner") is
    often not among the best matches for the whole question; it is tried all the same,
    while a low-ranked sentence that names no retrieved document is not."""
    ranked = _cands(
        [
            ("Madtown", "Madtown is a South Korean boy group formed in 2014 by J. Tune Camp."),
            ("SF9", "SF9 is a South Korean boy group formed by FNC Entertainment."),
            ("Astro", "Astro is a South Korean boy group formed by Fantagio."),
            ("Pledis", "Pledis is an agency that formed several groups."),
            ("2014 S/S", "2014 S/S is the debut album of the boy group Winner."),
        ]
    )
    pool = [Hit(source="mem", doc_id=t, title=t, score=1.0) for t in ("2014 S/S", "Winner (band)")]
    q = analyse("2014 S/S is the debut album of a South Korean boy group that was formed by who?")
    tried = [c.doc.title for c in bridge_candidates(q, ranked, pool)]
    assert tried == ["Madtown", "SF9", "Astro", "2014 S/S"]


def test_a_lower_ranked_sentence_holding_the_question_and_naming_an_entity_is_tried() -> None:
    """Beyond the top three, a sentence that holds the question (its named entity and a
    word of its description) and names an entity the question does not is a bridge too,
    though no retrieved document carries that entity's title yet."""
    ranked = _cands(
        [
            ("Scott Parkin", "Scott Parkin is an American activist and organizer."),
            ("Exxon", "Exxon is an oil company."),
            ("Protest", "A protest is a public expression of objection."),
            ("Scott Parkin", "Parkin has been a vocal critic of Exxon and of Halliburton."),
            ("Houston", "Houston is a city in Texas, United States."),
        ]
    )
    q = analyse(
        "Scott Parkin has been a critic of which corporation with operations in 70 countries?"
    )
    tried = [c.span.text for c in bridge_candidates(q, ranked, [])]
    assert tried[3:] == ["Parkin has been a vocal critic of Exxon and of Halliburton."]


def test_the_substituted_question_leaves_out_what_the_bridge_s_document_says() -> None:
    """The description may span two sentences of the first document ("a manga series" in
    one, "about a 16-year-old student" in another): the question asked of the author keeps
    only what neither says."""
    q = analyse(
        "A manga series about a student Ichitaka Seto is written by someone born in what year?"
    )
    bridge, other = _cands(
        [
            ("I's", "I's is a manga series written by Masakazu Katsura."),
            ("I's", "Its hero is the student Ichitaka Seto."),
        ]
    )
    other.doc = bridge.doc
    plain = substituted(q, bridge, "Masakazu Katsura")
    assert {"ichitak", "seto", "student"} <= set(plain.terms)
    q2 = substituted(q, bridge, "Masakazu Katsura", said_by_document([bridge, other], bridge))
    assert not {"ichitak", "seto", "student"} & set(q2.terms)
    assert "born" in q2.terms and "masakaz" in q2.terms


async def test_the_answer_s_document_adds_its_sentence_closest_to_what_is_asked() -> None:
    """The city's opening sentence wins the ranking by naming the city, but the nickname
    asked for is given further on in other words ("known as"): the sentence closest in
    meaning to what the bridge left open is cited too (the bundled embedder)."""
    docs = {
        "pavilion": (
            "Harbor Pavilion",
            "The Harbor Pavilion is an open-air amphitheater located on the waterfront of "
            "Alder Falls, Maine.",
        ),
        "alder": (
            "Alder Falls, Maine",
            "Alder Falls is a city along the Penobscot River in the U.S. state of Maine. "
            "The city was incorporated in 1834. It is known as the Queen City of the East.",
        ),
    }
    q = "What is the nickname of the city where the Harbor Pavilion is located?"
    result = await ask_async(q, Source(docs), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"pavilion", "alder"}
    assert "Queen City" in result.text


TRUST = {
    "nursery": (
        "Little Herons Staff Nursery",
        "Little Herons is the on-site nursery at Halden General Hospital for the children "
        "of staff, aged 6 months to 5 years.\n\n- Open 06:45 to 19:15, Monday to Friday.",
    ),
    "directory": (
        "Trust Sites and Contacts",
        "Halden Valley Health Trust runs three sites.\n\n"
        "| Site | Address | Main switchboard |\n|---|---|---|\n"
        "| Halden General Hospital | Riverside Road, Halden | 01632 960 100 |\n"
        "| Brightmoor Community Hospital | Moor Lane, Brightmoor | 01632 960 400 |\n",
    ),
    "restaurant": (
        "Staff Restaurant",
        "The Riverside Restaurant at Halden General Hospital is open 07:00 to 19:30 every day.",
    ),
    "leave": (
        "Annual Leave",
        "This policy covers all staff employed by Halden Valley Health Trust. "
        "Full-time staff get 27 days of annual leave.",
    ),
}


async def test_an_entity_with_no_page_of_its_own_is_answered_from_a_row_naming_it() -> None:
    """No document is titled "Halden General Hospital": the directory's row naming it
    answers (it says the switchboard asked for); the restaurant page, which opens with
    another name that merely ends in the hospital's, is not the hospital's own page."""
    q = "What is the switchboard number of the hospital where the staff nursery is?"
    result = await ask_async(q, Source(TRUST), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"nursery", "directory"}
    assert "01632 960 100" in result.text and "960 400" not in result.text
    assert not names("Halden General Hospital", "Staff Restaurant", TRUST["restaurant"][1])


async def test_a_sentence_that_only_names_the_entity_does_not_answer_for_it() -> None:
    """A document that merely mentions the Trust answers nothing about a bike scheme: a
    sentence from it must say something of what the question still asks."""
    q = "Does the Trust run a cycle-to-work scheme for buying a bike?"
    result = await ask_async(q, Source(TRUST), settings=Settings())  # type: ignore[arg-type]
    if isinstance(result, Answer):
        assert "leave" not in {c.doc_id for c in result.citations}, result.text


async def test_a_sentence_about_its_own_document_s_subject_bridges_through_its_title() -> None:
    """ "He was a former hairdresser from Yorkshire" names no one: the entity it describes
    is its document's own (Maurice Ward), and the invention is told on another page that
    names him."""
    docs = {
        "ward": (
            "Maurice Ward",
            "He was a former hairdresser from Yorkshire, England. He died in 2011 at the age of 78.",
        ),
        "starlite": (
            "Starlite",
            "Starlite is a thermal shielding material that can withstand a blowtorch. It was "
            "invented by the amateur chemist Maurice Ward during the 1970s.",
        ),
        "hull": ("Hull", "Hull is a port city in Yorkshire, England, on the Humber estuary."),
    }
    q = "What did a hairdresser from Yorkshire invent?"
    result = await ask_async(q, Source(docs), settings=Settings())  # type: ignore[arg-type]
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"ward", "starlite"}
    assert "invented" in result.text


def test_a_page_that_only_mentions_the_entity_answers_by_a_row_or_by_most_of_what_is_asked() -> (
    None
):
    """From a page not the entity's own, a table row (a record of the entity) answers when
    it says the column asked for; a prose sentence that mentions the entity must say at
    least half of what the bridge left open ("opposed" alone does not answer "what pope
    opposed the campaign")."""
    row, prose = _cands(
        [
            ("Sites", "| Halden General Hospital | Riverside Road | 01632 960 100 |"),
            ("Huguenots", "The Catholic Church in France opposed the Huguenots."),
        ]
    )
    row.header = Span(0, 0, "| Site | Address | Main switchboard |")
    rest = frozenset({"switchb", "number", "nurs"})
    assert says_enough(rest, rest, frozenset({"number", "nurs"}), row)
    assert not says_enough(rest, rest, frozenset({"number", "nurs"}), prose)
    assert says_enough(rest, rest, frozenset({"nurs"}), prose)
    assert not says_enough(rest, rest, rest, row)  # says nothing asked
    # what it says must still be open: terms the bridge's page says elsewhere do not count
    assert not says_enough(rest, frozenset({"number"}), frozenset({"number"}), row)
