"""Writes of a simultaneous: create it, bring in the clubs' sessions (their USEBIO files, or sessions run here).

A club's file is imported by the interchange importer as a session of its own, then joined to the field. The
deals are the simultaneous's: the first club that brings a deal for a board sets it, and a club whose deal for
that board differs is refused (it did not play the same board). Every write is audited.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.core.actors import Actor, user_of
from tournaments.core.errors import CONFLICT, DomainError
from tournaments.core.text import WHY_MAX, check_text
from tournaments.interchange import InterchangeError
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.usebio import read_usebio
from tournaments.sessions.models import Board, Result, Session
from tournaments.sessions.services.results import RESULT_FIELDS, FinishedSessionError
from tournaments.sessions.services.versions import bump, lock_section, refuse_if_finished
from tournaments.simultaneous import bulk
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub


class SimultaneousError(DomainError, ValueError):
    """A club's session cannot join the field (its boards or deals are not the simultaneous's)."""


@dataclass
class ClubImport:
    """What a batch of clubs' files did: the clubs that joined, and each refused file with the reason."""

    joined: list[SimultaneousClub] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@transaction.atomic
def create_simultaneous(*, actor: Actor, name: str, date: dt.date, boards: int, mp_scale: str = "ebu") -> Simultaneous:
    if not 1 <= boards <= 200:
        raise SimultaneousError(_("A simultaneous plays between 1 and 200 boards."))
    owner = user_of(actor)
    simul = Simultaneous.objects.create(name=name, date=date, boards=boards, mp_scale=mp_scale, owner=owner)
    audit.record(actor=actor, action=AuditAction.SIMULTANEOUS_CREATE, target=simul, new=audit.snapshot(simul))
    return simul


def _next_code(simul: Simultaneous) -> str:
    return f"C{SimultaneousClub.objects.filter(simultaneous=simul).count() + 1}"


def _check_boards(simul: Simultaneous, session: Session) -> None:
    """The session plays the simultaneous's boards, dealt as the simultaneous's deals (setting the ones it lacks)."""
    deals = dict(Board.objects.filter(session=session).values_list("number", "deal"))
    extra = sorted(n for n in deals if n > simul.boards)
    if extra:
        raise SimultaneousError(
            _("it has board %(extra)s; the simultaneous plays boards 1-%(boards)s only.")
            % {"extra": extra[0], "boards": simul.boards}
        )
    # by id, across clubs: the caller found it already (a federation's simultaneous belongs to no club)
    known = Simultaneous._base_manager.select_for_update().get(pk=simul.pk)
    stored: dict[str, str] = dict(known.deals)
    for number, deal in sorted(deals.items()):
        if not deal:
            continue
        theirs = stored.setdefault(str(number), deal)
        if theirs != deal:
            raise SimultaneousError(
                _("its board %(number)s is not the deal the other clubs played.") % {"number": number}
            )
    if stored != known.deals:
        Simultaneous._base_manager.filter(pk=simul.pk).update(deals=stored)
        simul.deals = stored


def _join(simul: Simultaneous, session: Session, club: str, actor: Actor, why: str) -> SimultaneousClub:
    if SimultaneousClub.objects.filter(session=session).exists():
        raise SimultaneousError(_("that session is already part of a simultaneous."))
    _check_boards(simul, session)
    name = (club or session.event.club or session.event.name)[:160]
    joined = SimultaneousClub.objects.create(simultaneous=simul, session=session, club=name, code=_next_code(simul))
    audit.record(
        actor=actor,
        action=AuditAction.SIMULTANEOUS_CLUB,
        target=joined,
        session_id=session.pk,
        new={"simultaneous": simul.pk, "club": name, "code": joined.code},
        why=why,
    )
    return joined


@transaction.atomic
def add_session(*, actor: Actor, simul: Simultaneous, session: Session, club: str = "") -> SimultaneousClub:
    """A club session run here (entered directly) joins the field."""
    return _join(simul, session, club, actor, f"Session {session.pk} joined the simultaneous")


@transaction.atomic
def import_club_files(
    *, actor: Actor, simul: Simultaneous, files: Sequence[tuple[str, bytes]], compare: bool = False
) -> ClubImport:
    """Each club's USEBIO file becomes a session of the field; a bad file is refused alone, the rest join.

    Files are read by the interchange reader and written in bulk (see bulk.py); a file with artificial scores
    goes through the single-file importer, which makes its rulings (and, with ``compare``, checks our scores
    against the figures it published).
    """
    out = ClubImport()
    simul = Simultaneous.objects.select_for_update().get(pk=simul.pk)
    deals: dict[str, str] = dict(simul.deals)
    batch: list[bulk.Checked] = []
    single: list[tuple[str, bytes]] = []
    known: dict[tuple[object, ...], tuple[int, str | None]] = {}
    for filename, data in files:
        try:
            record = read_usebio(data)
            if any(line.kind == "artificial" for b in record.boards for line in b.lines):
                single.append((filename, data))
                continue
            batch.append(bulk.check_record(simul, deals, filename, record, known))
        except (InterchangeError, bulk.FileRefused) as exc:
            out.refused.append((filename, str(exc)))
    if batch:
        first = SimultaneousClub.objects.filter(simultaneous=simul).count() + 1
        codes = [f"C{first + i}" for i in range(len(batch))]
        out.joined.extend(bulk.write_clubs(simul, batch, codes, actor))
        out.warnings.extend(f"{c.filename}: {w}" for c in batch for w in c.warnings)
    if deals != simul.deals:
        Simultaneous.objects.filter(pk=simul.pk).update(deals=deals)
    for filename, data in single:
        try:
            with transaction.atomic():
                report = import_usebio(data, filename=filename, actor=actor, compare=compare)
                joined = _join(simul, report.session, "", actor, f"Imported from {filename}")
        except (InterchangeError, SimultaneousError) as exc:
            out.refused.append((filename, str(exc)))
            continue
        out.joined.append(joined)
        out.warnings.extend(f"{filename}: {w}" for w in report.warnings + report.differences)
    return out


