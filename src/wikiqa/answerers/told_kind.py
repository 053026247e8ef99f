"""A thing told by what it is, read as the kind the policies write it under.

An asker names the one thing in front of them: "my earrings", "ChatGPT", "a couple of pints",
"a memory stick". Policies write the kind: "the only jewellery allowed", "generative AI
tools", "alcohol", "USB storage". Neither the search nor the answerer's features join the
instance to its kind, so the ruling line scored under the floor (hb6-fact-36, hb4-fact-68,
hb9-ff-02); written beside the instance the kind does not lift it either (the instance's
words still count as unsaid), so the reading names the kind in the instance's place.

`plain_kind` gives the question with each such thing said as its kind, the rest kept:

- jewellery <- earrings, a nose, lip or tongue stud, a piercing, a necklace, a bracelet, a
  bangle, a wedding or engagement ring, "my rings";
- alcohol <- "a couple of pints", "a few beers", "a glass of wine", "some drinks" (not "a
  bottle of wine", more often a gift, which `told_money` reads);
- generative AI tools <- ChatGPT, Copilot, Gemini, "an AI chatbot" (not Claude, more often
  a colleague);
- USB storage <- a USB stick, memory stick, pen drive, flash drive, thumb drive;
- smoking or vaping <- a fag, a ciggie, a cigarette, an e-cig, "a vape in the staffroom";
- phone <- an iPhone, a smartphone, an Android, a Samsung.

Not a scanner as a "handheld terminal": a terminals policy is a short list all about the
thing, so "How long does the battery in my scanner last?" was answered by its battery line.

`kind_said` bounds what the reading answers, as `told_money.situation_said` does: a question
so read is answered only by lines of which one says the kind, as the documents write it or as
told ("jewellery", "earrings"; "alcohol", "wine"; "AI", "ChatGPT"; "USB", "removable
media"; "smoking", "vaping"; "phones", "devices"). The reading is asked only when the question as asked is refused for want of
evidence, so it adds answers and takes none the question gets as asked.
"""

from __future__ import annotations

import re

from wikiqa.answerers.told_bound import said_or_refused, says_any
from wikiqa.types import Draft

# a possessive kept before the kind ("my earrings" -> "my jewellery"); an article dropped
_OWN = (
    r"(?P<own>(?:my|our|your|his|her|their)\s+)?(?:(?:a|an|the|some|any|these|those|this|that)\s+)?"
)

