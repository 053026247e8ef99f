"""The lexical search looks for the policy's word for an everyday wording ("holiday" and
"annual leave"), so the policy, not a neighbour sharing the everyday word, ranks first."""

from __future__ import annotations

from pathlib import Path

from store_helpers import write

from wikiqa.store.indexer import index_path
from wikiqa.store.schema import fts_query, search_words
from wikiqa.store.sqlite import SqliteStore
from wikiqa.text.paraphrase import named_groups, policy_words

CORPUS = {
    "holidays.md": "---\ntitle: Public Holidays\n---\n# Public Holidays\n\nThe office closes "
    "on 8 public holidays: New Year's Day, Good Friday and the other holidays of the year.\n",
    "leave.md": "---\ntitle: Annual Leave\n---\n# Annual Leave\n\nEveryone gets 25 days of "
    "annual leave a year, booked with your manager.\n",
    "expenses.md": "---\ntitle: Expenses\n---\n# Expenses\n\nCosts are reimbursed within a "
    "month of the claim.\n",
    "returns.md": "---\ntitle: Shop Returns\n---\n# Shop Returns\n\nCustomers who bring an "
    "item back within a month get their money at the till.\n",
}


def test_everyday_wording_finds_the_policy(tmp_path: Path) -> None:
    for name, text in CORPUS.items():
        write(tmp_path / "docs", name, text)
    store = SqliteStore.create(tmp_path / "c.sqlite")
    index_path(store, tmp_path / "docs")
    for query, policy in [
        ("How many days of holiday do I get?", "leave.md"),
        ("When will I be paid back?", "expenses.md"),
    ]:
        memory = [h.doc_id for h in store.search(query, 5, None, "lexical")]
        store.lexical_memory_max_chunks = 0  # FTS5 answers the same
        fts = [h.doc_id for h in store.search(query, 5, None, "lexical")]
        store.lexical_memory_max_chunks = 10**9
        assert memory[0] == policy and fts[0] == policy, (query, memory, fts)


def test_policy_words_read_the_longest_wording() -> None:
    assert policy_words("Will I get paid back?")[:1] == ["reimbursed"]
    assert "annual" in policy_words("How much holiday do I get?")
    # "bank holiday" is a public holiday, not annual leave
    assert "annual" not in policy_words("What am I paid for working on a bank holiday?")
    assert len(named_groups(("bank", "holiday"))) == 1
    assert policy_words("What is the capital of France?") == []
    # a stem already asked is not asked twice (BM25 would count it twice)
    words = search_words("Was I dismissed or let go?")
    assert "dismissed" in words and "dismissal" not in words and "fired" in words
    assert '"reimbursed"' in fts_query("paid back")
