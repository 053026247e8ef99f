"""Handbook classes of issue 10 on small documents written here: list questions (the lead-in
and its items cited together), compound questions whose later part leans on the first
("..., and when?"), and plausible wrong neighbours (a superseded policy, a draft, the guide
written for the asker's role)."""

from __future__ import annotations

from memsource import TermSource

from wikiqa.answerers.answerability import DEFAULT_FLOOR
from wikiqa.answerers.extractive import ExtractiveAnswerer, part_query
from wikiqa.answerers.features import analyse, keys, question_type
from wikiqa.answerers.neighbours import (
    as_asked,
    asks_about_version,
    audience,
    audience_hits,
    in_force,
    out_of_force,
    plainly_out_of_force,
    prefer_fitting,
    replacement_hits,
    replaces,
    role_guide,
    subject_keys,
    subject_words,
    to_come,
    written_for_others,
)
from wikiqa.pipeline import ask_async
from wikiqa.settings import Settings
from wikiqa.text.lists import asks_for_list, item_at, items_after, list_items
from wikiqa.types import Answer, Document, Hit, Principal, Refusal

LEAVING = (
    "Leaving the Company",
    "# Leaving the Company\n\nYour manager completes the leaver form two weeks ahead.\n\n"
    "On or before your last day you must:\n\n"
    "- return your ID badge and keys to your manager;\n"
    "- hand over your laptop to the IT desk;\n"
    "- clear your locker.\n\n"
    "Your final salary is paid on the next normal pay date.\n",
)


Source = TermSource


async def ask(
    question: str, docs: dict[str, tuple[str, str]], principal: Principal | None = None
) -> Answer | Refusal:
    answerer = ExtractiveAnswerer(floor=DEFAULT_FLOOR, max_sentences=3)
    return await ask_async(
        question,
        Source(docs),  # type: ignore[arg-type]
        settings=Settings(),
        answerer=answerer,
        principal=principal,
    )


# ------------------------------------------------------------------ lists


def test_list_items_carry_their_lead_in() -> None:
    text = LEAVING[1]
    items = list_items(text)
    assert [i.item.text for i in items] == [
        "- return your ID badge and keys to your manager;",
        "- hand over your laptop to the IT desk;",
        "- clear your locker.",
    ]
    assert all(i.lead is not None and i.lead.text == "On or before your last day you must:"
               for i in items)  # fmt: skip
    lead = items[0].lead
    assert lead is not None and text[lead.start : lead.end] == lead.text
    assert items_after(text, lead) == items[0].siblings
    found = item_at(text, items[1].item.start + 2, items[1].item.end)
    assert found is not None and found.item == items[1].item


def test_a_list_under_a_heading_has_no_lead_in() -> None:
    items = list_items("## Booking\n\n1. Book in the portal.\n2. Your manager approves.\n")
    assert [i.item.text for i in items] == ["1. Book in the portal.", "2. Your manager approves."]
    assert all(i.lead is None for i in items)


def test_list_questions() -> None:
    assert asks_for_list("Which sources can wikiqa read from?")
    assert asks_for_list("What options are there for working flexibly?")
    assert asks_for_list("What do I need to hand back on my last day?")
    assert not asks_for_list("What is the night-shift premium?")
    assert not asks_for_list("Which data class does salary information belong to?")
    assert not asks_for_list("How many days of leave do I get?")


async def test_list_question_cites_the_lead_in_and_the_items() -> None:
    result = await ask("What do I need to hand back on my last day?", {"leaving": LEAVING})
    assert isinstance(result, Answer), result
    quoted = [c.quote for c in result.citations]
    assert "On or before your last day you must:" in quoted
    assert len([t for t in quoted if t.startswith("- ")]) >= 2


# ------------------------------------------------------------------ compound questions


def test_a_bare_trailing_part_asks_about_the_first_part() -> None:
    q = analyse("Is the Eastfold clinic going to close, and when?")
    assert len(q.parts) == 2
    assert question_type(q.parts[1]) == "when"
    assert "Eastfold clinic" in q.parts[1]


def test_a_part_after_a_preposition_is_split() -> None:
    q = analyse("Can I carry unused holiday into next year, and by when must I use it?")
    assert q.parts == ("Can I carry unused holiday into next year", "by when must I use it?")
    assert analyse("Who wrote and produced the song?").parts == (
        "Who wrote and produced the song?",
    )


