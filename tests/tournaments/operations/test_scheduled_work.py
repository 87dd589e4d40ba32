"""Scheduled work of the owners (issue 30): each beat task run for real against the database (and, for mail,
the real SMTP server the e-mail tests start): expired table and screen links revoked, directors reminded the day
before a session that is not ready, results e-mailed for the clubs that asked; every one idempotent."""

from __future__ import annotations

import datetime

import pytest
from celery.schedules import crontab
from django.contrib.auth import get_user_model
from django.utils import timezone

from config.celery import beat_schedule
from config.env import ImproperSetting, env_time
from tests.tournaments.publishing.test_email import Inbox, free_port, published, smtp  # noqa: F401  (fixtures)
from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.clubs.models import Club, ClubRole
from tournaments.core.access import Role
from tournaments.publishing.models import EmailDelivery
from tournaments.publishing.tasks import email_published_results
from tournaments.sessions.models import DirectorReminder, Entry, Member, Session
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.sessions.tasks import remind_directors
from tournaments.tableside import services as tableside
from tournaments.tableside.models import ScreenLink, TableLink
from tournaments.tableside.screenlinks import issue_screen_link
from tournaments.tableside.tasks import expire_links

pytestmark = pytest.mark.django_db


def test_a_time_of_day_becomes_a_daily_crontab_and_a_typo_stops_the_start():
    made = beat_schedule({"a": {"task": "t", "schedule": "07:05"}, "b": {"task": "u", "schedule": 60}})
    assert made["a"]["schedule"] == crontab(hour=7, minute=5) and made["b"]["schedule"] == 60
    assert env_time("REMINDERS_AT", "18:00", {"REMINDERS_AT": "7:05"}) == "07:05"
    for bad in ("25:00", "18", "6pm", "18:5"):
        with pytest.raises(ImproperSetting, match=f"REMINDERS_AT={bad!r} is not a time of day"):
            env_time("REMINDERS_AT", "18:00", {"REMINDERS_AT": bad})


# Expired links -------------------------------------------------------------------------------------------------


def _aged(link: TableLink | ScreenLink, days: int) -> None:
    type(link)._base_manager.filter(pk=link.pk).update(created_at=timezone.now() - datetime.timedelta(days=days))


def test_old_links_of_events_not_being_played_are_revoked_once(client, settings):
    settings.TABLE_LINK_DAYS = 7
    done = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    playing = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    Session.objects.filter(pk=done.session_id).update(status=Session.Status.FINISHED)
    Session.objects.filter(pk=playing.session_id).update(status=Session.Status.PLAYING)
    old, fresh = tableside.issue_links(done)[:2]
    kept = tableside.issue_links(playing)[0]
    screen = issue_screen_link(actor=None, session=done.session)
    for link in (old, kept, screen):
        _aged(link, 8)
    _aged(fresh, 6)

    assert expire_links.apply().get() == {"tables": 1, "screens": 1}

    live = set(TableLink.objects.filter(revoked_at__isnull=True).values_list("pk", flat=True))
    assert old.pk not in live and {fresh.pk, kept.pk} <= live
    assert ScreenLink.objects.get(pk=screen.pk).revoked_at is not None
    assert client.get(f"/t/{old.token}/").status_code == 403
    assert client.get(f"/screen/{screen.token}/").status_code == 403
    assert client.get(f"/t/{kept.token}/").status_code == 200
    revoked = AuditEntry.objects.filter(action__in=["table.link_revoke", "screen.link_revoke"])
    assert revoked.count() == 2 and set(revoked.values_list("actor", flat=True)) == {None}
    # A second run (two beats, a retried message) finds nothing to do and writes nothing.
    assert expire_links.apply().get() == {"tables": 0, "screens": 0}
    assert revoked.count() == 2


# Reminders -----------------------------------------------------------------------------------------------------


@pytest.fixture
def director():
    club = Club.objects.get(slug="club")
    user = get_user_model().objects.create_user("dora", email="dora@example.org")
    ClubRole.objects.create(user=user, club=club, role=Role.DIRECTOR)
    get_user_model().objects.create_user("nobody", email="nobody@example.org")  # no role: not told
    return user


def _on(session: Session, day: datetime.date) -> Session:
    Session.objects.filter(pk=session.pk).update(date=day)
    return Session.objects.get(pk=session.pk)


def test_directors_hear_the_day_before_of_a_session_whose_players_are_not_named(smtp, director):  # noqa: F811
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    unnamed = _on(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)), tomorrow)
    ready = _on(make_session(SectionSpec(pairs=6, kind="mitchell", boards_per_round=3)), tomorrow)
    for i, entry in enumerate(Entry.objects.filter(section__session=ready)):
        set_players(actor=None, entry=entry, players=[(f"A{i}", None), (f"B{i}", None)])
    later = _on(
        make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)), tomorrow + datetime.timedelta(days=1)
    )

    assert remind_directors.apply().get() == [unnamed.pk]

    assert [m["To"] for m in smtp.messages] == ["dora@example.org"]
    body = smtp.messages[0].get_payload(decode=True).decode()
    assert "8 pairs or players are not named yet." in body
    assert f"/sessions/{unnamed.pk}/" in body
    assert str(smtp.messages[0]["Subject"]) == "Tomorrow: Tuesday pairs, Session 1 is not ready"
    assert DirectorReminder.objects.get().session_id == unnamed.pk
    assert not DirectorReminder.objects.filter(session__in=[ready, later]).exists()
    # Run again the same day: nothing more is sent.
    assert remind_directors.apply().get() == []
    assert len(smtp.messages) == 1


def test_a_reminder_the_mail_server_did_not_take_is_tried_again(settings, director):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens there
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    _on(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)), tomorrow)
    assert remind_directors.apply().get() == []
    assert not DirectorReminder.objects.exists()


# Results by e-mail ---------------------------------------------------------------------------------------------


def test_results_are_e_mailed_only_for_a_club_that_asked_and_only_once(smtp, published):  # noqa: F811
    assert email_published_results.apply().get() == {}  # the club did not ask
    assert smtp.messages == [] and not EmailDelivery.objects.exists()

    Club.objects.filter(slug="club").update(email_results=True)
    assert email_published_results.apply().get() == {published.session_id: 1}
    assert [m["To"] for m in smtp.messages] == ["ann@example.org"]

    # A player named (with an address) after the first run gets theirs on the next; nobody gets two.
    dee = Member.objects.create(name="Dee Typed", email="dee@example.org")
    entry = published.entries.get(label="4EW")
    set_players(
        actor=None, entry=entry, players=[(entry.players.first().name, entry.players.first().member), ("", dee)]
    )
    assert email_published_results.apply().get() == {published.session_id: 1}
    assert email_published_results.apply().get() == {published.session_id: 0}
    assert [m["To"] for m in smtp.messages] == ["ann@example.org", "dee@example.org"]
