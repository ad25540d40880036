"""A compact log for URLs: "b2.tH.H7".

"b2" bid 2, "tH" choose hearts as trump ("t-" no trump), a card token plays it; "3:" before
an entry names seat 3 (0-based) as the one acting. Entries are joined by ".".
"""
from __future__ import annotations

import re
from typing import Any

from engine.core import BadInput

from .cards import _show, norm_card

MAX_LOG_CHARS = 8000


def encode_action(action: dict) -> str:
    kind = action.get("type")
    if kind == "bid":
        text = f"b{action['bid']}"
    elif kind == "choose_trump":
        text = f"t{action['suit'] or '-'}"
    elif kind == "play":
        text = norm_card(action["card"])
    else:
        raise BadInput("unknown-action", type=_show(kind))
    if action.get("player") is not None:
        text = f"{action['player']}:{text}"
    return text


def encode_log(actions: list[dict]) -> str:
    return ".".join(encode_action(a) for a in actions)


_ENTRY = re.compile(r"^(?:([0-9]):)?(?:b([0-9]{1,2})|t([HDCS-])|([HDCSWJ][0-9]{0,2}))$")


def decode_log(text: Any) -> list[dict]:
    if not isinstance(text, str):
        raise BadInput("bad-log-entry", entry=_show(text))
    if len(text) > MAX_LOG_CHARS:
        raise BadInput("log-too-long", count=len(text), max=MAX_LOG_CHARS)
    out: list[dict] = []
    for entry in re.split(r"[.,\s]+", text.strip()):
        if not entry:
            continue
        m = _ENTRY.match(entry)
        if not m:
            raise BadInput("bad-log-entry", entry=_show(entry))
        seat, bid, suit, card = m.groups()
        if bid is not None:
            action: dict = {"type": "bid", "bid": int(bid)}
        elif suit is not None:
            action = {"type": "choose_trump", "suit": None if suit == "-" else suit}
        else:
            action = {"type": "play", "card": norm_card(card)}
        if seat is not None:
            action["player"] = int(seat)
        out.append(action)
    return out
