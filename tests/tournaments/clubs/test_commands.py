"""create_club, grant --club, and --club on the commands that make a club's objects (issue 30)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.clubs.models import Club, ClubRole
from tournaments.core.tenancy import using_club
from tournaments.sessions.models import Event
from tournaments.teams.models import TeamEvent

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_laptop_has_one_club_made_by_the_migration():
    assert list(Club.objects.values_list("slug", flat=True)) == ["club"]


def test_create_club_makes_a_club_at_its_address():
    said = run(
        "create_club", "riverside", "--name", "Riverside BC", "--paper", "letter", "--time-zone", "America/Chicago"
    )
    club = Club.objects.get(slug="riverside")
    assert (club.name, club.paper, club.time_zone) == ("Riverside BC", "letter", "America/Chicago")
    assert "/c/riverside/" in said
    (made,) = AuditEntry.objects.filter(action=AuditAction.CLUB_CREATE)  # recorded, by the system, with how
    assert (made.actor_name, made.target_id, made.why) == ("system", club.pk, "manage.py create_club")
    with pytest.raises(CommandError, match="slug"):
        run("create_club", "riverside", "--name", "Twice")
    with pytest.raises(CommandError, match="slug"):
        run("create_club", "Not A Slug!", "--name", "Bad")
    with pytest.raises(CommandError, match="time_zone"):
        run("create_club", "nowhere", "--name", "Nowhere", "--time-zone", "Mars/Olympus")
    assert AuditEntry.objects.filter(action=AuditAction.CLUB_CREATE).count() == 1  # the refused ones: nothing


def test_a_club_made_in_the_admin_is_recorded_too(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "root-pw-12345")
    client.force_login(admin)
    form = {"slug": "hillside", "name": "Hillside BC", "time_zone": "Europe/London", "paper": "a4", "language": "",
            "roles-TOTAL_FORMS": "0", "roles-INITIAL_FORMS": "0"}  # fmt: skip
    response = client.post("/admin/clubs/club/add/", form)
    assert response.status_code == 302, response.content.decode()[-3000:]
    club = Club.objects.get(slug="hillside")
    (made,) = AuditEntry.objects.filter(action=AuditAction.CLUB_CREATE)
    assert (made.actor_id, made.target_id, made.why) == (admin.pk, club.pk, "Created in the admin")


def test_grant_gives_a_role_in_one_club_only():
    run("create_club", "riverside", "--name", "Riverside BC")
    user = get_user_model().objects.create_user(username="ann", password="ann-password-1")
    with pytest.raises(CommandError, match=r"several clubs.*club, riverside"):
        run("grant", "ann", "director")
    said = run("grant", "ann", "director", "--club", "riverside")
    assert "director role in Riverside BC" in said
    riverside = Club.objects.get(slug="riverside")
    assert list(ClubRole.objects.filter(user=user).values_list("club__slug", "role")) == [("riverside", "director")]
    with using_club(riverside.pk):
        assert get_user_model().objects.get(pk=user.pk).has_perm("core.direct_sessions")
    with using_club(Club.objects.get(slug="club").pk):
        assert not get_user_model().objects.get(pk=user.pk).has_perm("core.direct_sessions")
    run("grant", "ann", "director", "--club", "riverside", "--revoke")
    assert not ClubRole.objects.filter(user=user).exists()


def test_demos_and_importers_need_the_club_when_there_are_several():
    run("demo", "--tables", "3", "--quick")  # one club: no --club needed
    assert Event.objects.get().tenant.slug == "club"
    run("create_club", "riverside", "--name", "Riverside BC")
    get_user_model().objects.create_superuser(username="host", password="host-password-1")
    run("party_demo")  # printed, not kept: no club needed
    kept = (["demo", "--tables", "3", "--quick"], ["teams_demo", "--teams", "2", "--save"], ["party_demo", "--save"])
    for command in kept:
        with pytest.raises(CommandError, match=r"several clubs.*club, riverside"):
            run(*command)
    with pytest.raises(CommandError, match="no club 'elsewhere'"):
        run("demo", "--club", "elsewhere")
    run("demo", "--tables", "3", "--quick", "--club", "riverside")
    run("teams_demo", "--teams", "2", "--boards", "2", "--rounds", "1", "--save", "--club", "riverside")
    assert Event.objects.filter(tenant__slug="riverside").count() == 1
    assert TeamEvent.objects.get().tenant.slug == "riverside"
    for importer in ("import_pbn", "import_lin", "import_usebio", "import_bws"):
        with pytest.raises(CommandError, match="no club 'elsewhere'"):
            run(importer, "any-file", "--club", "elsewhere")
