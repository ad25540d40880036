"""The compact log codec for URLs: an action log as a short string and back."""
from __future__ import annotations

import re
from typing import Any

from engine.core import BadInput

from .facts import FAMILY_OF, FAMILY_OF_LETTER, LETTER, NUMBER_OF, _show, _spirit, spirit_of

# compact log for URLs: actions joined by ".", e.g. "t12.p.t3.cLL1L2L5" (take 12, pass, take 3,
# capture the Leaf spirit with leaf1 leaf2 leaf5); d<pos> discard, r<F> release the spirit of
# family letter F (S stone, D deer, L leaf, T turtle, C cloud, W water, F feather).

_LOG_ITEM = re.compile(r"^(?:([td])(0|[1-9][0-9]?)|(p)|r([SDLTCWF])|c([SDLTCWF])((?:[SDLTCWF][1-7])*))$")


def encode_action(action: dict) -> str:
    kind = action["type"]
    if kind in ("take", "discard"):
        return f"{kind[0]}{action['pos']}"
    if kind == "pass":
        return "p"
    spirit = _spirit(action["spirit"])
    letter = LETTER[FAMILY_OF[spirit]]
    if kind == "release":
        return "r" + letter
    return "c" + letter + "".join(LETTER[FAMILY_OF[c]] + str(NUMBER_OF[c]) for c in action["cards"])


def encode_log(actions: list[dict]) -> str:
    return ".".join(encode_action(a) for a in actions)


def decode_log(text: Any) -> list[dict]:
    if not isinstance(text, str) or len(text) > 4000:
        raise BadInput("bad-log", reason="text")
    if text == "":
        return []
    out: list[dict] = []
    for item in text.split("."):
        m = _LOG_ITEM.match(item)
        if not m:
            raise BadInput("bad-log", reason="item", item=_show(item))
        if m.group(1):
            out.append({"type": "take" if m.group(1) == "t" else "discard", "pos": int(m.group(2))})
        elif m.group(3):
            out.append({"type": "pass"})
        elif m.group(4):
            out.append({"type": "release", "spirit": spirit_of(FAMILY_OF_LETTER[m.group(4)])})
        else:
            cards = m.group(6)
            out.append({"type": "capture", "spirit": spirit_of(FAMILY_OF_LETTER[m.group(5)]),
                        "cards": [FAMILY_OF_LETTER[cards[i]] + cards[i + 1] for i in range(0, len(cards), 2)]})
    return out
