"""Deciding on an answer: whether the top hit is shown as the answer card, whether
nothing scores clearly ("nothing clear"), and the "did you mean" text."""
from __future__ import annotations

from .terms import Group

# The answer card and "nothing clear".
ANSWER_MIN_COVERAGE = 0.6  # the top FAQ entry matches this share of the question
ANSWER_MARGIN = 1.5  # and scores this much more than the best entry that is not related to it
NO_ANSWER_COVERAGE = 0.45  # under this share, nothing scores clearly


def decide(scored: list, related: dict[str, set[str]]) -> tuple[str | None, bool]:
    """(answer card id or None, no_answer), from the ranked (final, confidence, docnum,
    doc) of ``Scoring.rank`` and the entries' ``related`` ids (id -> set of ids)."""
    if not scored:
        return None, True
    final, confidence, _docnum, doc = scored[0]
    no_answer = confidence < NO_ANSWER_COVERAGE
    if doc["kind"] != "faq" or confidence < ANSWER_MIN_COVERAGE or no_answer:
        return None, no_answer
    linked = related.get(doc["id"], set())
    rivals = [s for s in scored[1:] if s[3]["id"] not in linked and doc["id"] not in related.get(s[3]["id"], set())]
    if rivals and final < ANSWER_MARGIN * rivals[0][0]:
        return None, False
    return doc["id"], False


def suggestion(q: str, groups: list[Group]) -> str | None:
    """The question with each word that has a typo correction corrected ("did you
    mean"), keeping a capital first letter; None when no word has one."""
    fixes = [(g.start, g.end, g.correction) for g in groups if g.correction]
    if not fixes:
        return None
    out, pos = [], 0
    for start, end, word in fixes:
        raw = q[start:end]
        if raw[:1].isupper():
            word = word[:1].upper() + word[1:]
        out.append(q[pos:start])
        out.append(word)
        pos = end
    out.append(q[pos:])
    return "".join(out)
