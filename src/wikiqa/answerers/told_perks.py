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

Round 54 reads five more perks the same way: a gym or sports club paid towards ("a sports
subsidy", "cheaper gym membership" -> "a staff discount at a gym or leisure centre, or a
sports allowance"), money for the asker's own course ("money for a course", "tuition fees",
"pay for my PGCE" -> "a study leave budget or course fees"; another's fees or a discount on
them left as told), what the employer adds to the asker's pension ("how much does the trust
add" -> "the employer's pension contribution", the share the asker pays kept in it),
emergency cash ("a hardship fund grant") and fundraising matched ("match what I raise" ->
"match funding") (col-yn-01, hb2-yn-02, hb2-ff-06, hb8-yn-04, hb8-fact-63). Each is
bounded as the others; a pension row must also be keyed by the share the asker pays
("| 3% | 5% |" names 5% as what the employer pays, no answer to "if I put 5% in"). Expenses
paid back are read too: "put my expenses in" (submit expense claims), "claim for food" (a
meal allowance, only with time away told), the per-mile rate for cycling (a bicycle
mileage rate) (hb5-trap-07, hb5-trap-08, hb2-trap-01). No answer of the reading quotes a past edition ("archive/"): with
the policy in force withheld, the 2024 table's "| Bicycle | 15 pence |" answered cycling.

