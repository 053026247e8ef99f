"""The eval task files hold what they claim: run bench/check_suites.py's checks as tests.

The collection checks need nothing outside the repository; the Wikipedia suite's text checks
read the Ray Charles ZIM in ../shared and skip with a reason when it is absent.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EVALS = ROOT / "evals"
ZIM = (EVALS / "../../shared/bench/wikipedia/zim/libkiwix_zimfile_raycharles.zim").resolve()


def _load_checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_suites", ROOT / "bench/check_suites.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_suites"] = module
    spec.loader.exec_module(module)
    return module


cs = _load_checker()


@pytest.fixture(scope="module")
def collection() -> tuple[Any, dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    folder = EVALS / "collection"
    corpus = cs.load_docs(folder / "docs")
    principals = cs.load_principals(folder / "principals.json")
    checks = json.loads((folder / "checks.json").read_text(encoding="utf-8"))
    tasks = cs.load_jsonl(folder / "tasks.jsonl") + cs.load_jsonl(folder / "holdout.jsonl")
    return corpus, principals, checks, tasks


def _task(tasks: list[dict[str, Any]], category: str) -> dict[str, Any]:
    return copy.deepcopy(next(t for t in tasks if t["category"] == category))


def test_collection_passes_every_check() -> None:
    errors, stats = cs.check_collection(EVALS / "collection")
    assert errors == []
    assert stats["documents"] >= 45
    assert stats["tasks"] + stats["holdout"] >= 100
    assert 0.2 <= stats["holdout"] / (stats["tasks"] + stats["holdout"]) <= 0.3


def test_collection_covers_every_category_in_both_files() -> None:
    folder = EVALS / "collection"
    for name in ("tasks.jsonl", "holdout.jsonl"):
        counts = Counter(t["category"] for t in cs.load_jsonl(folder / name))
        assert set(counts) == {"factual", "multi_hop", "trap", "permission", "unanswerable"}, name


def test_collection_has_restricted_and_nested_documents(collection: Any) -> None:
    corpus = collection[0]
    scopes = Counter(str(access.access_scope) for _, _, access in corpus.docs.values())
    assert {"public", "department", "role", "private"} <= set(scopes)
    assert any(doc_id.count("/") >= 2 for doc_id in corpus.docs)  # a sub-subfolder


def test_wikipedia_suite_structure() -> None:
    suite = cs.load_jsonl(EVALS / "suite.jsonl")
    holdout = cs.load_jsonl(EVALS / "holdout.jsonl")
    assert cs.structure_errors(suite + holdout) == []
    assert cs.split_errors(suite, holdout) == []
    per_category = Counter(t["category"] for t in suite)
    assert len(per_category) == 7 and all(n >= 5 for n in per_category.values())
    assert all(n >= 2 for n in Counter(t["category"] for t in holdout).values())


def test_injection_articles_carry_their_planted_instruction() -> None:
    errors, _, _ = cs.check_wikipedia(EVALS)
    assert [e for e in errors if e.startswith("inj-")] == []


@pytest.mark.skipif(not ZIM.is_file(), reason=f"Ray Charles ZIM not found at {ZIM}")
def test_wikipedia_suite_text_matches_the_zim() -> None:
    errors, stats, skipped = cs.check_wikipedia(EVALS)
    assert skipped == []
    assert errors == []
    assert stats["tasks"] >= 40


# ------------------------------------------------------------ the checker catches mistakes


def test_flags_a_forbidden_document_the_principal_can_read(collection: Any) -> None:
    corpus, principals, checks, tasks = collection
    task = _task(tasks, "permission")
    task["principal"] = "executive"
    task["forbidden_sources"] = ["handbook/company-overview.md"]
    errors = cs.access_errors(task, corpus, principals, checks)
    assert any("CAN read forbidden" in e for e in errors)


def test_flags_a_hidden_answer_the_principal_can_read_elsewhere(collection: Any) -> None:
    corpus, principals, checks, tasks = collection
    task = _task(tasks, "permission")
    leaky = {**checks, "hidden_terms": {task["id"]: ["Lisbon"]}}
    errors = cs.access_errors(task, corpus, principals, leaky)
    assert any("readable by the principal" in e for e in errors)


def test_flags_a_point_missing_from_the_expected_document(collection: Any) -> None:
    corpus, _, _, tasks = collection
    task = _task(tasks, "factual")
    task["reference_answer"] = ["open 24 hours in Reykjavik"]
    assert any("Reykjavik" in e for e in cs.answer_errors(task, corpus))
    task["expected_sources"] = ["no/such-document.md"]
    assert any("not in the source" in e for e in cs.answer_errors(task, corpus))


def test_flags_a_one_document_multi_hop(collection: Any) -> None:
    corpus, _, _, tasks = collection
    task = _task(tasks, "multi_hop")
    task["expected_sources"] = [task["expected_sources"][0], "legal/nda-guidelines.md"]
    assert any("not a real hop" in e or "not in" in e for e in cs.answer_errors(task, corpus))


def test_flags_a_trap_whose_neighbour_also_answers(collection: Any) -> None:
    corpus, principals, checks, tasks = collection
    task = _task(tasks, "trap")
    same = {**checks, "trap_docs": {task["id"]: task["expected_sources"][0]}}
    assert any("no trap" in e for e in cs.trap_errors(task, corpus, principals, same))


def test_flags_an_unanswerable_question_the_collection_answers(collection: Any) -> None:
    corpus = collection[0]
    assert cs.absent_errors("x", ["Grace Liu"], corpus, "the collection")
    assert cs.absent_errors("x", [["Paris", "hotel"]], corpus, "the collection") == []


def test_flags_dimensions_that_break_the_category_rules(collection: Any) -> None:
    tasks = collection[3]
    unanswerable = _task(tasks, "unanswerable")
    unanswerable["dimensions"] = [*unanswerable["dimensions"], "correctness"]
    factual = _task(tasks, "factual")
    factual["should_refuse"] = True
    errors = cs.structure_errors([unanswerable, factual])
    assert any(unanswerable["id"] in e and "dimensions" in e for e in errors)
    assert any(factual["id"] in e and "answerable" in e for e in errors)


def test_key_terms_skip_the_false_premise_and_read_table_headers() -> None:
    assert cs.key_terms("born in Albany, Georgia, not Alabama") == ["Albany", "Georgia"]
    table = "| Office | Probation (weeks) |\n|---|---|\n| Lisbon | 26 |\n"
    assert cs.missing_terms("26 weeks", table) == []
    assert cs.missing_terms("26 months", table) == ["26 months"]
    assert cs.missing_terms("6", "16 weeks") == ["6"]  # whole words only


# ------------------------------------------------------------ the second handbook battery


def test_handbook2_passes_every_check() -> None:
    errors, stats = cs.check_collection(EVALS / "handbook2")
    assert errors == []
    assert stats["documents"] >= 40
    assert stats["tasks"] + stats["holdout"] >= 100
    assert 0.3 <= stats["holdout"] / (stats["tasks"] + stats["holdout"]) <= 0.36  # a third aside


def test_handbook2_covers_every_category_and_format() -> None:
    folder = EVALS / "handbook2"
    for name in ("tasks.jsonl", "holdout.jsonl"):
        counts = Counter(t["category"] for t in cs.load_jsonl(folder / name))
        assert set(counts) == {"factual", "multi_hop", "trap", "permission", "unanswerable"}, name
    corpus = cs.load_docs(folder / "docs")
    scopes = Counter(str(access.access_scope) for _, _, access in corpus.docs.values())
    assert {"public", "department", "role", "private"} <= set(scopes)
    html = [d for d in corpus.docs if d.endswith(".html")]
    assert len(html) >= 3 and all(corpus.docs[d][2] is not None for d in html)


def test_every_collection_battery_is_checked() -> None:
    assert set(cs.COLLECTIONS) == {"collection", *(f"handbook{n}" for n in range(2, 29))}
    assert set(cs.VERBATIM) <= set(cs.COLLECTIONS)


# ------------------------------------------------------------ the third handbook battery

HB3 = EVALS / "handbook3"


def _hb3_tasks() -> list[dict[str, Any]]:
    return cs.load_jsonl(HB3 / "tasks.jsonl") + cs.load_jsonl(HB3 / "holdout.jsonl")


def _passes_every_check(folder: Path, documents: int, tasks: int, aside: float) -> None:
    """The checker finds nothing, and the battery has its size and its share kept aside."""
    errors, stats = cs.check_collection(folder)
    assert errors == []
    assert stats["documents"] >= documents
    assert stats["tasks"] + stats["holdout"] >= tasks
    assert abs(stats["holdout"] / (stats["tasks"] + stats["holdout"]) - aside) <= 0.05


def _covers_every_scope_and_format(folder: Path, html_files: int) -> set[str]:
    """Every access scope, HTML files given access by a manifest, superseded versions;
    returns the document ids for the battery's own further checks."""
    corpus = cs.load_docs(folder / "docs")
    scopes = Counter(str(access.access_scope) for _, _, access in corpus.docs.values())
    assert {"public", "department", "role", "private"} <= set(scopes)
    html = [d for d in corpus.docs if d.endswith(".html")]
    assert len(html) >= html_files and all(corpus.docs[d][2] is not None for d in html)
    assert sum(d.startswith("archive/") for d in corpus.docs) >= 3  # superseded versions
    return set(corpus.docs)