def test_any_preposition_may_open_a_part() -> None:
    q = analyse("Who chairs the panel, and within how many days must the hearing be held?")
    assert q.parts == ("Who chairs the panel", "within how many days must the hearing be held?")
    q = analyse("Which form do I use, and after what date is it rejected?")
    assert q.parts[1] == "after what date is it rejected?"
    # a preposition that is not followed by a question word does not split
    assert len(analyse("Who can approve leave for staff and for contractors?").parts) == 1


def test_a_part_leaning_on_the_first_is_searched_with_it() -> None:
    parts = analyse("How big is the referral reward for an engineer, and when is it paid?").parts
    assert part_query(parts[1], parts) == f"{parts[1]} {parts[0]}"
    own = analyse("What is the Sunday enhancement, and how long must I rest between shifts?").parts
    assert part_query(own[1], own) == own[1]  # a self-contained part is searched alone


# ------------------------------------------------------------------ wrong neighbours

TRAVEL = (
    "Travel Policy",
    "# Travel Policy\n\nThe meal allowance is 45 euros per day on business trips.\n",
)
TRAVEL_OLD = (
    "Travel Policy 2023 (superseded)",
    "# Travel Policy 2023 (superseded)\n\nThis policy was replaced on 1 January 2024.\n\n"
    "The meal allowance was 30 euros per day on business trips, per day of travel.\n",
)


def _hit(doc_id: str, title: str, score: float) -> Hit:
    return Hit(source="mem", doc_id=doc_id, title=title, score=score)


def test_status_of_a_document() -> None:
    old = Document(source="mem", doc_id="archive/x.md", title="Travel Policy", text="Text.")
    assert out_of_force(old, _hit("archive/x.md", "Travel Policy", 1.0))  # by its path
    draft = Document(source="mem", doc_id="d", title="Remote Work", text="Not in force yet.")
    assert out_of_force(draft, _hit("d", "Remote Work", 1.0))  # by its opening lines
    body = Document(
        source="mem", doc_id="m", title="E-mail", text="Mail is archived after 2 years."
    )
    assert not out_of_force(body, _hit("m", "E-mail", 1.0))  # a word in the body is not status
    assert asks_about_version("What was the allowance under the old policy?", "Travel Policy")
    assert asks_about_version("What did the 2023 policy allow?", "Travel Policy 2023")
    assert not asks_about_version("What is the meal allowance?", "Travel Policy 2023")


def test_superseded_neighbour_goes_last_unless_asked_for() -> None:
    hits = [_hit("old", TRAVEL_OLD[0], 3.0), _hit("new", TRAVEL[0], 2.5)]
    docs = {
        "old": Document(source="mem", doc_id="old", title=TRAVEL_OLD[0], text=TRAVEL_OLD[1]),
        "new": Document(source="mem", doc_id="new", title=TRAVEL[0], text=TRAVEL[1]),
    }
    out = prefer_fitting(hits, docs, "What is the meal allowance on trips?", None)
    assert [h.doc_id for h in out] == ["new", "old"]
    assert out[1].score <= out[0].score
    asked = prefer_fitting(hits, docs, "What was the meal allowance in 2023?", None)
    assert [h.doc_id for h in asked] == ["old", "new"]


def test_the_askers_role_picks_the_guide_written_for_them() -> None:
    contractor = Principal(user_id="c", roles=["contractor"], departments=["engineering"])
    assert audience(contractor) == frozenset({"contractor"})  # not the department
    assert audience(Principal(user_id="e", roles=["employee"])) == frozenset()
    hits = [_hit("leave", "Annual Leave Policy", 3.0), _hit("cto", "Contractor Time Off", 2.0)]
    out = prefer_fitting(hits, {}, "Do I get paid vacation days?", contractor)
    assert [h.doc_id for h in out] == ["cto", "leave"]
    employee = Principal(user_id="e", roles=["employee"])
    assert prefer_fitting(hits, {}, "Do I get paid vacation days?", employee) == hits
    far = [_hit("leave", "Annual Leave Policy", 3.0), _hit("cto", "Contractor Time Off", 1.0)]
    assert prefer_fitting(far, {}, "Do I get paid vacation days?", contractor) == far


async def test_answer_comes_from_the_current_policy_not_the_superseded_one() -> None:
    docs = {"old": TRAVEL_OLD, "new": TRAVEL}
    result = await ask("How much is the meal allowance per day of travel?", docs)
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"new"}


