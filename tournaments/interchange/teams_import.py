"""A USEBIO teams file becomes a teams event, through the teams write gateway (teams.imports.import_event).

The file's VP scale is kept when it is one Bridgedesk knows (:mod:`.teams_compare`: the WBF continuous or
discrete scale as the event's ``vp_scale``; the continuous one rounded to whole VPs, or the ACBL's 20-VP scale, as
its ``vp_table``), so the
standings give the VPs the file published; every published IMP and VP is set against ours in the report.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring.vpscales import acbl_20_table
from tournaments.core.actors import Actor
from tournaments.teams.imports import import_event
from tournaments.teams.models import TeamEvent
from tournaments.teams.services import TeamsError

from .errors import InterchangeError
from .importers import file_digest
from .teams_compare import ACBL, DISCRETE, WHOLE, TeamsComparison, compare_teams, whole_vp_table
from .usebio import _parse_date
from .usebio_teams import TeamsRecord, read_usebio_teams


@dataclass
class TeamsImportReport:
    """What a teams import made, and where the file's figures and ours differ (the same counts as the page)."""

    event: TeamEvent
    source: str
    teams: int = 0
    matches: int = 0
    boards: int = 0
    comparison: TeamsComparison = field(default_factory=TeamsComparison)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"Imported {self.source}: a teams event of {self.teams} teams, {self.matches} matches, "
            f"{self.boards} boards played in both rooms."
        )

    def lines(self) -> list[str]:
        """The report as the command prints it, the event's id alone on the last line (for scripts)."""
        out = [self.summary(), *self.notes, *(f"Note: {w}" for w in self.warnings), self.counts_text()]
        return [*out, *self.comparison.differences, str(self.event.pk)]

    def counts_text(self) -> str:
        """The counts in words, the same on the page and from the command."""
        parts = []
        rows = [("board IMPs", self.comparison.boards), ("match IMPs and VPs", self.comparison.matches)]
        if self.event.scoring_form == TeamEvent.Scoring.TOTAL:
            rows = [("board IMPs", self.comparison.boards), ("match IMPs and total points", self.comparison.matches)]
            rows.append(("teams' total points", self.comparison.teams))
        for what, counts in rows:
            explained = ", ".join(f"{n} by {name}" for name, n in counts.explained.items()) or "0"
            parts.append(
                _(
                    "%(what)s: %(same)s the same, explained %(explained)s, %(file_inconsistent)s "
                    "where the file disagrees with itself, %(unexplained)s unexplained"
                )
                % {
                    "what": what,
                    "same": counts.same,
                    "explained": explained,
                    "file_inconsistent": counts.file_inconsistent,
                    "unexplained": counts.unexplained,
                }
            )
        return f"Published vs Bridgedesk: {'; '.join(parts)}."


def _vp_table(scale: str, boards: int) -> list[float]:
    """The club table that gives the file's whole VPs, when its scale is one Bridgedesk keeps as a table."""
    if scale == WHOLE:
        return whole_vp_table(boards)
    return acbl_20_table(boards) if scale == ACBL else []


