"""Setting up a session: movement rows, entries, boards, several sections, late pairs, player names."""

import pytest
from django.core.exceptions import ValidationError

from tournaments import movements
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board, Entry, Member, TableRound
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, add_late_pair, set_players

from .factories import make_session, section_a

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("spec", "tables", "rounds", "winners", "labels", "variant"),
    [
        (SectionSpec(pairs=14, kind="mitchell", boards_per_round=3), 7, 7, 2, ["1NS", "7NS", "1EW", "7EW"], ""),
        (SectionSpec(pairs=8, kind="mitchell", boards_per_round=3), 4, 4, 2, ["4NS", "4EW"], "relay"),
        (SectionSpec(pairs=7, kind="mitchell", boards_per_round=3), 4, 4, 2, ["3NS", "4EW"], "relay"),
        (
            SectionSpec(pairs=10, kind="mitchell", boards_per_round=3, variant="arrow-switch"),
            5,
            5,
            1,
            ["5NS", "5EW"],
            "arrow-switch",
        ),
        (SectionSpec(pairs=8, kind="howell", boards_per_round=2), 4, 7, 1, ["1", "8"], ""),
    ],
)
def test_create_session_stores_the_movement_as_generated(spec, tables, rounds, winners, labels, variant):
    session = make_session(spec)
    section = section_a(session)
    movement = movements.generate(spec.kind, spec.pairs, boards_per_round=spec.boards_per_round, variant=spec.variant)
    assert (section.tables, section.rounds, section.winners, section.movement_variant) == (
        tables,
        rounds,
        winners,
        variant,
    )
    entries = {e.label: e for e in Entry.objects.filter(section=section)}
    assert sorted(entries) == sorted(movement.entries())
    for label in labels:
        number, direction = (int(label[:-2]), label[-2:]) if label.endswith(("NS", "EW")) else (int(label), "")
        assert (entries[label].number, entries[label].direction) == (number, direction)
    stored = {
        (r.round, r.table): (
            r.ns_entry.label if r.ns_entry else None,
            r.ew_entry.label if r.ew_entry else None,
            tuple(r.boards),
        )
        for r in TableRound.objects.filter(section=section).select_related("ns_entry", "ew_entry")
    }
    assert stored == {(r.round, r.table): (r.ns, r.ew, r.boards) for r in movement.rows}
    boards = list(Board.objects.filter(session=session).order_by("number"))
    assert [b.number for b in boards] == movement.boards()
    assert (boards[0].dealer, boards[0].vulnerability) == ("N", "None")
    assert (boards[1].dealer, boards[1].vulnerability) == ("E", "NS")
    assert AuditEntry.objects.filter(session_id=session.pk, action="session.create").count() == 1


def test_several_sections_share_the_boards_of_the_session():
    session = make_session(
        SectionSpec(pairs=10, kind="mitchell", boards_per_round=4),
        SectionSpec(pairs=8, kind="howell", boards_per_round=3, rounds=7),
    )
    assert list(session.sections.values_list("letter", flat=True)) == ["A", "B"]
    assert session.boards.count() == 21  # max(5 x 4, 7 x 3)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (SectionSpec(pairs=4, kind="mitchell", boards_per_round=3), "at least 6 pairs"),
        (SectionSpec(pairs=8, kind="mitchell", boards_per_round=3, rounds=9), "at most"),
        (SectionSpec(pairs=8, kind="teams-of-eight", boards_per_round=3), "a Mitchell, a Howell or an individual"),
    ],
)
def test_impossible_movements_are_refused_with_a_message_and_nothing_is_saved(spec, message):
    with pytest.raises(ValidationError) as err:
        make_session(spec)
    assert message in str(err.value)
    assert Board.objects.count() == 0 and Entry.objects.count() == 0


@pytest.mark.parametrize(
    ("spec", "new_label", "tables"),
    [
        (SectionSpec(pairs=7, kind="mitchell", boards_per_round=3), "4NS", 4),
        (SectionSpec(pairs=8, kind="mitchell", boards_per_round=3), "5EW", 5),
        (SectionSpec(pairs=8, kind="howell", boards_per_round=2), "9", 5),
    ],
)
def test_a_late_pair_joins_the_movement_and_everyone_keeps_their_number(spec, new_label, tables):
    session = make_session(spec)
    section = section_a(session)
    before = set(section.entries.values_list("label", flat=True))
    entry = add_late_pair(actor=None, section=section, names=["Ann Late", "Bob Later"])
    section.refresh_from_db()
    assert entry.label == new_label and entry.late
    assert set(section.entries.values_list("label", flat=True)) == before | {new_label}
    assert section.tables == tables
    assert [p.name for p in entry.players.all()] == ["Ann Late", "Bob Later"]
    assert (
        TableRound.objects.filter(section=section).filter(ns_entry=entry).exists()
        or TableRound.objects.filter(section=section, ew_entry=entry).exists()
    )


def test_no_late_pair_once_results_arrive():
    session = make_session()
    section = section_a(session)
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    with pytest.raises(ValidationError, match="no longer"):
        add_late_pair(actor=None, section=section)


def test_players_typed_or_picked_from_members_and_audited(director):
    session = make_session()
    entry = section_a(session).entries.get(label="1NS")
    member = Member.objects.create(name="Rixi Markus", national_id="EBU123")
    set_players(actor=director, entry=entry, players=[("", member), ("Terence Reese", None)])
    players = list(entry.players.order_by("seat"))
    assert [(p.name, p.member_id, p.national_id) for p in players] == [
        ("Rixi Markus", member.pk, "EBU123"),
        ("Terence Reese", None, ""),
    ]
    log = AuditEntry.objects.get(action="entry.players")
    assert (log.old, log.new, log.actor_name) == ([], ["Rixi Markus", "Terence Reese"], "director")
