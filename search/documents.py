"""From the validated content model to the documents the index holds.

One document per entry and language: the title (a rule's title or an FAQ
question), the short answer (an FAQ entry's, or a rule's one sentence), the body as
plain text (Markdown removed, [[id]] links replaced by the target's title in that
language, a ruling appended), the players' phrasings, the game's names in every
language and known spelling, and the section title.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import asdict, dataclass

import markdown

from .korean import korean_morphemes
from .synonyms import SYNONYMS

LINK = re.compile(r"\[\[([^\]]*)\]\]")
TAG = re.compile(r"<[^>]+>")
BLOCK_END = re.compile(r"</(p|li|h[1-6]|blockquote|pre|tr|div)>|<br\s*/?>", re.IGNORECASE)
SPACES = re.compile(r"[ \t\u00a0]+")


@dataclass(frozen=True)
class Document:
    id: str
    game: str
    kind: str
    section: str
    order: int
    title: str
    answer: str
    body: str
    names: str  # the game's names, every language and spelling
    section_title: str = ""  # the title of the entry's section ("Your turn", "Scoring")
    related: tuple[str, ...] = ()
    phrasings: str = ""  # how players ask for it at the table, one per line


def markdown_to_text(text: str, title_of) -> str:
    """Markdown to plain text; ``title_of(id)`` gives a linked entry's title."""
    text = LINK.sub(lambda m: title_of(m.group(1)), text)
    rendered = markdown.markdown(html.escape(text, quote=False), output_format="html")
    rendered = BLOCK_END.sub("\n", rendered)
    plain = html.unescape(TAG.sub("", rendered))
    lines = [SPACES.sub(" ", line).strip() for line in plain.splitlines()]
    return "\n".join(line for line in lines if line)


def game_names(site, game_id: str) -> list[str]:
    """The game's name in every language, then the other spellings players use
    (``search.names`` of the game's content), each once."""
    game = site.games[game_id]
    names = list(game.names.values()) + list(game.search.names)
    seen, out = set(), []
    for name in names:
        if name.lower() not in seen:
            seen.add(name.lower())
            out.append(name)
    return out


def documents(site, lang: str) -> list[Document]:
    def title_of(entry_id: str) -> str:
        entry = site.entries.get(entry_id)
        return entry.texts[lang].title if entry else entry_id

    docs = []
    for game in site.games.values():
        names = " ; ".join(game_names(site, game.id))
        for entry in game.entries:
            text = entry.texts[lang]
            body = markdown_to_text(text.body, title_of)
            if text.ruling:
                body += "\n" + markdown_to_text(text.ruling, title_of)
            section = game.section_titles.get(lang, {}).get(entry.section, "")
            docs.append(Document(id=entry.id, game=game.id, kind=entry.kind, section=entry.section,
                                 order=entry.order, title=text.title, answer=text.short_answer or "",
                                 body=body, names=names, section_title=section, related=entry.related,
                                 phrasings="\n".join(p.text for p in text.phrasings)))
    return docs


def glossary_table(site, lang: str) -> list[dict]:
    """The games' terms in one language: what our texts call a thing, the word starts
    that count as a use, the words players use wrongly (mistranslations in the seeds) and
    what players call the thing at the table (``search.said``), which a query may contain."""
    out = []
    for game in site.games.values():
        said = game.search.said.get(lang, {})
        for key, term in sorted(game.glossary.get(lang, {}).items()):
            out.append({"game": game.id, "key": key, "term": term.term, "match": list(term.match),
                        "wrong": list(term.wrong), "said": list(said.get(key, ()))})
    return out


def synonym_table(site, lang: str) -> list[list[str]]:
    """The games' own synonym groups in one language (``search.synonyms`` of each game's
    content): words players use for the same thing of that game. The query side adds
    them to the general groups of ``synonyms.py``."""
    return [list(group) for game in site.games.values() for group in game.search.synonyms.get(lang, ())]


def protected_words(site) -> tuple[str, ...]:
    """Korean words to keep whole: game names, glossary terms and the table words for
    them that mecab would split (위자드 -> 위 + 자드, 시길 -> 시 + 길), and the nouns of the
    thesaurus groups it would split (베팅 -> 베 + 팅, 패널티, 으뜸패), which no question's word
    could otherwise be."""
    candidates = set()
    for game in site.games.values():
        candidates.update(n for n in game_names(site, game.id) if " " not in n)
        for term in game.glossary.get("ko", {}).values():
            candidates.update(w for w in (term.term, *term.match) if " " not in w)
        for words in game.search.said.get("ko", {}).values():
            candidates.update(w for w in words if " " not in w)
    keep = {word for word in candidates if _is_hangul_word(word) and _split(word)}
    thesaurus = (*SYNONYMS["ko"], *synonym_table(site, "ko"))
    keep.update(word for group in thesaurus for word in group if _is_hangul_word(word) and _split_noun(word))
    return tuple(sorted(keep))


def _is_hangul_word(word: str) -> bool:
    return len(word) >= 2 and " " not in word and any("\uac00" <= ch <= "\ud7a3" for ch in word)


def _split(word: str) -> bool:
    """mecab does not read the word as one morpheme of itself."""
    parts = korean_morphemes(word)
    return len(parts) != 1 or parts[0][0] != word


def _split_noun(word: str) -> bool:
    """mecab reads the word only as pieces, never as itself, none of them a verb or a
    number (a verb's stem, 이기, 끝나, is no word alone: its forms in a text are no
    substring of it; 1인 kept whole would part it from 2인, 4인)."""
    parts = korean_morphemes(word)
    return (bool(parts) and word not in {form for form, *_ in parts}
            and not any(tag.startswith(("V", "SN")) for *_, tag in parts))


def content_hash(docs: list[Document], extra: dict) -> str:
    payload = json.dumps({"docs": [asdict(d) for d in docs], "extra": extra},
                         ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
