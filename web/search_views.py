"""Ask a question: the search page, suggestions as you type, and /api/v1/search."""
from __future__ import annotations

from flask import Blueprint, Flask, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from engine.core import whole_number
from search import MAX_QUERY_CHARS, QueryError, Searcher

from .api import ApiError, site
from .api import bp as api_bp
from .live import current
from .render import entry_url

bp = Blueprint("search", __name__)
MAX_LIMIT = 50
FEW_HITS = 3  # matches shown before "more matches": the rest behind one tap


def searcher() -> Searcher:
    return current().searcher


def query_error_message(e: QueryError) -> str:
    return {
        "empty": _("Type a question or a few words."),
        "too-long": _("That question is too long: please use at most %(max)d characters.", max=MAX_QUERY_CHARS),
    }.get(e.code, _("That question could not be read: please rephrase it."))


def read_as(lang: str) -> str:
    """"Read as Finnish": how a question typed in another language was read (one whole
    sentence per language, so each catalog can say it in its own grammar)."""
    return {
        "lt": _("Read as Lithuanian"),
        "et": _("Read as Estonian"),
        "ko": _("Read as Korean"),
        "fi": _("Read as Finnish"),
        "en": _("Read as English"),
    }[lang]


def same_answer_in(lang: str) -> str:
    """The link to the same answer in the language the question was typed in."""
    return {
        "lt": _("The same answer in Lithuanian"),
        "et": _("The same answer in Estonian"),
        "ko": _("The same answer in Korean"),
        "fi": _("The same answer in Finnish"),
        "en": _("The same answer in English"),
    }[lang]


def beyond_notice(kind: str) -> str:
    """Why a question no rule answers gets no card, by what it asks (search/beyond.py: the
    kinds of search.decision.beyond_rules), in the page's language."""
    return {
        "advice": _("The rules say what you may do, not what is best to do: no entry gives strategy advice. "
                    "The rules closest to your question are below."),
        "time": _("The rules do not say how long a game takes: its box gives the playing time. "
                  "The rules closest to your question are below."),
        "slip": _("No entry covers mending a slip in play, such as a misdeal or a card shown by accident: "
                  "agree on it at the table. The rules closest to your question are below."),
        "house": _("The rules have no team play and leave house rules and table customs, such as cutting or "
                   "shuffling the deck, to your table to agree on. The rules closest to your question are below."),
        "breach": _("No entry says what happens when a player breaks a rule, for example by cheating or by "
                    "taking back a card already played: agree on it at the table. "
                    "The rules closest to your question are below."),
        "product": _("This site holds the games' rules: it cannot tell you about editions, how the cards are made, "
                     "expansions, apps or prices. The rules closest to your question are below."),
    }[kind]


def unspoken_notice(kind: str) -> str:
    """Why a question naming a kind of rule gets no card when the entry closest to it never
    speaks of one (search/rule_kinds.py: ``SearchResult.unspoken``), in the page's language."""
    return {
        "variant": _("The entry closest to your question says nothing of a variant, so it is not given as the "
                     "answer: the rules may have no such variant. The rules closest to your question are below."),
        "bonus": _("The entry closest to your question says nothing of a bonus, so it is not given as the "
                   "answer: the rules may have no such bonus. The rules closest to your question are below."),
        "penalty": _("The entry closest to your question says nothing of a penalty, so it is not given as the "
                     "answer: the rules may have no such penalty. The rules closest to your question are below."),
        "rule": _("The entry closest to your question says nothing of such a rule, so it is not given as the "
                  "answer: the rules may not have it. The rules closest to your question are below."),
    }[kind]


def no_card_notice(result) -> str | None:
    """Why a result has no answer card, when the search says why: what the question asks that no
    rule answers, else a kind of rule the first entry never speaks of."""
    if result.beyond:
        return beyond_notice(result.beyond)
    return unspoken_notice(result.unspoken) if result.unspoken else None


def read_in_other_language(result, lang: str) -> dict | None:
    """For a question read in another language than the page's: the line saying so and a
    link to the same answer (the answer card's entry, else the first hit; without hits,
    the same search) in the question's language."""
    query_lang = result.query_lang or lang
    if query_lang == lang:
        return None
    target = result.answer or (result.hits[0].id if result.hits else None)
    if target:
        entry = site().entries[target]
        url = url_for("pages.entry", lang=query_lang, game=entry.game, entry_id=entry.id)
    else:
        url = url_for("search.page", lang=query_lang, q=result.query)
    return {"lang": query_lang, "line": read_as(query_lang), "link": same_answer_in(query_lang), "url": url}


def _game_filter(raw: str | None) -> str | None:
    if not raw:
        return None
    return raw if raw in site().games else ""


def hit_json(entry_id: str, lang: str) -> dict:
    entry = site().entries[entry_id]
    text = entry.text(lang)
    return {"id": entry.id, "kind": entry.kind, "game": entry.game, "title": text.title,
            "answer": text.short_answer, "url": entry_url(entry, lang)}


@bp.get("/<lang>/search")
def page(lang: str):
    q = request.args.get("q", "")
    game = _game_filter(request.args.get("game"))
    context = {"q": q, "game_filter": game, "games": list(site().games.values()), "result": None,
               "error": None, "read_as": None, "no_card_notice": None, "few_hits": FEW_HITS,
               "suggest_url": url_for("api.api_suggest")}
    if game == "":
        context["error"] = _("There is no such game.")
        return render_template("search.html", **context), 400
    if q or "q" in request.args:
        try:
            context["result"] = searcher().search(q, lang, game=game, limit=20)
            context["read_as"] = read_in_other_language(context["result"], lang)
            context["no_card_notice"] = no_card_notice(context["result"])
        except QueryError as e:
            context["error"] = query_error_message(e)
            return render_template("search.html", **context), 400
    return render_template("search.html", **context)


@api_bp.get("/search")
def api_search():
    lang = g.lang
    q = request.args.get("q", "")
    game = _game_filter(request.args.get("game"))
    if game == "":
        raise ApiError(400, "unknown-game", _("There is no such game."))
    limit = whole_number(request.args.get("limit", "10"), max_digits=3)
    if limit is None:
        raise ApiError(400, "bad-limit", _("The limit must be a whole number.")) from None
    limit = min(max(limit, 1), MAX_LIMIT)
    try:
        result = searcher().search(q, lang, game=game, limit=limit)
    except QueryError as e:
        raise ApiError(400, f"query-{e.code}", query_error_message(e)) from None
    return jsonify({
        "query": q,
        "lang": lang,
        "query_lang": result.query_lang or lang,
        "answer": hit_json(result.answer, lang) if result.answer else None,
        "suggestion": result.suggestion,
        "beyond": result.beyond,
        "unspoken": result.unspoken,
        "results": [hit_json(hit.id, lang) for hit in result.hits],
    })


@api_bp.get("/suggest")
def api_suggest():
    q = request.args.get("q", "")[:100]
    lang = g.lang
    try:
        found = searcher().suggest(q, lang, limit=8)
    except QueryError as e:
        raise ApiError(400, f"query-{e.code}", query_error_message(e)) from None
    return jsonify({"query": q, "lang": lang, "suggestions": [
        {"id": s.id, "title": s.title, "url": entry_url(site().entries[s.id], lang)} for s in found
    ]})


def init(app: Flask) -> None:
    @app.context_processor
    def search_url():
        lang = g.get("lang")
        return {"search_url": url_for("search.page", lang=lang) if lang else None}

    app.register_blueprint(bp)
