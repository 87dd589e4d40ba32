"""Members are added and edited on a page of their own (not only in the admin), each change audited."""

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Member

pytestmark = pytest.mark.django_db


def test_a_member_is_added_then_edited_on_their_page(director_client):
    added = director_client.post("/members/", {"name": "Ann Smith", "national_id": "", "email": "ann@example.org"})
    assert added.status_code == 302
    ann = Member.objects.get(name="Ann Smith")
    listed = director_client.get("/members/").content.decode()
    assert f'href="/members/{ann.pk}/"' in listed
    page = director_client.get(f"/members/{ann.pk}/")
    assert page.status_code == 200 and 'value="ann@example.org"' in page.content.decode()
    saved = director_client.post(
        f"/members/{ann.pk}/", {"name": "Ann Smith", "national_id": "EBU-1", "email": "ann@club.org", "active": "on"}
    )
    assert saved.status_code == 302 and saved["Location"] == "/members/"
    ann.refresh_from_db()
    assert (ann.email, ann.national_id, ann.active, ann.email_opt_out) == ("ann@club.org", "EBU-1", True, False)
    changes = list(AuditEntry.objects.filter(action="member.save").order_by("id").values_list("old", "new"))
    assert len(changes) == 2 and changes[0][0] is None
    assert changes[1][0]["email"] == "ann@example.org" and changes[1][1]["email"] == "ann@club.org"


def test_a_bad_address_is_shown_at_its_field_and_nothing_is_saved(director_client):
    ann = Member.objects.create(name="Ann Smith", email="ann@example.org")
    page = director_client.post(f"/members/{ann.pk}/", {"name": "Ann Smith", "email": "not an address", "active": "on"})
    assert page.status_code == 200 and "Enter a valid email address." in page.content.decode()
    ann.refresh_from_db()
    assert ann.email == "ann@example.org" and not AuditEntry.objects.filter(action="member.save").exists()
    assert director_client.get("/members/999999/").status_code == 404
