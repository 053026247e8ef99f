"""Wikitext -> citable facts: infobox `Label: value` lines and disambiguation senses.

Why: TextExtracts drops infoboxes, yet they hold the crisp facts people ask about (melting
points, birth dates, capitals). We render each infobox parameter as one readable line and the
source appends them to the document text, so each fact has its own character offsets.
Rendering is best effort: common formatting templates are unwrapped into the text the reader
would see; anything unknown is dropped rather than guessed. Disambiguation pages list their
senses as bullet lines; the first article link of each is the sense's title.
"""

from __future__ import annotations

import datetime as dt
import re

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from wikiqa.text.months import MONTHS as _MONTHS

MAX_LINES = 80
MAX_VALUE_CHARS = 300
INFOBOX_PREFIXES = ("infobox", "speciesbox", "taxobox", "automatic taxobox")

# Parameters that describe layout or media, not facts.
_SKIP_PARAM = re.compile(
    r"(image|logo|map|caption|signature|alt$|size|upright|module|embed|^child$|pushpin|"
    r"style|[a-z]class$|width|footnotes|^onlysourced|^qid$|^fetchwikidata|^noicon|colou?r|"
    r"^cover$)",
    re.I,
)
_DROP_TAGS = frozenset({"ref", "references", "gallery", "timeline", "templatestyles"})
_LINK_NAMESPACES = ("file:", "image:", "category:", "media:")
_UNITS = {
    "c": "°C", "f": "°F", "k": "K", "m": "m", "km": "km", "cm": "cm", "mm": "mm",
    "mi": "mi", "ft": "ft", "in": "in", "yd": "yd", "nmi": "nmi", "kg": "kg", "g": "g",
    "t": "t", "lb": "lb", "oz": "oz", "km2": "km²", "m2": "m²", "sqmi": "sq mi",
    "ha": "ha", "acre": "acres", "l": "L", "km/h": "km/h", "mph": "mph", "m/s": "m/s",
    "kn": "kn", "w": "W", "kw": "kW", "hp": "hp", "mw": "MW", "j": "J", "ev": "eV",
    "au": "AU", "ly": "ly", "pc": "pc", "kgm3": "kg/m³", "g/cm3": "g/cm³", "pa": "Pa",
    "kpa": "kPa", "mbar": "mbar", "inhg": "inHg", "cuft": "cu ft", "m3": "m³",
}  # fmt: skip
_RANGE_WORDS = frozenset({"to", "-", "–", "and", "or", "x", "×", "by", "+/-", "±", "and(-)"})
_LIST_TEMPLATES = frozenset(
    {"plainlist", "plain list", "flatlist", "flat list", "ubl", "ublist", "unbulleted list",
     "hlist", "bulleted list", "blist", "cslist", "enum", "collapsible list", "startplainlist"}
)  # fmt: skip
_FIRST_ARG = frozenset(
    {"nowrap", "nobr", "small", "big", "smaller", "larger", "nobold", "noitalic", "abbr",
     "abbrlink", "sic", "tooltip", "flag", "flagcountry", "flagu", "flag country", "nihongo",
     "nastaliq", "wikt", "keypress", "math", "mvar", "var", "sup", "sub", "formatnum", "ill",
     "interlanguage link", "as of", "lang-en", "center", "vertical", "highlight"}
)  # fmt: skip
_SECOND_ARG = frozenset({"lang", "native name", "native phrase", "linktext", "transl"})
_DATE_TEMPLATES = frozenset(
    {"birth date", "birth date and age", "bda", "dob", "start date", "end date",
     "death date", "start date and age", "end date and age", "film date", "date",
     "release date", "start", "dts", "birth-date", "death-date", "birth year and age",
     "death year"}
)  # fmt: skip
_DEATH_AND_AGE = frozenset({"death date and age", "dda", "death year and age"})
_NON_ARTICLE_PREFIXES = frozenset(
    {"file", "image", "category", "wikt", "wiktionary", "help", "wikipedia", "template",
     "portal", "special", "media", "commons", "meta", "w", "s", "q", "n", "b", "v", "voy",
     "talk", "user", "mos", "wp"}
)  # fmt: skip
_HEADING_RE = re.compile(r"^(={2,6})[ \t]*(.+?)[ \t]*\1[ \t]*$")


