"""Infobox wikitext -> readable `Label: value` lines; disambiguation bullets -> senses."""

from __future__ import annotations

import mwparserfromhell
import pytest

from wikiqa.sources.infobox import (
    MAX_LINES,
    disambiguation_senses,
    infobox_facts,
    infobox_lines,
    render_value,
)


def value(wikitext: str) -> str:
    return render_value(mwparserfromhell.parse(wikitext))


def test_lines_from_an_infobox_skip_media_refs_comments_and_empties() -> None:
    text = """{{Short description|Chemical element}}
{{Infobox iron
| name = Iron
| image = Iron electrolytic and 1cm3 cube.jpg
| caption = Pure iron chips
| melting point = {{convert|1538|C|F}}<ref>{{cite book|title=CRC}}</ref>
| density = 7.874 g/cm<sup>3</sup><!-- at 20 °C -->
| discovered_by =
| symbol = ''Fe''
}}
Iron is a chemical element."""
    assert infobox_lines(text) == [
        "Name: Iron",
        "Melting point: 1,538 °C",
        "Density: 7.874 g/cm3",
        "Symbol: Fe",
    ]


def test_parameters_read_as_the_labels_the_page_shows() -> None:
    """Questions are worded like the rendered infobox ("running time", "directed by",
    "born"), not like its parameter names; Born and Died are one row each, as displayed."""
    text = """{{Infobox film
| name = Ray
| director = [[Taylor Hackford]]
| runtime = 152 minutes
| gross = $124.7 million
| music = [[Craig Armstrong (composer)|Craig Armstrong]]
}}"""
    assert infobox_lines(text) == [
        "Name: Ray",
        "Directed by: Taylor Hackford",
        "Running time: 152 minutes",
        "Box office: $124.7 million",
        "Music by: Craig Armstrong",
    ]
    person = """{{Infobox musical artist
| birth_name = Bennie Ross Crawford, Jr
| birth_date = {{Birth date|1934|12|21}}
| birth_place = [[Memphis, Tennessee]], U.S.
| death_date = {{Death date and age|2009|1|29|1934|12|21}}
| death_place = Memphis, Tennessee, U.S.
| instrument = Alto saxophone
}}"""
    assert infobox_lines(person) == [
        "Birth name: Bennie Ross Crawford, Jr",
        "Born: December 21, 1934, Memphis, Tennessee, U.S.",
        "Died: January 29, 2009 (aged 74), Memphis, Tennessee, U.S.",
        "Instrument: Alto saxophone",
    ]
    assert infobox_lines("{{Infobox person|birth_place=[[Ulm]]}}") == ["Born: Ulm"]


def test_templates_outside_infoboxes_are_ignored() -> None:
    assert infobox_lines("{{Taxonbar|from=Q1}} {{Cite web|title=Not a fact}} Text.") == []


def test_nested_infobox_is_read_once_and_not_inlined() -> None:
    text = """{{Infobox person
| name = Marie Curie
| module = {{Infobox scientist|embed=yes|field = [[Physics]], [[Chemistry]]}}
}}"""
    assert infobox_facts(text) == [("Name", "Marie Curie"), ("Field", "Physics, Chemistry")]


