"""Individual sessions as a user runs one: chosen on the new-session page, players named once, results entered
by partnership like pairs, standings per player."""

from __future__ import annotations

import html
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError

import scoring
from tournaments.sessions.models import Entry, EntryPlayer, Result, Section, Session, TableRound
from tournaments.sessions.selectors.individuals import individual_standings
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.individuals import name_players
from tournaments.sessions.services.results import record_result

pytestmark = pytest.mark.django_db
SETUP = {
    "event_name": "Spring individual",
    "session_name": "Evening",
    "date": "2026-11-30",
    "scoring_method": "mp",
    "mp_scale": "ebu",
    "pairs_a": "8",
}
CONTRACTS = [("3NT", "N", 9), ("4S", "E", 10), ("2H", "S", 7), ("1NT", "W", 8), ("3NT", "N", 10), ("4S", "E", 9)]


def new_individual(client) -> Session:
    step2 = client.post("/sessions/new/", {**SETUP, "stage": "1"})
    choices = [c for c, _ in step2.context["sections"][0][2].fields["choice"].choices]
    individual = [c for c in choices if c.startswith("individual")]
    assert individual == ["individual||7|3"]
    done = client.post("/sessions/new/", {**SETUP, "stage": "2", "sec-A-choice": individual[0]})
    assert done.status_code == 302
    return Session.objects.get()


def test_an_individual_from_the_new_session_page_to_the_players_standings(director, director_client):
    session = new_individual(director_client)
    section = session.sections.get()
    assert section.movement_kind == Section.MovementKind.INDIVIDUAL and section.winners == 1
    assert (section.tables, section.rounds, section.boards_per_round) == (2, 7, 3)
    labels = list(Entry.objects.filter(section=section).values_list("label", flat=True))
    assert len(labels) == 28  # every player partners every other once: 8 * 7 / 2 partnerships
    assert len({frozenset(label.split("-")) for label in labels}) == 28
    # Name the players once, on the players page.
    names = {f"player{n}": f"Player Number {n}" for n in range(1, 9)}
    saved = director_client.post(f"/sessions/{session.pk}/A/players/", names)
    assert saved.status_code == 302
    first = Entry.objects.get(section=section, label=labels[0])
    a, b = labels[0].split("-")
    assert [p.name for p in first.players.order_by("seat")] == [f"Player Number {a}", f"Player Number {b}"]
    # Results by partnership, like pairs: every board of every round.
    rows = TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry")
    for i, row in enumerate(rows):
        for j, board in enumerate(row.boards):
            contract, declarer, tricks = CONTRACTS[(i + j) % len(CONTRACTS)]
            record_result(
                actor=director,
                section=section,
                board=board,
                ns=row.ns_entry.label,
                ew=row.ew_entry.label,
                contract=contract,
                declarer=declarer,
                tricks=tricks,
            )
    assert Result.objects.filter(section=section).count() == 2 * 7 * 3
    standings = individual_standings(section)
    assert sorted(s.number for s in standings) == list(range(1, 9))
    # Each player's figures, worked out here from the partnerships' own standings.
    scores = score_section(section)
    per_player: dict[int, list[tuple[float, float, int]]] = defaultdict(list)
    for rows_ in scores.standings.values():
        for s in rows_:
            for p in s.entry.label.split("-"):
                per_player[int(p)].append((s.total, s.percentage, s.boards_played))
    for s in standings:
        mine = per_player[s.number]
        assert s.boards == 21 == sum(b for _, _, b in mine)
        assert s.total == pytest.approx(sum(t for t, _, _ in mine))
        assert s.percentage == pytest.approx(sum(p * b for _, p, b in mine) / 21)
        assert s.name == f"Player Number {s.number}"
    assert [s.percentage for s in standings] == sorted((s.percentage for s in standings), reverse=True)
    assert sum(s.percentage for s in standings) / 8 == pytest.approx(50)
    page = director_client.get(f"/sessions/{session.pk}/players/").content.decode()
    best = standings[0]
    assert html.escape(best.name) in page and f"{scoring.shown(best.percentage)}" in page
    detail = director_client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'id="individual-players"' in detail
    # The traveller page takes partnerships as pairs.
    assert director_client.get(f"/sessions/{session.pk}/A/traveller/1/").status_code == 200


def test_a_late_player_and_pairs_pages_are_refused_clearly(director, director_client):
    session = new_individual(director_client)
    section = session.sections.get()
    late = director_client.post(f"/sessions/{session.pk}/entries/late/", {"section": "A", "player1": "Late"})
    assert late.status_code < 500
    assert Entry.objects.filter(section=section).count() == 28
    too_long = director_client.post(f"/sessions/{session.pk}/A/players/", {"player1": "x" * 500})
    assert too_long.status_code == 400
    assert EntryPlayer.objects.count() == 0
    pairs = director_client.get("/sessions/new/")
    assert pairs.status_code == 200
    with pytest.raises(ValidationError, match="individual"):
        mitchell = Section.objects.create(
            session=session, letter="B", movement_kind="mitchell", tables=1, rounds=1, boards_per_round=1
        )
        name_players(actor=director, section=mitchell, names={1: "x"})


def test_only_8_or_12_are_offered_an_individual(director_client):
    step2 = director_client.post("/sessions/new/", {**SETUP, "pairs_a": "10", "stage": "1"})
    assert not [c for c, _ in step2.context["sections"][0][2].fields["choice"].choices if c.startswith("individual")]
    step2 = director_client.post("/sessions/new/", {**SETUP, "pairs_a": "12", "stage": "1"})
    assert "individual||11|3" in [c for c, _ in step2.context["sections"][0][2].fields["choice"].choices]
    assert director_client.get("/sessions/999/players/").status_code == 404
