"""A director in a real browser: import a club's USEBIO file, see a bad file refused at the field, download the
session as USEBIO and PBN. Screenshots go to $INTERCHANGE_SCREENSHOTS (default /tmp/interchange-e2e)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Session

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("INTERCHANGE_SCREENSHOTS", "/tmp/interchange-e2e"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]  # fmt: skip


@pytest.fixture
def browser_page():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(20_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_director_imports_and_exports_a_session(
    live_server, director, browser_page, usebio_dir: Path, tmp_path: Path
) -> None:
    page, base = browser_page, live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("bridge-director-pw")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Import results (USEBIO, PBN)").click()
    assert page.get_by_role("heading", name="Import results").is_visible()

    bad = tmp_path / "hands.pbn"
    bad.write_text('% PBN 2.1\n[Board "3"]\n[Dealer "S"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n')
    page.get_by_label("Results file").set_input_files(str(bad))
    page.get_by_role("button", name="Import").click()
    error = page.locator("#file-error")
    assert error.inner_text() == "line 4, Board 3: North's hand has 14 cards; a hand has 13."
    shot(page, "01-bad-file-refused")
    assert not Session.objects.exists()

    page.get_by_label("Results file").set_input_files(str(usebio_dir / "mp_pairs_mitchell.xml"))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/sessions/*/")
    assert "Imported USEBIO file mp_pairs_mitchell.xml: 38 pairs, 27 boards" in page.locator(".messages").inner_text()
    assert "agree with all" in page.locator(".messages").inner_text()
    shot(page, "02-imported-session")

    panel = page.locator("#interchange-panel")
    with page.expect_download() as xml_download:
        panel.get_by_role("link", name="USEBIO (.xml)").click()
    xml = Path(xml_download.value.path()).read_bytes()
    check_structure(xml)
    assert len(read_usebio(xml).pairs) == 38
    with page.expect_download() as pbn_download:
        panel.get_by_role("link", name="PBN results").click()
    assert len(read_pbn(Path(pbn_download.value.path()).read_text()).boards) == 27
    panel.scroll_into_view_if_needed()
    shot(page, "03-session-panel")
