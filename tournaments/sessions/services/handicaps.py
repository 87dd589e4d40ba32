"""Handicaps and strata: an event's ranking rules and the handicaps a director types for a section's pairs.

Neither changes a score: they add rankings beside the scratch one (selectors/handicaps.py), so each write
bumps the versions of the sections it shows on (the pages and PDFs are keyed on them) and is audited.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import handicaps as method
from scoring.errors import ScoringError
from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.core.errors import DomainError
from tournaments.sessions.models import Entry, Event, RankingRules, Section, Session
from tournaments.sessions.services import masterpoints
from tournaments.sessions.services.versions import bump, bump_session, lock_section, lock_sections, refuse_if_finished

RULES_FIELDS = ["handicap", "handicap_from_rating", "strata_by", "strata"]
MOST = 50.0  # a handicap is percentage points: beyond ±50 it is a typing slip


def clean_rules(rules: RankingRules) -> None:
    """Check the rules as the director set them; the message names the field."""
    if rules.strata_by == RankingRules.StrataBy.NONE and not rules.strata.strip():
        return
    try:
        method.parse_strata(rules.strata)
    except ScoringError as error:
        raise DomainError(str(error), field="strata") from error


def save_rules(*, actor: Actor, event: Event, rules: RankingRules) -> RankingRules:
    """Save the event's ranking rules (checked), re-award its finished sessions (each stratum earns master points
    on its own) and bump its sessions, whose pages show the new rankings."""
    clean_rules(rules)
    with transaction.atomic():
        session_ids = list(event.sessions.order_by("pk").values_list("pk", flat=True))
        for session_id in session_ids:
            lock_sections(session_id)
        stored = RankingRules.objects.select_for_update().filter(event=event).first()
        before = audit.snapshot(stored, RULES_FIELDS) if stored is not None else None
        rules.event = event
        rules.strata = rules.strata.strip()
        if stored is not None:
            rules.pk = stored.pk
        rules.save()
        after = audit.snapshot(rules, RULES_FIELDS)
        if after != before:
            audit.record(actor=actor, action=AuditAction.EVENT_RANKINGS, target=rules, old=before, new=after)
            for session in event.sessions.filter(status=Session.Status.FINISHED):
                masterpoints.award_session(actor=actor, session=session)  # strata are awarded on their own
            for session_id in session_ids:
                bump_session(session_id)
    return rules


def parse_handicap(text: str, *, field: str) -> float | None:
    """A typed handicap: blank for none, else a number of percentage points within ±50 (one decimal kept)."""
    text = text.strip().replace("−", "-").replace(",", ".")
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise DomainError(
            _("A handicap is a number of percentage points like 4.5 or -3, not %(text)s.") % {"text": repr(text)},
            field=field,
        ) from None
    if not math.isfinite(value) or abs(value) > MOST:
        raise DomainError(
            _("A handicap is between -%(most)s and %(most)s percentage points, not %(text)s.")
            % {"most": format(MOST, "g"), "text": text},
            field=field,
        )
    return round(value, 1)


def set_handicaps(*, actor: Actor, section: Section, handicaps: Mapping[int, float | None]) -> int:
    """Set the typed handicaps of a section's pairs (entry id -> points, None to take it from the ratings).
    All or none; refused on a finished session. Returns how many pairs changed."""
    with transaction.atomic():
        lock_section(section.pk)
        refuse_if_finished(section.session)
        stored = dict(Entry.objects.filter(section=section).values_list("pk", "handicap"))
        unknown = set(handicaps) - set(stored)
        if unknown:
            raise DomainError(
                _("Pair %(pair)s is not in section %(letter)s.") % {"pair": min(unknown), "letter": section.letter}
            )
        changed = {pk: value for pk, value in handicaps.items() if stored[pk] != value}
        if not changed:
            return 0
        for pk, value in changed.items():
            Entry.objects.filter(pk=pk).update(handicap=value)
        labels = dict(Entry.objects.filter(pk__in=changed).values_list("pk", "label"))
        audit.record(
            actor=actor,
            action=AuditAction.ENTRY_HANDICAP,
            target=section,
            session_id=section.session_id,
            old={labels[pk]: stored[pk] for pk in sorted(changed)},
            new={labels[pk]: changed[pk] for pk in sorted(changed)},
        )
        bump(section.pk)
    return len(changed)
