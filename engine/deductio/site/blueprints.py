"""Where Deductio's pages and JSON routes are registered (web/games.py registers these)."""
from __future__ import annotations

from flask import Blueprint

from web.api import api_blueprint

pages = Blueprint("deductio", __name__)  # /<lang>/deductio/tools/...: endpoints "deductio.<tool>"
api = api_blueprint("deductio_api", __name__)  # /api/v1/deductio/...
