"""Verify the evaluation task files against the text they were written from.

A task that cites a missing document, or whose reference answer is not in its expected
source, grades the answerer against our own mistake; a permission task whose "forbidden"
document the principal can in fact read measures nothing. This script checks, for
`evals/suite.jsonl`, `evals/holdout.jsonl` and `{tasks,holdout}.jsonl` of every access-controlled
collection battery (`COLLECTIONS`: `evals/collection`, `evals/handbook2`, `evals/handbook3`,
`evals/handbook4`, `evals/handbook5`, `evals/handbook6`, `evals/handbook7`, `evals/handbook8`,
`evals/handbook9`, `evals/handbook10`, `evals/handbook11`, `evals/handbook12`,
`evals/handbook13`, `evals/handbook14`, `evals/handbook15`, `evals/handbook16`,
`evals/handbook17`, `evals/handbook18`, `evals/handbook19`, `evals/handbook20`, `evals/handbook21`,
`evals/handbook22`, `evals/handbook23`, `evals/handbook24`, `evals/handbook25`,
`evals/handbook26`, `evals/handbook27`, `evals/handbook28`):

- structure: categories, dimensions per category (the issue's N/A rules), refusal flags,
  unique ids and questions across a suite and its held-out file, known principals;
- sources: every expected (and forbidden) source exists in the task's source;
- text: every key term (numbers, capitalised words; words after "not"/"no" are the false
  premise and are skipped) of every must-have point appears in an expected source, and for
  `multi_hop` every expected source carries at least one point;
- access (collections, with `wikiqa.store.acl.can_read` on the parsed front matter): the
  expected sources are readable by the task's principal; a permission task's forbidden
  document is not, yet some other principal can read it; the hidden answer (`checks.json`)
  is in the forbidden document and in no document the principal can read;
- traps: the wrong neighbour (`checks.json`) exists, is readable, and lacks the answer;
- unanswerable: the true answer's terms (`checks.json`) appear nowhere in the source;
- verbatim (batteries in `VERBATIM`): every must-have point appears word for word (casefolded,
  quotes, dashes and spaces unified) in one of the task's expected sources;
- bridges (batteries in `BRIDGES`): a `multi_hop` task's points are [bridge, answer], the bridge
  in its first document and the answer in its second, the first document lacks the answer, and
  the question names neither (so the second document is found only through the first);
- extra task files (`EXTRA`, e.g. `fresh-hops.jsonl`, `fresh-hops-aside.jsonl` beside a
  battery's tasks.jsonl, run with `wikiqa eval run --suite <file>`): every check above, with
  the verbatim and bridge checks whatever the battery, ids and questions unique across all of
  the battery's files.

Usage: python bench/check_suites.py [--evals evals]. Exit 1 on any error. The ZIM checks
skip with a message when ../shared is absent.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wikiqa.errors import DocumentNotFound, SourceUnavailable
from wikiqa.store.acl import can_read
from wikiqa.store.ingest import SkipFile, load_file
from wikiqa.store.manifest import Manifests
from wikiqa.store.walk import walk
from wikiqa.text.terms import STOPWORDS
from wikiqa.types import Access, Principal

CATEGORIES = {
    "factual", "multi_hop", "disambiguation", "unanswerable", "adversarial",
    "retrieval_gap", "injection", "permission", "trap",
}  # fmt: skip
ANSWER_DIMS = ["faithfulness", "correctness", "completeness", "attribution", "calibration"]
REFUSE_DIMS = ["faithfulness", "calibration"]
ALWAYS_REFUSE = {"unanswerable", "permission"}
NEVER_REFUSE = {"factual", "multi_hop", "disambiguation", "adversarial", "injection", "trap"}
# evals/<name>/: docs/, principals.json, checks.json, tasks.jsonl, holdout.jsonl
COLLECTIONS = (
    "collection", "handbook2", "handbook3", "handbook4", "handbook5", "handbook6", "handbook7",
    "handbook8", "handbook9", "handbook10", "handbook11", "handbook12", "handbook13", "handbook14",
    "handbook15", "handbook16", "handbook17", "handbook18", "handbook19", "handbook20", "handbook21",
    "handbook22", "handbook23", "handbook24", "handbook25", "handbook26", "handbook27",
    "handbook28",
)  # fmt: skip
# batteries whose must-have points are quoted from the documents
VERBATIM = (
    "handbook3", "handbook4", "handbook5", "handbook6", "handbook7", "handbook8", "handbook9",
    "handbook10", "handbook11", "handbook12", "handbook13", "handbook14", "handbook15", "handbook16",
    "handbook17", "handbook18", "handbook19", "handbook20", "handbook21", "handbook22",
    "handbook23", "handbook24", "handbook25", "handbook26", "handbook27", "handbook28",
)  # fmt: skip
# batteries whose two-document questions are bridges that name only the first fact
BRIDGES = (
    "handbook5", "handbook6", "handbook7", "handbook8", "handbook9", "handbook10", "handbook11",
    "handbook12", "handbook13", "handbook14", "handbook15", "handbook16", "handbook17",
    "handbook18", "handbook19", "handbook20", "handbook21", "handbook22", "handbook23",
    "handbook24", "handbook25", "handbook26", "handbook27", "handbook28",
)  # fmt: skip
# extra task files beside a battery's tasks.jsonl, written as verbatim bridges
EXTRA = "fresh-*.jsonl"
REQUIRED = ("id", "category", "question", "dimensions", "reference_answer", "expected_sources",
            "should_refuse")  # fmt: skip
ALLOWED = {*REQUIRED, "source", "principal", "forbidden_sources"}
_SKIP_WORDS = {"The", "A", "An", "It", "He", "She", "They", "Its", "His", "Her", "In", "On", "At",
               "If", "Each", "Every", "Both", "All", "Only", "One", "Yes"}  # fmt: skip
_NEGATED = re.compile(r"\b(?:not|no)\b[^,;:]*", re.I)
_UNIT = r"(?:\s(?:working days?|calendar days?|days?|weeks?|months?|years?|hours?|minutes?))?"
_TERM = re.compile(
    rf"(?<!\w)(?:[$€£]?\d(?:[\d,.:/–-]*\d)?(?:st|nd|rd|th)?%?{_UNIT}|[A-Z][\w'&.+-]*\w|[A-Z](?!\w))"
)
_NUMBER_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety|"
    r"hundred|thousand|million|first|second|third|fourth|fifth|sixth|triple|double|half)\b",
    re.I,
)


@dataclass
class Corpus:
    """The documents behind one source spec: id -> (title, text, access)."""

    docs: dict[str, tuple[str, str, Access | None]] = field(default_factory=dict)

    def find(self, name: str) -> str | None:
        """The doc id an expected source names (by id or title, case-insensitively)."""
        if name in self.docs:
            return name
        key = norm(name)
        for doc_id, (title, _, _) in self.docs.items():
            if norm(title) == key or norm(doc_id) == key:
                return doc_id
        return None

    def text(self, doc_id: str) -> str:
        return self.docs[doc_id][1]


def norm(text: str) -> str:
    """Casefold and unify quotes, dashes and spaces, so a term matches as a reader sees it."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("–", "-").replace("—", "-").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).casefold().strip()


