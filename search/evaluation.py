"""The search evaluation: the project's own questions (tests/search/eval/<lang>.yaml)
with the entry ids that answer them, scored as recall@1, recall@3 and MRR.

Used by ``bench/search_eval.py`` (figures, baseline, latency) and by the tests
(the thresholds). A question is answered at rank k when the k-th hit is one of its
ids; a question marked ``expect: none`` passes when no answer card is shown.

A set's file stays as its readers wrote it (its sha256 is the record that it was written
before a change). When an entry added later answers a question a set marks unanswerable,
``tests/search/answered_since.yaml`` says so, with the entry and the round it came in, and
the question is scored as answerable by that entry: a card for it is then right, not a card
on a question nothing answers.
"""
from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

EVAL_DIR = Path(__file__).resolve().parent.parent / "tests" / "search" / "eval"
ANSWERED_SINCE = EVAL_DIR.parent / "answered_since.yaml"


KINDS = ("answerable", "paraphrase", "other-language", "unanswerable")


@dataclass(frozen=True)
class Question:
    q: str
    ids: tuple[str, ...]  # empty: nothing answers it
    game: str | None = None  # the game page the question is asked from, if any
    kind: str = "answerable"  # answerable, paraphrase, other-language or unanswerable (KINDS)
    q_lang: str | None = None  # the language the question is typed in, when not the page's

    @property
    def unanswerable(self) -> bool:
        return not self.ids


def set_name(folder: Path) -> str:
    """The name a set goes by: its folder's, "main" for the main set."""
    return "main" if folder.resolve() == EVAL_DIR.resolve() else folder.name


