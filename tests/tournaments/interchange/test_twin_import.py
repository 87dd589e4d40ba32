"""Importing a file that was already imported warns and offers the existing session instead of silently making
a twin; ticking "import it again" makes a second one on purpose; an archived twin no longer counts."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.sessions.models import Session
from tournaments.sessions.services.archive import archive_session

pytestmark = pytest.mark.django_db


def _upload(client, name: str, data: bytes, **extra: str):
    return client.post(
        reverse("interchange:upload"),
        {"file": SimpleUploadedFile(name, data), "format": "auto", "scale_missed_boards": "on", **extra},
    )


def test_the_same_file_twice_is_noticed(director_client, howell_xml: bytes) -> None:
    assert _upload(director_client, "tuesday.xml", howell_xml).status_code == 302
    first = Session.objects.get()
    again = _upload(director_client, "renamed.xml", howell_xml)
    assert again.status_code == 200 and Session.objects.count() == 1
    html = again.content.decode()
    assert "This file was already imported on" in html and f"as {first}" in html
    assert f'href="{first.get_absolute_url()}"' in html and 'name="import_again"' in html
    twin = _upload(director_client, "renamed.xml", howell_xml, import_again="on")
    assert twin.status_code == 302 and Session.objects.count() == 2


def test_an_archived_session_does_not_block_its_file(director_client, howell_xml: bytes) -> None:
    _upload(director_client, "tuesday.xml", howell_xml)
    archive_session(actor=None, session=Session.objects.get())
    assert _upload(director_client, "tuesday.xml", howell_xml).status_code == 302
    assert Session.objects.filter(archived_at__isnull=True).count() == 1