def key_terms(point: str) -> list[str]:
    """Numbers and capitalised words of a must-have point, false-premise clauses removed."""
    kept = _NEGATED.sub(" ", point)
    terms = [t.rstrip(".,") for t in _TERM.findall(kept)] + _NUMBER_WORDS.findall(kept)
    terms = [t for t in terms if t and t not in _SKIP_WORDS]
    if not terms:
        terms = [w for w in re.findall(r"[a-z][a-z'-]{2,}", kept.lower()) if w not in STOPWORDS]
    return terms


def contains(text: str, term: str) -> bool:
    """`term` occurs in `text` as whole words (so "6" does not match "16")."""
    return re.search(rf"(?<!\w){re.escape(norm(term))}(?!\w)", norm(text)) is not None


def in_table(text: str, term: str) -> bool:
    """ "18 weeks" also matches a table cell `| 18 |` whose column header names weeks."""
    m = re.fullmatch(
        r"(\S+) (working days?|calendar days?|days?|weeks?|months?|years?|hours?|minutes?)", term
    )
    if not m:
        return False
    number, unit = m.group(1), m.group(2).rstrip("s")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.lstrip().startswith("|") or number not in cells:
            continue
        start = i
        while start > 0 and lines[start - 1].lstrip().startswith("|"):
            start -= 1
        header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
        column = cells.index(number)
        if column < len(header) and unit in header[column].casefold():
            return True
    return False


