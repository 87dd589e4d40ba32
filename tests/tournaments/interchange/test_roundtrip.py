"""Bridgedesk's own USEBIO and PBN files come back whole: totals, percentages, places, rulings and the layout.

A session with every kind of ruling (a weighted score, an assigned score, Av+/Av-, Av-/Av-, a board not played
at one table and at every table, procedural and disciplinary penalties), a late pair and a sit-out is exported,
imported again and compared field by field with the original.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.exporters import export_pbn, export_usebio
from tournaments.interchange.importers import import_pbn, import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.interchange.usebio_structure import check_structure
from tournaments.sessions.models import Board, Result, Ruling, Session, TableRound
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services import appeals
from tournaments.sessions.services import rulings as ruling_services
from tournaments.sessions.services import sessions as session_services
from tournaments.sessions.services.results import record_result

pytestmark = pytest.mark.django_db

CONTRACTS = [("4S", "N", 10), ("3NT", "S", 9), ("4S", "N", 11), ("2H", "E", 8), ("3NT", "W", 8), ("4HX", "S", 9)]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _create(kind: str, pairs: int, director, *, late: bool, method: str = "mp") -> Session:
    session = session_services.create_session(
        actor=director,
        event_name="Round trip pairs",
        date=dt.date(2026, 11, 20),
        club="Anytown BC",
        scoring_method=method,
        sections=[session_services.SectionSpec(pairs=pairs - (1 if late else 0), kind=kind, boards_per_round=2)],
    )
    section = session.sections.get()
    if late:
        session_services.add_late_pair(actor=director, section=section, names=["Lou Late", "Lee Later"])
    for entry in section.entries.all():
        if not entry.players.exists():
            session_services.set_players(
                actor=director, entry=entry, players=[(f"Ann {entry.label}", None), (f"Bob {entry.label}", None)]
            )
    Board.objects.filter(session=session, number=1).update(deal=DEAL)
    return session


def _play_all(session: Session, director, seed: int = 0) -> None:
    section = session.sections.get()
    k = seed
    for row in TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry"):
        if row.ns_entry is None or row.ew_entry is None:
            continue
        for board in row.boards:
            contract, declarer, tricks = CONTRACTS[(k * 7 + board) % len(CONTRACTS)]
            k += 1
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


def _line(session: Session, board: int, index: int = 0) -> Result:
    return list(Result.objects.filter(section__session=session, board__number=board).order_by("ns_entry__number"))[
        index
    ]


def _rich_session(director) -> Session:
    """13 pairs in a 7-table Mitchell (a late pair, a sit-out), every kind of ruling, Av+ as the pair's own %."""
    session = _create("mitchell", 13, director, late=True)
    _play_all(session, director)
    section = session.sections.get()
    apply = ruling_services.apply_ruling
    apply(
        actor=director,
        section=section,
        decision="weighted",
        result=_line(session, 3),
        weighted=[
            {"weight": 70, "contract": "4S", "declarer": "N", "tricks": "10"},
            {"weight": 30, "contract": "4S", "declarer": "N", "tricks": "9"},
        ],
        law="Law 16B, 12C1(c)",
        facts="A long hesitation before the final pass.",
    )
    apply(
        actor=director,
        section=section,
        decision="assigned",
        result=_line(session, 4),
        assigned={"contract": "3NT", "declarer": "S", "tricks": "10"},
        law="Law 12C1(e)",
    )
    apply(
        actor=director, section=section, decision="artificial", result=_line(session, 5), ns_percent=60, ew_percent=40
    )
    apply(
        actor=director, section=section, decision="artificial", result=_line(session, 6), ns_percent=40, ew_percent=40
    )
    apply(
        actor=director,
        section=section,
        decision="artificial",
        result=_line(session, 7),
        ns_percent=57.5,
        ew_percent=42.5,
    )
    apply(actor=director, section=section, decision="not_played", result=_line(session, 8), facts="Slow play.")
    last = max(Board.objects.filter(session=session).values_list("number", flat=True))
    apply(actor=director, section=section, decision="not_played", board_number=last, facts="The board was fouled.")
    penalised = section.entries.get(label="2NS")
    apply(actor=director, section=section, decision="procedural_penalty", entry=penalised, law="Law 90", facts="Late")
    apply(
        actor=director,
        section=section,
        decision="disciplinary_penalty",
        entry=section.entries.get(label="3EW"),
        penalty=3,
        law="Law 91",
    )
    _appeal(director, session)
    Session.objects.filter(pk=session.pk).update(average_plus_own_percentage=True, use_neuberg=True)
    session.refresh_from_db()
    return session


