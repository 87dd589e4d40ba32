"""Multi-session events: overall standings with no, full or a percentage carry-over, through the service and
the pages; a further session is added to an event from the new-session page."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

import scoring
from tests.tournaments.jobs.helpers import pdf_pages
from tournaments.audit.models import AuditEntry
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.sessions import reports
from tournaments.sessions.models import EntryPlayer, Event, Session
from tournaments.sessions.selectors.events import event_standings
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.events import set_carry_over

pytestmark = pytest.mark.django_db


def two_session_event() -> Event:
    """Two demo evenings made one event; the pairs of the second are the first's players (by label)."""
    first = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    second = build_demo_session(tables=3, movement="mitchell", seed=8, quick=True)
    Session.objects.filter(pk=second.pk).update(event=first.event, number=2)
    names = {(p.entry.label, p.seat): p.name for p in EntryPlayer.objects.filter(entry__section__session=first)}
    for player in EntryPlayer.objects.filter(entry__section__session=second).select_related("entry"):
        player.name = names[(player.entry.label, player.seat)]
        player.save()
    return first.event


def by_label(session: Session) -> dict[str, tuple[str, float]]:
    out = {}
    for scores in score_session(session):
        for standings in scores.standings.values():
            for s in standings:
                out[s.entry.label] = (s.entry.names, s.percentage)
    return out


@pytest.mark.parametrize(
    ("carry", "percent", "weight"), [("full", None, 1.0), ("none", None, 0.0), ("percent", 30, 0.3)]
)
def test_overall_standings_follow_the_carry_over(director, carry, percent, weight):
    event = two_session_event()
    set_carry_over(actor=director, event=event, carry_over=carry, percent=percent)
    event.refresh_from_db()
    first, second = (by_label(s) for s in event.sessions.order_by("number"))
    table = event_standings(event)
    assert [s.number for s in table.sessions] == [1, 2] and table.weights == [weight, 1.0]
    rows = {r.names: r for r in table.standings}
    assert len(rows) == len(first)
    for label, (names, pct1) in first.items():
        pct2 = second[label][1]
        expected = (weight * pct1 + pct2) / (weight + 1)
        assert rows[names].figures == pytest.approx([pct1, pct2])
        assert rows[names].overall == pytest.approx(expected)
    overall = [r.overall for r in table.standings]
    assert overall == sorted(overall, reverse=True)
    assert table.standings[0].place in ("1", "1=")
    assert AuditEntry.objects.filter(action="event.carry_over").count() == 1


def test_a_bad_carry_over_is_refused(director):
    event = two_session_event()
    with pytest.raises(ValidationError):
        set_carry_over(actor=director, event=event, carry_over="percent", percent=120)
    with pytest.raises(ValidationError):
        set_carry_over(actor=director, event=event, carry_over="half")


def test_the_event_page_and_adding_a_session(director_client):
    event = two_session_event()
    page = director_client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="event-standings"' in page and "Overall %" in page
    best = event_standings(event).standings[0]
    assert f"{scoring.shown(best.overall)}" in page
    changed = director_client.post(
        f"/events/{event.pk}/carry-over/", {"carry_over": "percent", "carry_over_percent": "25"}
    )
    assert changed.status_code == 302
    event.refresh_from_db()
    assert (event.carry_over, event.carry_over_percent) == ("percent", 25)
    bad = director_client.post(
        f"/events/{event.pk}/carry-over/", {"carry_over": "percent", "carry_over_percent": "250"}
    )
    assert bad.status_code == 400 and "less than or equal to 100" in bad.content.decode()
    # A third session of the same event, from the new-session page.
    form = director_client.get(f"/sessions/new/?event={event.pk}").content.decode()
    assert f'<option value="{event.pk}" selected>' in form
    data = {
        "event_name": "ignored",
        "session_name": "Final",
        "date": "2026-11-30",
        "scoring_method": "mp",
        "mp_scale": "ebu",
        "pairs_a": "8",
        "event": str(event.pk),
        "stage": "1",
    }
    step2 = director_client.post("/sessions/new/", data)
    choice = step2.context["sections"][0][2].fields["choice"].choices[0][0]
    done = director_client.post("/sessions/new/", {**data, "stage": "2", "sec-A-choice": choice})
    assert done.status_code == 302
    assert event.sessions.count() == 3 and event.sessions.get(number=3).name == "Final"


def test_the_overall_standings_pdf(director, director_client):

    event = two_session_event()
    last = event.sessions.get(number=2)
    page = director_client.get(f"/events/{event.pk}/").content.decode()
    assert f'action="/sessions/{last.pk}/print/start/"' in page and 'value="event-standings"' in page
    filename, content_type, pdf = reports.render("event-standings", last)
    assert filename == "overall-standings.pdf" and content_type == "application/pdf" and pdf.startswith(b"%PDF")
    started = director_client.post(f"/sessions/{last.pk}/print/start/", {"kind": "event-standings", "paper": "a4"})
    assert started.status_code in (200, 302)
    job = GeneratedFile.objects.get(kind="event-standings")
    jobs.run_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done" and job.content.startswith(b"%PDF")
    text = "\n".join(pdf_pages(job.content))
    best = event_standings(event).standings[0]
    assert "Overall standings" in text and f"{scoring.shown(best.overall)}" in text
