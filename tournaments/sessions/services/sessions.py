"""Setting up a session: event, sections, the movement stored as rows, entries, boards; late pairs; player names.

The movement itself comes from the pure generators in `tournaments.movements`; this module only turns it into
rows, inside one transaction, so a session is either fully set up or not there at all.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments import movements
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor, user_of
from tournaments.core.backups import rolling_backup
from tournaments.core.text import NAME_MAX, check_text, clean_name
from tournaments.sessions.models import (
    Board,
    ClubMovement,
    Entry,
    EntryPlayer,
    Event,
    Member,
    Result,
    Section,
    Session,
    TableRound,
)
from tournaments.sessions.selectors import designs
from tournaments.sessions.services import masterpoints, ratings
from tournaments.sessions.services.versions import (
    bump,
    bump_session,
    lock_section,
    lock_sections,
    refuse_if_finished,
)

MOVEMENT_KINDS = (
    "mitchell",
    "howell",
    "individual",
    "swiss",
    "club",
)  # "club": a saved ClubMovement  # an individual counts players in `pairs`


@dataclass(frozen=True)
class SectionSpec:
    """What the director chose for one section: the movement and, optionally, the players' names by label."""

    pairs: int
    kind: str
    boards_per_round: int
    rounds: int | None = None
    variant: str | None = None
    letter: str = ""
    players: dict[str, Sequence[str]] = field(default_factory=dict)


def _label_parts(label: str) -> tuple[int, str]:
    """ "3NS" -> (3, "NS"); "7" -> (7, "")."""
    if label.endswith(("NS", "EW")):
        return int(label[:-2]), label[-2:]
    return int(label), ""


def build_movement(spec: SectionSpec) -> movements.Movement:
    """The movement for a section spec; a MovementError becomes a ValidationError a form can show."""
    if spec.kind not in MOVEMENT_KINDS:
        kinds = "a Mitchell, a Howell or an individual (or a Swiss pairs)"
        raise ValidationError(
            {"kind": _("Choose %(kinds)s, not %(kind)s.") % {"kinds": kinds, "kind": repr(spec.kind)}}
        )
    try:
        if spec.kind == "club":  # the variant is the ClubMovement's id; the section keeps its Mitchell/Howell kind
            return _club(spec)
        if spec.kind == "swiss" and spec.variant:  # a club movement played as a Swiss: every round from its grid
            return _club_swiss(spec)
        if spec.kind == "swiss":  # drawn round by round: only its first round exists yet (services/swiss.py)
            return movements.swiss_pairs(spec.pairs, boards_per_round=spec.boards_per_round, rounds=spec.rounds)
        movement = movements.generate(
            spec.kind,
            spec.pairs,
            boards_per_round=spec.boards_per_round,
            rounds=spec.rounds,
            variant=spec.variant or None,
        )
    except movements.MovementError as exc:
        raise ValidationError({"kind": str(exc)}) from exc
    return movement


def _club(spec: SectionSpec) -> movements.Movement:
    movement = designs.club_movement(int(spec.variant or 0))
    if movement.pairs != spec.pairs and movement.kind == "individual":
        raise ValidationError(
            {
                "kind": _("%(name)s is for %(players)s players.")
                % {"name": movement.description, "players": movement.pairs}
            }
        )
    if movement.pairs != spec.pairs:
        raise ValidationError(
            {"kind": _("%(name)s is for %(pairs)s pairs.") % {"name": movement.description, "pairs": movement.pairs}}
        )
    return movement


def _club_swiss(spec: SectionSpec) -> movements.Movement:
    """A Howell-shaped club movement as a Swiss pairs' section: one field, every round fixed, none drawn later."""
    movement = _club(spec)
    if movement.kind != "howell":
        raise ValidationError(
            {"kind": _("A Swiss pairs is one field: %(name)s is a Mitchell.") % {"name": movement.description}}
        )
    return replace(movement, kind="swiss")


def store_rows(section: Section, rows: Iterable[movements.Row], entries: dict[str, Entry]) -> None:
    """Write movement rows as the section's TableRound rows (a whole movement, or a Swiss round as it is drawn)."""
    TableRound.objects.bulk_create(
        TableRound(
            section=section,
            round=row.round,
            table=row.table,
            ns_entry=entries[row.ns] if row.ns else None,
            ew_entry=entries[row.ew] if row.ew else None,
            boards=list(row.boards),
        )
        for row in rows
    )