def _appeal(director, session: Session) -> None:
    """One ruling changed on appeal (with its committee, reasons and deposit), one appeal still pending."""
    changed = Ruling.objects.get(session=session, decision="assigned")
    appeals.lodge_appeal(actor=director, ruling=changed, by="EW", grounds="3NT makes only nine tricks.")
    appeals.decide_appeal(
        actor=director, ruling=changed, outcome=appeals.Changed(ruling_services.AssignedScore("3NT", "S", "9")),
        committee="A. Smith, B. Jones, C. Brown", reasons="Nine tricks is the likely outcome.", deposit_returned=True,
    )  # fmt: skip
    pending = Ruling.objects.get(session=session, decision="procedural_penalty")
    appeals.lodge_appeal(actor=director, ruling=pending, by="NS", grounds="We were not late.")


RESTORED = ("kind", "contract", "declarer", "tricks", "ns_score", "ns_percent", "ew_percent", "weighted")


def _restorable(state: dict[str, Any] | None) -> dict[str, Any] | None:
    """What withdrawing a ruling puts back (row ids differ from one database to another)."""
    return None if state is None else {k: state.get(k) for k in RESTORED}


def snapshot(session: Session) -> dict[str, Any]:
    """Everything that must come back: standings, every line, every ruling, the layout and the settings."""
    section = session.sections.get()
    scores = score_section(section)
    standings = {
        s.entry.label: (round(s.total, 2), round(s.percentage, 2) if s.percentage is not None else None, s.place)
        for rows in scores.standings.values()
        for s in rows
    }
    lines = {
        (r.board.number, r.ns_entry.label, r.ew_entry.label): (
            r.kind,
            r.contract,
            r.declarer,
            r.tricks,
            r.ns_score,
            r.ns_percent,
            r.ew_percent,
            r.weighted,
        )
        for r in Result.objects.filter(section=section).select_related("board", "ns_entry", "ew_entry")
    }
    rulings = sorted(
        (
            (
                r.decision,
                r.board.number if r.board else None,
                (r.result.ns_entry.label, r.result.ew_entry.label) if r.result else None,
                r.entry.label if r.entry else None,
                r.law,
                r.facts,
                r.penalty,
                sorted((k, repr(v)) for k, v in r.details.items() if k != "previous"),
                sorted((_restorable(state) for state in (r.details.get("previous") or {}).values()), key=repr),
                (r.appeal, r.appeal_by, r.appeal_grounds, r.appeal_committee, r.appeal_reasons),
                (r.appeal_deposit_returned, r.appeal_lodged_at, r.appeal_decided_at),
            )
            for r in Ruling.objects.filter(session=session).select_related("board", "result", "entry")
        ),
        key=repr,  # two rulings alike up to their restorable states (dicts) still sort
    )
    return {
        "standings": standings,
        "lines": lines,
        "rulings": rulings,
        "layout": (section.movement_kind, section.tables, section.rounds, section.boards_per_round, section.winners),
        "settings": (
            session.scoring_method,
            session.mp_scale,
            session.edition,
            session.use_neuberg,
            session.scale_missed_boards,
            session.average_plus_own_percentage,
            session.average_minus_own_percentage,
            session.neuberg_rounding,
        ),
        "boards": sorted(Board.objects.filter(session=session).values_list("number", "deal")),
        "entries": sorted((e.label, e.late, tuple(p.name for p in e.players.all())) for e in section.entries.all()),
    }


def _assert_same(original: dict[str, Any], again: dict[str, Any]) -> None:
    for key in original:
        assert again[key] == original[key], key


def test_usebio_round_trip_keeps_every_ruling_and_figure(director) -> None:
    session = _rich_session(director)
    ours = snapshot(session)
    assert {r[0] for r in ours["rulings"]} >= {"weighted", "assigned", "artificial", "not_played", "procedural_penalty"}
    assert {r[9][0] for r in ours["rulings"]} == {"none", "changed", "pending"}
    assert ours["layout"][1] == 7 and len(ours["standings"]) == 13
    _, xml = export_usebio(session)
    check_structure(xml)  # still a valid USEBIO 1.2 file for other readers
    assert b"<?bridgedesk " in xml
    again = import_usebio(xml, filename="ours.xml", actor=director)
    assert again.differences == []
    assert again.pairs == 13 and again.boards == len(ours["boards"])
    _assert_same(ours, snapshot(again.session))


def test_pbn_round_trip_keeps_every_ruling_and_figure(director) -> None:
    session = _rich_session(director)
    ours = snapshot(session)
    _, text = export_pbn(session)
    assert "[BridgedeskSession " in text and "[BridgedeskBoard " in text
    again = import_pbn(text, filename="ours.pbn", actor=director)
    assert again.differences == []
    assert again.pairs == 13 and again.boards == len(ours["boards"])
    _assert_same(ours, snapshot(again.session))