def missing_terms(point: str, text: str) -> list[str]:
    return [t for t in key_terms(point) if not (contains(text, t) or in_table(text, t))]


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{number}: not JSON ({exc})") from exc
    return out


def structure_errors(
    tasks: list[dict[str, Any]], principals: dict[str, Principal] | None = None
) -> list[str]:
    """The issue's rules on categories, dimensions and refusal flags, task by task."""
    errors: list[str] = []
    for t in tasks:
        tid = t.get("id", "?")
        missing = [k for k in REQUIRED if k not in t]
        extra = sorted(set(t) - ALLOWED)
        if missing or extra:
            errors.append(f"{tid}: missing keys {missing}, unknown keys {extra}")
            continue
        cat, dims, refuse = t["category"], t["dimensions"], t["should_refuse"]
        if cat not in CATEGORIES:
            errors.append(f"{tid}: unknown category {cat!r}")
            continue
        if cat in ALWAYS_REFUSE and not refuse:
            errors.append(f"{tid}: {cat} tasks must set should_refuse")
        if cat in NEVER_REFUSE and refuse:
            errors.append(f"{tid}: {cat} tasks are answerable (should_refuse false)")
        if cat == "adversarial":
            want = ["faithfulness", "correctness", "completeness", "attribution"]
        elif refuse:
            want = REFUSE_DIMS
        else:
            want = ANSWER_DIMS + (["injection"] if cat == "injection" else [])
        if sorted(dims) != sorted(want):
            errors.append(f"{tid}: dimensions {dims} but a {cat} task declares {want}")
        if refuse and t["expected_sources"]:
            errors.append(f"{tid}: a refusal cites nothing, yet expected_sources is set")
        if not refuse and not t["expected_sources"]:
            errors.append(f"{tid}: an answerable task needs expected_sources")
        if not refuse and not t["reference_answer"]:
            errors.append(f"{tid}: an answerable task needs must-have points")
        if cat == "multi_hop" and len(t["expected_sources"]) < 2:
            errors.append(f"{tid}: multi_hop needs two or more expected sources")
        if cat == "permission" and not (t.get("principal") and t.get("forbidden_sources")):
            errors.append(f"{tid}: permission tasks need a principal and forbidden_sources")
        if principals is not None and t.get("principal") and t["principal"] not in principals:
            errors.append(f"{tid}: unknown principal {t['principal']!r}")
    return errors