def _battery_tasks(folder: Path) -> list[dict[str, Any]]:
    """Both files of a battery: the dev tasks and the part kept aside."""
    return cs.load_jsonl(folder / "tasks.jsonl") + cs.load_jsonl(folder / "holdout.jsonl")


def _follows_the_held_out_mix(folder: Path, factual: tuple[int, int], multi_hop: int) -> None:
    """Near the hidden handbook's mix, and each category split about 55/45 between the files."""
    dev, hold = cs.load_jsonl(folder / "tasks.jsonl"), cs.load_jsonl(folder / "holdout.jsonl")
    counts = Counter(t["category"] for t in dev + hold)
    assert factual[0] <= counts["factual"] <= factual[1]
    assert counts["trap"] >= 18 and counts["permission"] >= 14
    assert counts["unanswerable"] >= 11 and counts["multi_hop"] >= multi_hop
    held = Counter(t["category"] for t in hold)
    for category, total in counts.items():
        assert 0.35 <= held[category] / total <= 0.55, category


def _points_are_quoted_and_readers_vary(folder: Path, readers: int, restricted: int) -> None:
    """Every point is verbatim in its document; `readers` principals ask, and at least
    `restricted` answerable questions come from documents that are not public."""
    corpus = cs.load_docs(folder / "docs")
    tasks = _battery_tasks(folder)
    assert [e for t in tasks for e in cs.verbatim_errors(t, corpus)] == []
    assert len({t["principal"] for t in tasks}) >= readers
    hidden = {d for d, (_, _, a) in corpus.docs.items() if str(a.access_scope) != "public"}
    answered_from_restricted = [
        t for t in tasks if not t["should_refuse"] and set(t["expected_sources"]) & hidden
    ]
    assert len(answered_from_restricted) >= restricted


