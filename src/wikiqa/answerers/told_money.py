"""Pay gone wrong, a gift, a fine or a drink told in everyday words, read as handbooks write it.

Every handbook rules on the same few money situations in its own words: "underpayments are
paid back ...", "A shortage of more than £10 on one duty ...", "You may accept small gifts
worth up to £30 ...", "Not reimbursable: traffic and parking fines", "Alcohol is never
reimbursed". The asker tells the situation: "I was paid £40 short", "My takings were £12
short", "A customer gave me a bottle of wine", "a present from a supplier", "a speeding
ticket", "the bottle of wine I had with dinner". Neither the search nor the answerer's
features join "paid short" to "underpayment", "present" to "gift" or "ticket" to "fine", so
the ruling document was not read or its line scored under the floor (hb5-fact-21,
hb3-fact-51, col-fact-18, ...).

`plain_money` gives the question with such a telling said as the documents say it, and
nothing else changed, as `told_death.plain_death` does for a relative's death:

- the asker's own pay short ("I was paid £40 short", "I've been underpaid", "my wages were
  short") -> "I was paid £40 short (an underpayment or shortfall)"; another's pay is left
  as told ("my manager has been paid too little": the policy rules on the asker's pay);
- cash short ("my takings were £12 short", "my float came up £5 short") -> "a £12 shortage";
- something given to the asker by someone outside the organisation ("A customer gave me a
  bottle of wine") -> "gave me a gift, a bottle of wine"; "a present" -> "a gift";
- a speeding, parking or traffic "ticket" -> "fine";
- a drink the asker asks to claim ("Can I claim the bottle of wine I had ...") -> "alcohol".

A told amount is left as told: whether it lies under or over a line's threshold is the
line's to say, and the answerer cites the line that states it.

`situation_said` bounds what the reading answers: a question so read is answered only by
lines of which one says the situation, as the documents write it or as told
("underpayment", "shortfall", "pay is wrong"; "shortage", "difference"; "gift",
"hospitality", the thing given; "fines", "tickets"; "alcohol", "wine"). A line that says
none rules on something else: "Parking and tolls are reimbursed against receipts." is no
answer to "Can I claim a parking ticket back?" (the word "fine" put it first). Otherwise the
question as asked is decided, as without this reading ("Fines and parking charges ... are
paid by the driver" for the minibus's parking ticket, which "fine" ranks under a line on
penalty points): the reading adds answers, and takes none the question as asked gets.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

_AMOUNT = r"(?:£|€|\$)\s?\d[\d,]*(?:\.\d\d)?"
# the asker's own pay short: "I was paid £40 short", "I've been underpaid", "we were short-paid"
_ME_SHORT = re.compile(
    rf"\b(?P<who>I|we)(?:'ve|’ve|\s+have|\s+had)?\s+(?:was|were|been|got)\s+"
    rf"(?:paid\s+(?P<amount>{_AMOUNT}\s+)?(?:short|too\s+little)(?!\s+(?:of|on|notice)\b)"
    rf"|underpaid|short[- ]paid)",
    re.I,
)
# "my wages were £40 short", "my pay was short", "my salary came in short"
_MY_PAY_SHORT = re.compile(
    rf"\b(?P<whose>my|our)\s+(?P<pay>pay|wages|salary|payslip|pay\s+packet|overtime)\s+"
    rf"(?:was|were|is|are|came\s+(?:in|up|out))\s+(?P<amount>{_AMOUNT}\s+)?(?:short|too\s+low)\b",
    re.I,
)
# cash short: "my takings were £12 short", "the float came up £5 short"
_CASH_SHORT = re.compile(
    rf"\b(?P<cash>takings|cash|float|till|cash[- ]up|banking|cash\s+bag)\s+"
    rf"(?:was|were|is|are|came\s+(?:in|up|out))\s+(?P<amount>{_AMOUNT}\s+)?short\b",
    re.I,
)
# someone outside the organisation gave the asker a thing: a gift, as the code of conduct says
_GIVERS = (
    r"customer|client|supplier|contractor|subcontractor|vendor|student|parent|tenant|"
    r"resident|donor|supporter|patient|passenger|guest|visitor|member\s+of\s+the\s+public"
)
_GAVE = re.compile(
    rf"(?P<pre>\b(?:{_GIVERS})s?(?:'s\s+\w+)?\s+(?:has\s+|have\s+|just\s+)*"
    rf"(?:(?:gave|give|gives|given|offered|sent|bought|handed|left)\s+(?:me|us)\s+"
    # a thing brought to the asker: "A contractor dropped off a £20 voucher as a thank-you"
    rf"|(?:dropped\s+(?:off|round|in)|brought\s+(?:in|round))\s+(?:(?:for\s+)?(?:me|us)\s+)?))"
    rf"(?P<art>an?|some|this|these)\s+(?=(?P<thing>[^,.;!?]*))",
    re.I,
)
_GIFT = re.compile(r"\b(?:gifts?|presents?)\b", re.I)
# "a present from a supplier", "the present she gave me", not "at present" nor "present a paper"
_PRESENT = re.compile(
    rf"(?P<det>\b(?:a|the|this|that|my|any|small|little|christmas|birthday|thank[- ]you|"
    rf"leaving)\b|{_AMOUNT})\s+present(?P<s>s?)\b(?=\s*(?:[,.;!?]|$)|\s+(?:from|worth|of|for|to|they|he|she|I|we|you)\b)",
    re.I,
)
# a speeding or parking "ticket" (or notice) is the fine the expenses policy names
_TICKET = re.compile(r"\b(?P<kind>speeding|parking|traffic)\s+(?:ticket|notice)(?P<s>s?)\b", re.I)
# a drink asked to be claimed is the "alcohol" the expenses policy rules on
_DRINK = re.compile(
    r"\b(?:a|the|one|two|three|some|my|our)\s+(?:bottles?|glass(?:es)?|pints?|rounds?|cans?)"
    r"\s+of\s+(?:\w+\s+)?(?:wine|whisky|whiskey|beer|lager|cider|champagne|prosecco|gin|"
    r"vodka|rum|ale)\b|\b(?:a|the|some|our|my)\s+(?:couple\s+of\s+)?(?:pints|beers|drinks)\b",
    re.I,
)
_CLAIM = re.compile(
    r"\b(?:claim|claimed|reimburs\w*|expense[sd]?|paid\s+back|pay\s+(?:me\s+)?back|refund\w*|"
    r"put\s+(?:it\s+)?on\s+(?:expenses|the\s+company\s+card))\b",
    re.I,
)


# the two words handbooks write pay short in ("An underpayment of £100 or more ...", "If the
# shortfall is more than £50 ...")
_UNDERPAID = "an underpayment or shortfall"


def _amount(m: re.Match[str]) -> str:
    return m.group("amount") or ""


def _underpaid(m: re.Match[str]) -> str:
    """The pay told short, kept, and said as the documents say it: the told words rank the
    line that answers among the document's lines (its "paid ... within 5 working days"),
    where the documents' word alone ranked the overpayments line first."""
    return f"{m.group(0)} ({_UNDERPAID})"


