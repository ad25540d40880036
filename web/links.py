"""Links that features hang on pages they do not own: the tools and the tutorial add theirs
to a game's page and to a rule's page. Each registers a function here at start-up:
(game) -> [(url, label)] and (entry) -> [(url, label)]."""
from __future__ import annotations

GAME_LINKS: list = []
ENTRY_LINKS: list = []
