"""Date inputs are the browser's own picker (`<input type="date">`): it shows the date, and starts its week, as
the reader's browser and operating system do, so the value the server writes and reads must be ISO in every
language, never the language's DATE_FORMAT ("25/11/2026" in French would leave the picker empty)."""

from __future__ import annotations

import datetime

import pytest
from django import forms
from django.utils import translation
from django.utils.formats import get_format

from tournaments.parties import forms as party_forms
from tournaments.sessions import forms as session_forms
from tournaments.simultaneous import forms as simultaneous_forms
from tournaments.teams import forms as team_forms

LANGUAGES = ("en-gb", "en-us", "fr", "de", "nl", "pl", "it", "es", "sv")
DAY = datetime.date(2026, 11, 25)


def _date_fields() -> list[forms.Field]:
    """Every DateField of the forms where a director types a date (sessions, teams, parties, simultaneous)."""
    modules = (session_forms, team_forms, party_forms, simultaneous_forms)
    classes = {c for m in modules for c in vars(m).values() if isinstance(c, type) and issubclass(c, forms.BaseForm)}
    return [f for c in classes for f in c.base_fields.values() if isinstance(f, forms.DateField)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_date_inputs_write_and_read_iso_in_every_language(language: str) -> None:
    fields = _date_fields()
    assert len(fields) >= 4  # a session's, a teams event's, a party's, a simultaneous event's
    with translation.override(language):
        for field in fields:
            html = field.widget.render("date", DAY)
            assert 'type="date"' in html and 'value="2026-11-25"' in html, html
            assert field.clean("2026-11-25") == DAY


@pytest.mark.parametrize(("language", "first"), [("en-us", 0), ("fr", 1), ("de", 1), ("pl", 1), ("sv", 1)])
def test_the_locale_s_first_day_of_the_week_is_django_s(language: str, first: int) -> None:
    """For any calendar we draw ourselves: Sunday (0) in the US, Monday (1) in Europe."""
    with translation.override(language):
        assert get_format("FIRST_DAY_OF_WEEK") == first
