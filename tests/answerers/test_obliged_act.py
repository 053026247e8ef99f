"""A line obliging the act a question asks whether the asker is bound to answers under the
floor (ruled_act.obliged_act). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.ruled_act import asked_duty, obliges, obliges_act
from wikiqa.store.embed import OnnxEmbedder

LICENCES = (
    "Driving Licences and Medicals",
    "# Driving Licences and Medicals\n\n## Licence checks\n\n"
    "We check every driver's licence with the DVLA every 6 months. You must tell your depot "
    "manager within 48 hours of receiving any penalty points, a driving ban, or a change to "
    "your health that the DVLA needs to know about.\n\n"
    "## Medicals\n\nDrivers over 45 have a medical every 5 years.\n",
)
UNIFORM = (
    "Uniform and Appearance",
    "# Uniform and Appearance\n\n## Wearing the uniform\n\n"
    "Uniform must not be worn when drinking in a pub or bar. Keep your jacket clean and "
    "wear your name badge on every duty.\n",
)
GIFTS = (
    "Declaring Interests",
    "# Declaring Interests\n\nIncome from outside work over £5,000 a year must be declared in "
    "the annual return of interests each April.\n",
)
DOCS = {"l": LICENCES, "u": UNIFORM, "g": GIFTS}


def test_a_question_asking_whether_the_asker_is_bound_to_an_act_names_its_verb() -> None:
    told = "I got 3 points for speeding in my own car at the weekend."
    assert asked_duty(f"{told} Do I have to tell anyone?") == ("tell", " anyone?", told)
    assert asked_duty("Do I need to report it?") == ("report", " it?", "")
    assert asked_duty("Must I declare a gift?") == ("declar", " a gift?", "")
    assert asked_duty("Am I required to wear a hard hat?") == ("wear", " a hard hat?", "")
    # a verb that names no act, and questions that ask no duty
    assert asked_duty("Do I have to get a fit note?") is None
    assert asked_duty("Can I accept a bottle of wine?") is None
    assert asked_duty("How many days do I have to give?") is None


def test_a_line_obliges_the_act_by_a_word_of_obligation_or_as_an_instruction() -> None:
    assert obliges("You must tell your depot manager within 48 hours.", "tell")
    assert obliges("- Tell your manager within 2 working days.", "tell")
    assert obliges("Income over £5,000 a year must be declared each April.", "declar")
    # the verb said, but not as what is obliged
    assert not obliges("If you get penalty points, your manager tells HR.", "tell")
    assert not obliges("Uniform must not be worn when drinking in a pub or bar.", "tell")


def test_the_line_says_the_rest_of_the_ask_or_the_told_situation() -> None:
    line = "You must tell your depot manager within 48 hours of receiving any penalty points."
    told = "I got 3 points for speeding in my own car at the weekend."
    assert obliges_act(line, "Licence checks", "Driving", "tell", " anyone?", told)
    # an ask naming nothing beyond the act, and a situation the line does not speak of
    assert not obliges_act(line, "Licence checks", "Driving", "tell", " anyone?", "I moved house.")
    # every further word of the ask must be said
    assert obliges_act(line, "", "Driving", "tell", " my depot manager?", "")
    assert not obliges_act(line, "", "Driving", "tell", " my insurer?", "")
    declared = "Income from outside work over £5,000 a year must be declared."
    gift = "A student gave me a £30 bottle of whisky."
    assert not obliges_act(declared, "", "Declaring Interests", "declar", " it?", gift)


async def test_a_line_obliging_the_asked_act_answers_under_the_floor(emb: OnnxEmbedder) -> None:
    # the asker's particulars (a cousin's wedding, the weekend) pull the line under the floor
    told = "I got 3 points for speeding on the way back from my cousin's wedding at the weekend."
    quotes = await quotes_over(emb, DOCS, f"{told} Do I have to tell anyone?")
    assert quotes is not None
    assert any("You must tell your depot manager within 48 hours" in q for q in quotes)
    # beside it, over the same documents: a line obliging another act, and one obliging the
    # act for another situation, are refused
    assert (
        await quotes_over(emb, DOCS, "I've got a weekend job in a pub. Do I need to tell anyone?")
        is None
    )
    assert (
        await quotes_over(
            emb, DOCS, "A student gave me a £30 bottle of whisky. Do I have to declare it?"
        )
        is None
    )