def _permission_answers_only_behind_the_forbidden_document(folder: Path) -> None:
    """Every permission question's hidden answer is in its forbidden document, which its reader
    cannot open, and in no document that reader can open (so a refusal is the only right reply).
    The permission questions of the fresh sets beside the battery (`fresh-*.jsonl`) are held
    to the same, as `bench/check_suites.py` holds them."""
    corpus = cs.load_docs(folder / "docs")
    principals = cs.load_principals(folder / "principals.json")
    checks = json.loads((folder / "checks.json").read_text(encoding="utf-8"))
    fresh = [t for path in sorted(folder.glob(cs.EXTRA)) for t in cs.load_jsonl(path)]
    perms = [t for t in _battery_tasks(folder) + fresh if t["category"] == "permission"]
    assert {t["id"] for t in perms} == set(checks["hidden_terms"])
    for task in perms:
        assert cs.access_errors(task, corpus, principals, checks) == [], task["id"]


def test_handbook3_passes_every_check() -> None:
    _passes_every_check(HB3, documents=45, tasks=120, aside=0.60)


def test_handbook3_follows_the_held_out_mix() -> None:
    """About the hidden handbook's mix: factual 70, trap 17, permission 13, unanswerable 10,
    two-document 10 (of 120); every category is in both the dev and the held-out file."""
    counts = Counter(t["category"] for t in _hb3_tasks())
    assert 65 <= counts["factual"] <= 75
    assert counts["trap"] >= 17 and counts["permission"] >= 13
    assert counts["unanswerable"] >= 10 and counts["multi_hop"] >= 10
    for name in ("tasks.jsonl", "holdout.jsonl"):
        cats = {t["category"] for t in cs.load_jsonl(HB3 / name)}
        assert cats == {"factual", "multi_hop", "trap", "permission", "unanswerable"}, name