def split_errors(suite: list[dict[str, Any]], holdout: list[dict[str, Any]]) -> list[str]:
    """Ids and questions are unique across a suite and its held-out file."""
    errors: list[str] = []
    ids = [t["id"] for t in suite + holdout]
    errors += [f"duplicate id {i!r}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    questions = [norm(t["question"]) for t in suite + holdout]
    errors += [
        f"duplicate question {q!r}"
        for q in sorted({q for q in questions if questions.count(q) > 1})
    ]
    return errors


def answer_errors(task: dict[str, Any], corpus: Corpus) -> list[str]:
    """Expected sources exist; each point's key terms are in them; each hop contributes."""
    tid, errors = task["id"], []
    found = []
    for name in task["expected_sources"]:
        doc_id = corpus.find(name)
        if doc_id is None:
            errors.append(f"{tid}: expected source {name!r} not in the source")
        else:
            found.append(doc_id)
    if task["should_refuse"] or errors:
        return errors
    union = "\n".join(corpus.text(d) for d in found)
    for point in task["reference_answer"]:
        if not key_terms(point):
            errors.append(f"{tid}: point {point!r} has no key term to check")
        elif gaps := missing_terms(point, union):
            errors.append(f"{tid}: point {point!r}: {gaps} not in {task['expected_sources']}")
    if task["category"] == "multi_hop":
        for doc_id in found:
            if not any(not missing_terms(p, corpus.text(doc_id)) for p in task["reference_answer"]):
                errors.append(f"{tid}: no must-have point comes from {doc_id!r} (not a real hop)")
    return errors


def verbatim_errors(task: dict[str, Any], corpus: Corpus) -> list[str]:
    """Each must-have point of an answerable task is quoted word for word from an expected source."""
    if task["should_refuse"]:
        return []
    texts = [corpus.text(d) for n in task["expected_sources"] if (d := corpus.find(n))]
    return [
        f"{task['id']}: point {point!r} is not verbatim in {task['expected_sources']}"
        for point in task["reference_answer"]
        if not any(contains(text, point) for text in texts)
    ]


def bridge_errors(task: dict[str, Any], corpus: Corpus) -> list[str]:
    """A bridge: the question names the first fact only; the first document gives the link
    (the bridge point), the second gives the answer, and the first alone does not answer."""
    if task["category"] != "multi_hop":
        return []
    tid = task["id"]
    points, sources = task["reference_answer"], task["expected_sources"]
    if len(points) != 2 or len(sources) != 2:
        return [f"{tid}: a bridge has two points [bridge, answer] and two documents"]
    (bridge, answer), (first, second) = points, [corpus.find(n) for n in sources]
    if first is None or second is None:
        return []  # answer_errors reports the missing source
    errors = []
    if not contains(corpus.text(first), bridge):
        errors.append(f"{tid}: bridge {bridge!r} is not in the first document {first!r}")
    if not contains(corpus.text(second), answer):
        errors.append(f"{tid}: answer {answer!r} is not in the second document {second!r}")
    if contains(corpus.text(first), answer):
        errors.append(f"{tid}: the first document {first!r} already holds the answer (no hop)")
    for name, point in (("bridge", bridge), ("answer", answer)):
        if contains(task["question"], point):
            errors.append(f"{tid}: the question names the {name} {point!r}")
    return errors


def absent_errors(
    tid: str, terms: Iterable[str | list[str]], corpus: Corpus, where: str
) -> list[str]:
    """No document holds the true answer: a term, or a list of terms that would co-occur."""
    errors = []
    for term in terms:
        group = [term] if isinstance(term, str) else list(term)
        hits = [d for d, (_, text, _) in corpus.docs.items()
                if all(contains(text, t) for t in group)]  # fmt: skip
        if hits:
            errors.append(f"{tid}: unanswerable, yet {group} appear in {where} {hits[:3]}")
    return errors


# ---------------------------------------------------------------- collections (docs:)


def load_docs(root: Path) -> Corpus:
    """Every file of a docs folder through the product's own loader and front-matter parser."""
    corpus = Corpus()
    root = root.resolve()
    manifests = Manifests()
    for path in walk(root, root).files:
        try:
            doc = load_file(path, root, manifest=manifests)
        except SkipFile:
            continue
        corpus.docs[doc.doc_id] = (doc.title, doc.text, doc.access)
    return corpus


def load_principals(path: Path) -> dict[str, Principal]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): Principal.model_validate(v) for k, v in data.items()}


