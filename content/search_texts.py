"""The texts the search reads beside an entry's own, each in files of their own so that
writers of the games' texts and of these never touch the same file:

- ``text/<lang>/answers.yaml``, key ``summaries``: a rule's answer in one sentence, what an
  answer card says first when a rule answers the question. A translation of the English
  like every text (``content/versions.py`` tracks it as ``<id>:summary``). A game gives
  one for every rule in every language, or none.
- ``text/<lang>/phrasings.yaml``, key ``phrasings``: per entry, how players ask for it at
  the table in that language (everyday names and slang for the cards and actions,
  descriptions instead of names, situations instead of rule titles). Each language's own,
  not a translation: versions do not track them. Each records where it comes from:
  ``common`` (a term in common use at tables), ``seed 004#L3`` (a seed text, checked like
  any citation) or ``review: <the finding>``.

The loader calls ``attach`` once a game's entries are built.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .errors import ContentError
from .model import LANGS, Game, Phrasing

SUMMARY_MAX = 240  # characters: one sentence
PHRASING_MAX = 120
SOURCE = re.compile(r"^(common|seed \d{3}#L\d+(?:-\d+)?|review: \S.*)$")


def _one_line(value, path: Path, entry_id: str, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(path, entry_id, f"missing or empty {what}")
    value = " ".join(value.split())
    if len(value) > limit:
        raise ContentError(path, entry_id, f"{what} is longer than {limit} characters")
    return value


def _summaries(merged: dict, where: dict, folder: Path, game: Game) -> dict[str, str]:
    raw = merged.get("summaries")
    if raw is None:
        return {}
    path = where.get("summaries", folder)
    if not isinstance(raw, dict):
        raise ContentError(path, None, "summaries must map rule ids to one sentence")
    kinds = {e.id: e.kind for e in game.entries}
    out = {}
    for entry_id, text in raw.items():
        if kinds.get(entry_id) != "rule":
            raise ContentError(path, str(entry_id), "a summary is for a rule of this game "
                               "(an FAQ entry has its short answer)")
        out[entry_id] = _one_line(text, path, entry_id, "summary", SUMMARY_MAX)
    return out


def _phrasings(merged: dict, where: dict, folder: Path, game: Game,
               check_source: Callable[[str, Path, str], None]) -> dict[str, tuple[Phrasing, ...]]:
    raw = merged.get("phrasings")
    if raw is None:
        return {}
    path = where.get("phrasings", folder)
    if not isinstance(raw, dict):
        raise ContentError(path, None, "phrasings must map entry ids to lists of {say, from}")
    known = {e.id for e in game.entries}
    out = {}
    for entry_id, items in raw.items():
        if entry_id not in known:
            raise ContentError(path, str(entry_id), "phrasings for an id the game does not have")
        if not isinstance(items, list) or not items:
            raise ContentError(path, entry_id, "phrasings: a non-empty list of {say, from}")
        seen: set[str] = set()
        found = []
        for item in items:
            if not isinstance(item, dict) or set(item) != {"say", "from"}:
                raise ContentError(path, entry_id, "each phrasing is {say: the words, from: their source}")
            text = _one_line(item["say"], path, entry_id, "phrasing", PHRASING_MAX)
            source = item["from"]
            if not isinstance(source, str) or not SOURCE.match(source):
                raise ContentError(path, entry_id, f"phrasing {text!r}: from must be 'common', "
                                   f"'seed 000#L1' or 'review: ...', not {source!r}")
            if source.startswith("seed "):
                check_source(source[5:], path, entry_id)
            if text.casefold() in seen:
                raise ContentError(path, entry_id, f"phrasing {text!r} given twice")
            seen.add(text.casefold())
            found.append(Phrasing(text=text, source=source))
        out[entry_id] = tuple(found)
    return out


def attach(folder: Path, game: Game, texts: dict[str, tuple[dict, dict]],
           check_source: Callable[[str, Path, str], None]) -> None:
    """Validate a game's summaries and phrasings in every language and put them on its
    entries' texts. ``texts`` is lang -> (merged text files, key or id -> file)."""
    summaries = {}
    for lang in LANGS:
        merged, where = texts[lang]
        summaries[lang] = _summaries(merged, where, folder / "text" / lang, game)
        phrasings = _phrasings(merged, where, folder / "text" / lang, game, check_source)
        for entry in game.entries:
            text = entry.texts[lang]
            entry.texts[lang] = replace(text, summary=summaries[lang].get(entry.id),
                                        phrasings=phrasings.get(entry.id, ()))
    if any(summaries.values()):
        for entry in game.rules:
            missing = [lang for lang in LANGS if entry.id not in summaries[lang]]
            if missing:
                raise ContentError(folder / "text", entry.id, f"no summary in {', '.join(missing)} "
                                   "(a game gives every rule one in every language, or none)")
