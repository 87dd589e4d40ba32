"""The demo evening: complete, scored, plausible, and the id alone on the last line."""

import io

import pytest
from django.core.management import CommandError, call_command

from tournaments.sessions.models import Board, Result, Ruling, Session
from tournaments.sessions.selectors.scores import score_section

pytestmark = pytest.mark.django_db


def run_demo(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("demo", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("tables", "movement", "winners"), [(3, "mitchell", 2), (4, "howell", 1)])
def test_demo_solves_the_deals_and_plays_a_whole_session(tables, movement, winners):
    out, err = run_demo("--tables", str(tables), "--movement", movement, "--seed", "11")
    session = Session.objects.get(pk=int(out.strip().splitlines()[-1]))
    section = session.sections.get()
    assert (section.movement_kind, section.tables, section.winners) == (movement, tables, winners)
    boards = list(Board.objects.filter(session=session))
    assert all(len(b.deal) > 60 and b.deal.startswith("N:") for b in boards)
    expected = sum(len(r.boards) for r in section.table_rounds.filter(ns_entry__isnull=False, ew_entry__isnull=False))
    assert Result.objects.filter(section=section).count() == expected
    assert all(e.players.count() == 2 for e in section.entries.all())
    assert set(Ruling.objects.filter(session=session).values_list("decision", flat=True)) == {"artificial", "weighted"}
    played = Result.objects.filter(section=section, kind="played")
    games = played.filter(ns_score__in=[400, 420, 430, 450, 460, 600, 620, 630, 650, 660]).count()
    games += played.filter(ns_score__in=[-400, -420, -430, -450, -460, -600, -620, -630, -650, -660]).count()
    assert games > 0  # real deals give some games
    scores = score_section(section)
    assert len(scores.standings) == winners and "winner" in err
    assert session.status == Session.Status.FINISHED


def test_same_seed_same_evening():
    first, _ = run_demo("--tables", "5", "--seed", "3", "--quick")
    second, _ = run_demo("--tables", "5", "--seed", "3", "--quick")
    a, b = (Session.objects.get(pk=int(x.strip())) for x in (first, second))
    rows = [
        list(
            Result.objects.filter(section__session=s)
            .order_by("board__number", "ns_entry__number")
            .values_list("contract", "declarer", "tricks")
        )
        for s in (a, b)
    ]
    assert rows[0] == rows[1]


def test_demo_refuses_a_silly_size():
    with pytest.raises(CommandError, match="3 to 60 tables"):
        run_demo("--tables", "1")


def test_make_run_calls_the_demo_by_these_option_names():
    out = io.StringIO()
    call_command("demo", tables=3, movement="howell", seed=2, quick=True, stdout=out, stderr=io.StringIO())
    session = Session.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))
    assert session.sections.get().movement_kind == "howell"