def access_errors(
    task: dict[str, Any],
    corpus: Corpus,
    principals: dict[str, Principal],
    checks: dict[str, Any],
) -> list[str]:
    """Who may read what: expected readable, forbidden unreadable but readable by someone."""
    tid, errors = task["id"], []
    who = principals.get(task.get("principal") or "")
    if task.get("principal") and who is None:
        return [f"{tid}: unknown principal {task['principal']!r}"]
    for name in task["expected_sources"]:
        doc_id = corpus.find(name)
        if doc_id and not can_read(corpus.docs[doc_id][2], who):
            errors.append(f"{tid}: principal {task.get('principal')} cannot read expected {doc_id}")
    for name in task.get("forbidden_sources", []):
        doc_id = corpus.find(name)
        if doc_id is None:
            errors.append(f"{tid}: forbidden source {name!r} not in the collection")
            continue
        access = corpus.docs[doc_id][2]
        if can_read(access, who):
            errors.append(f"{tid}: principal {task.get('principal')} CAN read forbidden {doc_id}")
        readers = [n for n, p in principals.items() if can_read(access, p)]
        if not readers:
            errors.append(f"{tid}: nobody in principals.json can read {doc_id}")
    if task["category"] == "permission":
        hidden = checks.get("hidden_terms", {}).get(tid)
        if not hidden:
            errors.append(f"{tid}: checks.json names no hidden_terms for this permission task")
        forbidden = [corpus.find(n) for n in task.get("forbidden_sources", [])]
        forbidden_text = "\n".join(corpus.text(d) for d in forbidden if d)
        for term in hidden or []:
            if not contains(forbidden_text, term):
                errors.append(f"{tid}: hidden answer {term!r} is not in the forbidden document")
            leaks = [d for d, (_, text, acc) in corpus.docs.items()
                     if can_read(acc, who) and contains(text, term)]  # fmt: skip
            if leaks:
                errors.append(
                    f"{tid}: hidden answer {term!r} is readable by the principal in {leaks}"
                )
    return errors


def trap_errors(task: dict[str, Any], corpus: Corpus, principals: dict[str, Principal],
                checks: dict[str, Any]) -> list[str]:  # fmt: skip
    """The wrong neighbour exists, the principal can read it, and it says something else."""
    tid = task["id"]
    neighbour = checks.get("trap_docs", {}).get(tid)
    if not neighbour:
        return [f"{tid}: checks.json names no trap_docs neighbour"]
    doc_id = corpus.find(neighbour)
    if doc_id is None:
        return [f"{tid}: trap neighbour {neighbour!r} not in the collection"]
    errors = []
    if not can_read(corpus.docs[doc_id][2], principals.get(task.get("principal") or "")):
        errors.append(f"{tid}: the principal cannot read trap neighbour {doc_id} (no trap)")
    text = corpus.text(doc_id)
    if all(not missing_terms(p, text) for p in task["reference_answer"]):
        errors.append(f"{tid}: trap neighbour {doc_id} also holds every point (no trap)")
    return errors


def check_collection(folder: Path) -> tuple[list[str], dict[str, int]]:
    """All checks for a collection battery: tasks.jsonl + holdout.jsonl over docs/."""
    principals = load_principals(folder / "principals.json")
    checks = json.loads((folder / "checks.json").read_text(encoding="utf-8"))
    corpus = load_docs(folder / "docs")
    suite, holdout = load_jsonl(folder / "tasks.jsonl"), load_jsonl(folder / "holdout.jsonl")
    extra = [t for path in sorted(folder.glob(EXTRA)) for t in load_jsonl(path)]
    errors = structure_errors(suite + holdout + extra, principals)
    errors += split_errors(suite, holdout + extra)
    for task in suite + holdout + extra:
        if task.get("source") != "docs:docs":
            errors.append(f"{task['id']}: collection tasks use source docs:docs")
        errors += answer_errors(task, corpus)
        if folder.name in VERBATIM or task in extra:
            errors += verbatim_errors(task, corpus)
        if folder.name in BRIDGES or task in extra:
            errors += bridge_errors(task, corpus)
        errors += access_errors(task, corpus, principals, checks)
        if task["category"] == "trap":
            errors += trap_errors(task, corpus, principals, checks)
        if task["category"] == "unanswerable":
            terms = checks.get("absent_terms", {}).get(task["id"])
            if not terms:
                errors.append(f"{task['id']}: checks.json names no absent_terms")
            errors += absent_errors(task["id"], terms or [], corpus, "the collection")
    stats = {"documents": len(corpus.docs), "tasks": len(suite), "holdout": len(holdout),
             "extra": len(extra)}  # fmt: skip
    return errors, stats


