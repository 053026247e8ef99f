"""The evidence a question names in other words than the document (text/forms.py,
answerers/rows.py, answerers/kinds.py): a country by its adjective or short form, a code
inside a range of codes, a column by a derivation of its word, on small documents written
here."""

from __future__ import annotations

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer
from wikiqa.answerers.features import analyse, keys
from wikiqa.answerers.kinds import asked_kind
from wikiqa.answerers.rows import (
    FITS,
    NO,
    STRONG,
    cell_codes,
    cell_range,
    named_cells,
    question_numbers,
    row_fit,
    shares_key,
)
from wikiqa.text.forms import other_forms
from wikiqa.text.tables import table_rows
from wikiqa.types import Document, Hit

PREMIUMS = (
    "Shift Allowances",
    "# Shift Allowances\n\n"
    "| Country | Night shift premium | Weekend premium |\n"
    "|---|---|---|\n"
    "| United Kingdom | 15% | 10% |\n"
    "| Ireland | 20% | 12% |\n"
    "| Poland | 25% | none |\n",
)
NOTICE = (
    "Notice Periods",
    "# Notice Periods\n\n"
    "| Grade | Notice you give |\n"
    "|---|---|\n"
    "| W1 to W3 (warehouse) | 2 weeks |\n"
    "| D1 and D2 (drivers) | 4 weeks |\n",
)
MILEAGE = (
    "Travel and Expenses Policy",
    "# Travel and Expenses Policy\n\n"
    "Any single claim over £500 needs approval from your head of department.\n\n"
    "## Using your own vehicle\n\n"
    "| Country | Mileage rate |\n"
    "|---|---|\n"
    "| United Kingdom | 45 pence per mile |\n"
    "| Ireland | €0.43 per km |\n",
)
SICK_PAY = {
    "ie": (
        "Sick Pay: Ireland",
        "# Sick Pay: Ireland\n\n- Sickness pay is 70% of your average salary.\n",
    ),
    "pl": (
        "Sick Pay: Poland",
        "# Sick Pay: Poland\n\n- Sickness pay is 80% of your average salary.\n",
    ),
}


def fit(question: str, doc: tuple[str, str], row: int, wh: str = "what") -> int:
    r = table_rows(doc[1])[row]
    return row_fit(
        wh, frozenset(keys(question)), doc[1], doc[0], r.header.text, r.row.text,
        r.header.start, question_numbers(question),
    )  # fmt: skip


def best(question: str, docs: dict[str, tuple[str, str]]) -> str:
    """The text of the best candidate over `docs`, all retrieved with one score."""
    fetched = {k: Document(source="m", doc_id=k, title=t, text=x) for k, (t, x) in docs.items()}
    hits = [Hit(source="m", doc_id=k, title=t, score=1.0) for k, (t, _) in docs.items()]
    ev = ExtractiveAnswerer(floor=DEFAULT_FLOOR).assess(analyse(question), hits, fetched)
    assert ev is not None
    return ev.ranked[0].span.text


def test_a_country_is_named_by_its_name_its_adjective_and_its_short_form() -> None:
    assert other_forms(keys("the Polish depot"), keys) == frozenset(keys("Poland"))
    assert frozenset(keys("United Kingdom")) <= other_forms(keys("in the UK"), keys)
    assert "uk" in other_forms(keys("United Kingdom"), keys)
    assert other_forms(keys("the Lisbon office"), keys) == frozenset()
    # every word of a form must be there: "United" alone names no country
    assert other_forms(keys("a united team"), keys) == frozenset()


def test_the_row_of_a_country_named_by_its_adjective_answers_and_its_siblings_do_not() -> None:
    q = "What's the night premium at the Irish depot?"
    assert fit(q, PREMIUMS, 1) in (FITS, STRONG)
    assert fit(q, PREMIUMS, 0) == NO  # the United Kingdom row is about another country
    assert fit(q, PREMIUMS, 2) == NO
    assert fit("What's the night premium in the UK?", PREMIUMS, 0) in (FITS, STRONG)
    assert fit("What's the night premium in the UK?", PREMIUMS, 1) == NO


