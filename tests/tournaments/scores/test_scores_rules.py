"""The scores selector applies the session's rules: scales, IMPs, adjusted scores, penalties, missed boards."""

from __future__ import annotations

import datetime as dt

import pytest

import scoring
from tournaments.sessions.models import Board, Entry, Event, Result, Ruling, Section, Session
from tournaments.sessions.selectors.scores import score_section

pytestmark = pytest.mark.django_db


def make_section(*, pairs: int = 4, winners: int = 2, **session_fields) -> tuple[Section, dict[str, Entry]]:
    event = Event.objects.create(name="Tuesday pairs")
    session = Session.objects.create(event=event, date=dt.date(2026, 11, 17), **session_fields)
    section = Section.objects.create(
        session=session, movement_kind="mitchell", tables=pairs, rounds=pairs, boards_per_round=1, winners=winners
    )
    entries = {}
    for n in range(1, pairs + 1):
        for direction in ("NS", "EW"):
            label = f"{n}{direction}"
            entries[label] = Entry.objects.create(section=section, number=n, direction=direction, label=label)
    return section, entries


def board(section: Section, number: int) -> Board:
    return Board.objects.get_or_create(
        session=section.session,
        number=number,
        defaults={"dealer": scoring.board_dealer(number), "vulnerability": scoring.board_vulnerability(number)},
    )[0]


def play(section, entries, number, ns, ew, score=None, **fields) -> Result:
    kind = fields.pop("kind", "played")
    return Result.objects.create(
        section=section,
        board=board(section, number),
        ns_entry=entries[ns],
        ew_entry=entries[ew],
        kind=kind,
        ns_score=score,
        **fields,
    )


def totals(scores) -> dict[str, float]:
    return {s.entry.label: s.total for field in scores.standings.values() for s in field}


def test_ebu_and_acbl_scales_on_one_board():
    for scale, expected in (("ebu", [6, 3, 3, 0]), ("acbl", [3, 1.5, 1.5, 0])):
        section, e = make_section(mp_scale=scale)
        for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
            play(section, e, 1, ns, ew, score)
        scores = score_section(section)
        assert [line.ns_points for line in scores.boards[0].lines] == expected
        assert scores.boards[0].top == expected[0]
        assert [line.ew_points for line in scores.boards[0].lines] == [expected[0] - x for x in expected]


def test_two_winners_rank_ns_and_ew_apart_with_tied_places():
    section, e = make_section()
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    scores = score_section(section)
    assert set(scores.standings) == {"NS", "EW"}
    assert [(s.entry.label, s.place) for s in scores.standings["NS"]] == [
        ("1NS", "1"),
        ("2NS", "2="),
        ("3NS", "2="),
        ("4NS", "4"),
    ]
    assert scores.standings["EW"][0].entry.label == "4EW"
    assert scores.standings["NS"][0].percentage == pytest.approx(100.0)


def test_artificial_scores_and_neuberg_in_the_totals():
    section, e = make_section()
    # Board 1 played four times; board 2 three times plus an average-plus/minus line.
    for ns, ew, score in (("1NS", "1EW", 420), ("2NS", "2EW", 420), ("3NS", "3EW", 450), ("4NS", "4EW", -50)):
        play(section, e, 1, ns, ew, score)
    for ns, ew, score in (("1NS", "1EW", 100), ("2NS", "2EW", 110), ("3NS", "3EW", 140)):
        play(section, e, 2, ns, ew, score)
    play(section, e, 2, "4NS", "4EW", kind="artificial", ns_percent=60, ew_percent=40)
    scores = score_section(section)
    b2 = scores.boards[1]
    assert b2.top == 6
    # Three real scores compared, four scored: the real ones are raised by Neuberg, (MP + 1) * 4/3 - 1.
    assert [line.ns_points for line in b2.lines] == pytest.approx([1 / 3, 3.0, 17 / 3, 3.6])
    assert b2.lines[3].ew_points == pytest.approx(2.4)
    assert b2.lines[3].display_score == "A60/40"


def test_board_played_fewer_times_is_factored_up_in_totals_only():
    section, e = make_section()
    for ns, ew, score in (("1NS", "1EW", 420), ("2NS", "2EW", 420), ("3NS", "3EW", 450), ("4NS", "4EW", -50)):
        play(section, e, 1, ns, ew, score)
    for ns, ew, score in (("1NS", "1EW", 100), ("2NS", "2EW", 110), ("3NS", "3EW", 140)):
        play(section, e, 2, ns, ew, score)
    scores = score_section(section)
    b2 = scores.boards[1]
    assert b2.top == 4  # its own top on the traveller
    assert [line.ns_points for line in b2.lines] == [0, 2, 4]
    # In the totals: Neuberg (MP + 1) * 4/3 - 1
    assert [line.ns_total_points for line in b2.lines] == pytest.approx([1 / 3, 3.0, 17 / 3])
    t = totals(scores)
    # 4NS missed board 2: its total (0 on board 1) is scaled, 3NS: 6 + 17/3
    assert t["3NS"] == pytest.approx(6 + 17 / 3)