def test_the_question_as_its_asker_means_it() -> None:
    contractor = Principal(user_id="c", roles=["contractor"])
    assert as_asked("Do I get paid vacation days?", contractor).endswith("(as a contractor)")
    both = Principal(user_id="m", roles=["employee", "manager"])
    assert as_asked("Who approves hires?", both) == "Who approves hires? (as a manager)"
    assert as_asked("Who approves hires?", Principal(roles=["employee"])) == "Who approves hires?"


class RoleSource(Source):
    """Search that finds the contractors' guide only when the query names contractors."""

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        hits = await super().search(query, k, principal)
        if "contractor" not in query.lower():
            hits = [h for h in hits if "Contractor" not in h.title]
        return hits


async def test_a_role_left_implicit_is_searched_for() -> None:
    contractor = Principal(user_id="c", roles=["contractor"])
    docs = {
        "leave": ("Annual Leave Policy", "# Annual Leave Policy\n\nEmployees get 25 paid days."),
        "cto": ("Contractor Time Off", "# Contractor Time Off\n\nContractors get no paid days."),
    }
    reader = RoleSource(docs)
    first = await reader.search("Do I get paid days?")
    assert [h.doc_id for h in first] == ["leave"]
    found = await audience_hits("Do I get paid days?", contractor, first, reader, 5)  # type: ignore[arg-type]
    assert [h.doc_id for h in found] == ["cto"] and found[0].score == first[0].score
    assert await audience_hits("Do contractors get paid days?", contractor, first, reader, 5) == []  # type: ignore[arg-type]


class AcademicSource(Source):
    """Search that finds the academics' guide only when the query names academics."""

    async def search(self, query: str, k: int = 5, principal: Principal | None = None) -> list[Hit]:
        hits = await super().search(query, k, principal)
        if "academic" not in query.lower():
            hits = [h for h in hits if "Academic" not in h.title]
        return hits


async def test_a_guide_the_role_search_ranks_below_every_first_answer_is_not_added() -> None:
    """Naming the role ("... academic") finds the academics' research leave guide, but still
    ranks it below the family leave policy the question found: it is about the role's other
    matters, not the document written for this question."""
    lecturer = Principal(user_id="l", roles=["staff", "academic"])
    docs = {
        "family": ("Family Leave", "# Family Leave\n\nFathers get 4 weeks of paid leave when "
                   "the baby is due."),
        "research": ("Research Leave for Academic Staff", "# Research Leave for Academic Staff"
                     "\n\nAcademic staff may apply for research leave."),
    }  # fmt: skip
    reader = AcademicSource(docs)
    question = "How much paid leave do I get when my baby is due?"
    first = await reader.search(question)
    assert [h.doc_id for h in first] == ["family"]
    assert [h.doc_id for h in await reader.search(f"{question} academic")] == ["family", "research"]
    assert await audience_hits(question, lecturer, first, reader, 5) == []  # type: ignore[arg-type]
    # asked so that naming the role makes the guide the better match, it is added
    asked = "How do I apply for leave?"
    first = await reader.search(asked)
    found = await audience_hits(asked, lecturer, first, reader, 5)  # type: ignore[arg-type]
    assert [h.doc_id for h in found] == ["research"]
    # the role's general guide speaks for the role on every matter: kept wherever it ranks
    docs["guide"] = ("Academic Staff Handbook", "# Academic Staff Handbook\n\nAsk your head.")
    reader = AcademicSource(docs)
    first = await reader.search(question)
    found = await audience_hits(question, lecturer, first, reader, 5)  # type: ignore[arg-type]
    assert [h.doc_id for h in found] == ["guide"]
    assert role_guide("Bank Worker Handbook", frozenset({"bank", "worker"}))
    assert not role_guide("Contractor Expenses", frozenset({"contractor"}))


def test_a_yes_no_part_after_and_is_split() -> None:
    q = analyse("How much notice must I give when I resign, and will I be paid for unused leave?")
    assert q.parts == (
        "How much notice must I give when I resign",
        "will I be paid for unused leave?",
    )


