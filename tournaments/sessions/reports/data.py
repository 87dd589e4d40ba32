"""Everything a report reads about a session, loaded once per job and shared by the renderers of a book.

Scores come only from `tournaments.sessions.selectors.scores`; the movement (for guide cards: relay and bye stand,
where boards go next) is regenerated from the section's settings and used only if it matches the stored rows,
else rebuilt from the rows themselves (a director's edits win over the generator).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.printing.pdf import Masthead, ReportError
from tournaments.sessions.models import Board, Entry, Result, Section, Session, TableRound
from tournaments.sessions.selectors.designs import section_movement
from tournaments.sessions.selectors.scores import SectionScores, score_session


@dataclass
class SessionData:
    """A session's sections, entries (with players), movement rows and boards, plus scores when asked."""

    session: Session
    sections: list[Section]
    entries: dict[int, Entry]
    rows: dict[int, list[TableRound]]
    boards: dict[int, Board]
    _movements: dict[int, movements.Movement] = field(default_factory=dict)

    @classmethod
    def load(cls, session: Session | int) -> SessionData:
        if not isinstance(session, Session):
            try:
                session = Session.objects.select_related("event").get(pk=session)
            except Session.DoesNotExist:
                wrong = _("Session %(session)s does not exist (it may have been deleted).")
                raise ReportError(wrong % {"session": session}) from None
        sections = list(session.sections.order_by("letter"))
        entries = {e.pk: e for e in Entry.objects.filter(section__session=session).prefetch_related("players")}
        rows: dict[int, list[TableRound]] = {s.pk: [] for s in sections}
        for row in TableRound.objects.filter(section__session=session).order_by("round", "table"):
            rows[row.section_id].append(row)
        boards = {b.number: b for b in Board.objects.filter(session=session).order_by("number")}
        return cls(session, sections, entries, rows, boards)

    @property
    def masthead(self) -> Masthead:
        return Masthead.of(self.session)

    @property
    def label(self) -> str:
        """How a message names the session: "Session 12 (Tuesday Pairs, 17 Nov 2026)"."""
        return f"Session {self.session.pk} ({self.session.event.name}, {self.session.date:%-d %b %Y})"

    @property
    def multi_section(self) -> bool:
        return len(self.sections) > 1

    # --- scores --------------------------------------------------------------------------------

    @cached_property
    def scores(self) -> list[SectionScores]:
        return score_session(self.session)

    def require_results(self, what: str) -> None:
        """Stop with a clear message when there is nothing to print yet."""
        if not Result.objects.filter(section__session=self.session).exclude(kind=Result.Kind.NOT_PLAYED).exists():
            raise ReportError(
                _("%(session)s has no results yet: enter the travellers before printing %(what)s.")
                % {"session": self.label, "what": _(what)}
            )

    def require_movement(self, what: str) -> None:
        if not any(self.rows.values()):
            raise ReportError(
                _("%(session)s has no movement yet: choose a movement before printing %(what)s.")
                % {"session": self.label, "what": _(what)}
            )

    # --- names -----------------------------------------------------------------------------------

    def names(self, entry_id: int | None) -> str:
        if entry_id is None:
            return ""
        entry = self.entries.get(entry_id)
        return entry.names if entry else ""

    def pair_label(self, entry_id: int | None, section: Section | None = None) -> str:
        """ "3NS" in a one-section session, "A3NS" when sections must be told apart."""
        if entry_id is None:
            return ""
        entry = self.entries[entry_id]
        prefix = self._section_letter(entry.section_id) if self.multi_section else ""
        return f"{prefix}{entry.label}"

    def _section_letter(self, section_id: int) -> str:
        for s in self.sections:
            if s.pk == section_id:
                return s.letter
        return ""

    def section_title(self, section: Section) -> str:
        return _("Section %(letter)s") % {"letter": section.letter} if self.multi_section else ""

    # --- movement --------------------------------------------------------------------------------

    def movement(self, section: Section) -> movements.Movement:
        """The section's movement with its relay and bye-stand facts when the generator agrees with the rows."""
        if section.pk in self._movements:
            return self._movements[section.pk]
        stored = self._rows_as_movement(section)
        chosen = stored
        try:
            generated = section_movement(
                section.movement_kind,
                len(stored.entries()) if section.movement_kind != "individual" else section.tables * 4,
                boards_per_round=section.boards_per_round,
                rounds=section.rounds,
                variant=section.movement_variant or None,
            )
        except (movements.MovementError, TypeError, ValueError):
            generated = None
        if generated is not None and set(generated.rows) == set(stored.rows):
            chosen = generated
        self._movements[section.pk] = chosen
        return chosen

    def _rows_as_movement(self, section: Section) -> movements.Movement:
        label = {e.pk: e.label for e in self.entries.values()}
        rows = tuple(
            movements.Row(
                r.round,
                r.table,
                label.get(r.ns_entry_id) if r.ns_entry_id else None,
                label.get(r.ew_entry_id) if r.ew_entry_id else None,
                tuple(int(b) for b in r.boards),
            )
            for r in self.rows[section.pk]
        )
        return movements.Movement(
            kind=section.movement_kind,
            variant=section.movement_variant or None,
            pairs=sum(1 for e in self.entries.values() if e.section_id == section.pk),
            tables=section.tables,
            rounds=section.rounds,
            boards_per_round=section.boards_per_round,
            rows=rows,
            winners=section.winners,
        )

    def entry_by_label(self, section: Section) -> dict[str, Entry]:
        return {e.label: e for e in self.entries.values() if e.section_id == section.pk}

    def section_boards(self, section: Section) -> list[Board]:
        numbers = sorted({int(b) for r in self.rows[section.pk] for b in r.boards})
        return [self.boards[n] for n in numbers if n in self.boards]


def boards_text(boards: list[int] | tuple[int, ...] | Any) -> str:
    """ "1-3" for a run of boards, "1, 5, 9" otherwise."""
    numbers = sorted(int(b) for b in boards)
    if not numbers:
        return ""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1:
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)
