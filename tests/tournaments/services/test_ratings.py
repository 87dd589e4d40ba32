"""Ratings and master points through the services: computed from real finished sessions, idempotent, audited."""

from __future__ import annotations

import io
import itertools
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

import scoring.ratings as method
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import MasterPointAward, PointsScheme, RatingEntry, Session
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services import masterpoints, ratings
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status

pytestmark = pytest.mark.django_db


def demo(seed: int, tables: int = 3) -> Session:
    return build_demo_session(tables=tables, movement="howell", seed=seed, quick=True)


def test_finishing_sessions_rates_every_member_in_order_with_its_history():
    first, second = demo(1), demo(2)
    rows = list(RatingEntry.objects.order_by("member", "order"))
    members = {r.member_id for r in rows}
    assert len(members) >= 6 and all(r.boards > 0 for r in rows)
    for member in members:
        mine = [r for r in rows if r.member_id == member]
        assert mine[0].before == 50.0
        for earlier, later in itertools.pairwise(mine):
            assert later.before == pytest.approx(earlier.after)  # each session starts where the last ended
    # the arithmetic is scoring.ratings applied to the standings: the first row of each member from scratch
    standing = next(s for sec in score_session(first) for st in sec.standings.values() for s in st)
    member = standing.entry.players.first().member
    row = RatingEntry.objects.get(member=member, session=first)
    assert row.percentage == pytest.approx(standing.percentage)
    assert row.after == pytest.approx(method.updated(method.Rating(), row.performance, row.boards).rating)
    assert {r.session_id for r in rows} == {first.pk, second.pk}


def test_recompute_is_idempotent_and_audited():
    demo(3)
    picture = sorted(RatingEntry.objects.values_list("member", "session", "after"))
    count = AuditEntry.objects.filter(action="ratings.recompute").count()
    assert ratings.recompute(actor=None) == len(picture)
    assert sorted(RatingEntry.objects.values_list("member", "session", "after")) == picture
    assert AuditEntry.objects.filter(action="ratings.recompute").count() == count + 1


def test_reopening_a_session_takes_its_ratings_and_awards_away():
    session = demo(4)
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(per_entry=6))
    assert MasterPointAward.objects.filter(session=session).exists()
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    assert not RatingEntry.objects.filter(session=session).exists()
    assert not MasterPointAward.objects.filter(session=session).exists()


def test_a_scheme_awards_the_finished_sessions_from_their_standings():
    session = demo(5, tables=4)
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(per_entry=6, share_percent=33))
    standings = [s for sec in score_session(session) for st in sec.standings.values() for s in st]
    awards = {a.entry_id: a for a in MasterPointAward.objects.filter(session=session)}
    field = len(standings)  # a Howell: one field of 8 pairs pays 3 places: 48, 32, 16
    assert field == 8
    winners = [s for s in standings if s.place.rstrip("=") == "1"]
    if len(winners) == 1:
        assert awards[winners[0].entry.pk].points == 48
    assert sum(a.points for a in awards.values()) >= 48 + 32 + 16 - 2  # ties share, rounded up
    assert {a.point_type for a in awards.values()} == {"GREEN"}
    assert AuditEntry.objects.filter(action="points.award", session_id=session.pk).exists()
    assert AuditEntry.objects.filter(action="points.scheme").count() == 1


def test_a_table_scheme_with_a_bad_line_is_refused_at_the_table_field():
    session = demo(6)
    with pytest.raises(ValidationError) as caught:
        masterpoints.save_scheme(
            actor=None, event=session.event, scheme=PointsScheme(kind="table", table="1: 6 4\nten: 3")
        )
    assert "Line 2" in caught.value.message_dict["table"][0]
    assert not PointsScheme.objects.exists()
    masterpoints.save_scheme(actor=None, event=session.event, scheme=PointsScheme(kind="table", table="1: 7 5 3 1"))
    assert sorted(MasterPointAward.objects.values_list("points", flat=True), reverse=True)[:1] == [7]


def test_the_newest_session_rated_alone_gives_what_a_full_recompute_gives():
    demo(7), demo(8), demo(9)  # each finished after the others: rated from the members' latest ratings
    fields = ("member", "session", "order", "before", "performance", "after", "weight")
    quick = sorted(RatingEntry.objects.values_list(*fields))
    ratings.recompute(actor=None)
    full = sorted(RatingEntry.objects.values_list(*fields))
    assert len(quick) == len(full) > 0
    for a, b in zip(quick, full, strict=True):
        assert a[:3] == b[:3] and a[3:] == pytest.approx(b[3:])


def test_finishing_an_older_session_after_a_newer_one_rates_them_in_the_order_played():
    older, newer = demo(10), demo(10)  # one seed: the same players
    set_status(actor=None, session=older, status=Session.Status.PLAYING)
    Session.objects.filter(pk=older.pk).update(date=newer.date.replace(year=newer.date.year - 1))
    older.refresh_from_db()
    set_status(actor=None, session=older, status=Session.Status.FINISHED)
    orders = dict(RatingEntry.objects.values_list("session", "order").distinct())
    assert orders[older.pk] < orders[newer.pk]
    both = set(RatingEntry.objects.filter(session=older).values_list("member", flat=True))
    both &= set(RatingEntry.objects.filter(session=newer).values_list("member", flat=True))
    assert both  # the demo's players come from one club list
    for member in both:
        first, second = RatingEntry.objects.filter(member=member).order_by("order")
        assert (first.session_id, first.before) == (older.pk, 50.0)
        assert second.before == pytest.approx(first.after)


def test_the_command_lists_the_ratings_and_recomputes_them_when_asked():
    demo(12)
    out, err = io.StringIO(), io.StringIO()
    call_command("ratings", "--recompute", "--json", stdout=out, stderr=err)
    listed = json.loads(out.getvalue())
    best = RatingEntry.objects.order_by("-after", "member__name").first()
    assert listed[0] == {"member": best.member.name, "rating": round(best.after, 2), "sessions": 1, "points": 0}
    assert len(listed) == RatingEntry.objects.count() and err.getvalue().startswith("Recomputed: ")
    plain = io.StringIO()
    call_command("ratings", stdout=plain)
    assert plain.getvalue().splitlines()[0].split()[:2] == ["1", f"{best.after:.2f}"]