def ensure_boards(session: Session, numbers: Sequence[int]) -> None:
    have = set(Board.objects.filter(session=session).values_list("number", flat=True))
    Board.objects.bulk_create(
        Board(
            session=session,
            number=n,
            dealer=scoring.board_dealer(n),
            vulnerability=scoring.board_vulnerability(n),
        )
        for n in sorted(set(numbers) - have)
    )


def relay_section(section: Section, movement: movements.Movement, entries: dict[str, Entry]) -> None:
    """Lay an existing section's new movement: its rows, its fields and the boards it plays (the old rows are gone)."""
    store_rows(section, movement.rows, entries)
    fields = _section_fields(movement)
    for key, value in fields.items():
        setattr(section, key, value)
    section.save(update_fields=list(fields))  # never the whole row: that would put back a version bumped meanwhile
    ensure_boards(section.session, movement.boards())


def _section_fields(movement: movements.Movement) -> dict[str, object]:
    return {
        "movement_kind": movement.kind,
        "movement_variant": movement.variant or "",
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "winners": movement.winners,
    }


def entry_labels(movement: movements.Movement) -> list[str]:
    """The entries results are scored for: pairs, or in an individual the partnerships ("8-1") of its rows."""
    if movement.kind != "individual":
        return list(movement.entries())
    seen: dict[str, None] = {}
    for row in movement.rows:
        for label in (row.ns, row.ew):
            if label:
                seen.setdefault(label, None)
    return list(seen)


def _create_entries(section: Section, labels: Sequence[str], *, late: bool = False) -> dict[str, Entry]:
    made = []
    for index, label in enumerate(labels, start=1):
        # An individual's partnership ("8-1") is numbered in the order it first sits: 1, 2, 3 ...
        number, direction = (index, "") if "-" in label else _label_parts(label)
        made.append(Entry(section=section, number=number, direction=direction, label=label, late=late))
    Entry.objects.bulk_create(made)
    return {e.label: e for e in Entry.objects.filter(section=section)}


def _name_players(entry: Entry, names: Sequence[str]) -> None:
    for seat, name in enumerate(names, start=1):
        name = name.strip()
        if name:
            EntryPlayer.objects.update_or_create(entry=entry, seat=seat, defaults={"name": name[:120]})


# What a higher domain makes for every section when it is set up (the table side: a link and the settings of
# every table), registered at start-up in tournaments/apps.py: made then, in the setting up's transaction, so
# no page has to make it when it is first read (a GET never writes).
_SET_UP_HOOKS: list[Callable[[Section], None]] = []


def on_set_up(hook: Callable[[Section], None]) -> None:
    """Register `hook(section)`, called when a section is set up or its movement made again (a late pair)."""
    if hook not in _SET_UP_HOOKS:
        _SET_UP_HOOKS.append(hook)


def _set_up(section: Section) -> None:
    for hook in _SET_UP_HOOKS:
        hook(section)


@transaction.atomic
def _check_game(game: str, scoring_method: str) -> None:
    """Duplicate whist scores by match points or by tricks over the average ("total"): never by IMPs."""
    if game not in Session.Game.values:
        raise ValidationError({"game": _("Unknown game %(game)s.") % {"game": repr(game)}})
    if game == Session.Game.WHIST and scoring_method not in (
        Session.ScoringMethod.MATCHPOINTS,
        Session.ScoringMethod.TOTAL_POINTS,
    ):
        raise ValidationError(
            {"scoring_method": _("Duplicate whist is scored by match points or by tricks over the average (total).")}
        )