# each kind: its name, the everyday things that are of it, the kind as policies write it,
# and how a line says it (in the documents' words or as told)
_KINDS: tuple[tuple[str, re.Pattern[str], str, str], ...] = (
    (
        "jewellery",
        re.compile(
            _OWN + r"(?:(?:nose|lip|tongue|eyebrow|belly|ear|septum|facial)\s+(?:studs?|rings?)|"
            # one word of what it is like kept out ("my hoop earrings", "a gold necklace")
            r"(?:(?:gold|silver|hoop|stud|drop|dangly|diamond|small|big|new|pearl|nose|lip|"
            r"tongue|eyebrow|belly|ear|septum|facial)\s+)?"
            r"(?:earrings?|piercings?|necklaces?|bracelets?|bangles?))\b|"
            + _OWN.replace("(?P<own>", "(?P<own2>")
            + r"(?:wedding|engagement|signet)\s+rings?\b|\b(?P<own3>(?:my|our)\s+)rings\b",
            re.I,
        ),
        "jewellery",
        r"jewell?ery|earrings?|piercings?|studs?|rings?|necklaces?|bracelets?",
    ),
    (
        "alcohol",
        re.compile(
            r"\b(?:a\s+couple\s+of|a\s+few|some|two|three|four|a|several|few)\s+"
            # not a bottle, which is more often a gift (told_money.py) than a drink had
            r"(?:pints|beers|glasses\s+of\s+wine|drinks|glass\s+of\s+wine|pint|beer|"
            r"cans\s+of\s+(?:beer|lager|cider)|ciders|lagers)\b",
            re.I,
        ),
        "alcohol",
        r"alcohol\w*|drunk|drink[- ]driv\w*|wines?|beers?|pints?|under\s+the\s+influence",
    ),
    (
        "generative AI tools",
        re.compile(
            # the named tools as their makers write them: an airline's "copilot" is a person
            r"\b(?:an?\s+)?(?:ChatGPT|Chat\s+GPT|GPT-?\d\w*|(?-i:Copilot|Gemini|Bard)|"
            r"AI\s+chat\s?bots?|chat\s?bots?)(?:\s+(?:app|tool|website))?\b",
            re.I,
        ),
        "generative AI tools",
        r"AI|artificial\s+intelligence|chat\s?bots?|ChatGPT|Copilot|Gemini|Bard",
    ),
    (
        "USB storage",
        re.compile(_OWN + r"(?:USB|memory|pen|flash|thumb)\s+(?:sticks?|drives?|keys?)\b", re.I),
        "USB storage",
        r"USB|removable\s+(?:media|storage|drives?)|memory\s+sticks?|storage\s+devices?",
    ),
    (
        "smoking",
        re.compile(
            r"\b(?:(?:an?|my|some)\s+)?(?:fags?|ciggies?|cigarettes?|cigs?|e-?cigs?|"
            r"e-?cigarettes?)\b|\b(?:an?|my)\s+vapes?\b",  # "a vape", not "can I vape"
            re.I,
        ),
        "smoking or vaping",
        r"smok\w*|vap\w*|cigarettes?|tobacco",
    ),
    (
        "phone",
        re.compile(_OWN + r"(?:iPhones?|smart\s?phones?|Android(?:\s+phone)?|Samsung)\b", re.I),
        "phone",
        r"(?:mobile\s+)?phones?|mobiles?|devices?|smart\s?phones?|iPhones?",
    ),
)
_SAID = {name: said for name, _, _, said in _KINDS}


def plain_kind(question: str) -> str:
    """`question` with each thing told by what it is said as the kind policies write it
    under ("Can I wear my earrings in the kitchen?" -> "Can I wear my jewellery in the
    kitchen?"); the question itself when it tells none."""
    text = question
    for _, pattern, kind, _ in _KINDS:

        def said(m: re.Match[str], kind: str = kind) -> str:
            own = next((g for g in m.groupdict().values() if g), "")
            return own + kind

        text = pattern.sub(said, text, count=1)
    if text == question or not _PLUG.search(text):
        return text
    # the ask said in the rule's words (claims56): the policies "connect" a device, and
    # rule on what you "may" do ("Am I OK to plug one into my work laptop?" -> "May I connect
    # one to my work laptop?": "Do not connect company laptops to unknown USB storage.",
    # at 0.09 as told and 0.34 with only the kind said, col-ff-06)
    text = _PLUG.sub(lambda m: f"connect {m['obj']} to", text)
    return _OK_TO.sub(lambda m: "May I" if m[0][0].isupper() else "may I", text)


_PLUG = re.compile(
    r"\bplug\s+(?P<obj>it|them|one|this|that|(?:(?:my|the|a|an|your)\s+)?[\w-]+(?:\s+[\w-]+)?)"
    r"\s+in(?:\s+)?to\b",  # into what is named ("plug one in?" is left as told)
    re.I,
)
_OK_TO = re.compile(
    r"\b(?:am\s+I|is\s+it)\s+(?:ok|okay|alright|all\s+right|fine)\s+(?:for\s+me\s+)?to\b", re.I
)


def kinds_told(question: str) -> list[str]:
    """The kinds `question` names a thing of in everyday words (`plain_kind` reads them)."""
    return [name for name, pattern, _, _ in _KINDS if pattern.search(question)]


def kind_said(asked: str, draft: Draft) -> Draft:
    """`draft`, or a refusal when the question `asked` names a thing of a kind and none of
    the answer's lines says that kind (`_SAID`)."""
    return said_or_refused(asked, draft, kinds_told, lambda k, lines: says_any(_SAID[k], lines))
