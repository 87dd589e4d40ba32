"""A club's PDFs default to the paper of its country: Letter in the US and Canada, A4 elsewhere, unless the club
chose one. The country is its language's region (en-us), else its time zone's (America/Toronto: Canada)."""

from __future__ import annotations

import pytest

from tournaments.clubs.directory import club_paper
from tournaments.clubs.models import Club
from tournaments.core import languages
from tournaments.core.tenancy import using_club

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "time_zone", "paper", "expected"),
    [
        ("fr", "America/Toronto", "", "letter"),  # a French-speaking club in Canada
        ("", "America/New_York", "", "letter"),
        ("en-us", "Europe/London", "", "letter"),  # the language's region wins over the zone
        ("fr", "Europe/Paris", "", "a4"),
        ("nl", "Europe/Amsterdam", "", "a4"),
        ("en", "Australia/Sydney", "", "a4"),
        ("", "America/Chicago", "a4", "a4"),  # the club's own choice is kept
        ("pl", "Europe/Warsaw", "letter", "letter"),
    ],
)
def test_the_paper_follows_the_club_s_country(language: str, time_zone: str, paper: str, expected: str) -> None:
    club = Club.objects.create(slug="c", name="C", language=language, time_zone=time_zone, paper=paper)
    with using_club(club.pk):
        assert club_paper() == expected


def test_a_new_club_follows_its_country_until_it_chooses() -> None:
    assert Club(slug="x", name="X").paper == ""


def test_without_the_zone_table_the_language_still_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(languages, "ZONE_TAB", "/nonexistent/zone.tab")
    languages._zone_countries.cache_clear()
    try:
        assert languages.default_paper("fr", "America/Toronto") == "a4"
        assert languages.default_paper("fr-ca", "America/Toronto") == "letter"
    finally:
        languages._zone_countries.cache_clear()