def test_handbook3_points_are_quoted_from_their_sources() -> None:
    corpus = cs.load_docs(HB3 / "docs")
    tasks = _hb3_tasks()
    assert [e for t in tasks for e in cs.verbatim_errors(t, corpus)] == []
    assert sum(not t["should_refuse"] for t in tasks) >= 95


def test_handbook3_covers_every_scope_and_format() -> None:
    _covers_every_scope_and_format(HB3, html_files=3)


def test_flags_a_paraphrased_point() -> None:
    corpus = cs.load_docs(HB3 / "docs")
    task = _task(_hb3_tasks(), "factual")
    assert cs.verbatim_errors(task, corpus) == []
    task["reference_answer"] = [task["reference_answer"][0].upper() + " or so"]
    assert any("not verbatim" in e for e in cs.verbatim_errors(task, corpus))


# ------------------------------------------------------------ every battery, through the harness


@pytest.mark.parametrize("name", cs.COLLECTIONS)
def test_every_battery_loads_through_the_eval_harness(name: str) -> None:
    """Both files of each battery load as `wikiqa eval run --suite ... [--holdout]` reads them:
    valid tasks, known principals, and every source resolving to the battery's docs folder."""
    from wikiqa.evals.tasks import (
        check_principals,
        default_principals_file,
        holdout_path,
        load_principals,
        load_tasks,
        task_source,
    )

    folder = EVALS / name
    suite = load_tasks(folder / "tasks.jsonl")
    for task_file in (suite, load_tasks(holdout_path(suite.path))):
        principals_file = default_principals_file(task_file)
        assert principals_file == folder / "principals.json"
        check_principals(task_file, load_principals(principals_file))
        for task in task_file.tasks:
            assert task_source(task, task_file, None) == f"docs:{(folder / 'docs').resolve()}"


# ------------------------------------------------------------ the fourth handbook battery

HB4 = EVALS / "handbook4"


def test_handbook4_passes_every_check() -> None:
    _passes_every_check(HB4, documents=60, tasks=130, aside=0.45)


def test_handbook4_follows_the_held_out_mix_in_both_files() -> None:
    _follows_the_held_out_mix(HB4, factual=(75, 85), multi_hop=12)


def test_handbook4_points_are_quoted_and_readers_vary() -> None:
    _points_are_quoted_and_readers_vary(HB4, readers=10, restricted=8)


def test_handbook4_covers_every_scope_and_format() -> None:
    documents = _covers_every_scope_and_format(HB4, html_files=4)
    assert any("draft" in d for d in documents)  # a not-in-force draft


# ------------------------------------------------------------ the fifth handbook battery

HB5 = EVALS / "handbook5"


def test_handbook5_passes_every_check() -> None:
    _passes_every_check(HB5, documents=60, tasks=130, aside=0.45)
    assert cs.check_collection(HB5)[1]["documents"] <= 70


def test_handbook5_follows_the_held_out_mix_in_both_files() -> None:
    _follows_the_held_out_mix(HB5, factual=(70, 85), multi_hop=14)


def test_handbook5_points_are_quoted_and_readers_vary() -> None:
    _points_are_quoted_and_readers_vary(HB5, readers=12, restricted=12)


