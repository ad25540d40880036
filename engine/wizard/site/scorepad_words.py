"""The score pad's words for its script: what static/wizard/scorepad.js needs to keep the score
without the server (offline), in the reader's language. The page's own sentences with
{placeholders} (the same catalog entries the template uses), plurals by CLDR category, the
engine's sentences as the content writes them, and the rules the pad links to."""
from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _

from web.offline import plural_forms
from web.tools import game_of, rule_ref

from .cards import GAME

MARK = 987650  # numbers a sentence is rendered with, then replaced by their {placeholder}


def _holes(text: str, **names: int) -> str:
    for name, number in names.items():
        text = text.replace(str(number), "{" + name + "}")
    return text


def words(lang: str) -> dict:
    game = game_of(GAME)
    a, b = MARK + 1, MARK + 2
    refs = {key: rule_ref(rule, lang) for key, rule in (
        ("made", "wizard.score.made"), ("missed", "wizard.score.missed"), ("variant", "wizard.bid.variant-total"),
        ("bid", "wizard.bid.announce"), ("winner", "wizard.end.winner"))}
    return {
        "lang": lang,
        "url": url_for("wizard.score", lang=lang),
        "round_of": _holes(_("Round %(round)d of %(rounds)d", round=a, rounds=b), round=a, rounds=b),
        "cards_each": plural_forms("%(num)d card each", "%(num)d cards each", lang),
        "deals_first": _("%(dealer)s deals; %(first)s bids and leads first.", dealer="{dealer}", first="{first}"),
        "game_over": _("Game over"),
        "variant_note": _("Variant: the bids of a round may not add up to the number of tricks."),
        "bids_for": _holes(_("Bids for round %(round)d", round=a), round=a),
        "tricks_in": _holes(_("Tricks won in round %(round)d", round=a), round=a),
        "deals": _("deals"),
        "bid_n": _holes(_("bid %(num)d", num=a), num=a),
        "save_bids": _("Save the bids"),
        "save_tricks": _("Save the tricks won"),
        "bids_sum": _("Bids so far: %(sum)s · tricks this round: %(cards)s", sum="{sum}", cards="{cards}"),
        "tricks_sum": _("Tricks counted: %(sum)s of %(cards)s", sum="{sum}", cards="{cards}"),
        "variant_warning": _("The bids add up to the number of tricks: in this variant the dealer must bid otherwise."),
        "final_ranking": _("Final ranking"),
        "points": plural_forms("%(num)d point", "%(num)d points", lang),
        "wins": _("wins"), "shared_win": _("shared win"), "shared_place": _("shared place"),
        "caption": _("Score sheet: in each cell the bid / tricks won, the points of the round and the running total."),
        "round": _("Round"), "total": _("Total"),
        "round_scored": _holes(_("Round %(round)d, scored", round=a), round=a),
        "undo": _("Undo the last entry"), "new_game": _("New game"),
        "player": _holes(_("Player %(num)d", num=a), num=a),
        "cannot": _("This cannot be:"), "rule": _("Rule:"),
        "dealer_bids_last": _("%(name)s deals and bids last. %(rule)s", name="{name}", rule="{rule}"),
        "bad_pad": _("This score sheet cannot be read: the link is damaged or comes from another version."),
        "round_problem": _("Round %(round)d: %(problem)s", round=a, problem="{problem}").replace(str(a), "{round}"),
        "missing": _("Give a number for %(name)s.", name="{name}"),
        "bad_dealer": _holes(_("The first dealer must be one of the %(num)d players.", num=a), num=a),
        "offline": _("No connection: the score pad keeps counting on this device."),
        "reasons": {code: game.labels["reasons"][code][lang] for code in ("made", "missed")},
        "violations": {code: game.violations[code][lang] for code in (
            "bids-equal-tricks", "bid-out-of-range", "tricks-total", "bid-too-high", "bad-player-count")},
        "rules": {key: {"title": ref["title"], "url": ref["url"], "id": ref["id"]} for key, ref in refs.items() if ref},
    }