def test_missed_boards_scale_the_total_when_the_session_says_so():
    for scale_missed, expected in ((True, 6.0), (False, 4.0)):
        section, e = make_section(pairs=3, scale_missed_boards=scale_missed, use_neuberg=False)
        for ns, ew, score in (("1NS", "1EW", 420), ("2NS", "2EW", 400), ("3NS", "3EW", -50)):
            play(section, e, 1, ns, ew, score)
        for ns, ew, score in (("1NS", "1EW", 100), ("2NS", "2EW", 110), ("3NS", "3EW", 140)):
            play(section, e, 2, ns, ew, score)
        play(section, e, 3, "2NS", "2EW", 200)
        play(section, e, 3, "3NS", "3EW", 100)
        # 1NS: 4 + 0 on two boards, played 2 of 3 -> scaled 6.0 when scaling is on
        assert totals(score_section(section))["1NS"] == pytest.approx(expected)


def test_penalty_comes_off_the_total_after_scaling():
    section, e = make_section()
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    Ruling.objects.create(
        session=section.session,
        section=section,
        entry=e["1NS"],
        decision="procedural_penalty",
        penalty=scoring.procedural_penalty(6),
        law="Law 90",
        facts="Slow play",
    )
    scores = score_section(section)
    assert totals(scores)["1NS"] == pytest.approx(6 - 0.6)
    assert scores.standing_of(e["1NS"].pk).penalties == pytest.approx(0.6)


def test_average_plus_can_be_the_pairs_own_better_percentage():
    section, e = make_section(average_plus_own_percentage=True)
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    for ns, ew, score in (("2NS", "2EW", 170), ("3NS", "3EW", 140), ("4NS", "4EW", -100)):
        play(section, e, 2, ns, ew, score)
    play(section, e, 2, "1NS", "1EW", kind="artificial", ns_percent=60, ew_percent=40)
    scores = score_section(section)
    line = next(x for x in scores.boards[1].lines if x.result.ns_entry_id == e["1NS"].pk)
    assert line.ns_points == pytest.approx(6.0)  # 1NS scored 100% on board 1: better than 60%
    assert line.ew_points == pytest.approx(2.4)  # average minus stays 40%


def test_butler_imps_and_cross_imps():
    section, e = make_section(scoring_method="butler")
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    scores = score_section(section)
    datum = scoring.butler_datum([620, 170, 170, -100])
    assert scores.boards[0].datum == datum
    assert [line.ns_points for line in scores.boards[0].lines] == [
        scoring.imps(s - datum) for s in (620, 170, 170, -100)
    ]
    assert scores.standing_of(e["1NS"].pk).percentage is None

    section, e = make_section(scoring_method="cross_imps")
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    expected = scoring.cross_imps([620, 170, 170, -100])
    assert [line.ns_points for line in score_section(section).boards[0].lines] == pytest.approx(expected)


def test_total_points_add_up_the_scores():
    section, e = make_section(scoring_method="total")
    play(section, e, 1, "1NS", "1EW", 620)
    play(section, e, 2, "1NS", "1EW", -100)
    t = totals(score_section(section))
    assert (t["1NS"], t["1EW"]) == (520, -520)


def test_weighted_score_is_rated_part_by_part():
    section, e = make_section()
    play(section, e, 1, "1NS", "1EW", 420)
    play(section, e, 1, "2NS", "2EW", -50)
    play(section, e, 1, "3NS", "3EW", 170)
    play(
        section,
        e,
        1,
        "4NS",
        "4EW",
        kind="weighted",
        weighted=[{"weight": 0.5, "ns_score": 420}, {"weight": 0.5, "ns_score": -50}],
    )
    line = score_section(section).boards[0].lines[3]
    # 420 ties 420, beats 170 and -50: 2+1+2 = ... on the EBU scale: 1 + 2 + 2 = 5; -50 ties -50: 1 -> (5+1)/2 = 3
    assert line.ns_points == pytest.approx(3.0)
    assert line.ew_points == pytest.approx(3.0)


def test_average_minus_can_be_the_offending_pairs_own_worse_percentage():
    section, e = make_section(average_minus_own_percentage=True)
    for ns, ew, score in (("1NS", "1EW", 620), ("2NS", "2EW", 170), ("3NS", "3EW", 170), ("4NS", "4EW", -100)):
        play(section, e, 1, ns, ew, score)
    for ns, ew, score in (("2NS", "2EW", 170), ("3NS", "3EW", 140), ("4NS", "4EW", -100)):
        play(section, e, 2, ns, ew, score)
    play(section, e, 2, "1NS", "1EW", kind="artificial", ns_percent=60, ew_percent=40)
    scores = score_section(section)
    line = next(x for x in scores.boards[1].lines if x.result.ns_entry_id == e["1NS"].pk)
    assert line.ew_points == pytest.approx(0.0)  # 1EW scored 0% on board 1: worse than 40%
    assert line.ns_points == pytest.approx(3.6)  # average plus stays 60% (of the top of 6)
