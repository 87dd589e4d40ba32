"""Every "new" form's date field is pre-filled with today in the one format a browser's date picker accepts
(YYYY-MM-DD; a localised 24/11/2026 leaves the picker empty)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["session_new", "teams:new", "simultaneous:new", "parties:new"])
def test_the_date_is_today_in_iso_format(director_client, name: str) -> None:
    response = director_client.get(reverse(name))
    assert response.status_code == 200
    field = re.search(r'<input type="date" name="date"[^>]*>', response.content.decode())
    assert field is not None, "no date field"
    assert f'value="{datetime.date.today():%Y-%m-%d}"' in field.group(0)