# round 55 (career55): the money asked of pay told short, said as the rule says it ("How
# soon will I get the money?" -> "How soon will the underpayment be paid back?"): the
# bracketed name beside "underpaid on my last wages" left the payday calendar's
# "underpayments are paid back ... within 5 working days" unread (hb5-fact-39)
_MONEY_WHEN = re.compile(
    r"\b(?P<when>how\s+soon|how\s+quickly|when)\s+(?:will|do|would|can|should)\s+(?:I|we)\s+"
    r"(?:get|receive|see|be\s+paid)\s+(?:the|my|our|that|this)\s+(?:money|cash|difference|rest)"
    r"(?:\s+(?:back|owed|I'?m\s+owed))?",
    re.I,
)


def plain_money(question: str) -> str:
    """`question` with a money situation told in everyday words said as the documents say it
    ("I was paid £40 short" -> "I was paid £40 short (an underpayment or shortfall)"; "A customer gave me a bottle of
    wine" -> "A customer gave me a gift, a bottle of wine"; "a parking ticket" -> "a parking
    fine"), and the ask of a gift, a tip, a fine or a drink in the rule's words (`_asked_so`);
    the question itself when it tells none."""
    text = _MY_PAY_SHORT.sub(_underpaid, _ME_SHORT.sub(_underpaid, question))
    if text != question:  # the money asked of pay told short: the underpayment paid back
        text = _MONEY_WHEN.sub(lambda m: f"{m['when']} will the underpayment be paid back", text)
    text = _CASH_SHORT.sub(lambda m: f"{m.group('cash')} had a {_amount(m)}shortage", text)
    tipped = _TIPPED.search(text)
    if tipped:  # cash a guest leaves the asker: a tip, as the tips policy says it
        rest = text[tipped.end("cash") :]
        said = f"cash as a tip, {tipped['cash']}{'' if re.match(r'[,.;!?]|$', rest) else ','}"
        text = f"{text[: tipped.start('cash')]}{said}{rest}"
    text = _PRESENT.sub(lambda m: f"{m.group('det')} gift{m.group('s')}", text)
    if not _GIFT.search(text) and not tipped:  # the gift already named ("a £30 present")
        text = _GAVE.sub(lambda m: f"{m.group('pre')}a gift, {m.group('art')} ", text)
    text = _TICKET.sub(lambda m: f"{m.group('kind')} fine{m.group('s')}", text)
    if _CLAIM.search(text):
        text = _DRINK.sub("the alcohol", text)
    return _asked_so(text, question)