def create_session(
    *,
    actor: Actor,
    event_name: str,
    date: datetime.date,
    sections: Sequence[SectionSpec],
    session_name: str = "Session 1",
    club: str = "",
    scoring_method: str = Session.ScoringMethod.MATCHPOINTS,
    mp_scale: str = Session.MatchpointScale.EBU,
    event: Event | None = None,
    game: str = Session.Game.BRIDGE,
) -> Session:
    """Create the event (unless given), the session, its sections with movement rows, entries and boards."""
    if not sections:
        raise ValidationError({"sections": _("A session needs at least one section.")})
    if scoring_method not in Session.ScoringMethod.values:
        raise ValidationError(
            {
                "scoring_method": _("Unknown scoring method %(scoring_method)s.")
                % {"scoring_method": repr(scoring_method)}
            }
        )
    _check_game(game, scoring_method)
    if mp_scale not in Session.MatchpointScale.values:
        raise ValidationError({"mp_scale": _("Unknown match-point scale %(mp_scale)s.") % {"mp_scale": repr(mp_scale)}})
    built = [build_movement(spec) for spec in sections]
    if event is None:
        event = Event.objects.create(
            name=event_name.strip() or "Club pairs",
            club=club,
            owner=user_of(actor),
        )
    number = (event.sessions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    session = Session.objects.create(
        event=event,
        name=session_name or f"Session {number}",
        number=number,
        date=date,
        scoring_method=scoring_method,
        mp_scale=mp_scale,
        game=game,
        status=Session.Status.SETUP,
    )
    board_numbers: set[int] = set()
    for index, (spec, movement) in enumerate(zip(sections, built, strict=True)):
        letter = spec.letter or "ABCDEFGHJKLMNPQRSTUVWXYZ"[index]
        section = Section.objects.create(session=session, letter=letter, **_section_fields(movement))
        entries = _create_entries(section, entry_labels(movement))
        store_rows(section, movement.rows, entries)
        for label, names in spec.players.items():
            if label in entries:
                _name_players(entries[label], names)
        board_numbers.update(movement.boards())
    ensure_boards(session, sorted(board_numbers))
    audit.record(
        actor=actor,
        action=AuditAction.SESSION_CREATE,
        target=session,
        session_id=session.pk,
        new={"sections": [{"pairs": s.pairs, "kind": s.kind, "variant": s.variant} for s in sections]}
        | ({"game": game} if game != Session.Game.BRIDGE else {}),
    )
    for section in session.sections.all():
        _set_up(section)
    return session


@transaction.atomic
def add_late_pair(*, actor: Actor, section: Section, names: Sequence[str] = ()) -> Entry:
    """Add a pair that arrived late: the movement is made again for one more pair, keeping everyone's number.

    Only before the first result of the section is entered; afterwards the rounds already played would move.
    """
    section = Section.objects.select_for_update().get(pk=section.pk)
    refuse_if_finished(section.session)
    if Result.objects.filter(section=section).exists():
        raise ValidationError(_("Results have been entered in this section: a late pair can no longer be added."))
    if section.movement_kind == Section.MovementKind.INDIVIDUAL:
        raise ValidationError(late_player_refusal(section))
    if section.movement_kind == Section.MovementKind.SWISS:
        raise ValidationError(_("A Swiss pairs is drawn for the pairs set up: set it up again with one more pair."))
    if designs.club_id(section.movement_variant) is not None:
        raise ValidationError(
            _("A club movement is for the pairs it was drawn for: set it up again with one more pair.")
        )
    old_labels = set(Entry.objects.filter(section=section).values_list("label", flat=True))
    pairs = len(old_labels) + 1
    variant: str | None = section.movement_variant or None
    attempts: list[tuple[int | None, str | None]] = [(section.rounds, variant), (None, variant), (None, None)]
    if variant == "arrow-switch":
        attempts = [(section.rounds, variant), (None, variant)]
    movement: movements.Movement | None = None
    error = ""
    for rounds, var in attempts:
        try:
            movement = movements.generate(
                section.movement_kind, pairs, boards_per_round=section.boards_per_round, rounds=rounds, variant=var
            )
            break
        except movements.MovementError as exc:
            error = str(exc)
    if movement is None:
        raise ValidationError(
            _("No %(kind)s for %(pairs)s pairs: %(error)s")
            % {"kind": section.get_movement_kind_display(), "pairs": pairs, "error": error}
        )
    new_labels = [label for label in movement.entries() if label not in old_labels]
    if not old_labels <= set(movement.entries()) or len(new_labels) != 1:
        raise ValidationError(_("The movement for one more pair renumbers the pairs already seated; set it up again."))
    TableRound.objects.filter(section=section).delete()
    entries = _create_entries(section, new_labels, late=True)
    relay_section(section, movement, entries)
    entry = entries[new_labels[0]]
    _name_players(entry, names)
    audit.record(
        actor=actor,
        action=AuditAction.ENTRY_LATE,
        target=entry,
        session_id=section.session_id,
        new={"label": entry.label, "names": [n for n in names if n.strip()], "movement": movement.description},
    )
    bump(section.pk)
    _set_up(section)
    return entry


def late_player_refusal(section: Section) -> str:
    """Why a late player cannot join this individual, in the director's words: every partnership is drawn from the
    players set up, so one more player needs another movement (the laws' 8 or 12, or a club movement of exactly
    that size) and the section set up again; the message names the sizes and the movements that would fit."""
    labels = Entry.objects.filter(section=section).values_list("label", flat=True)
    players = len({p for label in labels for p in movements.participants(label)})
    more = players + 1
    stored_pk = designs.club_id(section.movement_variant)
    stored = ClubMovement.objects.filter(pk=stored_pk).first() if stored_pk is not None else None
    if stored is not None:
        why = _("This individual was set up with the club movement %(name)s for %(players)s players.") % {
            "name": stored.name,
            "players": players,
        }
    else:
        why = _("This individual is the laws' movement for %(players)s players.") % {"players": players}
    fits = [club.name for club, _movement in designs.offered(more, "individual")]
    if more in (8, 12):
        fits.insert(0, _("the laws' individual"))
    if fits:
        what = _(
            "With a late player there are %(more)s: %(fits)s is for %(more)s players; set the section up again with it."
        ) % {"more": more, "fits": ", ".join(fits)}
    else:
        what = _(
            "A late player makes %(more)s and no movement is saved for %(more)s players: design one in the "
            "movement designer, then set the section up again with it."
        ) % {"more": more}
    return f"{why} {what}"


def _member_named(name: str) -> Member | None:
    """The one active member with this name (any case): a typed name links them, and so their address."""
    matches = list(Member.objects.filter(name__iexact=name, active=True)[:2])
    return matches[0] if len(matches) == 1 else None


@transaction.atomic
def set_players(*, actor: Actor, entry: Entry, players: Sequence[tuple[str, Member | None]]) -> None:
    """Name the players of an entry (typed, or picked from the members); an empty name removes the seat."""
    lock_section(entry.section_id)
    refuse_if_finished(entry.section.session)
    for seat, (name, _member) in enumerate(players, start=1):
        check_text(name or "", field=f"player{seat}", max_length=NAME_MAX, label="name")
    old = [p.name for p in entry.players.all()]
    for seat, (name, member) in enumerate(players, start=1):
        name = clean_name(name or (member.name if member else ""))
        if not name:
            EntryPlayer.objects.filter(entry=entry, seat=seat).delete()
            continue
        member = member or _member_named(name)
        EntryPlayer.objects.update_or_create(
            entry=entry,
            seat=seat,
            defaults={
                "name": name[:120],
                "member": member,
                "national_id": member.national_id if member else "",
            },
        )
    new = [p.name for p in EntryPlayer.objects.filter(entry=entry).order_by("seat")]
    if old != new:
        audit.record(
            actor=actor,
            action=AuditAction.ENTRY_PLAYERS,
            target=entry,
            session_id=entry.section.session_id,
            old=old,
            new=new,
        )
        bump(entry.section_id)


@transaction.atomic
def name_pairs(*, actor: Actor, changes: Sequence[tuple[Entry, Sequence[tuple[str, Member | None]]]]) -> int:
    """Save the names of several pairs together (the names page): all of them or, on a refusal, none."""
    for entry, players in changes:
        set_players(actor=actor, entry=entry, players=players)
    return len(changes)


def set_status(*, actor: Actor, session: Session, status: str) -> None:
    """Move the session between setting up, playing and finished."""
    if status not in Session.Status.values:
        raise ValidationError({"status": _("Unknown status %(status)s.") % {"status": repr(status)}})
    with transaction.atomic():
        lock_sections(session.pk)
        old = session.status
        finished = status == Session.Status.FINISHED
        who = actor.get_username() if actor is not None and getattr(actor, "is_authenticated", False) else "system"
        finished_at, finished_by = (timezone.now(), who) if finished else (None, "")
        Session.objects.filter(pk=session.pk).update(status=status, finished_at=finished_at, finished_by=finished_by)
        session.status = status
        session.finished_at, session.finished_by = finished_at, finished_by
        audit.record(
            actor=actor, action=AuditAction.SESSION_STATUS, target=session, session_id=session.pk, old=old, new=status
        )
        if Session.Status.FINISHED in (old, status) and old != status:  # awards and ratings follow the finish
            masterpoints.award_session(actor=actor, session=session)
            ratings.follow_status(actor=actor, session=session)
        bump_session(session.pk)
        if finished and old != status:  # a copy of the evening as it ended (make run's rolling backups)
            transaction.on_commit(lambda: rolling_backup("after-session", str(session.pk)))