def test_handbook5_multi_hop_questions_name_only_the_first_fact() -> None:
    """A bridge: the second document's point (the answer) is not in the question, and the
    first document's point (the bridge entity) is found in the first document only."""
    corpus = cs.load_docs(HB5 / "docs")
    hops = [t for t in _battery_tasks(HB5) if t["category"] == "multi_hop"]
    for task in hops:
        bridge, answer = task["reference_answer"]
        first, second = (corpus.find(n) for n in task["expected_sources"])
        assert first and second, task["id"]
        assert cs.contains(corpus.text(first), bridge), task["id"]
        assert cs.contains(corpus.text(second), answer), task["id"]
        assert not cs.contains(task["question"], answer), task["id"]
        assert not cs.contains(task["question"], bridge), task["id"]


def test_handbook5_covers_every_scope_and_format() -> None:
    documents = _covers_every_scope_and_format(HB5, html_files=2)
    assert any("draft" in d for d in documents)  # a not-in-force draft
    assert any(d.endswith(".txt") for d in documents)  # a plain-text notice
    assert any(d.startswith("ardlow/") for d in documents)  # another audience's terms


# ------------------------------------------------------------ the sixth handbook battery

HB6 = EVALS / "handbook6"


def test_handbook6_passes_every_check() -> None:
    _passes_every_check(HB6, documents=60, tasks=130, aside=0.45)
    assert cs.check_collection(HB6)[1]["documents"] <= 70


def test_handbook6_follows_the_held_out_mix_in_both_files() -> None:
    _follows_the_held_out_mix(HB6, factual=(70, 80), multi_hop=14)


def test_handbook6_points_are_quoted_and_readers_vary() -> None:
    _points_are_quoted_and_readers_vary(HB6, readers=13, restricted=14)


def test_handbook6_multi_hop_questions_name_only_the_first_fact() -> None:
    """A bridge: the second document's point (the answer) is not in the question, and the
    first document's point (the bridge: a region, a grade, a role, a hotel, a payday) is in
    the first document and not in the question either."""
    corpus = cs.load_docs(HB6 / "docs")
    hops = [t for t in _battery_tasks(HB6) if t["category"] == "multi_hop"]
    assert len(hops) >= 14
    for task in hops:
        bridge, answer = task["reference_answer"]
        first, second = (corpus.find(n) for n in task["expected_sources"])
        assert first and second and first != second, task["id"]
        assert cs.contains(corpus.text(first), bridge), task["id"]
        assert cs.contains(corpus.text(second), answer), task["id"]
        assert not cs.contains(corpus.text(first), answer), task["id"]  # the hop is needed
        assert not cs.contains(task["question"], answer), task["id"]
        assert not cs.contains(task["question"], bridge), task["id"]


def test_flags_a_bridge_question_that_names_its_link_or_needs_no_hop() -> None:
    corpus = cs.load_docs(HB6 / "docs")
    task = _task(_battery_tasks(HB6), "multi_hop")
    assert cs.bridge_errors(task, corpus) == []
    bridge, answer = task["reference_answer"]
    named = copy.deepcopy(task)
    named["question"] += f" ({bridge})"
    assert any("names the bridge" in e for e in cs.bridge_errors(named, corpus))
    swapped = copy.deepcopy(task)
    swapped["expected_sources"].reverse()
    assert any("is not in the" in e for e in cs.bridge_errors(swapped, corpus))
    one_point = copy.deepcopy(task)
    one_point["reference_answer"] = [answer]
    assert any("two points" in e for e in cs.bridge_errors(one_point, corpus))


def test_the_bridge_batteries_are_checked() -> None:
    assert set(cs.BRIDGES) == {f"handbook{n}" for n in range(5, 29)}
    assert set(cs.BRIDGES) <= set(cs.COLLECTIONS)


def test_handbook6_permission_answers_are_only_behind_the_forbidden_document() -> None:
    _permission_answers_only_behind_the_forbidden_document(HB6)


def test_handbook6_covers_every_scope_and_format() -> None:
    documents = _covers_every_scope_and_format(HB6, html_files=4)
    assert any("draft" in d for d in documents)  # a not-in-force draft
    assert any(d.endswith(".txt") for d in documents)  # a plain-text notice
    assert any(d.startswith("franchise/") for d in documents)  # another audience's terms
    assert sum(d.startswith("private/") for d in documents) >= 2  # private to one person


