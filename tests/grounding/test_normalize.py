import pytest

from wikiqa.grounding.normalize import fold, normalize


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Cafe\u0301", "Café"),  # decomposed -> NFC
        ("\u201cquoted\u201d and \u2018single\u2019", "\"quoted\" and 'single'"),
        ("en\u2013dash em\u2014dash minus\u2212x", "en-dash em-dash minus-x"),
        ("  many \t\n spaces\u00a0here  ", "many spaces here"),
        ("soft\u00adhyphen zero\u200bwidth", "softhyphen zerowidth"),
        ("日本語 テキスト", "日本語 テキスト"),
        ("Case Stays", "Case Stays"),
    ],
)
def test_normalize_policy(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


def test_offsets_map_back_to_original() -> None:
    raw = "A  \u201cCafe\u0301\u201d\n\nis\u2014open."
    f = fold(raw)
    i = f.text.index("Café")
    start, end = f.span(i, i + len("Café"))
    assert raw[start:end] == "Cafe\u0301"
    whole = f.span(0, len(f.text))
    assert raw[whole[0] : whole[1]] == raw.strip()
