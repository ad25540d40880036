"""Where Siggil's pages and JSON routes are registered (web/games.py registers these)."""
from __future__ import annotations

from flask import Blueprint

from web.api import api_blueprint

pages = Blueprint("siggil", __name__)  # /<lang>/siggil/tools/...: endpoints "siggil.<tool>"
api = api_blueprint("siggil_api", __name__)  # /api/v1/siggil/...