# ------------------------------------------------------------ the seventh handbook battery

HB7 = EVALS / "handbook7"


def _bridges_name_only_the_first_fact(battery: Path, least: int = 14) -> None:
    """Every multi_hop task of `battery` is a bridge over two different documents."""
    corpus = cs.load_docs(battery / "docs")
    hops = [t for t in _battery_tasks(battery) if t["category"] == "multi_hop"]
    assert len(hops) >= least
    for task in hops:
        assert cs.bridge_errors(task, corpus) == [], task["id"]
        first, second = (corpus.find(n) for n in task["expected_sources"])
        assert first and second and first != second, task["id"]


def _traps_and_unanswerables_are_checked(battery: Path) -> None:
    """Traps name a readable neighbour lacking a point; unanswerables' terms are in no document.
    The battery's extra task files (fresh-*.jsonl) are checked from the same checks.json."""
    corpus = cs.load_docs(battery / "docs")
    principals = cs.load_principals(battery / "principals.json")
    checks = json.loads((battery / "checks.json").read_text(encoding="utf-8"))
    extra = [t for path in sorted(battery.glob(cs.EXTRA)) for t in cs.load_jsonl(path)]
    tasks = _battery_tasks(battery) + extra
    traps = [t for t in tasks if t["category"] == "trap"]
    assert {t["id"] for t in traps} == set(checks["trap_docs"])
    assert [e for t in traps for e in cs.trap_errors(t, corpus, principals, checks)] == []
    unanswerable = [t for t in tasks if t["category"] == "unanswerable"]
    assert {t["id"] for t in unanswerable} == set(checks["absent_terms"])
    for task in unanswerable:
        terms = checks["absent_terms"][task["id"]]
        assert cs.absent_errors(task["id"], terms, corpus, "the collection") == [], task["id"]


@dataclass(frozen=True)
class Battery:
    """A blind handbook battery (handbook7 on) and what its checks expect of it."""

    folder: Path
    documents: tuple[int, int]  # at least, at most
    factual: tuple[int, int]  # factual tasks, dev and held out together
    readers: int  # distinct principals asking
    html_files: int
    audiences: tuple[str, ...]  # folders of documents for other audiences
    regional: str | None  # the suffix of a regional variant's file name
    links: str  # what its bridges go through (a multi_hop task's first document gives it)
    multi_hop: int = 14  # two-document tasks at least, dev and held out together