Round 55 (career55) says the ask of course and relocation money in the rule's words, where
the bracketed name left the answering line at 0.11-0.28 (hb3-yn-04, hb4-fact-39): a course
"paid for" is its "course fees" paid, "cover tuition fees" for "an NVQ" is "pay the course
fees" for "a qualification", "is there a catch" and "give back the relocation money" are
"do I have to repay them if I leave" and "pay back ... if I leave", "towards moving house"
is "towards relocation costs for moving home". A fees ask so read is kept only when a cited
line says "fees" or "tuition" (with the learning policy withheld, the Driver CPC's "The
company pays for it and runs the courses" answered an NVQ's fees).
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import quotes_past_edition, said_or_refused, says_any
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
# round 57 (grocer57): the staff discount told by the card that carries it ("does my staff
# card work on cigs?", "can I use my colleague card on fuel?"): asked of what it buys, the
# card is the discount, said so (hb14-fact-25); a card that opens doors or logs in is not
_CARD = re.compile(
    r"\b(?:my|our|the|a)\s+(?:staff|colleague|employee|work|team)\s+card"
    r"(?=\s+(?:work|works|count|counts|cover|covers|apply|applies|valid|get\s+me\s+money)\b"
    r"[^?.!]*?\b(?:on|for|to|at|off)\b)"
    r"|\b(?:use|using|show|swipe|scan)\s+(?:my|our|the|a)\s+(?:staff|colleague|"
    r"employee|work|team)\s+card(?=\s+(?:on|for|at|to\s+(?:buy|get|pay))\b)",
    re.I,
)
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

# round 54 (benefits54): a gym or sports club paid towards, money for a course, what the
# employer adds to a pension, emergency cash, "my other half", fundraising matched
_SPORT = re.compile(
    r"\b(?:sports?|gym|fitness|leisure)\s+(?:subsid\w*|discounts?|allowance)\b|"
    r"\b(?:cheaper|discounted|subsidi[sz]ed|reduced)\s+(?:gym|sports?|fitness|leisure)"
    r"(?:\s+(?:membership|classes|club|centre|passes))?\b|"
    r"\bdiscounts?\s+(?:at|on|for)\s+(?:the\s+|a\s+)?(?:gym|fitness|sports?)\b",
    re.I,
)
_COURSE = re.compile(
    r"\b(?:money|funding|pay|paying|help)\s+(?:for|towards|with)\s+(?:an?\s+|the\s+|my\s+)?"
    r"(?:(?:part[- ]time|evening|external|training|online)\s+)?(?:course|degree|qualification|"
    r"training|studies|studying|NVQ|PGCE|MBA|masters?|diploma|apprenticeship)s?\b|"
    r"\b(?:tuition|course|degree|exam|PGCE|NVQ|college|university|uni)\s+fees\b|"
    r"\bpay\s+for\s+(?:my|a|the)\s+(?:(?:part[- ]time|evening)\s+)?(?:course|degree|"
    r"qualification|studies|NVQ|PGCE|MBA|masters?|diploma)\b",
    re.I,
)
# a course the asker goes on, with money asked of it ("go on a course. How much money ...")
_ON_COURSE = re.compile(
    r"\b(?:go(?:ing)?\s+on|attend\w*|do(?:ing)?|book\w*|sign\w*\s+up\s+for)\s+"
    r"(?:an?|the|this)\s+(?:\w+\s+)?(?:course|conference)\b",
    re.I,
)
# fees of someone else's course, or a discount on them, are no study support of the asker's
_OTHERS_FEES = re.compile(
    r"\b(?:my|our)\s+(?:children|child|kids?|sons?|daughters?|partner|wife|husband|family|"
    r"dependants?)\b|\bdiscount",
    re.I,
)
# the share the asker pays in, kept in the name: the employer's share is read off its row
_MY_SHARE = re.compile(
    r"\b(?:I|we)\s+(?:put|pay|paid|contribute|save)\s+(?:in\s+)?(\d+(?:\.\d+)?%)"
)
_PENSION = re.compile(r"\bpensions?\b", re.I)
# what the employer puts in: "how much does the trust add", "what does the company put in"
_ADDS = re.compile(
    r"\b(?:does|do|will|would)\s+(?:the\s+|my\s+)?(?:trust|company|firm|employer|council|"
    r"school|academy|uni|university|charity|business|group|airport|restaurant|hotel|they|you|"
    r"[A-Z]\w+)\s+(?:add|put\s+in|pay\s+in|chip\s+in|contribute|match|top\s+(?:it\s+)?up)\b",
)
_EMERGENCY = re.compile(
    r"\b(?:emergency|urgent|crisis)\s+(?:cash|money|funds?|loans?|grants?|help)\b|"
    r"\bcan'?t\s+afford\s+(?:to\s+(?:pay|fix|replace)\b|(?:my|the)\s+(?:rent|bills?))",
    re.I,
)
# round 57 (grocer57): money trouble told as the asker lives it ("I'm skint till payday",
# "the boiler's packed in and I'm broke", "struggling to pay the rent") with help asked of
# work ("Is there any help from work?"): the help asked is the employer's hardship money,
# named after the ask, where the bracket after the telling left the fund's line at 0.32
# (hb14-fact-41)
_SHORT = re.compile(
    r"\b(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:really\s+|totally\s+|completely\s+|so\s+)?"
    r"(?:skint|broke|brassic|strapped(?:\s+for\s+cash)?|short\s+of\s+(?:money|cash)|"
    r"in\s+debt|struggling\s+(?:for\s+money|financially|to\s+pay))\b"
    r"|\b(?:struggling|can['’]?t\s+afford|cannot\s+afford)\s+to\s+pay\s+(?:the\s+|my\s+)?"
    r"(?:rent|mortgage|bills?)\b|\bmoney\s+(?:worries|problems|troubles?)\b",
    re.I,
)
_HELP_ASK = re.compile(
    r"\b(?:any|some)\s+(?:help|support)(?:\s+(?:from|at)\s+(?:work|the\s+company|"
    r"the\s+firm|my\s+employer|here|you))?"
    r"|\b(?:can|could|will|would|does|do)\s+(?:work|the\s+company|the\s+firm|my\s+employer|"
    r"you|they)\s+help(?:\s+(?:me|us|out))?\b",
    re.I,
)
_MATCH = re.compile(
    r"\bmatch(?:es|ed)?\s+(?:what|the\s+(?:money|amount)|(?:any|the)\s+money|my|our)\s*"
    r"(?:I|we)?\s*(?:raise|fundrais|sponsor|collect)\w*",
    re.I,
)
# expenses paid back, told plainly: "put my expenses in" (submit claims), "claim for food"
# (a meal allowance), the per-mile rate for cycling (bicycle mileage)
_PUT_IN = re.compile(
    r"\b(?:put|get|send|hand|turn)\s+(?:my|our|the|your)\s+(?:expenses|receipts|expense\s+"
    r"claims?)\s+in\b(?!to)",
    re.I,
)
_FOOD = re.compile(
    r"\b(?:claim\w*|allowance|money|paid|pay)\s+(?:back\s+)?for\s+(?:my\s+)?(?:food|lunch|"
    r"dinner|breakfast|tea|something\s+to\s+eat)\b|\b(?:food|lunch)\s+allowance\b",
    re.I,
)
# a meal allowance is paid for time away from the usual workplace: the food claim is read
# only when the question tells such time ("on a course for 11 hours", "travelling")
_AWAY = re.compile(
    r"\b(?:courses?|away|travel\w*|trips?|out\s+on|visit\w*|conferences?|training|"
    r"overnight|study\s+days?|another\s+(?:site|office|depot|hotel|campus)|\d+\s+hours?)\b",
    re.I,
)
_CYCLE = re.compile(r"\b(?:cycl(?:e|es|ed|ing)|bikes?|bicycles?|push[- ]?bikes?)\b", re.I)
_PER_MILE = re.compile(r"\b(?:per[- ]mile|a\s+mile|mileage)\b", re.I)

_NAMES = {
    "claims": "submit expense claims",
    "meal": "a meal allowance",
    "cycle": "a bicycle mileage rate",
    "sport": "a staff discount at a gym or leisure centre, or a sports allowance",
    "study": "a study leave budget or course fees",
    "pension": "the employer's pension contribution",
    "hardship": "a hardship fund grant",
    "match": "match funding",
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
    course = _COURSE.search(question)
    if course:
        told["study"] = course
    on_course = _ON_COURSE.search(question)
    if on_course and not _COURSE.search(question) and _MONEY.search(question):
        told["study"] = on_course
    if "study" in told and _OTHERS_FEES.search(question):
        del told["study"]
    help_asked = _HELP_ASK.search(question)
    if help_asked and _SHORT.search(question) and not _EMERGENCY.search(question):
        told["hardship"] = help_asked
    adds = _ADDS.search(question)
    if adds and _PENSION.search(question):
        told["pension"] = adds
    cycle = _CYCLE.search(question)
    if cycle and _PER_MILE.search(question):
        told["cycle"] = cycle
    for kind, pattern in (
        ("claims", _PUT_IN),
        ("meal", _FOOD),
        ("sport", _SPORT),
        ("hardship", _EMERGENCY),
        ("match", _MATCH),
    ):
        m = pattern.search(question)
        if m and (kind != "meal" or _AWAY.search(question)):
            told[kind] = m
    return told


def _named(kind: str, question: str) -> str:
    """The documents' name for the perk `kind`; a pension share the asker pays kept in it
    ("the employer's pension contribution when you pay 5%")."""
    share = _MY_SHARE.search(question) if kind == "pension" else None
    return f"{_NAMES[kind]} when you pay {share[1]}" if share else _NAMES[kind]


def plain_perks(question: str) -> str:
    """`question` with a perk told in everyday words followed by the documents' name for
    it ("for recommending a mate" -> "for recommending a mate (a referral bonus)"), and a
    "finder's fee" said "referral bonus"; course or relocation money asked in everyday words
    said as the rule says it (`_money_back`); the question itself when it tells none."""
    text = _FINDER.sub(lambda m: f"referral bonus{m['s']}", question)
    text = _CARD.sub(_discount_card, text)
    if text != question:
        return text
    flown = _flown(question)
    if flown:  # the travel class asked in the rule's words, the flight's place aside
        return f"When is {_travel_class(flown)} allowed for a flight?"
    told = _told(question)
    # (start, end, words) over the question as asked, made from the end back
    edits = [
        _edit(kind, m, question)
        for kind, m in told.items()
        if not (kind == "study" and _fees_asked(question))
    ]
    bonus = _BONUS.search(question) if "referral" in told else None
    if bonus and not re.search(r"referr", question, re.I):  # the bonus asked of, named
        edits = [e for e in edits if e[2] != f" ({_NAMES['referral']})"]
        edits.append((bonus.start(), bonus.end(), f"{'a ' if bonus['art'] else ''}referral bonus"))
    for start, end, words in sorted(edits, reverse=True):
        text = f"{text[:start]}{words}{text[end:]}"
    return _money_back(text, told)


def _discount_card(m: re.Match[str]) -> str:
    """The card `m` tells said as the staff discount card it is ("my staff card" -> "my
    staff discount card"), the words before the card kept."""
    return re.sub(r"\w+\s+card$", "staff discount card", m[0])


def _edit(kind: str, m: re.Match[str], question: str) -> tuple[int, int, str]:
    """The edit saying the perk `kind` told by `m`: its name after it in brackets, or, for a
    move told as "moving house", the documents' "relocation costs" in its place (career55:
    the bracketed name left the maximum's line at 0.26, hb2-fact-24); a course "paid for"
    said as its "course fees" paid (hb4-fact-39)."""
    before = question[: m.start()].split()[-1:] or [""]
    if kind == "relocation" and _MOVING_HOUSE.fullmatch(m[0]) and before[0].lower() in _OF:
        return (m.start(), m.end(), "relocation costs for moving home")
    paid_for = _PAY_FOR.match(m[0]) if kind == "study" else None
    # "pay for my degree" -> "pay the course fees (a study leave budget or course fees) for my
    # degree": the rule's "fees" said as paid, and the bracketed kind beside it as before
    if paid_for:
        said = f"{paid_for['pay']} the course fees ({_NAMES['study']}) for "
        return (m.start(), m.start() + paid_for.end(), said)
    return (m.end(), m.end(), f" ({_named(kind, question)})")


# round 55 (career55): course and relocation money asked in everyday words, said as the
# rule says it. The rule pays "the course fees" for "an approved qualification" and says
# what must be "paid back" or "repaid" if you leave within a time: "cover tuition fees" ->
# "pay the course fees", "an NVQ" -> "a qualification", "is there a catch" -> "do I have
# to repay them if I leave", "give back the relocation money" -> "pay back the relocation
# money if I leave" (hb3-yn-04, hb4-fact-39, hb4-fact-23; the told words beside left the
# answering line at 0.11-0.28)
_PAY_FOR = re.compile(r"(?P<pay>pay|paying)\s+(?:for|towards)\s+", re.I)
_OF = ("towards", "for", "of", "with", "cover")  # "pay towards moving house": a noun
_MOVING_HOUSE = re.compile(r"mov(?:e|ing)\s+(?:house|home)", re.I)
_FEES_ASK = re.compile(
    r"\b(?:cover|pay(?:\s+for)?|fund|foot|meet)\s+(?:the\s+|my\s+|any\s+)?(?:cost\s+of\s+(?:the\s+|my\s+)?)?"
    r"(?:tuition|course|college|uni|university|exam|training)\s+fees\b",
    re.I,
)
_QUALIFICATION = re.compile(
    r"\b(?:NVQ|SVQ|BTEC|HNC|HND|PGCE|CIPD|diploma|certificate)(?:\s+(?:in\s+\w+|level\s+\d))?"
    r"(?:\s+(?:course|qualification))?(?=[\s.,?!;]|$)",
    re.I,
)
_CATCH = re.compile(
    r"\b(?:is|are)\s+there\s+(?:a|any)\s+catch(?:es)?\b|\bwhat'?s\s+the\s+catch\b|"
    r"\b(?:are\s+there\s+)?any\s+strings\s+attached\b|\bwhat'?s\s+the\s+small\s+print\b",
    re.I,
)
_GIVE_BACK = re.compile(
    r"\b(?:give|hand)\s+back\s+(?P<obj>(?:the|my|that|this|any|all\s+the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:money|allowance|fees|costs|grant|payment|package))\b"
    r"|\b(?:give|hand)\s+(?P<obj2>(?:the|my|that|this|any|all\s+the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:money|allowance|fees|costs|grant|payment|package))\s+back\b",
    re.I,
)
_RELOCATION_MONEY = re.compile(
    r"\brelocat\w*\s+(?:money|allowance|package|costs|payment|support|grant)\b", re.I
)


def _fees_asked(text: str) -> bool:
    """Whether `text` asks the fees paid in other words than the rule's "pay the course fees"
    (a question already in those words keeps its bracketed reading of round 54)."""
    m = _FEES_ASK.search(text)
    return m is not None and not re.fullmatch(r"pay\s+(?:the\s+)?course\s+fees", m[0], re.I)


def _money_back(text: str, told: dict[str, re.Match[str]]) -> str:
    """`text` with course or relocation money asked as the rule says it (see above)."""
    if not ("study" in told or "relocation" in told or _RELOCATION_MONEY.search(text)):
        return text
    text = _GIVE_BACK.sub(lambda m: f"pay back {m['obj'] or m['obj2']} if I leave", text)
    text = _CATCH.sub("do I have to repay them if I leave", text)
    if "study" in told and _fees_asked(text):
        text = _FEES_ASK.sub("pay the course fees", text)
        text = _QUALIFICATION.sub("qualification", text)
    return text


# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "referral": r"referr\w*|refer|recommend\w*|introduc\w*",
    "advance": r"(?:an?|the|one|pay|wages?|salary)\s+advances?|advances?\s+(?:on|of|against)",
    "relocation": r"relocat\w*|removals?|mov(?:e|es|ing)\s+(?:home|house)|(?:the|your)\s+move",
    "footwear": r"footwear|shoes?|boots?",
    "rise": r"increases?|rises?|awards?|uplifts?",
    "heating": r"energy|heating|electricity|utilit\w*|bills?",
    "claims": r"claims?|submit\w*",
    "meal": r"meals?|food|subsistence|lunch|dinner|breakfast|per\s+diem",
    "cycle": r"bicycles?|bikes?|cycl\w*",
    "sport": r"gym\w*|sports?|fitness|leisure|swim\w*|exercise",
    "study": r"courses?|fees?|study|studies|tuition|qualifications?|training|degrees?",
    "pension": r"pensions?|(?:employer|employer's|our|its)\s+contributions?|pays|adds",
    "hardship": r"hardship|emergency|fund|grants?|loans?|advances?",
    "match": r"match\w*|for\s+every|adds?",
    "discount": r"discount\w*|money\s+off|\d+\s*%\s+off",
}


# round 56 (claims56): a travel class asked of a flight ("Can I fly premium economy to
# Kuala Lumpur?") asked in the rule's words, "When is premium economy allowed for a
# flight?": the expenses policy allows a class by the flight's length ("Premium economy is
# allowed for a single flight scheduled to take more than 6 hours."), which the place named
# left at 0.18-0.23 (hb4-fact-72); kept only when a cited line says the class
_NAMED_CLASS = r"premium\s+economy|business\s+class|first\s+class"
_CLASS = r"premium\s+economy|business(?:\s+class)?|first(?:\s+class)?|economy(?:\s+plus)?"
_FLY_CLASS = re.compile(
    rf"\b(?:can|could|may|am\s+I\s+allowed\s+to|do\s+I\s+get\s+to)\s+(?:I\s+|we\s+)?"
    rf"(?:fly\s+(?P<cls>{_CLASS})|(?:book|travel|go)\s+(?P<cls3>{_NAMED_CLASS}))"
    rf"(?=\s+(?:to|on|for|when|if)\b|\s*\?)"
    rf"|\b(?:can|could|may)\s+(?:I|we)\s+(?:book|get|have|go)\s+(?P<cls2>{_CLASS})\s+"
    rf"(?:on|for)\s+(?:a|my|the|this|our)\s+(?:\w+\s+)?(?:flights?|plane)\b",
    re.I,
)


_GROUND = re.compile(r"\b(?:trains?|rail|railway|coach|bus|ferry|eurostar)\b", re.I)


def _flown(question: str) -> re.Match[str] | None:
    """The travel class `question` asks of a flight (not of a train or a coach)."""
    return None if _GROUND.search(question) else _FLY_CLASS.search(question)


def _travel_class(m: re.Match[str]) -> str:
    """The class `m` tells, as the policies write it ("business" -> "business class")."""
    cls = " ".join((m["cls"] or m["cls2"] or m["cls3"]).lower().split())
    return f"{cls} class" if cls in ("business", "first") else cls


def perks_told(question: str) -> list[str]:
    """The perk situations `question` tells in everyday words that `plain_perks` reads."""
    told = (["referral"] if _FINDER.search(question) else []) + list(_told(question))
    if _CARD.search(question):
        told.append("discount")
    if _flown(question):
        told.append("class")
    if (
        "relocation" not in told
        and _RELOCATION_MONEY.search(question)
        and _GIVE_BACK.search(question)
    ):
        told.append("relocation")
    return told


def perk_said(asked: str, draft: Draft) -> bool:
    """Whether `draft` answers with a line saying each perk situation the question
    `asked` tells (`_SAID`)."""
    share = _MY_SHARE.search(asked)

    flown = _flown(asked)

    def says(kind: str, lines: list[str]) -> bool:
        if kind == "class" and flown:  # the class told, as told ("premium economy")
            return says_any(re.escape(_travel_class(flown)).replace(r"\ ", r"\s+"), lines)
        if kind == "pension" and share and not _share_row(share[1], lines):
            return False
        if kind == "study" and _fees_asked(asked) and not says_any(r"fees?|tuition", lines):
            return False  # fees asked: "The company pays for it and runs the courses" (CPC)
        return says_any(_SAID[kind], lines)

    if perks_told(asked) and quotes_past_edition(draft):
        return False
    return said_or_refused(asked, draft, perks_told, says).refusal is None


def _share_row(share: str, lines: list[str]) -> bool:
    """Whether the rows of percentages among `lines` are keyed by the share the asker pays:
    "| 3% | 5% |" names 5% as what the employer pays, no answer to "if I put 5% in"."""
    rows = [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in lines
        if line.lstrip().startswith("|") and "%" in line
    ]
    return not rows or any(share in next(c for c in row if "%" in c) for row in rows)