class CorrectionError(SimultaneousError):
    """A correction that cannot be saved; ``field`` names the form field the message belongs to."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message, field=field)


class StaleCorrection(SimultaneousError):
    """The line changed since the director's page was opened: the correction is refused, never applied."""

    code = CONFLICT

    def __init__(self, stored: Result, by: str) -> None:
        self.stored = stored
        self.by = by
        who = f" by {by}" if by else ""
        super().__init__(f"This line was changed{who} since the page was opened; nothing was saved.")


LEAD = re.compile(r"^[SHDC](10|[AKQJT2-9])$")


def _last_writer(result: Result) -> str:
    name = (
        AuditEntry.objects.filter(target_type="result", target_id=result.pk)
        .order_by("-id")
        .values_list("actor_name", flat=True)
        .first()
    )
    return name or ""


def _scored(
    result: Result, contract: str, declarer: str, tricks: int | str, score: int | str
) -> tuple[str, str, int | None, int]:
    """(contract, declarer, tricks, N-S score) of the corrected line, by the laws; a typed score must agree.

    A blank contract with a score is a score-only line (a club's file that gave only scores).
    """
    typed = str(score).strip().replace(" ", "")
    typed_score: int | None = None
    if typed:
        try:
            typed_score = int(typed)
        except ValueError:
            raise CorrectionError(
                _("score"),
                _("%(typed)s is not a score: type the N-S score, e.g. 420 or -100.") % {"typed": repr(typed)},
            ) from None
    if not str(contract).strip():
        if typed_score is None:
            raise CorrectionError("contract", _("Type the contract (or, for a score-only line, the N-S score)."))
        if typed_score % 10:
            raise CorrectionError(
                "score", _("%(typed_score)s is not a bridge score: scores go in tens.") % {"typed_score": typed_score}
            )
        return "", "", None, typed_score
    try:
        parsed = scoring.parse_contract(contract)
    except scoring.ScoringError as exc:
        raise CorrectionError("contract", str(exc)) from None
    if parsed.is_passout:
        seat, taken, computed = "", None, 0
    else:
        if not str(declarer).strip():
            raise CorrectionError("declarer", _("%(parsed)s needs a declarer: N, E, S or W.") % {"parsed": parsed})
        try:
            seat = scoring.parse_seat(declarer)
        except scoring.ScoringError as exc:
            raise CorrectionError("declarer", str(exc)) from None
        try:
            taken = scoring.parse_tricks(str(tricks).strip() or None, parsed)
        except scoring.ScoringError as exc:
            raise CorrectionError("tricks", str(exc)) from None
        computed = scoring.ns_score(
            parsed, seat, taken, result.board.vulnerability, edition=result.section.session.edition
        )
    if typed_score is not None and typed_score != computed:
        wrong = _(
            "%(contract)s by %(seat)s scores %(computed)s for N-S on board %(number)s, "
            "not %(typed)s: leave the score blank or check the slip."
        )
        number = result.board.number
        raise CorrectionError(
            "score",
            wrong
            % {"contract": parsed, "seat": seat or "-", "computed": computed, "number": number, "typed": typed_score},
        )
    return str(parsed), seat, taken, computed


@transaction.atomic
def correct_result(
    *,
    actor: Actor,
    result: Result,
    contract: str,
    declarer: str = "",
    tricks: int | str = "",
    why: str,
    lead: str = "",
    score: int | str = "",
    version: int | None = None,
) -> Result:
    """Correct a club's traveller line after the event (a club's file was wrong, a slip misread).

    An imported session has no movement rows, so the results entry service (which checks a line against its
    movement) cannot take it; the line's pairs and board stay as the club's file gave them, the contract is
    checked and scored by the laws, the change audited and the section's version bumped (so the field, and
    the club's own scores, are scored again). A finished session is reopened by its director first. With
    ``version`` (what the director's page showed) a line changed meanwhile is refused (StaleCorrection).
    """
    lock_section(result.section_id)
    found = Result.objects.select_related("board", "section__session").filter(pk=result.pk).first()
    if found is None:
        raise SimultaneousError(_("This line was removed since the page was opened; nothing was saved."))
    result = found
    if version is not None and version != result.version:
        raise StaleCorrection(result, _last_writer(result))
    refuse_if_finished(result.section.session, error=FinishedSessionError)
    if result.kind not in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        raise SimultaneousError(_("only a played result's contract can be corrected; rule on the others."))
    card = lead.strip().upper().replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    if card and not LEAD.match(card):
        raise CorrectionError("lead", _("The opening lead is a card such as SK, H10 or D2."))
    why = check_text(why, field="why", max_length=WHY_MAX, label="reason")
    before = audit.snapshot(result, [*RESULT_FIELDS, "lead"])
    result.contract, result.declarer, result.tricks, result.ns_score = _scored(
        result, contract, declarer, tricks, score
    )
    result.lead = card
    after = audit.snapshot(result, [*RESULT_FIELDS, "lead"])
    if after == before:
        return result
    result.version += 1
    result.save()
    audit.record(
        actor=actor,
        action=AuditAction.RESULT_CHANGE,
        target=result,
        session_id=result.section.session_id,
        old=before,
        new=audit.snapshot(result, [*RESULT_FIELDS, "lead"]),
        why=why,
    )
    bump(result.section_id)
    return result
