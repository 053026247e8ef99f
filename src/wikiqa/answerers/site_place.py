"""Readers of a site named with the town or country it stands in are a place's readers.

The pay rates page of each open battery's company sets its outlying site's colleagues
outside its scope in one sentence: "Colleagues at The Calpe Picturehouse in Gibraltar are
paid at their own rates (see Working at Gibraltar).", "Colleagues at the Promenade Pavilion
in Douglas have their own rates (see Working in Douglas).", "Colleagues at Glenmorrow
Wildlife Park have their own rates (see Working at Glenmorrow).". scope.py reads such
sentences (`excluded_places`) so that a question naming the place ("I'm Band A here at
Calpe. What's my hourly rate?") is not answered from the page whose rates are someone
else's: the site's own supplement answers. Two forms escaped it: a site named with where
it stands ("The Calpe Picturehouse in Gibraltar": the place pattern took no lower-case
"in" inside a name), and readers called "Colleagues", a plural of a generic head that
`scope.person_word` does not take as people (it takes "Staff", "Employees").

`site_in_place` matches the first form with the same groups as `scope._AT_PLACE` (people,
place); `people_plural` says the second. Either is taken only when the sentence also names
the place's own page by a name of the place ("see Working at Gibraltar", `names_own_page`):
"They do not apply to salaried colleagues in Bands E and F, who get time off in lieu
instead." names no place at all, and its "Bands E and F" must not set a Band E asker
outside the enhancements page.
"""

from __future__ import annotations

import re

from wikiqa.answerers.neighbours import forms

SITE_PLACE = True  # switch: "Colleagues at <Site> in <Town>" are a place's readers
_NAMES = r"(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*"
_SITE_IN = re.compile(
    r"^(?P<people>.+?)\s+(?:(?:based|employed|working|who\s+work)\s+)?(?:at|in|on)\s+"
    rf"(?P<place>{_NAMES}\s+(?:in|on)\s+{_NAMES})$"
)
# "The Pilot Boat": its article is no name of the place (every question says "the")
ARTICLES = forms("the a an")
_CAPS = re.compile(r"\b[A-Z][\w'\u2019-]*")
_LOWER = re.compile(r"\b[a-z][a-z'\u2019-]+\b")
# plural people words of a generic head that name everyone at a place
_PEOPLE = frozenset({"colleague", "employee", "worker", "member"})


def site_in_place(who: str) -> re.Match[str] | None:
    """The match of a subject naming readers at a site and where it stands ("Colleagues at
    The Calpe Picturehouse in Gibraltar"), with groups `people` and `place`; None otherwise."""
    if not SITE_PLACE or len(who) > 200:
        return None
    return _SITE_IN.match(who.strip())


def names_own_page(sentence: str, who: str, names: frozenset[str]) -> bool:
    """Does `sentence`, beyond its subject `who`, name a capitalised title sharing a name of
    the place (`names`, word forms): "(see Working at Gibraltar)" for "The Calpe
    Picturehouse in Gibraltar"?"""
    rest = sentence.replace(who, " ", 1)
    return bool(forms(" ".join(_CAPS.findall(rest))) & names)


def common_nouns(text: str) -> frozenset[str]:
    """The word forms `text` writes in lower case ("picturehouses" in "our multiplexes,
    picturehouses and open-air screens"): a capitalised word of a site's name that is also
    one is the kind of site ("The Calpe Picturehouse"), no name of the place, and an asker
    at another picturehouse ("I'm Band A at The Electric", a picturehouse by the sites
    list) is not at Calpe."""
    return forms(" ".join(_LOWER.findall(text)))


def people_plural(word: str) -> bool:
    """Is the word a generic name for the people at a place ("Colleagues", "Employees")?"""
    return SITE_PLACE and bool(forms(word) & _PEOPLE)
