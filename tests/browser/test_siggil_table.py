"""Siggil's capture checker on a 390x844 touch phone, in real Chromium: entered by taps, with and
without JavaScript, and the verdict (naming the card that fails) in the first screen."""
from __future__ import annotations

import pytest

from .support import PHONE


@pytest.fixture(params=[True, False], ids=["with-js", "without-js"])
def phone(browser, request):
    context = browser.new_context(**PHONE, java_script_enabled=request.param)
    page = context.new_page()
    page.scripts = request.param
    yield page
    context.close()


def tap_label(page, target: str) -> None:
    page.locator(f"label[for='{target}']").tap()


def test_a_capture_checked_by_taps_shows_the_failing_card_in_the_first_screen(server, phone):
    phone.goto(server + "/en/siggil/tools/capture")
    if phone.scripts:
        phone.wait_for_selector("html[data-enhanced]", state="attached")
    tap_label(phone, "players-2")
    tap_label(phone, "spirit-deer")
    tap_label(phone, "where-free")
    for card in ("deer5", "deer7", "leaf3"):
        tap_label(phone, f"play-{card}")
    phone.locator(".tool-form button[type=submit]").tap()
    # the answer to this form (not an earlier one), settled and in the screen; a timeout fails
    phone.wait_for_function("""() => {
        const result = document.getElementById('tool-result'), reason = result.querySelector('.reason');
        if (result.hasAttribute('aria-busy') || !reason || reason.dataset.fails !== 'leaf3') return false;
        const box = result.querySelector('[data-answer]').getBoundingClientRect();
        return box.top >= -1 && box.bottom <= window.innerHeight;  // scrolled to: a fraction of a pixel above
    }""")
    verdict = phone.locator("#tool-result [data-answer]")
    assert verdict.get_attribute("data-legal") == "no"
    reason = phone.locator("#tool-result .reason")
    assert reason.get_attribute("data-fails") == "leaf3"
    assert "Leaf 3 does not fit" in reason.inner_text()
    marked = phone.locator("#tool-result svg g.marked")
    assert marked.count() == 1 and "Leaf" in marked.text_content()
    # in view without scrolling: the verdict and the marked card inside the screen as it is now
    for box in (verdict.bounding_box(), marked.bounding_box()):
        assert box is not None and -1 <= box["y"] and box["y"] + box["height"] <= 844, box


def test_the_answer_page_opened_from_a_link_starts_with_the_verdict(server, phone):
    phone.goto(server + "/ko/siggil/tools/capture?players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf4"
               "&play=leaf5.leaf6.deer3.leaf7")
    verdict = phone.locator("#tool-result [data-answer]")
    box = verdict.bounding_box()
    assert box["y"] + box["height"] <= 844  # no anchor, no scrolling: still in the first screen
    assert phone.locator("#tool-result svg g.marked").count() == 1
