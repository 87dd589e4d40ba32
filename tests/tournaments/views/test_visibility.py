"""Nothing before its time: a session in play shows a player only the boards his pair has played, a table link
only the boards its table has played; scorers and directors see everything (`sessions.selectors.visibility`).

Every page of the URLconf (tests/test_access.py's walk) and the table API are read as each role and as each
table link. Every result of a board the viewer has not played is marked "7NTXX" (a score of 2980 or 2280 that
no other figure on these pages reaches), and each board's deal is checked as its four-hand diagram and as PBN.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.db.models import F
from django.urls import get_resolver

from tests.test_access import SKIP_PREFIXES, concrete, login_as, walk, world  # noqa: F401 (world: the fixture)
from tournaments.publishing.models import Publication
from tournaments.sessions.models import EntryPlayer, Member, Result, Section, Session
from tournaments.sessions.selectors import recaps
from tournaments.sessions.tables import hand_diagram
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db

MARK = "7NTXX"


@pytest.fixture
def in_play(world: dict[str, Any]) -> dict[str, Any]:  # noqa: F811 (the walk's world, imported above)
    """The walk's session back in play after round 1: unpublished, later rounds' results gone."""
    session: Session = world["session"]
    Publication.objects.filter(session=session).delete()
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    Result.objects.filter(section__session=session, table_round__round__gt=1).delete()
    section = session.sections.get()
    world["section"] = section
    return world


def _mark(section: Section, hidden: set[int]) -> None:
    """Every result on a board in `hidden` becomes 7NTXX= by North (the traveller line's own figures), its
    auction ending in an alerted 7NT (shown as "7NT!" wherever auctions are shown), its play a claim of all 13
    tricks ("Declarer claims 13 more tricks" wherever plays are shown)."""
    for result in Result.objects.filter(section=section, board__number__in=hidden).select_related("board"):
        vul = result.board.vulnerability in ("NS", "All", "ALL", "Both", "B")
        Result.objects.filter(pk=result.pk).update(
            contract=MARK,
            declarer="N",
            tricks=13,
            ns_score=2980 if vul else 2280,
            kind=Result.Kind.PLAYED,
            auction="7NT! X XX P P P",
            play="=13",
        )
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)


def _leaks(text: str, section: Section, hidden: set[int]) -> list[str]:
    found = [MARK] if MARK in text else []
    if "7NT!" in text:
        found.append("an auction")
    if "claims 13 more tricks" in text:
        found.append("a play")
    for board in section.session.boards.filter(number__in=hidden):
        if board.deal and (board.deal in text or hand_diagram(recaps.hands(board.deal)) in text):
            found.append(f"the hands of board {board.number}")
    return found


def _pages(client: Any, world: dict[str, Any]) -> dict[str, str]:  # noqa: F811
    """Every GET page of the URLconf, plus each board's traveller (page and CSV) and each pair's score card."""
    session = world["session"]
    urls = [
        concrete(route, world)
        for route, _callback, _name in walk(get_resolver())
        if not route.startswith(SKIP_PREFIXES) and route not in ("accounts/login/", "accounts/logout/")
    ]
    for board in session.boards.values_list("number", flat=True):
        urls += [f"/sessions/{session.pk}/travellers/?board={board}"]
        urls += [f"/sessions/{session.pk}/travellers/?board={board}&_export=csv"]
        urls += [f"/simultaneous/{world['simultaneous'].pk}/boards/{board}/?club={session.pk}"]
    for entry in world["section"].entries.all():
        urls += [
            f"/sessions/{session.pk}/scorecards/{entry.pk}/",
            f"/sessions/{session.pk}/scorecards/{entry.pk}/?_export=csv",
        ]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, url
        pages[url] = response.content.decode(errors="replace") if response.status_code == 200 else ""
    return pages


def _player_of(entry_id: int, user: Any) -> None:
    member = Member.objects.create(name="Seen Player", user=user)
    EntryPlayer.objects.filter(entry_id=entry_id, seat=1).update(member=member)


@pytest.mark.parametrize("role", [None, "player", "scorer", "director"], ids=lambda r: r or "anonymous")
def test_every_page_of_a_session_in_play_as_each_role(client, django_user_model, director, in_play, role):
    played_world = in_play
    section: Section = played_world["section"]
    user = login_as(client, django_user_model, role, director)
    entry = Result.objects.filter(section=section).order_by("table_round__table").first().ns_entry
    if role == "player":
        _player_of(entry.pk, user)
    played = set(Result.objects.filter(section=section, ns_entry=entry).values_list("board__number", flat=True))
    hidden = set(section.session.boards.values_list("number", flat=True)) - played
    assert played and hidden
    _mark(section, hidden)
    pages = _pages(client, played_world)
    leaks = {url: found for url, text in pages.items() if (found := _leaks(text, section, hidden))}
    if role in ("scorer", "director"):
        assert any(MARK in text for text in pages.values()), "the marks are shown to those who see everything"
        assert leaks
        return
    assert leaks == {}
    if role == "player":
        travellers = pages[f"/sessions/{section.session.pk}/travellers/"]
        assert all(f'id="board-{n}"' in travellers for n in played)
        for other in section.entries.exclude(pk=entry.pk):  # another pair's card: the boards he played, no more
            card = pages[f"/sessions/{section.session.pk}/scorecards/{other.pk}/?_export=csv"]
            rows = list(csv.DictReader(io.StringIO(card)))
            assert {int(r["Board"]) for r in rows} <= played
            assert sum(float(r["Points"] or 0) for r in rows) == pytest.approx(
                float(rows[-1]["Running total"]) if rows else 0
            )


@pytest.mark.parametrize("table", [1, 2, 3])
def test_every_table_link_sees_only_what_its_table_played(client, in_play, table):
    played_world = in_play
    section: Section = played_world["section"]
    boards = set(section.session.boards.values_list("number", flat=True))
    for link in TableLink.objects.filter(section=section, revoked_at__isnull=True, table=table):
        played = set()
        for row in section.table_rounds.filter(table=link.table):
            done = Result.objects.filter(section=section, ns_entry_id=row.ns_entry_id, board__number__in=row.boards)
            played |= set(done.values_list("board__number", flat=True))
        hidden = boards - played
        _mark(section, hidden)
        pages = {f"/t/{link.token}/": client.get(f"/t/{link.token}/").content.decode()}
        pages[f"/api/table/{link.token}/"] = client.get(f"/api/table/{link.token}/").content.decode()
        for n in sorted(boards):
            response = client.get(f"/api/table/{link.token}/traveller/{n}")
            assert response.status_code == (200 if n in played else 404), (link.table, n)
            pages[f"traveller {n}"] = response.content.decode()
        assert {url: found for url, text in pages.items() if (found := _leaks(text, section, hidden))} == {}


def test_everything_shows_once_the_session_is_finished(client, django_user_model, director, in_play):
    played_world = in_play
    section: Section = played_world["section"]
    login_as(client, django_user_model, "player", director)
    travellers = f"/sessions/{section.session.pk}/travellers/"
    boards_played = set(Result.objects.filter(section=section).values_list("board__number", flat=True))
    assert all(f'id="board-{n}"' not in client.get(travellers).content.decode() for n in boards_played)
    Session.objects.filter(pk=section.session.pk).update(status=Session.Status.FINISHED)
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    page = client.get(travellers).content.decode()
    assert all(f'id="board-{n}"' in page for n in boards_played)