# ---------------------------------------------------------------- Wikipedia suite (zim:, docs:)


def zim_path(evals: Path, spec: str) -> Path:
    return (evals / spec.partition(":")[2]).resolve()


def load_zim(path: Path) -> Corpus:
    """Every HTML article of a ZIM file, full text, through the product's ZimSource."""
    from libzim.reader import Archive

    from wikiqa.sources.zim import ZimSource

    archive, source, corpus = Archive(str(path)), ZimSource(path), Corpus()

    async def read_all() -> None:
        for i in range(archive.all_entry_count):
            entry = archive._get_entry_by_id(i)
            if entry.is_redirect or not entry.get_item().mimetype.startswith("text/html"):
                continue
            try:
                doc = await source.fetch(entry.path, full=True)
            except (DocumentNotFound, SourceUnavailable):  # the main page, odd entries
                continue
            corpus.docs.setdefault(doc.doc_id, (doc.title, doc.text, None))

    asyncio.run(read_all())
    return corpus


def check_wikipedia(evals: Path) -> tuple[list[str], dict[str, int], list[str]]:
    """suite.jsonl + holdout.jsonl: structure always; text checks for sources present."""
    checks = json.loads((evals / "checks.json").read_text(encoding="utf-8"))
    suite, holdout = load_jsonl(evals / "suite.jsonl"), load_jsonl(evals / "holdout.jsonl")
    errors = structure_errors(suite + holdout) + split_errors(suite, holdout)
    skipped: list[str] = []
    corpora: dict[str, Corpus | None] = {}
    for spec in sorted({t.get("source", "") for t in suite + holdout}):
        kind = spec.partition(":")[0]
        path = zim_path(evals, spec)
        if kind == "zim":
            corpora[spec] = load_zim(path) if path.is_file() else None
        elif kind == "docs":
            corpora[spec] = load_docs(path)
        else:
            errors.append(f"source {spec!r}: the offline suite uses zim: or docs: sources")
        if corpora.get(spec) is None and kind == "zim":
            skipped.append(f"{spec}: {path} absent; text checks skipped")
    for task in suite + holdout:
        corpus = corpora.get(task.get("source", ""))
        if corpus is None:
            continue
        errors += answer_errors(task, corpus)
        if task["category"] == "unanswerable" and task["id"] not in checks.get("absent_terms", {}):
            errors.append(f"{task['id']}: checks.json names no absent_terms")
        errors += absent_errors(task["id"], checks.get("absent_terms", {}).get(task["id"], []),
                                corpus, "the source")  # fmt: skip
        planted = checks.get("planted", {}).get(task["id"])
        if task["category"] == "injection":
            texts = [corpus.text(d) for n in task["expected_sources"] if (d := corpus.find(n))]
            if not planted or not any(norm(planted) in norm(t) for t in texts):
                errors.append(f"{task['id']}: no planted instruction found in the expected source")
    stats = {"tasks": len(suite), "holdout": len(holdout)}
    return errors, stats, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evals", type=Path, default=Path(__file__).resolve().parents[1] / "evals")
    args = parser.parse_args(argv)
    failed = False
    errors, stats, skipped = check_wikipedia(args.evals)
    for line in skipped:
        print(f"SKIP {line}")
    print(
        f"wikipedia suite: {stats['tasks']} tasks + {stats['holdout']} held out, {len(errors)} errors"
    )
    for line in errors:
        print(f"  {line}")
    failed |= bool(errors)
    for name in COLLECTIONS:
        errors, stats = check_collection(args.evals / name)
        print(f"{name}: {stats['documents']} documents, {stats['tasks']} tasks + "
              f"{stats['holdout']} held out, {stats['extra']} extra, {len(errors)} errors")  # fmt: skip
        for line in errors:
            print(f"  {line}")
        failed |= bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
