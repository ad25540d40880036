"""The validated rulebook: what the loader builds and every other part reads."""
from __future__ import annotations

from dataclasses import dataclass, field

LANGS = ("lt", "et", "ko", "fi", "en")
DEFAULT_LANG = "en"


@dataclass(frozen=True)
class Phrasing:
    """How players ask for an entry at the table, in one language (text/<lang>/phrasings.yaml)."""

    text: str
    source: str  # "common" (in common use at tables), "seed 004#L3" (a seed text), "review: ..." (a finding)


@dataclass(frozen=True)
class EntryText:
    title: str  # a rule's title, or an FAQ entry's question
    body: str  # Markdown with [[id]] links
    answer: str | None = None  # an FAQ entry's short answer
    ruling: str | None = None  # what the project decided where the sources are silent
    summary: str | None = None  # a rule's answer in one sentence (text/<lang>/answers.yaml)
    phrasings: tuple[Phrasing, ...] = ()  # players' words for it, per language (not translations)

    @property
    def short_answer(self) -> str | None:
        """What an answer card says first: an FAQ entry's short answer, a rule's one sentence."""
        return self.answer or self.summary


@dataclass(frozen=True)
class Entry:
    id: str
    game: str
    kind: str  # "rule" or "faq"
    section: str
    order: int  # reading order within the game
    check: bool
    sources: tuple[str, ...]
    related: tuple[str, ...]
    texts: dict[str, EntryText]

    def text(self, lang: str) -> EntryText:
        return self.texts[lang]

    @property
    def is_ruling(self) -> bool:
        return "ruling" in self.sources

    @property
    def is_research(self) -> bool:
        return "research" in self.sources


@dataclass(frozen=True)
class Term:
    term: str
    match: tuple[str, ...]
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class SearchWords:
    """Words players use for a game and its things that the texts do not (search.yaml)."""

    names: tuple[str, ...] = ()  # spellings of the game's name besides its name in each language
    synonyms: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)  # lang -> word groups
    # lang -> glossary key -> what players call that thing at the table (a question saying it names it)
    said: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Example:
    id: str
    game: str
    rules: tuple[str, ...]
    data: dict  # the example as written; the game's engine reads it


@dataclass
class Game:
    id: str
    players: tuple[int, int]
    sections: tuple[str, ...]
    names: dict[str, str]
    overviews: dict[str, str]
    goals: dict[str, str]
    section_titles: dict[str, dict[str, str]]  # lang -> section id -> title
    entries: list[Entry]  # rules in reading order, then the FAQ
    glossary: dict[str, dict[str, Term]]  # lang -> term id -> term
    examples: list[Example] = field(default_factory=list)
    violations: dict[str, dict] = field(default_factory=dict)  # code -> {rule, lang: sentence}
    labels: dict[str, dict] = field(default_factory=dict)  # group -> code -> {lang: text}
    tutorial: dict | None = None  # structure; texts in tutorial_texts
    tutorial_texts: dict[str, dict] = field(default_factory=dict)  # lang -> key -> text
    search: SearchWords = field(default_factory=SearchWords)  # the game's search vocabulary
    engine: str = ""  # the game's engine package, e.g. "engine.wizard" (its rules, tutorial adapter, site)
    text_files: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> text key or id -> file name
    versions: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> key -> English digest (versions.py)

    @property
    def rules(self) -> list[Entry]:
        return [e for e in self.entries if e.kind == "rule"]

    @property
    def faq(self) -> list[Entry]:
        return [e for e in self.entries if e.kind == "faq"]

    def in_section(self, section: str) -> list[Entry]:
        return [e for e in self.entries if e.section == section]


@dataclass
class Site:
    games: dict[str, Game]
    entries: dict[str, Entry]
    sources: dict[str, list[str]]  # "000" -> lines of the seed as received
    source_names: dict[str, str]  # "000" -> file name
    source_langs: dict[str, str]  # "000" -> "lt"
    stale: list = field(default_factory=list)  # versions.Stale: translations whose English changed since

    def examples_for(self, entry_id: str) -> list[Example]:
        game = self.games[self.entries[entry_id].game]
        return [ex for ex in game.examples if entry_id in ex.rules]

    def cited_lines(self, citation: str) -> tuple[str, int, list[str]]:
        """"003#L5-7" -> ("003", 5, [line 5, line 6, line 7])."""
        prefix, first, last = parse_citation(citation)
        return prefix, first, self.sources[prefix][first - 1 : last]


def text_leaves(value) -> list[str]:
    """Every string inside a tree of texts as written in YAML (mappings and lists)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in text_leaves(v)]
    if isinstance(value, list):
        return [s for v in value for s in text_leaves(v)]
    return []


def parse_citation(citation: str) -> tuple[str, int, int]:
    prefix, _, lines = citation.partition("#L")
    first, _, last = lines.partition("-")
    return prefix, int(first), int(last or first)