# Parameters whose name is not the label the reader sees on the page (the templates'
# display labels): a question is worded like the page ("running time", "directed by", "when
# did she die"), not like the wikitext ("runtime", "director", "death_date").
_DISPLAY = {
    "birth date": "Born", "birth place": "Born", "death date": "Died", "death place": "Died",
    "director": "Directed by", "writer": "Written by", "screenplay": "Screenplay by",
    "story": "Story by", "producer": "Produced by", "narrator": "Narrated by",
    "music": "Music by", "editing": "Edited by", "distributor": "Distributed by",
    "runtime": "Running time", "gross": "Box office", "population total": "Population",
    "area total km2": "Area (km²)", "hq location": "Headquarters", "num employees": "Employees",
    "predecessor": "Preceded by", "successor": "Succeeded by", "vicepresident": "Vice President",
    "term start": "In office", "term end": "In office",
}  # fmt: skip
# Shown as one row on the page ("Born: March 14, 1879, Ulm, ..."), so one line here, the
# values joined with this separator.
_JOINED = {"Born": ", ", "Died": ", ", "In office": " – "}
# A parameter that names the label of another ("leader_title = Mayor" with "leader_name = Bo
# Dorough"): the page shows one row "Mayor: Bo Dorough". (label part, value part) suffixes.
_PAIRED = (("title", "name"), ("type", "name"), ("name sec", "info sec"))


def is_infobox(template: Template) -> bool:
    """True for Infobox-style templates (the name starts with 'Infobox', any case)."""
    name = str(template.name).strip().lower().replace("_", " ")
    return name.startswith(INFOBOX_PREFIXES)


def infobox_facts(wikitext: str) -> list[tuple[str, str]]:
    """(label, value) pairs from every infobox in `wikitext`, in order, deduplicated."""
    code = mwparserfromhell.parse(wikitext)
    facts: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for template in code.ifilter_templates(recursive=True):
        if not is_infobox(template):
            continue
        for param in template.params:
            if not param.showkey:
                continue
            name = " ".join(str(param.name).replace("_", " ").split())
            if not name or name.isdigit() or _SKIP_PARAM.search(name):
                continue
            value = render_value(param.value)
            if not value:
                continue
            if _labels_another(name, template):
                continue
            label = _DISPLAY.get(name.lower()) or _paired_label(name, template)
            label = label or name[0].upper() + name[1:]
            if label in _JOINED and any(lab == label for lab, _ in facts):
                i = next(i for i, (lab, _) in enumerate(facts) if lab == label)
                facts[i] = (label, f"{facts[i][1]}{_JOINED[label]}{value}")  # date, then place
                continue
            if (label, value) not in seen:
                seen.add((label, value))
                facts.append((label, value))
            if len(facts) >= MAX_LINES:
                return facts
    return facts


def _pair(name: str, template: Template, own: int) -> str | None:
    """The name of the parameter `name` pairs with (`own` 0: it is the label part, 1: the
    value part), when the template has it: "leader title1" <-> "leader name1"."""
    m = re.fullmatch(r"(.*?)[ ]?(\d*)", name.lower())
    stem, number = (m.group(1), m.group(2)) if m else (name.lower(), "")
    for pair in _PAIRED:
        if stem.endswith(pair[own]) and len(stem) > len(pair[own]):  # "type" alone: no
            base = stem[: len(stem) - len(pair[own])]
            for other in (f"{base}{pair[1 - own]}{number}", f"{base}{pair[1 - own]} {number}"):
                for variant in (other, other.replace(" ", "_")):
                    if template.has(variant.strip()):
                        return variant.strip()
    return None


def _labels_another(name: str, template: Template) -> bool:
    """True for a label part ("leader title") whose value part is in the template."""
    return _pair(name, template, 0) is not None


def _paired_label(name: str, template: Template) -> str | None:
    """For a value part ("leader name1"), the rendered value of its label part ("Mayor")."""
    label_param = _pair(name, template, 1)
    if label_param is None:
        return None
    label = render_value(template.get(label_param).value)
    return label[0].upper() + label[1:] if label else None


def infobox_lines(wikitext: str) -> list[str]:
    """`Label: value` lines, one per fact."""
    return [f"{label}: {value}" for label, value in infobox_facts(wikitext)]


def disambiguation_senses(wikitext: str, own_title: str = "") -> list[str]:
    """Titles a disambiguation page lists: the first article link of each bullet line,
    in page order, stopping at "See also"."""
    senses: list[str] = []
    own = own_title.replace("_", " ").strip().lower()
    for line in wikitext.splitlines():
        stripped = line.strip()
        if _HEADING_RE.match(stripped) and "see also" in stripped.lower():
            break
        if not stripped.startswith(("*", "#")):
            continue
        for link in mwparserfromhell.parse(stripped).ifilter(forcetype=Wikilink):
            title = str(link.title).strip().lstrip(":").split("#")[0].replace("_", " ").strip()
            prefix = title.split(":", 1)[0].strip().lower() if ":" in title else ""
            if not title or prefix in _NON_ARTICLE_PREFIXES:
                continue
            if title.lower() != own and title not in senses:
                senses.append(title[0].upper() + title[1:])
            break
    return senses