def test_a_sentence_is_read_under_its_title_and_heading() -> None:
    doc = Document(
        source="mem",
        doc_id="d",
        title="Leave for Public Duties",
        text="# Leave for Public Duties\n\n## Jury service\n\nStaff are released on full pay.\n\n"
        "On your return you must:\n\n- send the court form to Payroll.\n",
    )
    hit = Hit(source="mem", doc_id="d", title=doc.title, score=1.0)
    answerer = ExtractiveAnswerer()
    cands = answerer.candidates(analyse("Am I paid on jury duty?"), [hit], {"d": doc})
    by_text = {c.span.text: c for c in cands}
    assert (
        by_text["Staff are released on full pay."].context
        == "Leave for Public Duties, Jury service"
    )
    item = by_text["- send the court form to Payroll."]
    assert item.lead is not None and item.lead.text == "On your return you must:"
    assert item.context == "Leave for Public Duties, On your return you must:"
    assert [q.quote for q in item.quotes()] == ["On your return you must:", item.span.text]


def test_a_guide_for_another_kind_of_engagement_goes_last() -> None:
    employee = Principal(user_id="e", roles=["employee"])
    assert written_for_others("Contractor Time Off", "When do I need a doctor's note?", frozenset())
    assert not written_for_others(
        "Contractor Time Off", "Do contractors get sick pay?", frozenset()
    )
    assert not written_for_others(
        "Contractor Time Off", "Sick pay?", audience(Principal(roles=["contractor"]))
    )
    assert not written_for_others(
        "Sick Leave Policy", "When do I need a doctor's note?", frozenset()
    )
    assert written_for_others("Bank Worker Handbook", "How is my holiday paid?", frozenset())
    hits = [_hit("cto", "Contractor Time Off", 3.0), _hit("sick", "Sick Leave Policy", 2.0)]
    out = prefer_fitting(hits, {}, "When do I need a doctor's note for being off sick?", employee)
    assert [h.doc_id for h in out] == ["sick", "cto"] and out[1].score == 2.0


async def test_each_part_of_a_compound_question_skips_the_superseded_neighbour() -> None:
    new = (
        "Travel Policy",
        "# Travel Policy\n\nThe meal allowance is 45 euros per day of travel on business trips."
        "\n\nTrips abroad are approved by your director before booking.\n",
    )
    old = (
        "Travel Policy 2023 (superseded)",
        "# Travel Policy 2023 (superseded)\n\nThe meal allowance was 30 euros per day of travel "
        "on business trips, per day of travel.\n\nTrips abroad were approved by your manager "
        "before booking, before travel.\n",
    )
    result = await ask(
        "How much is the meal allowance per day of travel, and who approves trips abroad?",
        {"old": old, "new": new},
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"new"}


# ------------------------------------------------------------------ the current edition

PASSWORDS = (
    "Passwords and Sign-in",
    "# Passwords and Sign-in\n\nIn force from 1 March 2026.\n\n"
    "- Your password must be at least 14 characters long.\n"
    "- Your account locks after 8 failed attempts.\n",
)
PASSWORDS_OLD = (
    "Password Standard (2023, withdrawn)",
    "# Password Standard (2023)\n\n**Withdrawn on 1 March 2026. Replaced by Passwords and "
    "Sign-in.**\n\n- Your password has to be at least 10 characters long.\n"
    "- Accounts lock after 5 failed attempts for 30 minutes.\n",
)
LEAVE = (
    "Annual Leave",
    "# Annual Leave\n\nThe leave year runs from 1 April to 31 March.\n\n## Carrying leave over\n\n"
    "You may carry up to 5 days of unused leave into the next leave year. Carried days must be "
    "taken by 30 June.\n",
)
LEAVE_OLD = (
    "Annual Leave (2025 edition, superseded)",
    "# Annual Leave (2025 edition)\n\n**Superseded on 1 April 2026 by the current Annual Leave "
    "policy. Kept for reference only.**\n\nYou may carry up to 3 days of unused leave into the "
    "next leave year.\n",
)
PROPOSAL = (
    "Board Paper: New Cross-Dock Near Katowice",
    "# Board Paper\n\nProposal: buy a site near Katowice for a new cross-dock.\n",
)


def _docs(*pairs: tuple[str, tuple[str, str]]) -> dict[str, Document]:
    return {
        i: Document(source="mem", doc_id=i, title=title, text=text) for i, (title, text) in pairs
    }


