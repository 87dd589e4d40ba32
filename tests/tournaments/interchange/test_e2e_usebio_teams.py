"""A director in a real browser imports a USEBIO teams file from the import page and reads the new teams event:
the file's whole VPs kept, its figures against ours, the standings. Screenshots: $INTERCHANGE_SCREENSHOTS."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_e2e_interchange import browser_page, shot  # noqa: F401 (a fixture)
from .test_usebio_teams import teams_xml

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.e2e


def test_director_imports_a_teams_file(live_server, director, browser_page, tmp_path: Path) -> None:  # noqa: F811
    page, base = browser_page, live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("bridge-director-pw")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Import results (USEBIO, PBN)").click()

    bad = tmp_path / "teams-bad.xml"
    bad.write_bytes(teams_xml().replace(b"<TEAM_NUMBER>2</TEAM_NUMBER>", b"<TEAM_NUMBER>1</TEAM_NUMBER>"))
    page.get_by_label("Results file").set_input_files(str(bad))
    page.get_by_role("button", name="Import").click()
    assert "team 1 is listed twice" in page.locator("#file-error").inner_text()

    good = tmp_path / "winter.xml"
    good.write_bytes(teams_xml(whole=True))
    page.get_by_label("Results file").set_input_files(str(good))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/teams/*/")
    messages = page.locator(".messages").inner_text()
    assert "Imported winter.xml: a teams event of 4 teams, 4 matches, 16 boards played in both rooms." in messages
    assert "rounded to whole VPs" in messages and "explained 6 by vp_scale=wbf_continuous_whole" in messages
    section = page.locator("#published-vs-bridgedesk")
    assert "vp_scale=wbf_continuous_whole: 6" in section.inner_text()
    shot(page, "teams-01-imported-event")

    page.get_by_role("link", name="Standings").first.click()
    first = page.locator("table tbody tr").first.inner_text()
    assert "Aces" in first and "35" in first
    shot(page, "teams-02-standings")
