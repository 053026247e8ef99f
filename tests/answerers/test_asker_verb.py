"""A line a little under the floor that names every thing a personally asked question asks
about, the asker's verb aside, answers (asker_verb.py). Small documents written here."""

from __future__ import annotations

from memsource import quotes_over

from wikiqa.answerers.asker_verb import asker_speaks, asker_verbs, names_things, noun_phrases
from wikiqa.store.embed import OnnxEmbedder

LEAVING = (
    "Leaving the Company",
    "# Leaving the Company\n\n## Notice\n\nYou must give the notice set out in your contract. "
    "Your last day is agreed with your manager.\n\n## References\n\nReference requests go to "
    "the People team, who confirm your job title and dates of employment only.\n",
)
SICKNESS = (
    "Managing Sickness Absence",
    "# Managing Sickness Absence\n\n## Long absence\n\nRefer anyone off for 4 weeks or more to "
    "occupational health. Keep in touch with them every two weeks.\n",
)
BEREAVEMENT = (
    "Bereavement Leave",
    "# Bereavement Leave\n\n## Paid leave\n\nYou get 5 days of paid bereavement leave for a "
    "close relative. If the funeral is outside the United Kingdom you may take up to 5 extra "
    "days as unpaid leave or annual leave.\n",
)
WELLBEING = (
    "Wellbeing",
    "# Wellbeing\n\nThe Employee Assistance Programme offers free debt advice if money worries "
    "go beyond one month. Counselling is free and confidential.\n",
)
MATCH = (
    "Match Funding",
    "# Match Funding\n\nThe Trust adds £1 for every £1 you raise, up to £250 per person each "
    "financial year.\n",
)
DOCS = {"l": LEAVING, "s": SICKNESS, "b": BEREAVEMENT, "w": WELLBEING, "m": MATCH}


def test_the_asker_speaks_personally_not_in_a_title() -> None:
    assert asker_speaks("What will you put in a reference for me?")
    assert asker_speaks("can i take 3 weeks off in august")
    assert asker_speaks("My problem is with the manager. Who do I tell?")
    assert not asker_speaks("Which trade unions does the company recognise?")
    # a person word of a title or a name is nobody speaking
    assert not asker_speaks("Based on a True Story... is an album by which star, with My Eyes?")
    assert not asker_speaks("I'd Come for You is a single by the band formed in what city?")
    assert not asker_speaks("What station broadcast the episode Marry Me a Little?")


def test_the_asker_verb_and_the_things_the_ask_names() -> None:
    assert asker_verbs("What will you put in a reference for me?") == {"put"}
    assert asker_verbs("When do I have to send someone to occupational health?") == {"send"}
    assert asker_verbs("Can I get extra days to travel?") == {"travel"}  # "get" is light
    assert asker_verbs("Which unions does the company recognise?") == set()
    # a verb's chain of "-ing" words is the act too, not a thing
    assert asker_verbs("How long do I have to keep working after I tell them?") == {"keep", "work"}
    ask = "When do I have to send someone to occupational health?"
    assert noun_phrases(ask, asker_verbs(ask)) == [["occup", "health"]]
    # stop words inside a phrase are passed over: one thing, not two
    ask = "What do you win for employee of the month?"
    assert noun_phrases(ask, asker_verbs(ask)) == [["employe", "month"]]


def test_a_line_names_the_things_said_as_phrases_and_leaves_the_verb() -> None:
    line = "Reference requests go to the People team, who confirm your job title and dates."
    assert names_things("What will you put in a reference for me?", line, "References", "")
    # every word said, the verb too: the line was weighed whole (ask_named's case), not this
    line2 = "We put your job title in a reference."
    assert not names_things("What will you put in a reference for me?", line2, "", "")
    # the thing's words said only scattered, in other phrases
    eap = "The Employee Assistance Programme offers free debt advice beyond one month."
    assert not names_things("What do you win for employee of the month?", eap, "", "Wellbeing")
    # a thing of the ask left unsaid
    match = "The Trust adds £1 for every £1 you raise, up to £250 per person each year."
    ask = "if I put 5% into my pension how much does the trust add?"
    assert not names_things(ask, match, "", "Match Funding")
    # the act's own word said in another sense names no thing ("keep working" / "work from home")
    home = "Office staff can usually work from home for up to 2 days a week."
    ask = "How long do I have to keep working after I tell them?"
    assert not names_things(ask, home, "", "Flexible Working")


async def test_a_personally_asked_question_is_answered_by_the_line_naming_its_things(
    emb: OnnxEmbedder,
) -> None:
    quotes = await quotes_over(emb, DOCS, "What will you put in a reference for me?")
    assert quotes is not None
    assert any("who confirm your job title" in q for q in quotes)
    quotes = await quotes_over(emb, DOCS, "Can I get extra days to travel?")
    assert quotes is not None
    assert any("5 extra days" in q for q in quotes)


async def test_a_line_saying_the_words_scattered_or_leaving_a_thing_unsaid_is_refused(
    emb: OnnxEmbedder,
) -> None:
    # over the same documents the rule answers a question whose things its line names ...
    assert await quotes_over(emb, DOCS, "What will you put in a reference for me?")
    # ... but not one whose words the line says only in other phrases
    assert await quotes_over(emb, DOCS, "What do you win for employee of the month?") is None
    # ... nor one whose thing (the pension) the line never names
    assert (
        await quotes_over(emb, DOCS, "if I put 5% into my pension how much does the trust add?")
        is None
    )
