"""Mistakes undone for parties: the host archives a party from the web after a confirmation that says what goes
with it; it leaves the host's list and its TV screen link is refused, audited; restoring brings it back."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.parties.models import Party
from tournaments.tableside import screenlinks

pytestmark = pytest.mark.django_db


def test_the_confirmation_says_what_goes_with_the_party(director_client, started) -> None:
    page = director_client.get(reverse("parties:archive", args=[started.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for words in ("Archive Spring party?", "this party off your list of parties", "12 guests and their tally cards",
                  "1 round with 0 tables entered", "its screen link (the TV can no longer open it)"):  # fmt: skip
        assert words in html
    refused = director_client.post(reverse("parties:archive", args=[started.pk]), {"why": "a test"})
    assert refused.status_code == 400 and "Tick the box to confirm" in refused.content.decode()
    assert Party.objects.get().archived_at is None


def test_an_archived_party_leaves_the_list_and_its_screen_link_is_refused(
    client, director, director_client, started
) -> None:
    link = screenlinks.issue_screen_link(actor=director, party_id=started.pk)
    screen = reverse("parties:screen_link", args=[link.token])
    assert client.get(screen).status_code == 200
    done = director_client.post(reverse("parties:archive", args=[started.pk]), {"confirm": "yes", "why": "twin"})
    assert done.status_code == 302 and done["Location"] == reverse("parties:archived")
    assert AuditEntry.objects.get(action="party.archive").why == "twin"
    listed = director_client.get(reverse("parties:list")).content.decode().split("<h1>Bridge parties</h1>")[1]
    assert "Spring party" not in listed and "Archived parties (1)" in listed
    refused = client.get(screen)
    assert refused.status_code == 403 and "archived this party" in refused.content.decode()
    archived = director_client.get(reverse("parties:archived")).content.decode()
    assert "Spring party" in archived and reverse("parties:restore", args=[started.pk]) in archived

    back = director_client.post(reverse("parties:restore", args=[started.pk]))
    assert back.status_code == 302 and Party.objects.get().archived_at is None
    assert AuditEntry.objects.filter(action="party.restore").count() == 1
    assert client.get(screen).status_code == 200
    assert "Spring party" in director_client.get(reverse("parties:list")).content.decode()
