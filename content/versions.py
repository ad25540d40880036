"""Translations that know their source: which version of the English each one was written from.

English is the reference text of every entry, label, sentence and tutorial step. Beside each
game's texts, content/games/<game>/versions/<lang>.yaml records, per text, a digest of the
English it was translated from. When an English text changes, its translations no longer
match their record: the loader lists them as out of date (file, id, language) and
`python -m content.loader` fails, while the site still serves them, marked "may be out of
date" in that language. A translator updates the translation, or finds it still right, and
confirms it, as gettext's fuzzy flag is cleared:

    python -m content.translations status [LANG]            what is out of date
    python -m content.translations confirm LANG ID [ID ...]  record the current English for these ids
    python -m content.translations confirm LANG --all        ... for every text of that language

A text's key is "<id>:<field>": an entry "wizard.play.lead:body", the game's own texts
"game:name" or "game:sections.play", "tutorial:steps.deal.body", "labels:cards.H",
"violations:bad-bid". The id a translator names is the part before the colon.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from .files import read_yaml
from .model import DEFAULT_LANG, LANGS, Game

REFERENCE = DEFAULT_LANG  # English


@dataclass(frozen=True)
class Stale:
    game: str
    lang: str
    key: str
    file: str  # the file that holds the translation, relative to the content folder

    @property
    def id(self) -> str:
        return self.key.partition(":")[0]

    def __str__(self) -> str:
        return f"{self.file}: {self.key} [{self.lang}] may be out of date: the English changed"


def digest(text: str) -> str:
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:12]


def _tree(prefix: str, value, out: dict[str, str]) -> None:
    if isinstance(value, str):
        out[prefix] = value
    elif isinstance(value, (dict, list)):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            _tree(f"{prefix}{k}" if prefix.endswith(":") else f"{prefix}.{k}", v, out)


def texts(game: Game, lang: str) -> dict[str, str]:
    """Every text of a game in one language, by key."""
    out: dict[str, str] = {"game:name": game.names[lang], "game:overview": game.overviews[lang],
                           "game:goal": game.goals[lang]}
    for section, title in game.section_titles[lang].items():
        out[f"game:sections.{section}"] = title
    for key, term in game.glossary.get(lang, {}).items():
        out[f"game:glossary.{key}"] = term.term
    for entry in game.entries:
        text = entry.texts[lang]
        for field in ("title", "body", "answer", "ruling", "summary"):  # phrasings are not translations
            value = getattr(text, field)
            if value:
                out[f"{entry.id}:{field}"] = value
    _tree("tutorial:", game.tutorial_texts.get(lang) or {}, out)
    for group, table in game.labels.items():
        for code, item in table.items():
            if isinstance(item, dict) and isinstance(item.get(lang), str):
                out[f"labels:{group}.{code}"] = item[lang]
    for code, item in game.violations.items():
        if isinstance(item.get(lang), str):
            out[f"violations:{code}"] = item[lang]
    return out


def versions_file(folder: Path, lang: str) -> Path:
    return folder / "versions" / f"{lang}.yaml"


def read_versions(folder: Path) -> dict[str, dict[str, str]]:
    """lang -> key -> the digest of the English that translation was written from."""
    out = {}
    for lang in LANGS:
        path = versions_file(folder, lang)
        if lang != REFERENCE and path.exists():
            out[lang] = {str(k): str(v) for k, v in (read_yaml(path) or {}).items()}
    return out


def _file_of(game: Game, lang: str, key: str) -> str:
    head, _, field = key.partition(":")
    base = f"games/{game.id}"
    if head in ("labels", "violations"):
        return f"{base}/{head}.yaml"
    key = head if head not in ("game", "tutorial") else (field.split(".")[0] if head == "game" else "tutorial")
    name = game.text_files.get(lang, {}).get("summaries" if field == "summary" else key)
    return f"{base}/text/{lang}/{name}" if name else f"{base}/text/{lang}"


def stale(game: Game) -> list[Stale]:
    """Every translation whose recorded English is not the English of now."""
    english = {key: digest(text) for key, text in texts(game, REFERENCE).items()}
    out = []
    for lang in LANGS:
        if lang == REFERENCE:
            continue
        recorded = game.versions.get(lang, {})
        for key in texts(game, lang):
            if key in english and recorded.get(key) != english[key]:
                out.append(Stale(game.id, lang, key, _file_of(game, lang, key)))
    return out


def confirm(folder: Path, game: Game, lang: str, ids: list[str] | None) -> int:
    """Record the current English for this language's texts with these ids (all when None)."""
    english = {key: digest(text) for key, text in texts(game, REFERENCE).items()}
    recorded = dict(game.versions.get(lang, {}))
    changed = 0
    for key in texts(game, lang):
        if key in english and (ids is None or key.partition(":")[0] in ids) and recorded.get(key) != english[key]:
            recorded[key] = english[key]
            changed += 1
    recorded = {k: v for k, v in recorded.items() if k in english}  # texts that are gone
    path = versions_file(folder, lang)
    path.parent.mkdir(exist_ok=True)
    header = (f"# The English each {lang} text was translated from (content/versions.py): a digest per text.\n"
              f"# Written by `python -m content.translations confirm {lang} ...`; do not edit by hand.\n")
    path.write_text(header + yaml.safe_dump(dict(sorted(recorded.items())), allow_unicode=True, width=200),
                    encoding="utf-8")
    game.versions[lang] = recorded
    return changed
