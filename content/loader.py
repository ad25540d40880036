"""Reads content/ and proves it whole: the only module that reads YAML.

Every problem stops the load with a ContentError naming the file and the id.
Run `python -m content.loader` to validate the content from the command line.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from .errors import ContentError
from .files import read_yaml
from .model import LANGS, Entry, EntryText, Example, Game, SearchWords, Site, Term, parse_citation
from .search_texts import attach as attach_search_texts
from .tutorial import check_tutorial
from .versions import read_versions, stale

CONTENT_DIR = Path(__file__).resolve().parent
CITATION = re.compile(r"^(\d{3})#L(\d+)(?:-(\d+))?$")
ENGINE = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*")
LINK = re.compile(r"\[\[([^\]]*)\]\]")
ID = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")


def _mapping(value, path: Path, what: str, entry_id: str | None = None) -> dict:
    if not isinstance(value, dict):
        raise ContentError(path, entry_id, f"{what} must be a mapping")
    return value


def _text(value, path: Path, entry_id: str | None, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(path, entry_id, f"missing or empty {what}")
    return value.strip()


def _ids(value, path: Path, entry_id: str, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ContentError(path, entry_id, f"{what} must be a list of strings")
    return tuple(value)


# --- sources --------------------------------------------------------------------


def load_sources(sources_dir: Path) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str]]:
    """Seed lines, file names and languages, by three-digit prefix."""
    index_path = sources_dir / "sources.yaml"
    index = _mapping(read_yaml(index_path), index_path, "the file")
    lines: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    langs: dict[str, str] = {}
    for path in sorted(sources_dir.glob("*.txt")):
        prefix = path.name[:3]
        about = _mapping(index.get(prefix), index_path, "a source", prefix)
        if about.get("lang") not in LANGS:
            raise ContentError(index_path, prefix, "needs the language of the source")
        lines[prefix] = path.read_text(encoding="utf-8").splitlines()
        names[prefix] = path.name
        langs[prefix] = about["lang"]
    return lines, names, langs


def check_source(source: str, sources: dict[str, list[str]], path: Path, entry_id: str) -> None:
    if source in ("research", "ruling"):
        return
    m = CITATION.match(source)
    if not m:
        raise ContentError(path, entry_id, f"malformed source {source!r} (want 000#L3 or 000#L3-5)")
    prefix, first, last = parse_citation(source)
    if prefix not in sources:
        raise ContentError(path, entry_id, f"source {source!r} names no seed file {prefix}_*")
    lines = sources[prefix]
    if not (1 <= first <= last <= len(lines)):
        raise ContentError(path, entry_id, f"source {source!r} is outside {prefix} (1-{len(lines)})")
    if not any(line.strip() for line in lines[first - 1 : last]):
        raise ContentError(path, entry_id, f"source {source!r} cites only blank lines")


# --- one game ---------------------------------------------------------------------


def _structure(path: Path, key: str, game_id: str, kind: str, sections: tuple[str, ...]) -> list[dict]:
    data = _mapping(read_yaml(path), path, "the file")
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise ContentError(path, None, f"needs a non-empty list {key!r}")
    out = []
    for item in items:
        item = _mapping(item, path, f"each of {key}")
        entry_id = item.get("id")
        if not isinstance(entry_id, str) or not ID.match(entry_id):
            raise ContentError(path, str(entry_id), "malformed or missing id")
        if not entry_id.startswith(game_id + "."):
            raise ContentError(path, entry_id, f"id must start with {game_id}.")
        section = entry_id.split(".")[1]
        if kind == "faq" and section != "faq":
            raise ContentError(path, entry_id, "an FAQ id must look like <game>.faq.<name>")
        if section not in sections:
            raise ContentError(path, entry_id, f"section {section!r} is not in the game's sections")
        sources = _ids(item.get("sources"), path, entry_id, "sources")
        if not sources:
            raise ContentError(path, entry_id, "an entry must cite at least one source")
        out.append(
            {
                "id": entry_id,
                "section": section,
                "kind": kind,
                "check": bool(item.get("check", False)),
                "sources": sources,
                "related": _ids(item.get("related"), path, entry_id, "related"),
            }
        )
    return out


def _language_texts(folder: Path) -> tuple[dict, dict[str, Path]]:
    """Merge text/<lang>/*.yaml; a top-level key or an entry id may appear in one file only."""
    if not folder.is_dir():
        raise ContentError(folder, None, "missing translation folder")
    merged: dict = {}
    where: dict[str, Path] = {}
    for path in sorted(folder.glob("*.yaml")):
        data = _mapping(read_yaml(path) or {}, path, "the file")
        for key, value in data.items():
            if key == "entries":
                for entry_id, text in _mapping(value, path, "entries").items():
                    if entry_id in merged.setdefault("entries", {}):
                        raise ContentError(path, entry_id, f"text given twice (also in {where[entry_id].name})")
                    merged["entries"][entry_id] = text
                    where[entry_id] = path
            elif key in merged:
                raise ContentError(path, None, f"key {key!r} given twice (also in {where[key].name})")
            else:
                merged[key] = value
                where[key] = path
    return merged, where


def _entry_text(raw, path: Path, entry_id: str, kind: str, is_ruling: bool) -> EntryText:
    raw = _mapping(raw, path, "an entry's text", entry_id)
    title = _text(raw.get("question" if kind == "faq" else "title"), path, entry_id,
                  "question" if kind == "faq" else "title")
    answer = raw.get("answer")
    if kind == "faq" and answer is not None:
        answer = _text(answer, path, entry_id, "answer")
    elif kind == "rule" and answer is not None:
        raise ContentError(path, entry_id, "a rule has no short answer")
    ruling = raw.get("ruling")
    if is_ruling:
        ruling = _text(ruling, path, entry_id, "ruling (the entry's sources include 'ruling')")
    elif ruling is not None:
        raise ContentError(path, entry_id, "a ruling text needs 'ruling' among the entry's sources")
    return EntryText(title=title, body=_text(raw.get("body"), path, entry_id, "body"),
                     answer=answer, ruling=ruling)


def _glossary(raw, path: Path) -> dict[str, Term]:
    out = {}
    for key, item in _mapping(raw or {}, path, "glossary").items():
        item = _mapping(item, path, "a glossary term", key)
        match = _ids(item.get("match"), path, key, "match")
        if not match:
            raise ContentError(path, key, "a glossary term needs at least one 'match' word start")
        out[key] = Term(term=_text(item.get("term"), path, key, "term"), match=match,
                        wrong=_ids(item.get("wrong"), path, key, "wrong"))
    return out


def _five_languages(table: dict, path: Path, key: str) -> None:
    for lang in LANGS:
        _text(table.get(lang), path, key, f"{lang} text")


def load_game(folder: Path, sources: dict[str, list[str]]) -> Game:
    game_path = folder / "game.yaml"
    head = _mapping(read_yaml(game_path), game_path, "the file")
    game_id = head.get("id")
    if game_id != folder.name:
        raise ContentError(game_path, None, f"id {game_id!r} must equal the folder name {folder.name!r}")
    players = head.get("players")
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, int) for p in players)
            and 1 <= players[0] <= players[1]):
        raise ContentError(game_path, None, "players must be [min, max]")
    engine = head.get("engine", f"engine.{game_id}")  # where the game's code declares itself
    if not (isinstance(engine, str) and ENGINE.fullmatch(engine)):
        raise ContentError(game_path, None, "engine must be a module path, such as engine.<game id>")
    sections = _ids(head.get("sections"), game_path, game_id, "sections")
    if "faq" not in sections:
        raise ContentError(game_path, None, "sections must include faq")

    structure = _structure(game_path, "rules", game_id, "rule", sections)
    faq_path = folder / "faq.yaml"
    structure += _structure(faq_path, "faq", game_id, "faq", sections)
    for item in structure:
        for source in item["sources"]:
            check_source(source, sources, game_path if item["kind"] == "rule" else faq_path, item["id"])

    texts = {lang: _language_texts(folder / "text" / lang) for lang in LANGS}
    game = Game(id=game_id, players=(players[0], players[1]), sections=sections, names={},
                overviews={}, goals={}, section_titles={}, entries=[], glossary={}, engine=engine)
    for lang, (merged, where) in texts.items():
        first = folder / "text" / lang
        game.names[lang] = _text(merged.get("name"), where.get("name", first), None, "name")
        game.overviews[lang] = _text(merged.get("overview"), where.get("overview", first), None, "overview")
        game.goals[lang] = _text(merged.get("goal"), where.get("goal", first), None, "goal")
        titles = _mapping(merged.get("sections") or {}, where.get("sections", first), "sections")
        for section in sections:
            _text(titles.get(section), where.get("sections", first), section, "section title")
        game.section_titles[lang] = {s: titles[s].strip() for s in sections}
        game.glossary[lang] = _glossary(merged.get("glossary"), where.get("glossary", first))
        known = {item["id"] for item in structure}
        for entry_id in merged.get("entries", {}):
            if entry_id not in known:
                raise ContentError(where[entry_id], entry_id, "text for an id the structure does not have")
        game.tutorial_texts[lang] = merged.get("tutorial") or {}

    for order, item in enumerate(structure):
        entry_texts = {}
        for lang, (merged, where) in texts.items():
            raw = merged.get("entries", {}).get(item["id"])
            if raw is None:
                raise ContentError(folder / "text" / lang, item["id"], f"missing {lang} translation")
            entry_texts[lang] = _entry_text(raw, where[item["id"]], item["id"], item["kind"],
                                            "ruling" in item["sources"])
        answered = {lang for lang, t in entry_texts.items() if t.answer}
        if answered and len(answered) != len(LANGS):
            raise ContentError(folder / "text", item["id"],
                               f"short answer given in {sorted(answered)} only")
        game.entries.append(Entry(id=item["id"], game=game_id, kind=item["kind"], section=item["section"],
                                  order=order, check=item["check"], sources=item["sources"],
                                  related=item["related"], texts=entry_texts))

    keys = {lang: set(g) for lang, g in game.glossary.items()}
    if len({frozenset(k) for k in keys.values()}) > 1:
        raise ContentError(folder / "text", None, f"glossary keys differ between languages: {keys}")

    attach_search_texts(folder, game, texts, lambda source, path, entry_id: check_source(source, sources, path, entry_id))
    game.text_files = {lang: {key: path.name for key, path in where.items()} for lang, (_m, where) in texts.items()}
    game.versions = read_versions(folder)
    _load_engine_data(folder, game)
    _load_search_words(folder, game)
    check_tutorial(folder, game)
    return game


def _load_search_words(folder: Path, game: Game) -> None:
    """search.yaml (optional): more spellings of the game's name, per language groups of
    words players use for the same thing in this game, and what players call the game's
    things (its glossary terms) at the table."""
    path = folder / "search.yaml"
    if not path.exists():
        return
    raw = _mapping(read_yaml(path) or {}, path, "the file")
    if set(raw) - {"names", "synonyms", "said"}:
        raise ContentError(path, None, f"unknown keys {sorted(set(raw) - {'names', 'synonyms', 'said'})}")
    known = {n.lower() for n in game.names.values()}
    names = tuple(_text(n, path, "names", "name") for n in _ids(raw.get("names"), path, "names", "names"))
    for name in names:
        if name.lower() in known:
            raise ContentError(path, "names", f"{name!r} is already the game's name or given twice")
        known.add(name.lower())
    synonyms = {}
    for lang, groups in _mapping(raw.get("synonyms") or {}, path, "synonyms").items():
        if lang not in LANGS or not isinstance(groups, list):
            raise ContentError(path, str(lang), f"synonyms: a list of word groups per language ({', '.join(LANGS)})")
        synonyms[lang] = tuple(tuple(_text(w, path, lang, "synonym") for w in _ids(g, path, lang, "a synonym group"))
                               for g in groups)
        if any(len(g) < 2 for g in synonyms[lang]):
            raise ContentError(path, lang, "a synonym group needs at least two words")
    game.search = SearchWords(names=names, synonyms=synonyms, said=_said(raw.get("said"), path, game))


def _said(raw, path: Path, game: Game) -> dict[str, dict[str, tuple[str, ...]]]:
    """said: per language, glossary key -> the words players use for that thing. Each is
    found in a question as a word start (a phrase as its words), so it must be long enough
    not to start every other word, and must not be the term itself (found already)."""
    out = {}
    for lang, table in _mapping(raw or {}, path, "said").items():
        if lang not in LANGS:
            raise ContentError(path, str(lang), f"said: a table per language ({', '.join(LANGS)})")
        out[lang] = {}
        glossary = game.glossary.get(lang, {})
        for key, words in _mapping(table or {}, path, f"said.{lang}").items():
            term = glossary.get(key)
            if term is None:
                raise ContentError(path, lang, f"said: {key!r} is not a glossary term of the game")
            words = tuple(_text(w, path, lang, f"said.{key}") for w in _ids(words, path, lang, f"said.{key}"))
            own = {w.lower() for w in (term.term, *term.match)}
            for word in words:
                if len(word) < (2 if lang == "ko" else 3):
                    raise ContentError(path, lang, f"said.{key}: {word!r} is too short to be found as a word start")
                if word.lower() in own:
                    raise ContentError(path, lang, f"said.{key}: {word!r} is the glossary's own term")
            out[lang][key] = words
    return out


def _load_engine_data(folder: Path, game: Game) -> None:
    path = folder / "examples.yaml"
    if path.exists():
        for raw in read_yaml(path) or []:
            raw = _mapping(raw, path, "an example")
            ex_id = raw.get("id")
            if not isinstance(ex_id, str) or not ex_id.startswith(game.id + ".ex."):
                raise ContentError(path, str(ex_id), f"example id must start with {game.id}.ex.")
            rules = _ids(raw.get("rules"), path, ex_id, "rules")
            if not rules:
                raise ContentError(path, ex_id, "an example must name the rules it demonstrates")
            game.examples.append(Example(id=ex_id, game=game.id, rules=rules, data=raw))
    path = folder / "violations.yaml"
    if path.exists():
        for code, item in _mapping(read_yaml(path) or {}, path, "the file").items():
            item = _mapping(item, path, "a violation", code)
            _five_languages(item, path, code)
            game.violations[code] = item
    path = folder / "labels.yaml"
    if path.exists():
        for group, table in _mapping(read_yaml(path) or {}, path, "the file").items():
            for code, item in _mapping(table, path, group).items():
                _five_languages(_mapping(item, path, f"{group}.{code}"), path, f"{group}.{code}")
            game.labels[group] = table
    path = folder / "tutorial.yaml"
    if path.exists():
        game.tutorial = _mapping(read_yaml(path), path, "the tutorial")


# --- the whole site -----------------------------------------------------------------


def load_site(root: Path | str = CONTENT_DIR) -> Site:
    root = Path(root)
    sources, source_names, source_langs = load_sources(root / "sources")
    games: dict[str, Game] = {}
    entries: dict[str, Entry] = {}
    for folder in sorted(p for p in (root / "games").iterdir() if p.is_dir()):
        game = load_game(folder, sources)
        games[game.id] = game
        for entry in game.entries:
            if entry.id in entries:
                raise ContentError(folder, entry.id, "duplicate id")
            entries[entry.id] = entry
    _check_links(root, games, entries)
    return Site(games=games, entries=entries, sources=sources, source_names=source_names,
                source_langs=source_langs, stale=[s for game in games.values() for s in stale(game)])


def _check_links(root: Path, games: dict[str, Game], entries: dict[str, Entry]) -> None:
    examples: set[str] = set()
    for game in games.values():
        folder = root / "games" / game.id
        for entry in game.entries:
            for rel in entry.related:
                if rel not in entries:
                    raise ContentError(folder, entry.id, f"related id {rel!r} is unknown")
            for lang, text in entry.texts.items():
                for field_text in (text.body, text.ruling or ""):
                    for target in LINK.findall(field_text):
                        if target not in entries:
                            raise ContentError(folder / "text" / lang, entry.id,
                                               f"link [[{target}]] to an unknown id")
        for ex in game.examples:
            if ex.id in examples:
                raise ContentError(folder / "examples.yaml", ex.id, "duplicate example id")
            examples.add(ex.id)
            for rule in ex.rules:
                if rule not in entries:
                    raise ContentError(folder / "examples.yaml", ex.id, f"names an unknown rule {rule!r}")
            refused = ex.data.get("refused")
            if refused is not None and refused not in entries:
                raise ContentError(folder / "examples.yaml", ex.id, f"expects a refusal by unknown rule {refused!r}")
        if game.examples:
            covered = {rule for ex in game.examples for rule in ex.rules}
            for entry in game.rules:
                if entry.check and entry.id not in covered:
                    raise ContentError(folder / "examples.yaml", entry.id, "a checkable rule has no example")
        for code, item in game.violations.items():
            rule = item.get("rule")
            if rule is not None and rule not in entries:
                raise ContentError(folder / "violations.yaml", code, f"names an unknown rule {rule!r}")


def main(argv: list[str]) -> int:
    """Validate the content (a folder may be named; content/ by default). Out-of-date
    translations are listed and fail the check too, until confirmed (content/versions.py)."""
    try:
        site = load_site(argv[0] if argv else CONTENT_DIR)
    except ContentError as e:
        print(f"content error: {e}", file=sys.stderr)
        return 1
    for game in site.games.values():
        print(f"{game.id}: {len(game.rules)} rules, {len(game.faq)} FAQ entries, "
              f"{len(game.examples)} examples, {len(game.violations)} violation texts")
    for item in site.stale:
        print(f"out of date: {item}", file=sys.stderr)
    if site.stale:
        print(f"{len(site.stale)} translations may be out of date: update each, then confirm it with "
              "python -m content.translations confirm LANG ID (see docs/content-format.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
