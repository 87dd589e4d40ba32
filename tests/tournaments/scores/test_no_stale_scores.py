"""Scores are kept per section version: a change through any write path shows on every page at once.

Each case scores the session through the pages first (so the kept scores and the cached public pages are
warm), changes it through one write path, then checks the director's standings, the public standings and a
pair's public score card against scores computed afresh (bypassing every cache)."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

import scoring
from tests.tournaments.reports.factories import make_session
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Result, Section, Session
from tournaments.sessions.selectors.scores import _score_now, score_section
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import add_late_pair, set_status
from tournaments.tableside import services as tableside

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: the caches work


class Form(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside, self.fields = False, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry-form":
            self.inside = True
        elif self.inside and tag == "input" and a.get("name") and a.get("type") not in ("checkbox", "radio"):
            self.fields[a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


@pytest.fixture
def section(director) -> Section:
    session = make_session(pairs=8, boards_per_round=2, deals=False, adjusted=False, actor=director)
    set_status(actor=director, session=session, status=Session.Status.PLAYING)
    publishing.publish(actor=director, session=session)
    return session.sections.get()


def pages(client, director_client, section: Section) -> list[str]:
    entry = section.entries.order_by("direction", "number").first()
    pk = section.session_id
    return [
        director_client.get(f"/sessions/{pk}/standings/").content.decode(),
        client.get(f"/results/{pk}/").content.decode(),
        client.get(f"/results/{pk}/pairs/{entry.pk}/").content.decode(),
    ]


def figures(section: Section) -> list[str]:
    fresh = _score_now(Section.objects.get(pk=section.pk))
    return [f"{scoring.shown(s.percentage)}" for rows in fresh.standings.values() for s in rows]


def change_tricks_on_the_page(director_client, url: str) -> None:
    form = Form()
    form.feed(director_client.get(url).content.decode())
    fields = dict(form.fields)
    shown = fields["line-0-tricks"]
    fields["line-0-tricks"] = "-2" if shown != "-2" else "+1"
    fields["why"] = "claim misread"
    assert director_client.post(url, fields).status_code == 302


def via_traveller(director_client, client, section):
    change_tricks_on_the_page(director_client, f"/sessions/{section.session_id}/A/traveller/1/")


def via_pickup_slip(director_client, client, section):
    row = section.table_rounds.get(round=2, table=1)
    change_tricks_on_the_page(director_client, f"/sessions/{section.session_id}/A/pickup/2/1/")
    assert row.boards


def via_table_api(director_client, client, section):
    row = section.table_rounds.get(round=1, table=2)
    board = int(row.boards[0])
    token = tableside.issue_links(section)[1].token
    body = {"board": board, "contract": "7NT", "declarer": "N", "tricks": 13, "client_id": "grand"}
    answer = client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201, answer.json()


def via_ruling(director_client, client, section):
    apply_ruling(
        actor=None, section=section, decision="artificial", board_number=1, ns="1", ew="1", ns_percent=60, ew_percent=40
    )


@pytest.mark.parametrize("write", [via_traveller, via_pickup_slip, via_table_api, via_ruling])
def test_every_page_shows_the_change_at_once(write, client, director_client, section):
    if write is via_table_api:  # the table sends a board not in yet (the pages are scored without it first)
        row = section.table_rounds.get(round=1, table=2)
        Result.objects.filter(section=section, board__number=int(row.boards[0]), ns_entry=row.ns_entry).delete()
    before = pages(client, director_client, section)
    assert all(f in before[0] and f in before[1] for f in figures(section))
    write(director_client, client, section)
    section.refresh_from_db()
    after = pages(client, director_client, section)
    assert after != before, "the change shows nowhere"
    for page in after[:2]:  # both standings pages: every figure as computed afresh
        missing = [f for f in figures(section) if f not in page]
        assert not missing, f"stale figures after {write.__name__}: {missing}"


def test_a_late_pair_is_in_the_kept_scores_at_once(director):
    """A late pair comes before any result (after one it is refused), so no page figure moves yet; the kept
    scores must still have the new pair in them."""
    session = make_session(pairs=8, boards_per_round=2, deals=False, results=False, actor=director)
    section = session.sections.get()
    before = score_section(section)
    late = add_late_pair(actor=director, section=section, names=["Late Arrival", "Just Intime"])
    after = score_section(Section.objects.get(pk=section.pk))
    assert len(after.entries) == len(before.entries) + 1, ([e.label for e in before.entries], late.label)
    assert late.pk in {e.pk for e in after.entries}