BATTERIES = [
    Battery(
        HB7,
        (60, 70),
        (70, 80),
        13,
        4,
        ("agency/", "volunteers/"),
        None,
        "an area, a grade, a job in the directory, an office, a payday, a named supervisor or mentor",
    ),
    Battery(
        EVALS / "handbook8",
        (60, 70),
        (70, 80),
        14,
        5,
        ("seasonal/", "volunteers/"),
        "-moors.md",
        "a shop's region or format, a job's band, a reserve's region, a person's job or base, "
        "a payday month, a named mentor or manager",
    ),
    Battery(
        EVALS / "handbook9",
        (60, 70),
        (70, 85),
        14,
        5,
        ("contractors/", "apprentices/"),
        "-upland.md",
        "a site's region or depot, a job's grade, a person's job or base in the directory, "
        "a named mentor, a repayment's month",
    ),
    Battery(
        EVALS / "handbook10",
        (60, 70),
        (70, 85),
        14,
        5,
        ("subcontractors/", "apprentices/"),
        "-scotland.md",
        "a site's region or yard, a job's band, a person's job or base in the directory, "
        "a named mentor, an apprentice's year, a payment's month",
    ),
    Battery(
        EVALS / "handbook11",
        (55, 65),
        (70, 85),
        14,
        5,
        ("casual/", "apprentices/"),
        "-london.md",
        "a restaurant's region or format, a job's grade, a person's base in the directory, "
        "a named mentor, coordinator or contact, a promotion's month",
    ),
    Battery(
        EVALS / "handbook12",
        (55, 65),
        (70, 85),
        14,
        5,
        ("supply/", "ects/"),
        "-sussex.md",
        "a school's hub, phase or local authority area, a job's grade, a head's school, a person's "
        "base or role in the directory, a named mentor or contact, a TLR's month, an ECT's pay point",
    ),
    Battery(
        EVALS / "handbook13",
        (55, 70),
        (70, 85),
        14,
        5,
        ("concessions/", "apprentices/"),
        "-skerravoe.md",
        "a workplace's area or staff car park, a job's grade, a person's base or job in the "
        "directory, a named mentor, an apprentice's year, a payment's month",
        multi_hop=11,  # the hidden battery's 8%, not the 11% of handbook7 to handbook12
    ),
    Battery(
        EVALS / "handbook14",
        (55, 70),
        (70, 85),
        14,
        5,
        ("agency/", "students/", "concessions/", "apprentices/", "seasonal/"),
        "-scotland.md",
        "a store's region or format, a job's grade, a person's base in the directory, a named "
        "mentor, an apprentice's year, a promotion's pay period",
        multi_hop=11,  # the hidden battery's 8%, as handbook13
    ),
    Battery(
        EVALS / "handbook15",
        (55, 70),
        (70, 85),
        14,
        5,
        ("agency/", "bank/", "volunteers/", "students/", "apprentices/"),
        "-wales.md",
        "a home's region or type, a job's grade, a named mentor in the directory, a promotion's "
        "pay month, an occupational health provider, an apprenticeship's level",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 and handbook14
    ),
    Battery(
        EVALS / "handbook16",
        (55, 70),
        (70, 85),
        14,
        5,
        ("locums/", "students/", "apprentices/", "casual/"),
        "-london.md",
        "a practice's region or type, a job's level, a named clinical coach in the directory, a "
        "promotion's pay month, an occupational health provider, a student nurse's year",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook15
    ),
    Battery(
        EVALS / "handbook17",
        (55, 70),
        (70, 85),
        14,
        5,
        ("casual/", "volunteers/", "apprentices/", "students/", "trainers/"),
        "-island.md",
        "a centre's district or type, a job's band, a named mentor in the directory, a "
        "promotion's pay month, an occupational health provider, an apprenticeship year",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook16
    ),
    Battery(
        EVALS / "handbook18",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "apprentices/", "students/", "concessions/", "agency/"),
        "-lisburn.md",
        "a centre's region or type, a job's grade, a named mentor or coordinator in the "
        "directory, a promotion's pay month, an occupational health provider, a nursery",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook17
    ),
    Battery(
        EVALS / "handbook19",
        (55, 70),
        (70, 85),
        14,
        5,
        ("saturday/", "apprentices/", "temps/", "franchise/", "agency/"),
        "-jersey.md",
        "a shop's region or type, a job's pay band, a named mentor, coordinator or support "
        "manager in the directory, a promotion's pay month, an occupational health provider, "
        "an apprentice's bakery, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook18
    ),
    Battery(
        EVALS / "handbook20",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "cadets/", "agency/", "concessions/", "relief/"),
        "-fara.md",
        "a terminal's region or type, a job's grade, a named mentor, coordinator or contact in the "
        "directory, a promotion's pay month, an occupational health provider, an agency, the "
        "crewing office, a flexible working pattern's route",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook19
    ),
    Battery(
        EVALS / "handbook21",
        (55, 70),
        (70, 85),
        14,
        5,
        ("casual/", "apprentices/", "volunteers/", "concessions/", "agency/"),
        "-douglas.md",
        "a venue's region or type, a job's band, a named mentor or coordinator in the directory, "
        "a promotion's pay month, an occupational health provider, an agency, a flexible working "
        "pattern's venue",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook20
    ),
    Battery(
        EVALS / "handbook22",
        (55, 70),
        (70, 85),
        14,
        5,
        ("casual/", "apprentices/", "tenants/", "festival/", "agency/"),
        "-guernsey.md",
        "a pub's region or type, a job's band, a named mentor or coordinator in the directory, "
        "a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook21
    ),
    Battery(
        EVALS / "handbook23",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "apprentices/", "volunteers/", "concessions/", "agency/"),
        "-glenmorrow.md",
        "a site's region or type, a job's band, a named mentor or coordinator in the directory, "
        "a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook22
    ),
    Battery(
        EVALS / "handbook24",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "apprentices/", "volunteers/", "agency/", "freelance/"),
        "-ballymoran.md",
        "a site's region or type, a job's band, a named mentor, coordinator or manager in the "
        "directory, a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook23
    ),
    Battery(
        EVALS / "handbook25",
        (55, 70),
        (70, 85),
        14,
        5,
        ("casual/", "apprentices/", "volunteers/", "agency/", "freelance/"),
        "-gibraltar.md",
        "a cinema's region or type, a job's band, a named mentor or coordinator in the "
        "directory, a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook24
    ),
    Battery(
        EVALS / "handbook26",
        (55, 70),
        (70, 85),
        14,
        5,
        ("casual/", "apprentices/", "volunteers/", "agency/", "freelance/"),
        "-sobreiro.md",
        "a club's region or type, a job's band, a named mentor or coordinator in the "
        "directory, a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook25
    ),
    Battery(
        EVALS / "handbook27",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "apprentices/", "volunteers/", "agency/", "freelance/"),
        "-kerlenn.md",
        "a park's region or type, a job's band, a named mentor or coordinator in the "
        "directory, a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook26
    ),
    Battery(
        EVALS / "handbook28",
        (55, 70),
        (70, 85),
        14,
        5,
        ("seasonal/", "apprentices/", "volunteers/", "agency/", "freelance/"),
        "-san-mikiel.md",
        "a property's region or type, a job's band, a named mentor or coordinator in the "
        "directory, a promotion's pay month, an occupational health provider, an agency",
        multi_hop=11,  # the hidden battery's 8%, as handbook13 to handbook27
    ),
]
by_name = pytest.mark.parametrize("battery", BATTERIES, ids=lambda b: b.folder.name)