def test_both_formats_give_the_same_board_count_and_tables(director) -> None:
    session = _rich_session(director)
    _, xml = export_usebio(session)
    _, text = export_pbn(session)
    via_usebio = import_usebio(xml, filename="ours.xml", actor=director)
    via_pbn = import_pbn(text, filename="ours.pbn", actor=director)
    assert via_usebio.boards == via_pbn.boards == Board.objects.filter(session=session).count()
    for report in (via_usebio, via_pbn):
        assert report.summary().startswith("Imported")
        assert report.session.sections.get().tables == 7


def test_a_reimported_ruling_can_still_be_withdrawn(director) -> None:
    session = _rich_session(director)
    _, xml = export_usebio(session)
    again = import_usebio(xml, filename="ours.xml", actor=director).session
    Session.objects.filter(pk=again.pk).update(status=Session.Status.PLAYING)
    ruling = Ruling.objects.get(session=again, decision="weighted")
    result = ruling.result
    ruling_services.withdraw_ruling(actor=director, ruling=ruling, why="test")
    result.refresh_from_db()
    assert result.kind == Result.Kind.PLAYED and result.contract  # the line as it was played, before the ruling


@pytest.mark.parametrize(("command", "fmt"), [("import_usebio", "xml"), ("import_pbn", "pbn")])
def test_import_commands_print_the_new_session_id_last(director, tmp_path: Path, command: str, fmt: str) -> None:
    session = _rich_session(director)
    ours = snapshot(session)
    name, content = export_usebio(session) if fmt == "xml" else export_pbn(session)
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    out = io.StringIO()
    call_command(command, str(path), stdout=out)
    lines = out.getvalue().strip().splitlines()
    new = Session.objects.get(pk=int(lines[-1]))
    assert new.pk != session.pk
    _assert_same(ours, snapshot(new))


RULINGS = st.lists(
    st.tuples(
        st.sampled_from(["weighted", "artificial", "not_played", "assigned", "procedural_penalty"]),
        st.integers(min_value=0, max_value=1000),
        st.sampled_from([(60, 40), (40, 60), (40, 40), (50, 50), (55.5, 44.5)]),
    ),
    max_size=4,
)


@settings(
    max_examples=8,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking replays whole sessions: minutes, not worth it here
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    layout=st.sampled_from([("howell", 5, False), ("howell", 6, False), ("mitchell", 8, False), ("mitchell", 7, True)]),
    rulings=RULINGS,
    seed=st.integers(min_value=0, max_value=5),
    method=st.sampled_from(["mp", "total"]),  # total points: USEBIO's PAIRS with AGGREGATE, PBN's TotalPoints
)
# Found once: two rulings alike but for their restorable states could not be sorted in the snapshot.
@example(
    layout=("mitchell", 7, True),
    rulings=[("assigned", 639, (40, 40)), ("assigned", 999, (60, 40))],
    seed=2,
    method="mp",
)
@example(
    layout=("howell", 6, False),
    rulings=[("weighted", 3, (60, 40)), ("artificial", 5, (60, 40)), ("procedural_penalty", 1, (50, 50))],
    seed=1,
    method="total",
)
def test_random_small_sessions_round_trip(director, layout, rulings, seed, method) -> None:
    kind, pairs, late = layout
    session = _create(kind, pairs, director, late=late, method=method)
    _play_all(session, director, seed)
    section = session.sections.get()
    results = list(Result.objects.filter(section=section).order_by("board__number", "ns_entry__number"))
    entries = list(section.entries.all())
    for decision, pick, (ns_pct, ew_pct) in rulings:
        result = results[pick % len(results)]
        result.refresh_from_db()
        kwargs: dict[str, Any] = {}
        if decision == "weighted":
            kwargs["weighted"] = [
                {"weight": 10 + pick % 80, "contract": "3NT", "declarer": "S", "tricks": "9"},
                {"weight": 90 - pick % 80, "contract": "3NT", "declarer": "S", "tricks": str(6 + pick % 5)},
            ]
        elif decision == "artificial":
            kwargs.update(ns_percent=ns_pct, ew_percent=ew_pct)
        elif decision == "assigned":
            kwargs["assigned"] = {"contract": "2S", "declarer": "E", "tricks": str(5 + pick % 6)}
        if decision == "procedural_penalty":
            kwargs["entry"] = entries[pick % len(entries)]
        else:
            kwargs["result"] = result
        ruling_services.apply_ruling(actor=director, section=section, decision=decision, **kwargs)
    ours = snapshot(session)
    _, xml = export_usebio(session)
    _assert_same(ours, snapshot(import_usebio(xml, filename="r.xml", actor=director).session))
    _, text = export_pbn(session)
    _assert_same(ours, snapshot(import_pbn(text, filename="r.pbn", actor=director).session))


