"""A line a little under the floor that names the whole ask answers (ask_named.py): every
content word of the asking clause said by the line, its heading or its title (a kind word by
a value of its kind), in the first-retrieved document, for a question that tells a situation
in the first or second person before it asks (told_situation). Small documents written here."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.ask_named import names_the_ask, told_situation
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import asked_clause
from wikiqa.types import Question

BEREAVEMENT = (
    "Bereavement Leave",
    "# Bereavement Leave\n\nWhen someone close to you dies, take the time you need and tell "
    "your manager as soon as you can.\n\n"
    "- Death of a spouse or partner, child, parent or sibling: 5 working days of paid leave.\n"
    "- Death of a grandparent, grandchild or parent-in-law: 2 working days of paid leave.\n"
    "- Up to 10 further days may be taken as unpaid leave, agreed with your manager.\n\n"
    "Bereavement leave does not reduce your annual leave and needs no certificate.\n",
)
SECURITY = (
    "Security Incident Reporting",
    "# Security Incident Reporting\n\nReport any suspected security incident — a phishing "
    "email you clicked, data sent to the wrong person, unusual account activity — within 1 "
    "hour of noticing it. Lost or stolen devices are reported to the IT service desk (see "
    "Laptops and Devices).\n\n"
    "- Email security@corvida.example or post in the #sec-incidents channel.\n"
    "- Outside office hours, call the security on-call line: +351 210 000 999.\n\n"
    "Do not try to investigate yourself, and do not delete evidence.\n",
)
PARKING = (
    "Parking and Bicycles",
    "# Parking and Bicycles\n\n| Office | Car parking | Bicycles |\n|---|---|---|\n"
    "| Lisbon | 20 spaces, allocated by monthly lottery | bike room, 30 places |\n"
    "| Berlin | no staff parking | bike cellar, 60 places, showers |\n",
)
ANNUAL = (
    "Annual Leave",
    "# Annual Leave\n\nEveryone gets 25 days of annual leave a year plus public holidays.\n\n"
    "Book leave in the HR system at least 2 weeks ahead.\n",
)
# written in the shape of a SQuAD 2.0 paragraph: its adversarial unanswerables copy its words
FERRIES = (
    "Estuary ferries",
    "Estuary ferries contrast with another principal way of crossing the river, the chain "
    "ferry, a service which pre-books dedicated deck space specifically for each crossing, "
    "each having a constant fare and timetable between piers. In cases of ticketed services, "
    "such as commuter crossings, the chain ferry is characterized by a fee per unit of "
    "crossing time, even when no vehicle is carried, while the estuary ferry may be "
    "characterized by a fee per unit of cargo loaded, such as crates, pallets, or "
    "containers.\n",
)
DOCS = {"b": BEREAVEMENT, "s": SECURITY, "p": PARKING, "a": ANNUAL, "f": FERRIES}


# the office's documents without the bereavement policy
OFFICE = {"s": SECURITY, "p": PARKING, "a": ANNUAL}


async def _answer(question: str, docs: dict[str, tuple[str, str]] = DOCS) -> list[str] | None:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    draft = await answerer.answer(Question(text=question), TermSource(docs))
    if draft.refusal is not None:
        return None
    return [q.quote for c in draft.claims for q in c.quotes]


def test_every_word_of_the_ask_said_by_the_line_its_heading_or_title() -> None:
    line = "- Death of a grandparent, grandchild or parent-in-law: 2 working days of paid leave."
    # the situation's words ("grandad", "passed away") need not be said; "off", "get" are light
    q = "My grandad passed away on Sunday. How many days off do I get?"
    told = told_situation(q)
    assert told == ("My grandad passed away on Sunday.", "How many days off do I get?")
    assert names_the_ask(told[1], line, "Bereavement Leave", "Bereavement Leave")
    # a thing the ask names that nothing says
    assert not names_the_ask("What is the pay range for Grade 8?", line, "", "Bereavement Leave")


def test_a_kind_word_is_said_by_a_value_of_its_kind_but_names_no_thing() -> None:
    line = "Report any suspected security incident within 1 hour of noticing it."
    assert names_the_ask("How quickly must I report it?", line, "", "Security Incident Reporting")
    no_time = "Report any suspected security incident to the security team."
    assert not names_the_ask("How quickly must I report it?", no_time, "", "Security")
    # kind and light words alone leave the thing asked about to the situation
    q = "I clicked a dodgy link. How quickly do I need to tell someone?"
    assert not names_the_ask(q, line, "", "Security Incident Reporting")
    assert not names_the_ask("My laptop was stolen. What should I do?", line, "", "Security")


def test_a_value_says_a_kind_word_only_in_the_clause_of_a_thing_the_ask_names() -> None:
    ask = "How long do I have to have worked here first?"
    # the hours are the journey's; the work is said in another clause
    line = (
        "Book first class only for a journey of more than 3 hours where you will work on the train."
    )
    assert not names_the_ask(ask, line, "Rail travel", "Travel and Expenses")
    # said in the value's own clause, or by the heading that frames the line, it is named
    assert names_the_ask(ask, "You must have worked here for 2 years.", "", "Career Breaks")
    line = "Apply at least 3 months before the break starts."
    assert names_the_ask(ask, line, "Who can apply: worked here", "Career Breaks")


def test_a_situation_is_a_statement_in_the_first_or_second_person_before_the_ask() -> None:
    # told in sentences of its own, or in the lead of the asking sentence
    assert told_situation("I've just started here, how many days do I get?") == (
        "I've just started here",
        "how many days do I get?",
    )
    assert told_situation("If you work nights, do you get extra pay?") == (
        "If you work nights",
        "do you get extra pay?",
    )
    q = "Once I've passed probation, can I work from home?"
    assert told_situation(q) == ("Once I've passed probation", "can I work from home?")
    # a question that only asks, or whose lead speaks of no one in person, tells none
    assert told_situation("How many days of leave do I get?") is None
    assert told_situation("In 1990, what did the US Navy buy?") is None
    assert told_situation("After World War I, what did Elizabeth I's heirs do?") is None
    assert told_situation("Site's been shut all week with snow. Do they get paid?") is None
    # an earlier question, or a lead that asks, makes a compound question, not a situation
    assert told_situation("Am I covered? And who do I tell?") is None
    assert told_situation("Are any of our shops closing down, and when?") is None
    # the situation comes before the ask: a condition after it is part of what is asked
    assert told_situation("How many days of leave do I get when my grandad dies?") is None


async def test_a_line_naming_the_whole_ask_answers_a_little_under_the_floor() -> None:
    quotes = await _answer("My grandad died. How many days of leave do I get?")
    assert quotes is not None
    assert any("grandparent" in q for q in quotes)
    quotes = await _answer("I clicked a dodgy link in an email. How quickly must I report it?")
    assert quotes is not None
    assert any("within 1 hour" in q for q in quotes)


async def test_the_same_ask_without_a_situation_stays_refused_under_the_floor() -> None:
    told = "I clicked a dodgy link in an email. How quickly must I report it?"
    assert await _answer(told) is not None
    # the same ask alone scores a little under the floor too, and names nothing it discounts
    assert await _answer("How quickly must I report it?") is None


async def test_a_squad_style_unanswerable_copying_the_paragraphs_words_stays_refused() -> None:
    # the chain ferry charges by crossing time; the cargo fee is the estuary ferry's. Every
    # word of the ask is the paragraph's and its line scores a little under the floor, but
    # the question tells no situation, so nothing discounts it
    q = "How is cargo charged for the chain ferry?"
    line = (
        "In cases of ticketed services, such as commuter crossings, the chain ferry is "
        "characterized by a fee per unit of crossing time, even when no vehicle is carried, "
        "while the estuary ferry may be characterized by a fee per unit of cargo loaded, "
        "such as crates, pallets, or containers."
    )
    assert names_the_ask(asked_clause(q), line, "", "Estuary ferries")
    assert told_situation(q) is None
    assert await _answer(q) is None


async def test_an_ask_naming_a_thing_no_line_says_stays_refused() -> None:
    assert await _answer("Is there a cycle to work scheme?") is None
    q = "I think I just clicked a dodgy link in an email at work. How quickly do I need to tell someone?"
    assert await _answer(q) is None


def test_an_ask_naming_no_thing_is_named_by_a_word_of_its_situation_the_line_says() -> None:
    line = (
        "Report any suspected security incident — a phishing email you clicked, data sent to "
        "the wrong person — within 1 hour of noticing it."
    )
    ask, title = "How quickly do I need to tell someone?", "Security Incident Reporting"
    # the ask names no thing; the situation's "clicked" and "email" are the line's
    assert names_the_ask(ask, line, "", title, "I clicked a dodgy link in an email")
    assert not names_the_ask(ask, line, "", title)
    assert not names_the_ask(ask, line, "", title, "My grandad died on Sunday")
    # "work" is said only inside the value that says "quickly": the answer's, not the thing's
    leave = "- Death of a grandparent, grandchild or parent-in-law: 2 working days of paid leave."
    assert not names_the_ask(ask, leave, "", "Bereavement Leave", "I clicked a link at work")
    laptop = "Report a lost or stolen laptop to the IT service desk within 24 hours."
    situation = "I left my laptop on the train"
    assert names_the_ask("What should I do?", laptop, "", "Laptops", situation)
    # a row answers by a cell under a column the question names, and this ask names none
    row = "| Lisbon | 20 spaces, allocated by monthly lottery | bike room, 30 places |"
    parked = "My mate parked in my space again"
    assert not names_the_ask("What should I do?", row, "", "Parking", parked, row=True)


async def test_a_situation_first_ask_naming_no_thing_answers_from_the_line_saying_it() -> None:
    quotes = await _answer("I clicked a dodgy link in an email. What should I do?", OFFICE)
    assert quotes is not None
    assert any("a phishing email you clicked" in q for q in quotes)
    # the same ask alone names nothing; a situation only a table row speaks of is refused
    assert await _answer("What should I do?", OFFICE) is None
    assert await _answer("My mate parked in my space again. What should I do?", OFFICE) is None


DEVICES = (
    "Lost Devices and Data Breaches",
    "# Lost Devices and Data Breaches\n\nKeep personal data locked away and share it only with "
    "people who "
    "need it for their work.\n\n"
    "Report a lost phone, a lost tablet, a misdirected email or any other data breach to the "
    "IT Service Desk within 1 hour of finding out.\n\n"
    "Shred paper records when you no longer need them.\n",
)
DEPOT = {"d": DEVICES, "a": ANNUAL, "p": PARKING}


async def test_each_part_of_a_situation_first_compound_question_named_answers() -> None:
    # "Who do I tell, and how fast?" is two parts to the answerer ("how fast" completed with
    # the first part's words); each part's first line names its ask (the situation's
    # "tablet", a duration for "fast") a little under the floor
    q = "I lost my work tablet on the bus. Who do I tell, and how quickly?"
    quotes = await _answer(q, DEPOT)
    assert quotes is not None
    assert any("within 1 hour" in x for x in quotes)
    # the same asks told in the third person (no situation of the asker's), or over
    # documents that never speak of it, stay refused
    third_person = "A tablet was lost on a bus. Who do I tell, and how quickly?"
    assert await _answer(third_person, DEPOT) is None
    assert await _answer(q, {"a": ANNUAL, "p": PARKING}) is None


def test_a_bare_trailing_part_asks_by_its_own_words() -> None:
    from wikiqa.answerers.ask_named import part_told

    first = "I left my work tablet on the bus this morning. Who do I tell"
    assert part_told(f"how fast: {first}?") == (
        "I left my work tablet on the bus this morning.",
        "how fast",
    )
    assert part_told(first) == ("I left my work tablet on the bus this morning.", "Who do I tell")
    assert part_told("how fast: Who do I tell?") is None
