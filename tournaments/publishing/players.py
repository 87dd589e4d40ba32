"""A player's own results across the club's published sessions, and the private link that opens them.

The private link and the unsubscribe link carry the member's id signed with the site's key, so they work
without a login and cannot be guessed or altered. A private link expires after `LINK_DAYS` and the links of one
member can be revoked (by the director, or by the player on his page): one date on the member is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.core import signing
from django.db.models import Max

from tournaments.publishing.models import PublishedFigures
from tournaments.sessions.models import EntryPlayer, Member, Session

LINK_SALT = "bridgedesk.publishing.member-link"
UNSUBSCRIBE_SALT = "bridgedesk.publishing.unsubscribe"
LINK_DAYS = 180  # a private results link works this long after its e-mail; the next e-mail brings a fresh one


def link_token(member: Member) -> str:
    return signing.dumps(member.pk, salt=LINK_SALT, compress=False)


def unsubscribe_token(member: Member) -> str:
    return signing.dumps(member.pk, salt=UNSUBSCRIBE_SALT, compress=False)


def member_from(token: str, salt: str) -> Member | None:
    """The member a signed token names; None for a token that was altered, made for another purpose, or junk.

    A private results link also expires (`LINK_DAYS` after it was made) and dies when the member's links are
    revoked (`Member.links_valid_from`, set by `services.revoke_player_links`)."""
    max_age = timedelta(days=LINK_DAYS) if salt == LINK_SALT else None
    try:
        pk = signing.loads(token[:200], salt=salt, max_age=max_age)
    except signing.BadSignature:  # SignatureExpired is one
        return None
    member = Member.objects.filter(pk=pk).first() if isinstance(pk, int) else None
    if member is not None and salt == LINK_SALT and member.links_valid_from is not None:
        made = datetime.fromtimestamp(signing.b62_decode(token.split(":")[-2]), tz=UTC)
        if made < member.links_valid_from:
            return None
    return member


@dataclass(frozen=True)
class Played:
    """One published session a member played in, with the figures the public pages show."""

    session: Session
    pair: str
    partner: str
    percentage: float | None
    place: str

    @property
    def date(self) -> date:
        return self.session.date


def history_of(member: Member) -> list[Played]:
    """The member's published sessions, oldest first, with percentage and place as last published."""
    seats = list(
        EntryPlayer.objects.filter(member=member, entry__section__session__publication__is_public=True)
        .select_related("entry__section__session__event", "entry__section__session__publication")
        .prefetch_related("entry__players")
    )
    publications = {p.entry.section.session.publication.pk for p in seats}
    newest = (
        PublishedFigures.objects.filter(publication_id__in=publications)
        .values("publication_id")
        .annotate(last=Max("id"))
        .values_list("last", flat=True)
    )
    figures = {f.publication_id: f.pairs for f in PublishedFigures.objects.filter(id__in=list(newest))}
    out = []
    for seat in seats:
        session = seat.entry.section.session
        mine = figures.get(session.publication.pk, {}).get(str(seat.entry_id), {})
        partner = " & ".join(p.name for p in seat.entry.players.all() if p.pk != seat.pk)
        out.append(Played(session, seat.entry.label, partner, mine.get("pct"), str(mine.get("place", ""))))
    out.sort(key=lambda p: (p.session.date, p.session.pk))
    return out


def plot_points(history: list[Played], width: int = 600, height: int = 160) -> str:
    """The SVG polyline of percentage over time (oldest left), on a fixed 30%-70% scale a club's results fit."""
    scored = [p.percentage for p in history if p.percentage is not None]
    if len(scored) < 2:
        return ""
    step = width / (len(scored) - 1)
    low, high = min(30.0, *scored), max(70.0, *scored)
    return " ".join(
        f"{i * step:.1f},{height - (pct - low) / (high - low) * height:.1f}" for i, pct in enumerate(scored)
    )


def unsubscribe(token: str) -> bool:
    """Opt the member the token names out of results e-mails; False for a bad token."""
    member = member_from(token, UNSUBSCRIBE_SALT)
    if member is None:
        return False
    if not member.email_opt_out:
        member.email_opt_out = True
        member.save(update_fields=["email_opt_out", "updated_at"])
    return True