def import_usebio_teams(data: bytes | str, *, filename: str = "upload.xml", actor: Actor = None) -> TeamsImportReport:
    """Import a USEBIO teams file as a new teams event. Raises :class:`InterchangeError` on a bad file."""
    record = read_usebio_teams(data)
    comparison = compare_teams(record)
    boards = max(len(m.boards) for m in record.matches)
    warnings = list(record.warnings)
    rules = {
        "name": (record.name or filename)[:120],
        "date": _date(record, warnings),
        "format": TeamEvent.Format.ROUND_ROBIN,
        "boards_per_match": boards,
        "scoring_form": record.scoring_form,
        "vp_table": _vp_table(comparison.vp_scale, boards),
        "vp_scale": TeamEvent.VpScale.WBF_DISCRETE
        if comparison.vp_scale == DISCRETE
        else TeamEvent.VpScale.WBF_CONTINUOUS,
    }
    try:
        event = import_event(
            actor=actor,
            rules=rules,
            teams=[(t.number, t.name, t.players) for t in record.teams],
            player_numbers={t.number: t.player_numbers for t in record.teams if t.player_numbers},
            matches=[
                (m.round, m.table, m.home, m.away, [(b.room1_ns, b.room2_ns, b.rooms, b.deal) for b in m.boards])
                for m in record.matches
            ],
            why=f"imported from {filename}",
            published={
                "source": filename,
                "digest": file_digest(data),
                "program": record.program,
                **comparison.as_dict(),
                "differences": comparison.differences[:200],
            },
        )
    except TeamsError as exc:
        raise InterchangeError(str(exc), "the file") from None
    report = TeamsImportReport(
        event=event,
        source=filename,
        teams=len(record.teams),
        matches=len(record.matches),
        boards=sum(len(m.boards) for m in record.matches),
        comparison=comparison,
        warnings=warnings,
    )
    report.notes.extend(_form_notes(comparison, boards, record))
    short = [m for m in record.matches if len(m.boards) < boards]
    if short:
        report.notes.append(
            _("%(count)s match(es) have fewer than %(boards)s boards with both rooms: their VPs wait for the rest.")
            % {"count": len(short), "boards": boards}
        )
    return report


def _form_notes(comparison: TeamsComparison, boards: int, record: TeamsRecord) -> list[str]:
    """What the file's scoring form means for the event: a total-points event has no VP scale to note."""
    if record.scoring_form == TeamEvent.Scoring.TOTAL:
        return [
            _(
                "The file's BOARD_SCORING_METHOD gives the event's scoring: total points (AGGREGATE: each team's net "
                "scores added up, no VPs). The file's match points and teams' totals are compared as total points."
            )
        ]
    notes = [_scale_note(comparison, boards, record)]
    if record.scoring_form != TeamEvent.Scoring.IMPS:
        notes.append(
            _(
                "The file's BOARD_SCORING_METHOD gives the event's scoring: %(form)s. The file's own figures are "
                "still compared as IMPs and VPs (no USEBIO element for board points was found)."
            )
            % {"form": TeamEvent.Scoring(record.scoring_form).label}
        )
    return notes


def already_imported_teams(data: bytes | str) -> TeamEvent | None:
    """The teams event (not archived) this very file was imported as before, if any."""
    events = TeamEvent.objects.filter(published__digest=file_digest(data), archived_at__isnull=True)
    return events.order_by("-pk").first()


def _date(record: TeamsRecord, warnings: list[str]) -> dt.date:
    try:
        date = _parse_date(record.date, "EVENT DATE")
    except InterchangeError as exc:
        warnings.append(
            _("%(where)s: %(message)s Today's date was used.") % {"where": exc.where, "message": exc.message}
        )
        date = None
    return date or dt.date.today()


def _scale_note(comparison: TeamsComparison, boards: int, record: TeamsRecord) -> str:
    if not any(m.home_vps is not None for m in record.matches):
        return "The file publishes no VPs: the WBF continuous 20-VP scale is used."
    if comparison.vp_scale == DISCRETE:
        return (
            f"The file's VPs are the WBF discrete 20-0 scale for {boards} boards ({DISCRETE}): "
            "the event keeps that scale."
        )
    if comparison.vp_scale == WHOLE:
        return (
            f"The file's VPs are the WBF continuous scale for {boards} boards rounded to whole VPs "
            f"({WHOLE}): the event keeps that scale."
        )
    if comparison.vp_scale == ACBL:
        return (
            f"The file's VPs are the ACBL 20-VP scale for {boards} boards ({ACBL}): "
            "the event keeps that scale as its own table."
        )
    return f"The event uses the WBF continuous 20-VP scale for {boards} boards, as the file's VPs do where they agree."