def render_value(code: Wikicode) -> str:
    """One parameter value as a single readable line ('' when nothing factual is left)."""
    text = _render(code)
    items = [_clean(part) for part in text.split("\n")]
    value = ", ".join(item for item in items if item)
    value = re.sub(r"\s+([,.;:)])", r"\1", value).strip(" ,;")
    if len(value) > MAX_VALUE_CHARS:
        value = value[:MAX_VALUE_CHARS].rsplit(" ", 1)[0] + " …"
    return value


def _clean(part: str) -> str:
    part = part.replace("\xa0", " ").strip()
    part = re.sub(r"^[*#:;]+\s*", "", part)  # list markers left in plain text
    part = re.sub(r"'{2,}", "", part)  # stray bold/italic quotes
    return " ".join(part.split()).strip(" ,;")


def _render(code: Wikicode) -> str:
    return "".join(_render_node(node) for node in code.nodes)


def _render_node(node: object) -> str:
    if isinstance(node, Text):
        return str(node.value)
    if isinstance(node, (Comment, Heading, Argument)):
        return ""
    if isinstance(node, HTMLEntity):
        return str(node.normalize())
    if isinstance(node, Tag):
        tag = str(node.tag).lower()
        if tag in _DROP_TAGS:
            return ""
        if tag in {"br", "li", "dd", "dt", "hr", "p"}:
            return "\n" + (_render(node.contents) if node.contents is not None else "")
        return _render(node.contents) if node.contents is not None else ""
    if isinstance(node, Wikilink):
        title = str(node.title).strip()
        if title.lower().lstrip(":").startswith(_LINK_NAMESPACES):
            return ""
        return _render(node.text) if node.text is not None else title.lstrip(":").split("#")[0]
    if isinstance(node, ExternalLink):
        return _render(node.title) if node.title is not None else str(node.url)
    if isinstance(node, Template):
        return _render_template(node)
    return ""


def _args(template: Template) -> tuple[list[str], dict[str, str]]:
    """Positional and named arguments, rendered and stripped."""
    positional: list[str] = []
    named: dict[str, str] = {}
    for param in template.params:
        value = " ".join(_render(param.value).split())
        if param.showkey:
            named[str(param.name).strip().lower()] = value
        else:
            positional.append(value)
    return positional, named


def _render_template(template: Template) -> str:
    name = " ".join(str(template.name).replace("_", " ").split()).lower()
    if ":" in name and name.split(":", 1)[0] in {"formatnum", "#tag", "lc", "uc", "ucfirst"}:
        return name.split(":", 1)[1] if name.startswith("formatnum") else ""
    if name.startswith(INFOBOX_PREFIXES):
        return ""  # nested infoboxes are rendered on their own
    pos, named = _args(template)
    if name in {"convert", "cvt"}:
        return _convert(pos)
    if name == "val":
        unit = named.get("u") or named.get("ul") or ""
        return " ".join(x for x in (pos[0] if pos else "", unit) if x)
    if name in _DEATH_AND_AGE:
        return _death_and_age(pos, named)
    if name in _DATE_TEMPLATES:
        return _date(pos[:3], named)
    if name in _LIST_TEMPLATES:
        items = pos[1:] if name == "collapsible list" else pos
        if not items and "1" in named:
            items = [named["1"]]
        # Bulleted bodies ({{plainlist|* a * b}}) rendered with newlines by _render.
        raw = [_render(p.value) for p in template.params if not p.showkey]
        if len(raw) == 1 and "\n" in raw[0]:
            return "\n" + raw[0] + "\n"
        return "\n" + "\n".join(items) + "\n"
    if name == "duration":
        return _duration(pos, named)
    if name in {"circa", "c.", "ca."}:
        return f"c. {pos[0]}" if pos else "c."
    if name in {"marriage", "married"}:
        return _marriage(pos, named)
    if name in {"url", "official url", "official website"}:
        return (pos[1] if len(pos) > 1 else pos[0]) if pos else ""
    if name in {"ndash", "snd", "spaced ndash", "en dash"}:
        return " – " if name in {"snd", "spaced ndash"} else "–"
    if name in {"mdash", "spaced mdash"}:
        return "—"
    if name in {"nbsp", "thinsp"}:
        return " "
    if name in {"coord", "coor"}:
        return _coord(pos)
    if name in _FIRST_ARG:
        return pos[0] if pos else named.get("1", "")
    if name in _SECOND_ARG or name.startswith("lang-"):
        if name.startswith("lang-"):
            return pos[0] if pos else ""
        return pos[1] if len(pos) > 1 else (pos[0] if pos else "")
    if name == "resize":
        return pos[-1] if pos else ""
    return ""  # citations, icons, navigation and anything unknown


