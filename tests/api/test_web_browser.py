"""The web page in real headless Chromium (Debian's `chromium`, driven by Playwright): enter
a key, ask, watch progress, click a citation and see the quoted span highlighted inside its
source text, see a refusal; desktop and phone screenshots are saved as test artifacts
(WIKIQA_TEST_ARTIFACTS, default test-artifacts/ in the repository)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from live_server import live_server
from wiki_fake import PLANET, FakeWiki, add_planet, wiki

from wikiqa.api.keys import KeyStore
from wikiqa.settings import Settings
from wikiqa.types import Principal

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = Path(
    os.environ.get("WIKIQA_TEST_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts")
)

__all__ = ["wiki"]  # the fixture, imported for pytest
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).is_file(), reason="Chromium is not installed (apt-get install chromium)"
)


def test_ask_progress_citation_and_refusal_in_chromium(corpus: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    settings = Settings(source=f"docs:{corpus}", api_auth="on", log_format="text")
    key, _ = KeyStore.for_settings(settings).create(
        "browser", Principal(user_id="f", departments=["finance"])
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with live_server(settings) as (host, port), sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://{host}:{port}/")
            # Without a key the page says the server needs one.
            sync_api.expect(page.locator("#key-status")).to_contain_text("API key")
            page.get_by_role("textbox", name="API key").fill(key)
            page.get_by_role("button", name="Save key").click()
            sync_api.expect(page.locator("#key-status")).to_contain_text("browser")
            assert page.locator("#source option").count() == 1

            # Ask with the keyboard: type, Enter.
            page.get_by_label("Question").fill("When does the payroll run happen?")
            page.get_by_label("Question").press("Enter")
            marker = page.locator("#answer .cite").first
            sync_api.expect(marker).to_be_visible(timeout=30_000)
            steps = page.locator("#progress li").all_inner_texts()
            assert any(s.startswith("Searching") for s in steps), steps
            assert any(s.startswith("Reading") for s in steps), steps
            assert steps[-1] == "Done"
            assert "25th" in page.locator("#answer").inner_text()

            # The citation: the quote highlighted inside its surrounding text.
            marker.click()
            mark = page.locator("#evidence mark")
            sync_api.expect(mark).to_be_visible()
            assert "25th of every month" in mark.inner_text()
            sync_api.expect(page.locator("#evidence-link")).to_have_text("Payroll")
            assert page.locator("#evidence").evaluate("e => e === document.activeElement")
            assert marker.get_attribute("aria-pressed") == "true"

            # A refusal is shown plainly with its reason.
            page.get_by_label("Question").fill("Quantum gluon confinement?")
            page.get_by_role("button", name="Ask", exact=True).click()
            refusal = page.locator("#answer .refusal")
            sync_api.expect(refusal).to_contain_text("insufficient evidence", timeout=30_000)
            sync_api.expect(page.locator("#result-heading")).to_have_text("No answer")
            page.screenshot(path=str(ARTIFACTS / "web-refusal.png"), full_page=True)

            # A quote inside a longer document: highlighted within its surrounding text.
            page.get_by_label("Question").fill("When did Hekla erupt?")
            page.get_by_role("button", name="Ask", exact=True).click()
            page.locator("#answer .cite").first.click()
            sync_api.expect(page.locator("#evidence mark")).to_have_text(
                "Hekla erupted in 1947 after a century of quiet."
            )
            around = page.locator("#evidence-text").inner_text()
            assert "130 volcanic mountains" in around and "Eyjafjallajökull" in around
            page.screenshot(path=str(ARTIFACTS / "web-desktop.png"), full_page=True)

            # The sense links come from the refusal's `ambiguity` field, not its prose: this
            # reason names no sense at all (a real one, over Wikipedia, is tested below).
            page.evaluate(
                """showResult({kind: "refusal", code: "ambiguous", usage: null,
                reason: "the name could mean several things", ambiguity: {title: "Hekla",
                senses: ["Hekla (volcano)", "Hekla (ship)"], unlisted: 0}},
                "When did Hekla erupt?", undefined)"""
            )
            senses = page.locator("#answer .senses a")
            assert senses.all_inner_texts() == ["Hekla (volcano)", "Hekla (ship)"]
            senses.first.press("Enter")  # keyboard works on the links
            sync_api.expect(page.get_by_label("Question")).to_have_value(
                "When did Hekla (volcano) erupt?"
            )
            sync_api.expect(page.locator("#progress li").last).to_have_text("Done", timeout=30_000)

            # Phone-sized: the key is remembered (localStorage), the layout fits the width.
            phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
            phone.goto(f"http://{host}:{port}/")
            phone.add_init_script(f"localStorage.setItem('wikiqa.apiKey', {key!r})")
            phone.evaluate(f"localStorage.setItem('wikiqa.apiKey', {key!r})")
            phone.reload()
            sync_api.expect(phone.locator("#key-status")).to_contain_text("browser")
            phone.get_by_label("Question").fill("When did Hekla erupt?")
            phone.get_by_role("button", name="Ask", exact=True).click()
            cite = phone.locator("#answer .cite").first
            sync_api.expect(cite).to_be_visible(timeout=30_000)
            cite.click()
            sync_api.expect(phone.locator("#evidence mark")).to_be_visible()
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
            phone.screenshot(path=str(ARTIFACTS / "web-phone.png"), full_page=True)
        finally:
            browser.close()


def test_an_ambiguous_question_offers_its_senses_and_asks_again(wiki: FakeWiki) -> None:
    """Over the Wikipedia source (its Action API faked in-process): "What is Mercury?" lands
    on a disambiguation page; the page lists the senses from the result's `ambiguity`
    field, and choosing one asks again and is answered from that sense's article."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    add_planet(wiki)
    settings = Settings(log_format="text")  # the default source: live Wikipedia
    with live_server(settings) as (host, port), sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://{host}:{port}/")
            sync_api.expect(page.locator("#key-status")).to_contain_text("needs no key")
            page.get_by_label("Question").fill("What is Mercury?")
            page.get_by_label("Question").press("Enter")
            senses = page.locator("#answer .senses a")
            sync_api.expect(senses.first).to_be_visible(timeout=30_000)
            assert senses.all_inner_texts() == [
                "Mercury (planet)",
                "Mercury (element)",
                "Mercury (mythology)",
            ]
            page.screenshot(path=str(ARTIFACTS / "web-ambiguous.png"), full_page=True)
            senses.first.click()
            sync_api.expect(page.get_by_label("Question")).to_have_value(
                "What is Mercury (planet)?"
            )
            sync_api.expect(page.locator("#answer .cite").first).to_be_visible(timeout=30_000)
            assert PLANET in page.locator("#answer").inner_text()
        finally:
            browser.close()