# round 56 (claims56): the ask said in the rule's words, the thing said by its kind. Cash
# a guest leaves is a tip ("A guest left a tenner on the table for me" -> "left cash as a
# tip, a tenner, on the table": the tronc policy's "Cash left ... on a table goes into the
# tronc box", where as asked the lost-property line answered, hb6-fact-19); "Can I keep it?"
# of a gift is "May I accept a gift?" ("You may accept small gifts ..."; as asked, "Gift
# Aid" answered, hb8-fact-32); a fine asked to be paid back is asked alone in the rule's
# words ("Are parking fines paid?": "Alcohol, parking fines and speeding fines are never
# paid."; with the telling kept the line stayed at 0.17, hb7-fact-21, hb9-fact-36); a drink
# asked to be claimed is the alcohol "reimbursed" ("Can I claim the alcohol I had ...?" ->
# "Is the alcohol I had ... reimbursed?", hb6-fact-23, 0.22 as asked).
_CASH_WORDS = (
    rf"(?:a\s+)?(?:tenner|fiver|twenty|score|quid|{_AMOUNT}\s+in\s+cash|{_AMOUNT}(?:\s+note)?|"
    r"some\s+(?:cash|money|change|coins))"
)
_TIPPED = re.compile(
    rf"\b(?:{_GIVERS}|diners?|punters?|customers?)s?\s+(?:has\s+|just\s+)*"
    rf"(?:left|gave|give|handed|slipped|tipped|pressed)\s+(?:me\s+|us\s+)?(?P<cash>{_CASH_WORDS})"
    rf"(?=\s+(?:on|under|in|for|as|to|at)\b|\s*[,.;!?]|$)",
    re.I,
)
_KEEP = re.compile(r"\b(?:can|could|may)\s+(?:I|we)\s+keep\s+(?:it|them)\s*\?", re.I)
_KEEP_ALLOWED = re.compile(r"\bam\s+I\s+allowed\s+to\s+keep\s+(?:it|them)\s*\?", re.I)
_PAY_IT = re.compile(
    r"\b(?:(?:can|could|may)\s+(?:I|we)\s+(?:claim|get|put)\s+(?:it|them|that|this)\s*(?:back|on\s+"
    r"expenses)?|(?:will|would|does|do)\s+(?:work|the\s+company|the\s+firm|they|you|[A-Z]\w+(?:\s+[A-Z]\w+)?)"
    r"\s+(?:pay|cover|refund)\s+(?:it|them|that|this|for\s+it)|(?:do|must|will)\s+(?:I|we)\s+(?:have\s+to\s+)?"
    r"pay\s+(?:it|them|that|this)\s+(?:myself|ourselves))\s*\?",
    re.I,
)
_FINE_TOLD = re.compile(r"\b(?P<kind>speeding|parking|traffic)\s+fines?\b", re.I)
_CLAIM_ALCOHOL = re.compile(
    r"\b(?:can|could|may)\s+(?:I|we)\s+(?:claim|expense)\s+(?:for\s+)?the\s+alcohol\b"
    r"(?:(?!\s(?:and|or|but)\s)[^?])*\?",
    re.I,
)