@pytest.mark.parametrize(
    ("wikitext", "expected"),
    [
        ("{{Birth date|1879|3|14}}", "March 14, 1879"),
        ("{{birth date and age|df=yes|1946|6|14}}", "14 June 1946"),
        ("{{Death date and age|1955|4|18|1879|3|14}}", "April 18, 1955 (aged 76)"),
        ("{{death date and age|1955|2|1|1879|3|14}}", "February 1, 1955 (aged 75)"),
        ("{{start date|1991}}", "1991"),
        ("{{cvt|10|to|20|km}}", "10 to 20 km"),
        ("{{convert|8848.86|m|ft}}", "8,848.86 m"),
        ("{{ubl|[[Paris]]|[[Lyon]]}}", "Paris, Lyon"),
        ("{{plainlist|\n* [[Paris]]\n* [[Lyon|City of Lyon]]\n}}", "Paris, City of Lyon"),
        ("[[Ulm]]<br />[[Germany]]", "Ulm, Germany"),
        ("{{marriage|[[Mileva Marić]]|1903|1919|end=div}}", "Mileva Marić (m. 1903; div. 1919)"),
        ("{{circa|1200}}", "c. 1200"),
        ("{{lang|fr|Liberté}}", "Liberté"),
        ("{{URL|example.org}}", "example.org"),
        ("{{coord|48|51|24|N|2|21|03|E|display=inline}}", "48°51′24″N 2°21′03″E"),
        ("[https://example.org Example site]", "Example site"),
        ("[[File:Flag.svg|20px]] France", "France"),
        ("5,000&nbsp;km", "5,000 km"),
        ("{{flagicon|FRA}}", ""),
    ],
)
def test_values_render_as_a_reader_sees_them(wikitext: str, expected: str) -> None:
    assert value(wikitext) == expected


def test_line_count_is_bounded() -> None:
    params = "\n".join(f"| field{i} = value {i}" for i in range(MAX_LINES + 20))
    assert len(infobox_lines("{{Infobox thing\n" + params + "\n}}")) == MAX_LINES


def test_disambiguation_senses_in_page_order_until_see_also() -> None:
    text = """'''Mercury''' may refer to:
== Science ==
* [[Mercury (planet)]], the closest planet to the [[Sun]]
* [[Mercury (element)|mercury]], a chemical element
* [[File:Hg.png]] [[Mercury (element)]] again
# [[mercury (mythology)#Roman|Mercury]], a god
* Plain text with no link
== See also ==
* [[Quicksilver]]"""
    assert disambiguation_senses(text, "Mercury") == [
        "Mercury (planet)",
        "Mercury (element)",
        "Mercury (mythology)",
    ]


def test_facts_named_like_layout_parameters_are_kept() -> None:
    """`child`/`class` drop layout switches (`child = yes`, `bodyclass`), not the facts
    `children` or a ship's `class`; an album's `cover` is an image."""
    text = """{{Infobox person
| name = Ray Charles
| children = 12
| child = yes
| bodyclass = vcard
| cover = Front.jpg
}}"""
    assert infobox_lines(text) == ["Name: Ray Charles", "Children: 12"]
    assert infobox_lines("{{Infobox ship|class = Nimitz-class aircraft carrier}}") == [
        "Class: Nimitz-class aircraft carrier"
    ]


def test_a_parameter_that_labels_another_makes_one_row() -> None:
    """Infobox settlement: `leader_title = Mayor` + `leader_name = ...` is the row
    "Mayor: ..."; numbered pairs too; a bare `type` labels nothing."""
    text = """{{Infobox settlement
| name = Albany, Georgia
| subdivision_type = Country
| subdivision_name = United States
| subdivision_type1 = [[U.S. state|State]]
| subdivision_name1 = [[Georgia (U.S. state)|Georgia]]
| leader_title = [[Mayor]]
| leader_name = Bo Dorough
| population_total = 69,647
}}"""
    assert infobox_lines(text) == [
        "Name: Albany, Georgia",
        "Country: United States",
        "State: Georgia",
        "Mayor: Bo Dorough",
        "Population: 69,647",
    ]
    assert infobox_lines("{{Infobox song|name = Crying Time|type = single}}") == [
        "Name: Crying Time",
        "Type: single",
    ]


def test_term_of_office_and_durations_read_as_displayed() -> None:
    text = """{{Infobox officeholder
| term_start = January 20, 2009
| term_end = January 20, 2017
| predecessor = [[George W. Bush]]
}}"""
    assert infobox_lines(text) == [
        "In office: January 20, 2009 – January 20, 2017",
        "Preceded by: George W. Bush",
    ]
    assert value("{{Duration|m=2|s=52}}") == "2:52"
    assert value("{{duration|1|02|3}}") == "1:02:03"
    assert value("{{Duration|m=x}}") == ""
