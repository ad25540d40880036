"""Where Wizard's pages and JSON routes are registered (web/games.py registers these)."""
from __future__ import annotations

from flask import Blueprint

from web.api import api_blueprint

pages = Blueprint("wizard", __name__)  # /<lang>/wizard/tools/...: endpoints "wizard.<tool>"
api = api_blueprint("wizard_api", __name__)  # /api/v1/wizard/...