@cache  # read once: every set of every language asks it
def answered_since(path: Path = ANSWERED_SINCE) -> dict[tuple[str, str, str], tuple[str, ...]]:
    """(set, lang, question) -> the ids of the entries added since that answer it."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    out = {}
    for item in (data or {}).get("questions", []):
        ids = tuple(item["ids"])
        if not ids or not item.get("added"):
            raise ValueError(f"{path.name}: {item['q']!r} needs ids and the round they were added in")
        out[(item["set"], item["lang"], item["q"])] = ids
    return out


def load_eval_set(lang: str, folder: Path = EVAL_DIR) -> list[Question]:
    data = yaml.safe_load((folder / f"{lang}.yaml").read_text(encoding="utf-8"))
    if data.get("lang") != lang:
        raise ValueError(f"{lang}.yaml declares lang {data.get('lang')!r}")
    since = answered_since()
    out = []
    for item in data["questions"]:
        kind = item.get("kind") or ("unanswerable" if item.get("expect") == "none" else "answerable")
        if kind not in KINDS:
            raise ValueError(f"{lang}: unknown kind {kind!r} ({item['q']!r})")
        later = since.get((set_name(folder), lang, item["q"]))
        if later and kind == "unanswerable":  # an entry added since answers it
            out.append(Question(item["q"], later, item.get("game"), "answerable", item.get("q_lang")))
        elif item.get("expect") == "none" or kind == "unanswerable":
            out.append(Question(item["q"], (), item.get("game"), "unanswerable", item.get("q_lang")))
        else:
            ids = tuple(item["ids"])
            if not ids:
                raise ValueError(f"{lang}: question without ids: {item['q']!r}")
            out.append(Question(item["q"], ids, item.get("game"), kind, item.get("q_lang")))
    return out


def eval_set_sha256(folder: Path = EVAL_DIR) -> dict[str, str]:
    """sha256 of each file, and of all of them in name order ("all")."""
    out, total = {}, hashlib.sha256()
    for path in sorted(folder.glob("*.yaml")):
        data = path.read_bytes()
        out[path.stem] = hashlib.sha256(data).hexdigest()
        total.update(data)
    out["all"] = total.hexdigest()
    return out


@dataclass
class Scores:
    lang: str
    system: str
    questions: int = 0  # answerable ones
    at1: int = 0
    at3: int = 0
    rr: float = 0.0
    strict_at1: int = 0  # the first-listed (most wanted) id first
    unanswerable: int = 0
    no_card: int = 0  # unanswerable questions with no answer card
    flagged: int = 0  # unanswerable questions with no_answer set
    cards: int = 0  # answerable questions that got an answer card
    right_cards: int = 0  # ... and the card was one of the question's ids
    read_as: int = 0  # other-language questions whose language was read right (query_lang)
    other_lang: int = 0  # questions typed in another language than the page's
    latencies_ms: list[float] = field(default_factory=list)
    misses: list[tuple[str, tuple[str, ...], list[str]]] = field(default_factory=list)

    @property
    def recall1(self) -> float:
        return self.at1 / self.questions if self.questions else 0.0

    @property
    def recall3(self) -> float:
        return self.at3 / self.questions if self.questions else 0.0

    @property
    def mrr(self) -> float:
        return self.rr / self.questions if self.questions else 0.0

    def add(self, question: Question, ranked: list[str]) -> None:
        self.questions += 1
        for rank, entry_id in enumerate(ranked[:10], 1):
            if entry_id in question.ids:
                self.rr += 1.0 / rank
                self.at1 += rank == 1
                self.at3 += rank <= 3
                break
        self.strict_at1 += bool(ranked) and ranked[0] == question.ids[0]
        if not ranked or ranked[0] not in question.ids:
            self.misses.append((question.q, question.ids, ranked[:3]))


def _count(scores: Scores, question: Question, result) -> None:
    if question.q_lang:
        scores.other_lang += 1
        scores.read_as += getattr(result, "query_lang", None) == question.q_lang
    if question.unanswerable:
        scores.unanswerable += 1
        scores.no_card += result.answer is None
        scores.flagged += result.no_answer
    else:
        scores.add(question, [h.id for h in result.hits])
        if result.answer:
            scores.cards += 1
            scores.right_cards += result.answer in question.ids


def evaluate(searcher, lang: str, questions: list[Question] | None = None, repeat: int = 1,
             by_kind: dict[str, Scores] | None = None) -> Scores:
    """Our search over one language's questions, asked from that language's page
    (timings in-process, after one warm-up query). With ``by_kind``, also counted per
    kind of question (kind -> Scores, filled in)."""
    questions = questions if questions is not None else load_eval_set(lang)
    scores = Scores(lang, "search")
    searcher.search(questions[0].q, lang)
    for i in range(repeat):
        for question in questions:
            started = time.perf_counter()
            result = searcher.search(question.q, lang, game=question.game, limit=10)
            scores.latencies_ms.append((time.perf_counter() - started) * 1000)
            if i:
                continue
            _count(scores, question, result)
            if by_kind is not None:
                _count(by_kind.setdefault(question.kind, Scores(lang, question.kind)), question, result)
    return scores


# --- the baseline: SQLite FTS5, default tokenizer, query words OR-ed ----------------------------


class Fts5Baseline:
    """The same texts in an SQLite FTS5 table per language (default unicode61 tokenizer,
    bm25 ranking); a question's words are quoted and OR-ed."""

    def __init__(self, site, langs) -> None:
        from .documents import documents

        self.db = sqlite3.connect(":memory:")
        for lang in langs:
            self.db.execute(f"CREATE VIRTUAL TABLE docs_{lang} USING fts5(id UNINDEXED, game UNINDEXED, "
                            "title, body)")
            rows = [(d.id, d.game, d.title, "\n".join(x for x in (d.answer, d.body) if x))
                    for d in documents(site, lang)]
            self.db.executemany(f"INSERT INTO docs_{lang} VALUES (?, ?, ?, ?)", rows)

    def search(self, q: str, lang: str, game: str | None = None, limit: int = 10) -> list[str]:
        import re

        words = [w for w in re.findall(r"\w+", q)]
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        sql = f"SELECT id FROM docs_{lang} WHERE docs_{lang} MATCH ?"
        args: list = [match]
        if game:
            sql += " AND game = ?"
            args.append(game)
        sql += " ORDER BY bm25(docs_" + lang + ") LIMIT ?"
        args.append(limit)
        return [row[0] for row in self.db.execute(sql, args)]


def evaluate_baseline(baseline: Fts5Baseline, lang: str, questions: list[Question] | None = None) -> Scores:
    questions = questions if questions is not None else load_eval_set(lang)
    scores = Scores(lang, "fts5")
    for question in questions:
        started = time.perf_counter()
        ranked = baseline.search(question.q, lang, game=question.game)
        scores.latencies_ms.append((time.perf_counter() - started) * 1000)
        if question.unanswerable:
            scores.unanswerable += 1
        else:
            scores.add(question, ranked)
    return scores


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def check_coverage(site, lang: str, questions: list[Question], rules_per_game: int = 10) -> list[str]:
    """Problems with an evaluation set: unknown ids, FAQ entries without a question,
    games with fewer than ``rules_per_game`` rules asked about, fewer than five
    unanswerable questions."""
    problems = []
    asked_first = {q.ids[0] for q in questions if q.ids}
    for q in questions:
        for entry_id in q.ids:
            if entry_id not in site.entries:
                problems.append(f"{lang}: unknown id {entry_id} ({q.q!r})")
    for game in site.games.values():
        for entry in game.faq:
            if entry.id not in asked_first:
                problems.append(f"{lang}: no question for {entry.id}")
        rules = {e.id for e in game.rules} & asked_first
        if len(rules) < rules_per_game:
            problems.append(f"{lang}: only {len(rules)} rules of {game.id} asked about")
    if sum(q.unanswerable for q in questions) < 5:
        problems.append(f"{lang}: fewer than five unanswerable questions")
    return problems