def test_a_row_named_by_the_other_form_of_its_country_comes_first() -> None:
    assert best("What's the extra percentage for nights at the Irish depot?", {"p": PREMIUMS}) == (
        "| Ireland | 20% | 12% |"
    )


def test_a_documents_title_country_is_the_subject_its_sentences_leave_implicit() -> None:
    got = best("What share of my wages do I get when I'm off sick at the Polish depot?", SICK_PAY)
    assert got == "- Sickness pay is 80% of your average salary."


def test_a_range_of_codes_holds_codes_not_quantities() -> None:
    assert cell_range("W1 to W3 (warehouse)") is None
    assert cell_range("Bands 5 to 7") == (5.0, 7.0)
    assert cell_codes("W1 to W3 (warehouse)") == frozenset({"w1", "w2", "w3"})
    assert cell_codes("D1 and D2 (drivers)") == frozenset({"d1", "d2"})
    assert cell_codes("Bands 5 to 7") == frozenset()
    # "class 1" is no grade W1: the warehouse row is not picked by the number 1
    q = "How much notice do I have to give as a class 1 driver?"
    assert named_cells(NOTICE[1].splitlines()[4], frozenset(keys(q)), question_numbers(q)) == []
    assert fit(q, NOTICE, 0) != STRONG
    # a code the question names picks its row out of the range, and the other rows go
    q = "How much notice does a grade W2 give?"
    assert fit(q, NOTICE, 0) == STRONG
    assert fit(q, NOTICE, 1) == NO


def test_a_derivation_of_a_column_word_says_what_the_table_is_about() -> None:
    assert shares_key(frozenset(keys("per mile")), frozenset(keys("Mileage rate")))
    assert not shares_key(frozenset(keys("car")), frozenset(keys("card")))
    q = "How much can I claim per mile for using my own car in the UK?"
    assert fit(q, MILEAGE, 0, wh="number") == FITS
    assert fit(q, MILEAGE, 1, wh="number") == NO
    assert best(q, {"t": MILEAGE}) == "| United Kingdom | 45 pence per mile |"


def test_more_wordings_of_a_sum_of_money_and_a_share() -> None:
    assert asked_kind("How much can I claim per mile for my own car?") == "money"
    assert asked_kind("How much can a present from a supplier be worth?") == "money"
    assert asked_kind("What's the extra percentage for working nights?") == "percent"
    assert asked_kind("How much notice can I give?") is None


UNSOCIAL = (
    "Unsocial Hours Payments",
    "# Unsocial Hours Payments\n\n"
    "Staff who work hours outside the standard working day receive an enhancement.\n\n"
    "| Time worked | Enhancement |\n"
    "|---|---|\n"
    "| Weekday nights (20:00 to 06:00) | 37% of basic hourly rate |\n"
    "| Sundays | 60% of basic hourly rate |\n",
)
OFFICES = (
    "Office Directory",
    "# Office Directory\n\n"
    "| Office | Address | Site lead |\n"
    "|---|---|---|\n"
    "| Singapore | 18 Cross Street | Wei Ling Tan |\n"
    "| Berlin | Hauptstrasse 27 | Felix Hartmann |\n",
)


def test_the_first_documents_keyed_row_answers_a_column_worded_otherwise() -> None:
    q = "What uplift do I get for working weekday nights?"
    r = table_rows(UNSOCIAL[1])[0]
    args = (frozenset(keys(q)), UNSOCIAL[1], UNSOCIAL[0], r.header.text, r.row.text, r.header.start)
    assert row_fit("what", *args) == NO  # no title, heading or column says "uplift"
    assert row_fit("what", *args, on_topic=True) != NO  # but the search put it first
    assert best(q, {"u": UNSOCIAL}).startswith("| Weekday nights")


def test_a_first_document_that_says_nothing_else_of_the_question_does_not_answer_it() -> None:
    q = "What is the phone number of the Singapore office?"
    r = table_rows(OFFICES[1])[0]
    args = (frozenset(keys(q)), OFFICES[1], OFFICES[0], r.header.text, r.row.text, r.header.start)
    assert row_fit("what", *args, on_topic=True) == NO


