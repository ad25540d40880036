"""The browser tests' phone: a 390x844 touch screen, with JavaScript or without."""
from __future__ import annotations

import pytest

from .support import PHONE


@pytest.fixture()
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


@pytest.fixture()
def phone_without_js(browser):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    yield context.new_page()
    context.close()
