"""The shared fake Action API pieces: page objects as the API shapes them, and a replay that
refuses what it never recorded."""

from __future__ import annotations

from dataclasses import dataclass

import httpx
import pytest

from wikiqa.testing.action_api import NotRecorded, Replay, page_json


@dataclass(frozen=True)
class Page:
    title: str = "Quiet Hours"
    pageid: int = 7
    revid: int = 70
    intro: str = "Quiet Hours is an album."
    full: str = "Quiet Hours is an album.\n\n== Production ==\nSid Feller produced it."
    wikitext0: str = "{{Infobox album}}"
    wikitext: str = "{{Infobox album}}\n== Production =="
    disambiguation: bool = False


def test_page_json_gives_what_the_request_asks_for() -> None:
    ask = {"prop": "extracts|revisions|info", "rvprop": "ids|content", "rvsection": "0"}
    out = page_json(Page(), {**ask, "exintro": "1"})
    assert out["extract"] == "Quiet Hours is an album."
    assert out["revisions"][0]["slots"]["main"]["content"] == "{{Infobox album}}"
    assert out["canonicalurl"].endswith("/wiki/Quiet_Hours") and "pageprops" not in out
    wiki = page_json(Page(), {"prop": "extracts", "exsectionformat": "wiki"})
    plain = page_json(Page(), {"prop": "extracts"})
    assert "== Production ==" in wiki["extract"]
    assert "\nProduction\n" in plain["extract"] and "==" not in plain["extract"]
    assert "revisions" not in plain
    assert page_json(Page(disambiguation=True), {"prop": "pageprops"})["pageprops"] == {
        "disambiguation": ""
    }


def test_replay_answers_only_what_it_recorded() -> None:
    replay = Replay(lambda request: httpx.Response(200, json={"ok": True}))
    with httpx.Client(transport=replay.transport()) as client:
        client.get("https://w.example/api", params={"a": "1", "b": "2"})
        client.get("https://w.example/api", params={"c": "3"})
        replay.keep_only(lambda position, params: position == 0)
        replay.recording = False
        assert client.get("https://w.example/api", params={"b": "2", "a": "1"}).json()
        with pytest.raises(NotRecorded):
            client.get("https://w.example/api", params={"c": "3"})
    assert len(replay.refused) == 1


def test_replay_can_refuse_with_an_http_status() -> None:
    replay = Replay(lambda request: httpx.Response(200, json={"ok": True}), refuse_with=404)
    replay.recording = False
    with httpx.Client(transport=replay.transport()) as client:
        assert client.get("https://w.example/api").status_code == 404
    assert len(replay.refused) == 1
