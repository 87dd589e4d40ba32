"""Player private links expire (LINK_DAYS) and can be revoked one member at a time, by the director on the members
page or by the player on the page the link opens; other members' links keep working."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.core import signing

from tournaments.audit.models import AuditEntry
from tournaments.publishing import players
from tournaments.publishing.players import LINK_DAYS, LINK_SALT, link_token
from tournaments.sessions.models import Member

pytestmark = pytest.mark.django_db


@pytest.fixture
def members():
    return Member.objects.create(name="Ann Link"), Member.objects.create(name="Bob Link")


def test_a_link_expires(client, members, monkeypatch):
    ann, _bob = members
    token = link_token(ann)
    assert client.get(f"/results/player/{token}/").status_code == 200
    later = time.time() + timedelta(days=LINK_DAYS, minutes=1).total_seconds()
    monkeypatch.setattr(signing.time, "time", lambda: later)  # the clock, not our code: 180 days on
    response = client.get(f"/results/player/{token}/")
    assert response.status_code == 404
    assert players.member_from(token, LINK_SALT) is None


def test_the_director_revokes_one_members_links(director_client, members):
    ann, bob = members
    ann_token, bob_token = link_token(ann), link_token(bob)
    page = director_client.get("/members/")
    assert f"/results/members/{ann.pk}/revoke-links/" in page.content.decode()
    response = director_client.post(f"/results/members/{ann.pk}/revoke-links/")
    assert response.status_code == 302 and response["Location"] == "/members/"
    assert director_client.get(f"/results/player/{ann_token}/").status_code == 404
    assert director_client.get(f"/results/player/{bob_token}/").status_code == 200
    entry = AuditEntry.objects.get(action="member.links_revoke")
    assert entry.target_id == ann.pk
    time.sleep(1.1)  # links carry whole seconds: a link made from the next second on works
    assert director_client.get(f"/results/player/{link_token(ann)}/").status_code == 200


def test_a_player_revokes_his_own_link_from_its_page(client, members):
    ann, _bob = members
    token = link_token(ann)
    page = client.get(f"/results/player/{token}/").content.decode()
    assert "Revoke my private link" in page
    response = client.post(f"/results/player/{token}/")
    assert response.status_code == 302
    assert client.get(f"/results/player/{token}/").status_code == 404
    assert client.post(f"/results/player/{token}/").status_code == 404


def test_others_may_not_revoke(client, django_user_model, members):
    ann, _bob = members
    token = link_token(ann)
    player = django_user_model.objects.create_user(username="p-link", password="p-link-pw-123")
    from tournaments.core.access import Role, grant

    grant(player, Role.PLAYER)
    client.force_login(player)
    assert client.post(f"/results/members/{ann.pk}/revoke-links/").status_code == 403
    assert Member.objects.get(pk=ann.pk).links_valid_from is None
    assert client.get(f"/results/player/{token}/").status_code == 200
