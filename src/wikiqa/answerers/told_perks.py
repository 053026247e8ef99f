"""Money the employer gives, told in everyday words, read as handbooks write it.

Every handbook pays a few perks under fixed names: a "referral bonus" for recommending
someone who is hired, a "salary advance" on pay already earned, a "relocation allowance"
for moving to take the job, a "footwear allowance" towards work shoes, "pay increases",
"home energy costs" (paid or not) for working from home. The asker tells the situation:
"recommending a mate", "introducing a friend", "a finder's fee", "my wages early", "my
move to Berlin", "moving house", "money towards work shoes", "pay rises", "a heating
allowance" for taking calls from home. Neither
the search nor the answerer's features join "recommending a mate" to "referral bonus" or
"wages early" to "advance", so the paying document's line scored under the floor
(hb5-fact-54, hb6-ff-02, col-yn-04, hb6-ff-04, col-fact-66, hb5-fact-17, col-fact-63,
hb9-yn-03, ...).

`plain_perks` gives the question with such a telling followed by the documents' name for
it, in brackets, and nothing else changed ("for recommending a mate" -> "for recommending
a mate (a referral bonus)"; "a finder's fee", or "a cash bonus" asked of a referral, ->
"a referral bonus"), as
`told_money.plain_money` does for pay gone wrong.

`perk_said` bounds what the reading answers: a question so read is answered only by lines
of which one says the situation, as the documents write it or as told ("referral",
"refer", "recommend"; "an advance on"; "relocation", "moving home", "the move", "removal";
"footwear", "shoes", "boots"; "increase", "award"; "energy", "heating", "bills"): "December
pay is paid early" is no answer to wages asked early. The reading is asked only when the question as asked is refused, so it
adds answers and takes none away.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

# a person the asker knows: "a mate", "my friend", "an old colleague", "someone I know"
_KNOWN = (
    r"(?:(?:a|my|an?\s+old|one\s+of\s+my)\s+(?:\w+\s+)?(?:mates?|friends?|pals?|buddy|"
    r"cousins?|neighbou?rs?|ex-colleagues?|former\s+colleagues?|brother|sister|son|"
    r"daughter|nephew|niece)|someone\s+I\s+know|people\s+I\s+know)"
)
# recommending them for a job: "recommending a mate", "introducing a friend",
# "recomending him" (a friend or mate named before)
_RECOMMEND = re.compile(
    rf"\b(?:recc?omm?end\w*|introduc\w*|referr?(?:ing|ed|s)?)\s+(?:{_KNOWN}|him|her|them)\b",
    re.I,
)
_FRIEND = re.compile(rf"\b{_KNOWN}\b", re.I)
_FINDER = re.compile(r"\bfinder'?s\s+fee(?P<s>s?)\b", re.I)
# pay asked for before payday: "my wages early", "some of my pay early", "a sub on my wages"
_EARLY = re.compile(
    r"\b(?:(?:some|part|any|half)\s+of\s+)?(?:my|our)\s+(?:wages|pay|salary|earnings)\s+"
    r"(?:(?:can|could|I|we|get|have|be|paid|to)\s+){0,4}(?:early|before\s+payday|in\s+advance)\b|\bget\s+paid\s+early\b|"
    r"\ba\s+sub\s+(?:on|against)\s+(?:my|our)\s+(?:wages|pay)\b",
    re.I,
)
# moving home to take or keep the job: "moving house", "my move to Berlin"
_MOVE = re.compile(
    r"\bmov(?:e|ing)\s+(?:house|home)\b|\b(?:my|our|the)\s+move\s+(?:to|from)\s+[A-Z]\w+|"
    r"\b(?:cost|costs|expenses)\s+of\s+(?:my\s+)?moving\b|\bmoving\s+(?:costs|expenses)\b",
)
# shoes or boots worn for work: "work shoes", "safety boots", "walking boots"
_SHOES = re.compile(
    r"\b(?:work|safety|steel[- ]toe(?:d|cap)?|walking|kitchen|non[- ]slip)\s+"
    r"(?:shoes|boots|footwear)\b",
    re.I,
)

# a rise in pay: "pay rises", "a wage rise", "salary rises" are "pay increases" in the documents
_RISE = re.compile(r"\b(?:pay|wage|salary)\s*rises?\b", re.I)
# heating a home one works from: "a heating allowance", "my electricity bill" (home working)
_HEATING = re.compile(
    r"\b(?:heating|electricity|gas|energy|power)\s+(?:allowance|bills?|costs?)\b", re.I
)
_HOME = re.compile(r"\b(?:from|at)\s+home\b|\bhome[- ]?work\w*|\bremote\w*", re.I)
# a bonus named without its scheme ("a cash bonus for introducing a friend"): the referral bonus
_BONUS = re.compile(
    r"\b(?P<art>an?\s+)?(?:cash\s+|thank[- ]you\s+|finder'?s\s+)?(?:bonus|reward)\b", re.I
)
# the money asked of a move or of shoes: "pay towards", "money to cover", "chip in"
_MONEY = re.compile(
    r"\b(?:money|allowance|pay\s+(?:for|towards|back)|chip\s+in|towards|cover|claim\w*|refund\w*|"
    r"reimburs\w*|costs?|spend|package|help\s+with|give\s+back|repay\w*|budget|grant)\b",
    re.I,
)

_NAMES = {
    "referral": "a referral bonus",
    "advance": "a salary advance",
    "relocation": "relocation",
    "footwear": "a footwear allowance",
    "rise": "pay increases",
    "heating": "home energy costs",
}


def _told(question: str) -> dict[str, re.Match[str]]:
    """Each perk situation `question` tells, with the words that tell it."""
    told: dict[str, re.Match[str]] = {}
    recommend = _RECOMMEND.search(question)
    if recommend and (
        recommend[0].split()[-1].lower() not in ("him", "her", "them") or _FRIEND.search(question)
    ):
        told["referral"] = recommend
    for kind, pattern in (("advance", _EARLY), ("relocation", _MOVE), ("footwear", _SHOES)):
        m = pattern.search(question)
        if m and (kind == "advance" or _MONEY.search(question)):
            told[kind] = m
    rise = _RISE.search(question)
    if rise:
        told["rise"] = rise
    heating = _HEATING.search(question)
    if heating and _HOME.search(question):
        told["heating"] = heating
    return told


def plain_perks(question: str) -> str:
    """`question` with a perk told in everyday words followed by the documents' name for
    it ("for recommending a mate" -> "for recommending a mate (a referral bonus)"), and a
    "finder's fee" said "referral bonus"; the question itself when it tells none."""
    text = _FINDER.sub(lambda m: f"referral bonus{m['s']}", question)
    if text != question:
        return text
    told = _told(question)
    # (start, end, words) over the question as asked, made from the end back
    edits = [(m.end(), m.end(), f" ({_NAMES[kind]})") for kind, m in told.items()]
    bonus = _BONUS.search(question) if "referral" in told else None
    if bonus and not re.search(r"referr", question, re.I):  # the bonus asked of, named
        edits = [e for e in edits if e[2] != f" ({_NAMES['referral']})"]
        edits.append((bonus.start(), bonus.end(), f"{'a ' if bonus['art'] else ''}referral bonus"))
    for start, end, words in sorted(edits, reverse=True):
        text = f"{text[:start]}{words}{text[end:]}"
    return text


# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "referral": r"referr\w*|refer|recommend\w*|introduc\w*",
    "advance": r"(?:an?|the|one|pay|wages?|salary)\s+advances?|advances?\s+(?:on|of|against)",
    "relocation": r"relocat\w*|removals?|mov(?:e|es|ing)\s+(?:home|house)|(?:the|your)\s+move",
    "footwear": r"footwear|shoes?|boots?",
    "rise": r"increases?|rises?|awards?|uplifts?",
    "heating": r"energy|heating|electricity|utilit\w*|bills?",
}


def perks_told(question: str) -> list[str]:
    """The perk situations `question` tells in everyday words that `plain_perks` reads."""
    return (["referral"] if _FINDER.search(question) else []) + list(_told(question))


def perk_said(asked: str, draft: Draft) -> bool:
    """Whether `draft` answers with a line saying each perk situation the question
    `asked` tells (`_SAID`)."""
    drafted = said_or_refused(asked, draft, perks_told, lambda k, lines: says_any(_SAID[k], lines))
    return drafted.refusal is None