def test_the_replacement_of_a_withdrawn_document() -> None:
    docs = _docs(("old", PASSWORDS_OLD), ("new", PASSWORDS), ("leave", LEAVE))
    old = _hit("old", PASSWORDS_OLD[0], 1.0)
    assert subject_keys(PASSWORDS_OLD[0]) == frozenset(keys("password"))
    assert replaces(_hit("new", PASSWORDS[0], 1.0), docs["old"], old)  # named in its opening
    leave_old = _docs(("o", LEAVE_OLD))["o"]
    by_title = _hit("o", LEAVE_OLD[0], 1.0)
    assert replaces(_hit("leave", "Annual Leave", 1.0), leave_old, by_title)  # its subject
    assert not replaces(_hit("x", "Family Leave", 1.0), leave_old, by_title)  # a part of it
    assert not replaces(_hit("leave", "Annual Leave", 1.0), docs["old"], old)


def test_a_withdrawn_document_is_dropped_only_beside_its_replacement() -> None:
    docs = _docs(("old", PASSWORDS_OLD), ("new", PASSWORDS), ("leave", LEAVE), ("kat", PROPOSAL))
    hits = [
        _hit("old", PASSWORDS_OLD[0], 3.0),
        _hit("new", PASSWORDS[0], 2.0),
        _hit("leave", LEAVE[0], 1.0),
    ]
    asked = "How long does my password have to be?"
    assert [h.doc_id for h in in_force(hits, docs, asked)] == ["new", "leave"]
    assert in_force([hits[0], hits[2]], docs, asked) == [hits[0], hits[2]]  # none replaces it
    old_rule = "How long did a password have to be under the old standard?"
    assert in_force(hits, docs, old_rule) == hits  # its version is asked for
    board = [_hit("kat", PROPOSAL[0], 2.0), _hit("leave", LEAVE[0], 1.0)]
    assert in_force(board, docs, "What site is proposed near Katowice?") == board


def test_a_question_about_next_year_asks_for_no_withdrawn_edition() -> None:
    question = "how many days can i roll over into next year"
    assert not asks_about_version(question, LEAVE_OLD[0], future=False)
    assert asks_about_version(question, "Flexible Working (2027 draft)", future=True)
    assert not asks_about_version("What were the old rules?", "Flexible Working", future=True)
    docs = _docs(("old", LEAVE_OLD), ("draft", ("Leave (draft)", "Not in force yet.\n")))
    assert not to_come(docs["old"], _hit("old", LEAVE_OLD[0], 1.0))
    assert to_come(docs["draft"], _hit("draft", "Leave (draft)", 1.0))


async def test_the_current_edition_answers_though_the_withdrawn_one_says_it_closer() -> None:
    result = await ask(
        "How long does my password have to be?", {"old": PASSWORDS_OLD, "new": PASSWORDS}
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"new"}
    assert "14 characters" in result.text


async def test_carrying_leave_into_next_year_is_answered_from_the_current_edition() -> None:
    # "next year" asks for a version to come, never for the superseded edition, which
    # says the same words with the old number
    result = await ask(
        "How many days can I carry over into next year?", {"old": LEAVE_OLD, "new": LEAVE}
    )
    assert isinstance(result, Answer), result
    assert {c.doc_id for c in result.citations} == {"new"}
    assert "5 days" in result.text


def test_what_a_title_is_about() -> None:
    assert subject_words("Payday Calendar 2025 (past year)") == "Payday Calendar"
    assert subject_words("DRAFT Hybrid Working Framework 2027 (not in force)") == (
        "Hybrid Working Framework"
    )
    assert subject_keys("Annual Leave Policy (2024) - SUPERSEDED") == frozenset(
        keys("annual leave")
    )
    assert subject_words("Annual Leave (Penang Campus)") == "Annual Leave Penang Campus"


PASSPHRASE_OLD = (
    "Password Standard (2023, withdrawn)",
    "# Password Standard (2023)\n\n**Withdrawn on 1 March 2026. Replaced by Passwords and "
    "Sign-in.**\n\n- The minimum passphrase length is 10 characters.\n",
)
PASSPHRASE_NEW = (
    "Passwords and Sign-in",
    "# Passwords and Sign-in\n\nIn force from 1 March 2026.\n\n"
    "- Passwords must be at least 14 characters.\n",
)