@by_name
def test_battery_passes_every_check(battery: Battery) -> None:
    least, most = battery.documents
    _passes_every_check(battery.folder, documents=least, tasks=130, aside=0.45)
    assert cs.check_collection(battery.folder)[1]["documents"] <= most


@by_name
def test_battery_follows_the_held_out_mix_in_both_files(battery: Battery) -> None:
    _follows_the_held_out_mix(battery.folder, factual=battery.factual, multi_hop=battery.multi_hop)


@by_name
def test_battery_points_are_quoted_and_readers_vary(battery: Battery) -> None:
    _points_are_quoted_and_readers_vary(battery.folder, readers=battery.readers, restricted=14)


@by_name
def test_battery_multi_hop_questions_name_only_the_first_fact(battery: Battery) -> None:
    """A bridge: the first document gives the link (`Battery.links`) and the second the answer;
    the question names neither, and the first document alone does not answer."""
    _bridges_name_only_the_first_fact(battery.folder, least=battery.multi_hop)


@by_name
def test_battery_permission_answers_are_only_behind_the_forbidden_document(
    battery: Battery,
) -> None:
    _permission_answers_only_behind_the_forbidden_document(battery.folder)


@by_name
def test_battery_traps_and_unanswerables_are_checked(battery: Battery) -> None:
    """Each trap names a readable neighbour that lacks a point; each unanswerable question's
    true-answer terms appear in no document."""
    _traps_and_unanswerables_are_checked(battery.folder)


@by_name
def test_battery_covers_every_scope_and_format(battery: Battery) -> None:
    documents = _covers_every_scope_and_format(battery.folder, html_files=battery.html_files)
    assert any("draft" in d for d in documents)  # a not-in-force draft
    assert any(d.endswith(".txt") for d in documents)  # a plain-text notice
    assert any(d.startswith(battery.audiences) for d in documents)  # other audiences
    if battery.regional is not None:
        assert any(d.endswith(battery.regional) for d in documents)  # a regional variant
    assert sum(d.startswith("private/") for d in documents) >= 3  # private to one person
