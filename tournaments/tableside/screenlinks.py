"""The TV's secret screen link: issued, opened and revoked as the table links are (same generator, same
refusal), so the club room's TV shows the big screen of a session or a party with no one logged in on it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.clubs.addresses import club_url
from tournaments.core.actors import Actor
from tournaments.core.errors import NOT_FOUND, LinkRefused
from tournaments.sessions.models import Session
from tournaments.tableside.models import ScreenLink


def live_screen_link(*, session: Session | None = None, party_id: int | None = None) -> ScreenLink | None:
    """The screen's live link, if one was issued (reading never makes one: a GET writes nothing)."""
    links = ScreenLink.objects.filter(revoked_at__isnull=True)
    if session is not None:
        return links.filter(session=session).first()
    return links.filter(party_id=party_id).first() if party_id is not None else None


def issue_screen_link(*, actor: Actor, session: Session | None = None, party_id: int | None = None) -> ScreenLink:
    """The screen's live link, made (and audited) when there is none; an existing one is kept."""
    if (session is None) == (party_id is None):
        raise ValueError("A screen link belongs to a session or to a party.")
    with transaction.atomic():
        if session is not None:
            Session.objects.select_for_update().get(pk=session.pk)  # two directors' clicks make one link
        link = live_screen_link(session=session, party_id=party_id)
        if link is not None:
            return link
        link = ScreenLink.objects.create(session=session, party_id=party_id)
        audit.record(
            actor=actor,
            action=AuditAction.SCREEN_LINK_ISSUE,
            target=link,
            session_id=link.session_id,
            new={"session": link.session_id, "party": link.party_id},
        )
        return link


def revoke_screen_link(*, actor: Actor, link: ScreenLink) -> None:
    """End the link at once: the TV that has it shows "withdrawn" on its next refresh."""
    with transaction.atomic():
        locked = ScreenLink.objects.select_for_update().get(pk=link.pk)
        if locked.revoked_at is not None:
            return
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
        audit.record(
            actor=actor,
            action=AuditAction.SCREEN_LINK_REVOKE,
            target=locked,
            session_id=locked.session_id,
            old={"session": locked.session_id, "party": locked.party_id},
        )


def open_screen(token: str) -> ScreenLink:
    """The live screen link with this token, or LinkRefused (404 unknown, 403 withdrawn or its session or party
    archived: off the lists, the public pages and the phones, so off the TV too)."""
    link = ScreenLink.objects.select_related("session", "party").filter(token=token[:64]).first()
    if link is None:
        raise LinkRefused(_("There is no such screen link. Ask the director for the current one."), code=NOT_FOUND)
    if link.revoked_at is not None:
        raise LinkRefused(_("This screen link was withdrawn by the director. Ask for the new one."))
    if link.session is not None and link.session.archived_at is not None:
        raise LinkRefused(_("The director has archived this session: ask the director."))
    if link.party is not None and link.party.archived_at is not None:
        raise LinkRefused(_("The host has archived this party: ask the host."))
    return link


def screen_url(link: ScreenLink) -> str:
    """The link as the TV opens it, at the current club's address (`clubs.addresses`, on config/siteurl.py's)."""
    name = "tableside:screen_link" if link.session_id else "parties:screen_link"
    return club_url(name, [link.token])
