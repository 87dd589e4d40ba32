"""A session's publication, the standings as the public last saw them, and the corrections made since."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from tournaments.core.models import Timestamped
from tournaments.core.owners import Rooted, exactly_one_root

PUBLICATION_ROOTS = ("session",)


class Publication(Rooted, Timestamped):
    """A session's results made public: since when, by whom, and whether the director has called them final.

    Until `final_at` is set (or `provisional_hours` have passed since publishing) the public pages carry a
    "provisional" banner. Unpublishing keeps the row (and its corrections) but hides the pages again.
    """

    # Only a session is published (yet): its root is named as every owned row names it
    # (tournaments/core/owners.py), one publication per session.
    ROOT_KINDS = PUBLICATION_ROOTS
    session = models.OneToOneField("duplicate.Session", on_delete=models.CASCADE, related_name="publication")
    is_public = models.BooleanField(default=True)
    published_at = models.DateTimeField()
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    final_at = models.DateTimeField(null=True, blank=True)
    provisional_hours = models.PositiveSmallIntegerField(
        default=48, help_text="Results count as final this many hours after publishing, if not marked final sooner"
    )

    class Meta:
        db_table = "tournaments_publication"
        indexes = [models.Index(fields=["is_public", "published_at"], name="publication_public_idx")]
        constraints = [exactly_one_root(PUBLICATION_ROOTS, name="publication_exactly_one_root")]

    def __str__(self) -> str:
        return f"Publication of session {self.session_id}"

    @property
    def final_from(self) -> datetime:
        """When the results stop being provisional: the director's word, else the end of the provisional hours."""
        return self.final_at or (self.published_at + timedelta(hours=self.provisional_hours))

    def is_provisional(self, now: datetime | None = None) -> bool:
        return (now or timezone.now()) < self.final_from


class PublishedFigures(models.Model):
    """Every pair's percentage, total and place as the public pages showed them at one moment.

    The newest row is what the next correction is measured against; `last_audit_id` is the last audit entry
    of the session those figures already include.
    """

    publication = models.ForeignKey(Publication, on_delete=models.CASCADE, related_name="figures")
    taken_at = models.DateTimeField(default=timezone.now)
    last_audit_id = models.BigIntegerField(default=0)
    pairs = models.JSONField(help_text='{"<entry id>": {"pair": "3NS", "names": "...", "pct": 54.2, "place": "2"}}')

    class Meta:
        db_table = "tournaments_publishedfigures"
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"Figures of {self.publication_id} at {self.taken_at:%Y-%m-%d %H:%M}"


class Correction(models.Model):
    """One change to published results, listed publicly: what changed, why, and who it moved, before and after."""

    publication = models.ForeignKey(Publication, on_delete=models.CASCADE, related_name="corrections")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    changes = models.JSONField(
        help_text='[{"when": iso, "what": "board 5 · 1NS v 7EW", "fields": [[name, old, new]], "why": "..."}]'
    )
    moves = models.JSONField(help_text='[{"pair": "3NS", "names": "...", "before": 53.1, "after": 57.2}]')

    class Meta:
        db_table = "tournaments_correction"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Correction {self.pk} of publication {self.publication_id}"


class EmailDelivery(models.Model):
    """A results e-mail sent to a member for one publication: the record that stops a re-run sending it twice."""

    publication = models.ForeignKey(Publication, on_delete=models.CASCADE, related_name="deliveries")
    member = models.ForeignKey("duplicate.Member", on_delete=models.CASCADE, related_name="+")
    address = models.EmailField()
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tournaments_emaildelivery"
        constraints = [
            models.UniqueConstraint(fields=["publication", "member"], name="email_delivery_once_per_publication")
        ]

    def __str__(self) -> str:
        return f"{self.address} ({self.sent_at:%Y-%m-%d %H:%M})"
