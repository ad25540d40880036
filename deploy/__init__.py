"""Serving for real: the set-up steps (``python -m deploy.setup``), gunicorn's configuration
(``gunicorn.conf.py``), the front (``nginx.conf.in``, started with the site by
``python -m deploy.front``). See docs/deploy.md."""