def _asked_so(text: str, question: str) -> str:
    """`text` (the question as read so far) with the ask of a gift, a fine or a drink said in
    the rule's words (see above); `question` as asked tells which."""
    told = money_told(question)
    keep = {"gift": "May I accept a gift?", "tip": "May I keep cash tips?"}
    for kind, ask in keep.items():
        if text != question and kind in told:  # the gift or tip read, not as told
            text = _KEEP.sub(ask, _KEEP_ALLOWED.sub(ask, text))
    fine = _FINE_TOLD.search(text)
    if fine and _TICKET.search(question) and _PAY_IT.search(text):
        return f"Are {fine['kind'].lower()} fines paid?"
    if "alcohol" in told and _CLAIM_ALCOHOL.search(text):
        return "Is alcohol reimbursed?"
    return text


# how a handbook line says each situation, or as the asker tells it
_SAID = {
    "underpayment": r"underpa\w*|paid\s+too\s+little|shortfall|short[- ]paid|(?:pay|payslip)"
    r"\s+(?:is|was)\s+wrong|mistakes?|errors?",
    "shortage": r"shortages?|shortfalls?|differences?|discrepanc\w*",
    # not "Gift Aid" (a donor's tax relief, hb8-fact-32), nor a licence's "tickets" (hb9-fact-36)
    "gift": r"gifts?(?!\s+aid)|presents?|hospitality",
    "fine": r"fines?|(?:parking|speeding|traffic|penalty)\s+(?:tickets?|notices?)|penalty\s+charges?|"
    r"clamping",
    # cash said as taken from someone ("Never accept cash or vouchers"), not petty cash
    "tip": r"tips?|tipping|tronc|gratuit\w*|service\s+charges?|(?:accept\w*|keep\w*|refus\w*)\s+"
    r"(?:\w+\s+){0,2}cash|cash\s+(?:and|or)\s+(?:vouchers?|gifts?)|cash\s+(?:left|handed|given)",
    "alcohol": r"alcohol\w*|wines?|beers?|drinks?|spirits",
}
_TOLD = (
    ("underpayment", (_ME_SHORT, _MY_PAY_SHORT)),
    ("shortage", (_CASH_SHORT,)),
    ("gift", (_GAVE, _PRESENT)),
    ("fine", (_TICKET,)),
    ("tip", (_TIPPED,)),
)


def _given(question: str) -> list[str]:
    """The words naming what was given, as told ("a £40 voucher to say thanks" -> "voucher"):
    a line ruling on vouchers ("Never accept cash or vouchers.") says the gift as told."""
    words: list[str] = []
    for m in _GAVE.finditer(question):
        thing = re.split(r"\s+(?:to|as|for|worth|from|at|about|on|in|when|after)\b", m["thing"])[0]
        words += [w.rstrip("s") + "s?" for w in re.findall(r"[a-z]{4,}", thing.lower())]
    return words


def money_told(question: str) -> list[str]:
    """The situations `question` tells in everyday words that `plain_money` reads, each as
    the documents name it ("underpayment", "shortage", "gift", "fine", "alcohol")."""
    told = [kind for kind, patterns in _TOLD if any(p.search(question) for p in patterns)]
    if _CLAIM.search(question) and _DRINK.search(question):
        told.append("alcohol")
    if "tip" in told and "gift" in told:  # cash a guest left: read as a tip, not a gift
        told.remove("gift")
    return told


def situation_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` tells a money situation in everyday
    words and none of the answer's lines says that situation (`_SAID`)."""

    def says(kind: str, lines: list[str]) -> bool:
        said = _SAID[kind] + "".join(f"|{w}" for w in _given(asked) if kind == "gift")
        return says_any(said, lines)

    return said_or_refused(asked, draft, money_told, says)