@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
def test_the_sessions_conventions_travel_with_the_file(director, fmt: str) -> None:
    session = session_services.create_session(
        actor=director,
        event_name="ACBL night",
        date=dt.date(2026, 11, 21),
        mp_scale="acbl",
        sections=[session_services.SectionSpec(pairs=6, kind="howell", boards_per_round=2)],
    )
    _play_all(session, director, seed=3)
    section = session.sections.get()
    ruling_services.apply_ruling(
        actor=director, section=section, decision="not_played", result=_line(session, 1), facts="No time"
    )
    Session.objects.filter(pk=session.pk).update(
        use_neuberg=False,
        scale_missed_boards=False,
        edition="1963",
        average_minus_own_percentage=True,
        neuberg_rounding="0.1",
    )
    session.refresh_from_db()
    ours = snapshot(session)
    if fmt == "usebio":
        again = import_usebio(export_usebio(session)[1], filename="c.xml", actor=director)
    else:
        again = import_pbn(export_pbn(session)[1], filename="c.pbn", actor=director)
    assert again.differences == []
    _assert_same(ours, snapshot(again.session))


@pytest.mark.parametrize("method", ["butler", "cross_imps"])
def test_imp_sessions_round_trip(director, method: str) -> None:
    session = session_services.create_session(
        actor=director,
        event_name="IMP pairs",
        date=dt.date(2026, 11, 22),
        scoring_method=method,
        sections=[session_services.SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)],
    )
    _play_all(session, director, seed=1)
    section = session.sections.get()
    apply = ruling_services.apply_ruling
    apply(
        actor=director,
        section=section,
        decision="weighted",
        result=_line(session, 2),
        weighted=[
            {"weight": 50, "contract": "4S", "declarer": "N", "tricks": "10"},
            {"weight": 50, "contract": "4S", "declarer": "N", "tricks": "9"},
        ],
    )
    apply(actor=director, section=section, decision="procedural_penalty", entry=section.entries.get(label="1EW"))
    apply(actor=director, section=section, decision="not_played", result=_line(session, 3))
    ours = snapshot(session)
    for again in (
        import_usebio(export_usebio(session)[1], filename="i.xml", actor=director),
        import_pbn(export_pbn(session)[1], filename="i.pbn", actor=director),
    ):
        assert again.differences == []
        _assert_same(ours, snapshot(again.session))


def test_other_readers_see_the_standard_part(director) -> None:
    """Without our own data a reader sees the weighted score as the adjusted score it earned, with its points."""
    session = _rich_session(director)
    _, xml = export_usebio(session)
    standard = xml[: xml.index(b"<?bridgedesk ")]
    check_structure(standard)
    record = read_usebio(standard)
    assert record.rulings is None and record.settings == {}
    weighted = Result.objects.get(section__session=session, kind="weighted")
    line = next(
        x
        for b in record.boards
        if b.number == weighted.board.number
        for x in b.lines
        if x.ns_pair == weighted.ns_entry.label
    )
    assert line.kind == "artificial" and line.ns_points is not None
    assert all(x.kind != "not_played" for b in record.boards for x in b.lines)
    own = read_usebio(xml)
    assert own.rulings is not None and len(own.rulings) == Ruling.objects.filter(session=session).count()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('"decision":"weighted"', '"decision":"guess"'), "unknown decision 'guess'"),
        (lambda t: t.replace('"format":1,', '"format":1,,'), "not valid JSON"),
        (lambda t: t.replace('"entry":"2NS"', '"entry":"99NS"'), "names pair 99NS, not in the file"),
        (lambda t: t.replace('"weight":0.7', '"weight":0.9', 1), "must add up to 100%"),
        (
            lambda t: t.replace(
                '{"ns":"1NS","ew":"5EW","kind":"not_played"}', '{"ns":"1NS","ew":"99EW","kind":"not_played"}'
            ),
            "has no line 1NS v 99EW",
        ),
    ],
)
def test_bad_own_data_is_named_and_nothing_is_imported(director, change, message: str) -> None:
    session = _rich_session(director)
    _, xml = export_usebio(session)
    before = Session.objects.count()
    with pytest.raises(InterchangeError, match=message) as caught:
        import_usebio(change(xml.decode("utf-8")).encode("utf-8"), filename="bad.xml", actor=director)
    assert caught.value.where.startswith("line ")
    assert Session.objects.count() == before