def _duration(pos: list[str], named: dict[str, str]) -> str:
    """{{Duration|m=2|s=52}} or {{Duration|1|2|3}} (hours, minutes, seconds) -> "2:52"."""
    h, m, sec = (named.get(k) or (pos[i] if len(pos) > i else "") for i, k in enumerate("hms"))
    parts = [x.strip() or "0" for x in (h, m, sec)]
    if not all(p.replace(".", "", 1).isdigit() for p in parts):
        return ""
    hours, minutes, seconds = parts
    if hours != "0":
        return f"{int(hours)}:{int(minutes):02d}:{seconds.zfill(2)}"
    return f"{int(minutes)}:{seconds.zfill(2)}"


def _number(text: str) -> str:
    """Thousands separators like {{convert}} prints them: 1538.5 -> 1,538.5."""
    match = re.fullmatch(r"(-?)(\d+)(\.\d+)?", text.strip())
    if not match:
        return text.strip()
    sign, whole, frac = match.groups()
    return f"{sign}{int(whole):,}{frac or ''}"


def _convert(pos: list[str]) -> str:
    if not pos:
        return ""
    if len(pos) >= 4 and pos[1].lower() in _RANGE_WORDS:
        word = "–" if pos[1] in {"-", "–"} else f" {pos[1]} "
        number, unit = f"{_number(pos[0])}{word}{_number(pos[2])}", pos[3]
    else:
        number, unit = _number(pos[0]), pos[1] if len(pos) > 1 else ""
    return f"{number} {_UNITS.get(unit.lower(), unit)}".strip()


def _ymd(parts: list[str]) -> tuple[int, int | None, int | None] | None:
    nums: list[int] = []
    for part in parts[:3]:
        part = part.strip()
        if not part.isdigit():
            break
        nums.append(int(part))
    if not nums:
        return None
    month = nums[1] if len(nums) > 1 and 1 <= nums[1] <= 12 else None
    day = nums[2] if len(nums) > 2 and month and 1 <= nums[2] <= 31 else None
    return nums[0], month, day


def _date(parts: list[str], named: dict[str, str]) -> str:
    ymd = _ymd(parts)
    if ymd is None:
        return " ".join(p for p in parts if p)
    year, month, day = ymd
    if month is None:
        return str(year)
    if day is None:
        return f"{_MONTHS[month - 1]} {year}"
    if named.get("df", "").lower() in {"y", "yes", "1", "true"}:
        return f"{day} {_MONTHS[month - 1]} {year}"
    return f"{_MONTHS[month - 1]} {day}, {year}"


def _death_and_age(pos: list[str], named: dict[str, str]) -> str:
    died, born = _ymd(pos[:3]), _ymd(pos[3:6])
    text = _date(pos[:3], named)
    if died is None or born is None:
        return text
    age = died[0] - born[0]
    if died[1] and born[1] and died[2] and born[2]:
        if (died[1], died[2]) < (born[1], born[2]):
            age -= 1
        try:  # validate both dates exist before trusting the exact age
            dt.date(*died)  # type: ignore[arg-type]
            dt.date(*born)  # type: ignore[arg-type]
        except ValueError:
            return text
        return f"{text} (aged {age})"
    return f"{text} (aged {age - 1}–{age})"


def _marriage(pos: list[str], named: dict[str, str]) -> str:
    if not pos:
        return ""
    start, finish = (pos[1] if len(pos) > 1 else ""), (pos[2] if len(pos) > 2 else "")
    end = named.get("end", "").rstrip(".")
    if not start:
        return pos[0]
    if finish and end:
        end += "." if end in {"div", "sep", "ann"} else ""
        return f"{pos[0]} (m. {start}; {end} {finish})"
    return f"{pos[0]} (m. {start}{'–' + finish if finish else ''})"


def _coord(pos: list[str]) -> str:
    """{{coord|48|51|24|N|2|21|03|E}} or decimal {{coord|48.85|2.35}}, as a reader sees it."""
    parts = [p for p in pos if p and "=" not in p and ":" not in p]
    if len(parts) == 2:
        return f"{parts[0]}°, {parts[1]}°"
    out: list[str] = []
    group: list[str] = []
    for part in parts:
        if part.upper() in {"N", "S", "E", "W"}:
            marks = ("°", "′", "″")
            out.append("".join(f"{v}{marks[i]}" for i, v in enumerate(group[:3])) + part.upper())
            group = []
        else:
            group.append(part)
    return " ".join(out)
