"""More content, made from today's: N times the games, each copy a new game.

    from bench.scale_content import scaled_site
    site = scaled_site(load_site(), factor=10)     # today's 3 games and 27 new ones

A copy of a game gets a new id (``<game>-<k>``), a new made-up name (the same in every
language, as Deductio's), new entry ids, and texts recombined from the original game's in
the same language: each entry keeps its title (games share titles such as "Scoring") and
its body's paragraphs, to which a paragraph of another entry of the game is added, in a
seeded order; its phrasings are a seeded half of the original's. Links and ``related``
ids point into the copy. Glossary, synonyms and sections are the original game's. Nothing
is written to content/: the site lives in memory, and ``search.build`` indexes it on disk
as in production.
"""
from __future__ import annotations

import random
import re
from dataclasses import replace

from content.model import LANGS, Entry, Game, SearchWords, Site

SYLLABLES = ("ka", "lo", "mi", "ra", "te", "su", "vo", "ni", "da", "pe", "ru", "zo", "bi", "ha", "ge", "fa")
LINK = re.compile(r"\[\[([^\]]*)\]\]")


def made_up_name(n: int) -> str:
    """A pronounceable name per number, no two alike (Kalomi, Raterusu ...)."""
    parts = []
    n += len(SYLLABLES)  # at least two syllables
    while n:
        n, r = divmod(n, len(SYLLABLES))
        parts.append(SYLLABLES[r])
    return "".join(parts).capitalize() + "x"


def _copy_game(game: Game, k: int, number: int, rng: random.Random) -> Game:
    new_id = f"{game.id}-{k}"
    name = made_up_name(number)

    def move(entry_id: str) -> str:
        return new_id + entry_id[len(game.id):] if entry_id.startswith(game.id + ".") else entry_id

    def relink(text: str) -> str:
        return LINK.sub(lambda m: f"[[{move(m.group(1))}]]", text)

    entries = []
    for entry in game.entries:
        texts = {}
        for lang in LANGS:
            text = entry.texts[lang]
            other = rng.choice(game.entries).texts[lang]
            paragraphs = [p for p in text.body.split("\n\n") if p.strip()]
            extra = [p for p in other.body.split("\n\n") if p.strip()]
            if extra and other is not text:
                paragraphs.insert(rng.randrange(len(paragraphs) + 1), rng.choice(extra))
            phrasings = tuple(p for p in text.phrasings if rng.random() < 0.5) or text.phrasings[:1]
            texts[lang] = replace(text, body=relink("\n\n".join(paragraphs)),
                                  ruling=relink(text.ruling) if text.ruling else None, phrasings=phrasings)
        entries.append(Entry(id=move(entry.id), game=new_id, kind=entry.kind, section=entry.section,
                             order=entry.order, check=entry.check, sources=entry.sources,
                             related=tuple(move(r) for r in entry.related), texts=texts))
    return Game(id=new_id, players=game.players, sections=game.sections, names={lang: name for lang in LANGS},
                overviews=dict(game.overviews), goals=dict(game.goals), section_titles=game.section_titles,
                entries=entries, glossary=game.glossary, search=SearchWords(synonyms=game.search.synonyms),
                engine=game.engine)


def scaled_site(site: Site, factor: int, seed: int = 7) -> Site:
    """Today's games and ``factor - 1`` copies of each (``factor`` times the content)."""
    rng = random.Random(seed)
    games = dict(site.games)
    for k in range(1, factor):
        for i, game in enumerate(site.games.values()):
            copy = _copy_game(game, k, k * len(site.games) + i, rng)
            games[copy.id] = copy
    entries = {e.id: e for g in games.values() for e in g.entries}
    return Site(games=games, entries=entries, sources=site.sources, source_names=site.source_names,
                source_langs=site.source_langs)