OVERTIME = (
    "Overtime and Extra Shifts",
    "# Overtime and Extra Shifts\n\n"
    "Staff may be asked to cover a colleague's absence at short notice.\n\n"
    "Overtime must be agreed with your ward manager before it is worked. It is paid at time "
    "and a half for all hours.\n\n"
    "Night shifts start at 20:00 and end at 08:00.\n",
)


def test_a_sentence_referring_back_is_read_and_cited_with_its_subject() -> None:
    doc = Document(source="m", doc_id="o", title=OVERTIME[0], text=OVERTIME[1])
    hits = [Hit(source="m", doc_id="o", title=OVERTIME[0], score=1.0)]
    q = "At what rate is overtime paid?"
    ev = ExtractiveAnswerer(floor=DEFAULT_FLOOR).assess(analyse(q), hits, {"o": doc})
    assert ev is not None
    top = ev.ranked[0]
    assert top.span.text == "It is paid at time and a half for all hours."
    assert [x.quote for x in top.quotes()] == [
        "Overtime must be agreed with your ward manager before it is worked.",
        "It is paid at time and a half for all hours.",
    ]
    # the answer's text says what "it" is: the sentence referred back to, then the sentence
    assert top.claim == (
        "Overtime must be agreed with your ward manager before it is worked. "
        "It is paid at time and a half for all hours."
    )
    # a sentence naming its own subject is its own answer text
    night = next(c for c in ev.ranked if c.span.text.startswith("Night shifts"))
    assert night.claim == night.span.text


BEREAVEMENT = (
    "Compassionate and Bereavement Leave",
    "# Compassionate and Bereavement Leave\n\n"
    "| Relationship | Paid leave |\n"
    "|---|---|\n"
    "| Partner, child or parent | 5 working days |\n"
    "| Sibling, grandparent or grandchild | 3 working days |\n"
    "| Other relative or close friend | 1 working day |\n",
)


def test_a_relative_is_named_by_their_kind_and_a_row_by_one_thing_its_key_lists() -> None:
    assert "sibl" in other_forms(keys("my brother"), keys)
    assert "grandpa" in other_forms(keys("my grandmother"), keys)
    q = "If my brother dies, how many paid days off do I get?"
    assert fit(q, BEREAVEMENT, 1, wh="number") == FITS
    assert fit(q, BEREAVEMENT, 0, wh="number") == NO
    assert fit(q, BEREAVEMENT, 2, wh="number") == NO
    assert fit("How much leave when a close friend dies?", BEREAVEMENT, 2) != NO
    assert best(q, {"b": BEREAVEMENT}) == "| Sibling, grandparent or grandchild | 3 working days |"


def test_only_the_key_cell_is_read_as_a_list_of_things() -> None:
    directory = (
        "Office Directory",
        "# Office Directory\n\n| Office | Address |\n|---|---|\n"
        "| Lisbon (HQ) | Rua do Sol 8, Lisbon |\n| Berlin | Hauptstrasse 27, Berlin |\n",
    )
    # the address cell names "Lisbon" as one of its parts, but it is no key: the address
    # is what is asked for, the row's key its first cell
    assert fit("What is the address of the Lisbon office?", directory, 0) == STRONG


def test_a_relative_is_no_other_relative_of_the_same_kind() -> None:
    assert "sister" not in other_forms(keys("my brother"), keys)
    assert other_forms(keys("His father was a farmer"), keys) == frozenset({"parent"})
    assert {"brother", "sister"} <= other_forms(keys("a sibling"), keys)


def test_a_key_cells_aside_says_whose_row_it_is() -> None:
    q = "How much notice do I have to give as a class 1 driver?"
    assert fit(q, NOTICE, 1) == STRONG  # "(drivers)", and the column "Notice you give"
    assert fit(q, NOTICE, 0) == NO
    # numbers and times in an aside are no words that name a row
    assert fit("Is 06:00 a night?", UNSOCIAL, 0) == NO
