"""The session's scoring conventions, and whose figures an imported session shows: the director's choices.

Both change every standing the session shows, so both are audited with the old and new settings and bump
every section's version (the pages, the score cache and the public copies follow at once).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import services as audit
from tournaments.audit.actions import AuditAction
from tournaments.core.actors import Actor
from tournaments.sessions.models import Session
from tournaments.sessions.services.versions import bump_session, lock_sections

CONVENTION_FIELDS = (
    "use_neuberg",
    "neuberg_rounding",
    "scale_missed_boards",
    "average_plus_own_percentage",
    "average_minus_own_percentage",
    "vp_scale",
    "section_scoring",
    "artificial_among_real",
    "percentage_basis",
    "traveller_factored",
    "imps_unplayed_zero",
)


@transaction.atomic
def update_conventions(session: Session, *, actor: Actor, why: str = "", **settings: Any) -> list[str]:
    """Set the session's conventions; returns the names of the settings that changed (none: nothing written)."""
    unknown = sorted(set(settings) - set(CONVENTION_FIELDS))
    if unknown:
        raise ValidationError(_("Not a scoring convention: %(items)s.") % {"items": ", ".join(unknown)})
    rounding = settings.get("neuberg_rounding")
    if rounding is not None and rounding not in Session.Rounding.values:
        raise ValidationError(
            {
                "neuberg_rounding": _("Choose one of the roundings listed, not %(rounding)s.")
                % {"rounding": repr(rounding)}
            }
        )
    if settings.get("section_scoring", "apart") not in Session.SectionScoring.values:
        raise ValidationError({"section_scoring": _("Score the sections apart or across the field.")})
    if settings.get("percentage_basis", "full_top") not in Session.PercentageBasis.values:
        raise ValidationError(
            {"percentage_basis": _("Take percentages over the full top or over the sum of the tops.")}
        )
    scale = settings.get("vp_scale")
    if scale is not None and scale not in Session.VpScale.values:
        raise ValidationError(
            {"vp_scale": _("Choose one of the VP scales listed, not %(scale)s.") % {"scale": repr(scale)}}
        )
    lock_sections(session.pk)
    current = Session.objects.select_for_update().get(pk=session.pk)
    changed = [name for name, value in settings.items() if getattr(current, name) != value]
    if not changed:
        return []
    old = {name: getattr(current, name) for name in changed}
    for name in changed:
        setattr(current, name, settings[name])
        setattr(session, name, settings[name])
    current.save(update_fields=[*changed, "updated_at"])
    audit.record(
        actor=actor,
        action=AuditAction.SESSION_CONVENTIONS,
        target=current,
        session_id=current.pk,
        old=old,
        new={name: settings[name] for name in changed},
        why=why or "Scoring conventions changed",
    )
    bump_session(current.pk)
    return changed


@transaction.atomic
def set_scores_shown(session: Session, shown: str, *, actor: Actor, why: str = "") -> bool:
    """Show the published figures or Bridgedesk's own (re-scoring); returns whether anything changed."""
    if shown not in Session.ScoresShown.values:
        raise ValidationError(_("Show the published figures or Bridgedesk's, not %(shown)s.") % {"shown": repr(shown)})
    lock_sections(session.pk)
    current = Session.objects.select_for_update().get(pk=session.pk)
    if current.scores_shown == shown:
        return False
    old = current.scores_shown
    current.scores_shown = session.scores_shown = shown
    current.save(update_fields=["scores_shown", "updated_at"])
    audit.record(
        actor=actor,
        action=AuditAction.SESSION_SCORES_SHOWN,
        target=current,
        session_id=current.pk,
        old={"scores_shown": old},
        new={"scores_shown": shown},
        why=why or ("Re-scored with Bridgedesk's arithmetic" if shown == "bridgedesk" else "Published figures shown"),
    )
    bump_session(current.pk)
    return True
