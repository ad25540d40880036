"""Terminology checks: each glossary term is used, no term marked wrong appears anywhere."""
from __future__ import annotations

import re

from .loader import LINK
from .model import Game, text_leaves

WORD_START = r"(?<![\w])"


def game_texts(game: Game, lang: str) -> list[str]:
    """Every text of a game in one language (links removed: ids are not words)."""
    texts = [game.names[lang], game.overviews[lang], game.goals[lang], *game.section_titles[lang].values()]
    for entry in game.entries:
        t = entry.text(lang)
        texts += [t.title, t.body, t.answer or "", t.ruling or "", t.summary or ""]
    texts += text_leaves(game.tutorial_texts.get(lang, {}))
    for table in [game.violations, *game.labels.values()]:
        texts += [item[lang] for item in table.values() if isinstance(item, dict) and lang in item]
    return [LINK.sub(" ", t) for t in texts]


def occurs(prefix: str, texts: list[str]) -> bool:
    pattern = re.compile(WORD_START + re.escape(prefix.lower()))
    return any(pattern.search(t.lower()) for t in texts)


def unused_terms(game: Game, lang: str) -> list[str]:
    texts = game_texts(game, lang)
    return [f"{key}: {prefix}" for key, term in game.glossary[lang].items()
            for prefix in term.match if not occurs(prefix, texts)]


def wrong_terms(game: Game, lang: str, texts: list[str]) -> list[str]:
    return [f"{key}: {prefix}" for key, term in game.glossary[lang].items()
            for prefix in term.wrong if occurs(prefix, texts)]