async def test_the_current_edition_the_search_missed_is_searched_for() -> None:
    source = Source({"old": PASSPHRASE_OLD, "new": PASSPHRASE_NEW, "leave": LEAVE})
    question = "What is the minimum passphrase length?"
    hits = await source.search(question)
    assert [h.doc_id for h in hits] == ["old"]  # worded like the withdrawn standard only
    docs = {"old": await source.fetch("old")}
    found, read = await replacement_hits(question, hits, docs, source, 5)  # type: ignore[arg-type]
    assert [h.doc_id for h in found] == ["new"] and set(read) == {"new"}
    assert found[0].score == hits[0].score and found[0].start is None
    assert source.queries[-1] == "Password Standard"
    old_rule = "What was the minimum passphrase length under the old standard?"
    assert (await replacement_hits(old_rule, hits, docs, source, 5))[0] == []  # type: ignore[arg-type]


async def test_a_withdrawn_edition_is_not_quoted_when_its_replacement_is_readable() -> None:
    result = await ask(
        "What is the minimum passphrase length?", {"old": PASSPHRASE_OLD, "new": PASSPHRASE_NEW}
    )
    assert "old" not in {c.doc_id for c in getattr(result, "citations", [])}, result


def test_a_status_word_in_a_name_does_not_drop_a_document() -> None:
    docs = _docs(
        ("draft98", ("1998 NFL Draft", "The 1998 NFL Draft was held in New York.\n")),
        ("nfl", ("NFL", "The NFL is a professional American football league.\n")),
        ("ia", ("Internet Archive", "The Internet Archive is a digital library.\n")),
        ("net", ("Internet", "The Internet is a global system of networks.\n")),
    )
    hits = [_hit(i, docs[i].title, 1.0) for i in ("draft98", "nfl", "ia", "net")]
    assert out_of_force(docs["draft98"], hits[0])  # demoted by `prefer_fitting`, as before
    assert not plainly_out_of_force(docs["draft98"], hits[0])
    assert not plainly_out_of_force(docs["ia"], hits[2])
    question = "Who was the first pick in New York that year?"
    assert in_force(hits, docs, question) == hits
    history = _docs(
        ("pfsh", ("Albanian Fascist Party", "The party held power until 1943. Afterwards the "
                  "PFSh was replaced by the Guard of Greater Albania.\n")),
        ("guard", ("Guard of Greater Albania", "The Guard was a militia.\n")),
    )  # fmt: skip
    told = [
        _hit("pfsh", "Albanian Fascist Party", 2.0),
        _hit("guard", "Guard of Greater Albania", 1.0),
    ]
    assert out_of_force(history["pfsh"], told[0])  # demoted, as before
    assert in_force(told, history, "Who led the party in 1940?") == told  # history, not status
    marked = _docs(
        ("a", ("Password Standard (2023, withdrawn)", "Text.")),
        ("b", ("Payday Calendar 2025-26 - SUPERSEDED", "Text.")),
        ("c", ("DRAFT Hybrid Working Framework", "Text.")),
        ("archive/d.md", ("Payday Calendar 2025", "Text.")),
        ("e", ("Leave", "# Leave\n\n**Withdrawn on 1 March 2026.**\n\nText.")),
    )
    for i, doc in marked.items():
        assert plainly_out_of_force(doc, _hit(i, doc.title, 1.0)), i


def test_other_ways_a_handbook_marks_an_edition_out_of_force() -> None:
    marked = _docs(
        ("a", ("Leave Policy (retired)", "Text.")),
        ("b", ("Expenses - old version", "Text.")),
        ("c", ("Leave Policy", "# Leave Policy\n\nStatus: withdrawn\n\nText.")),
        ("d", ("Leave Policy", "# Leave Policy\n\n**DRAFT. Not in force.**\n\nText.")),
        ("e", ("Leave Policy", "# Leave Policy\n\nThis policy is no longer current.\n")),
    )
    for i, doc in marked.items():
        hit = _hit(i, doc.title, 1.0)
        assert out_of_force(doc, hit) and plainly_out_of_force(doc, hit), i
    current = _docs(
        ("f", ("Retired Staff Association", "The association meets monthly.\n")),
        ("g", ("Budget Setting", "# Budget Setting\n\nDraft budgets are due in January.\n")),
        ("h", ("Tools", "Tools lost from the store are replaced by the company.\n")),
    )
    for i, doc in current.items():
        assert not out_of_force(doc, _hit(i, doc.title, 1.0)), i
    assert subject_words("Expenses - old version") == "Expenses"
