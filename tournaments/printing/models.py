"""Background jobs that make files (PDF books), and the files they made.

The bytes go through Django's storage API (settings.STORAGES["default"]): a folder in the data folder on a
laptop, S3-compatible object storage on a server (django-storages), so a PDF rendered by a worker on one
machine downloads from a web process on another, and the database holds only the file's name.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils.translation import gettext_lazy

from tournaments.core.models import Timestamped
from tournaments.core.owners import ROOTS, Rooted, exactly_one_root, root_field
from tournaments.core.tenancy import ClubScoped, tenant_field

# A file's root: one of the four events, or a season competition (its standings span many sessions).
FILE_ROOTS = (*ROOTS, "competition")


class GeneratedFile(Rooted, Timestamped):
    """One job and, once done, its file: who asked (`owner`, a login), for which event (`root`: a session, a
    party, a teams event, a simultaneous or a season competition), what, how far it got, what went wrong."""

    ROOT_KINDS = FILE_ROOTS

    # A federation's simultaneous belongs to no club: its jobs have none either (printing/jobs.start_job).
    tenant = tenant_field(null=True)

    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="generated_files"
    )
    # The event the job belongs to: exactly one (tournaments/core/owners.py; the constraint below).
    session = root_field("session", related_name="generated_files")
    party = root_field("party", related_name="generated_files")
    team_event = root_field("team_event", related_name="generated_files")
    simultaneous = root_field("simultaneous", related_name="generated_files")
    competition = root_field("competition", related_name="generated_files")
    kind = models.CharField(max_length=32, help_text='What to make: "standings", "results-book", ...')
    params = models.JSONField(default=dict, blank=True, help_text='Inputs besides the session, e.g. {"paper": "a4"}')
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("0 to 100"))
    message = models.CharField(max_length=200, blank=True, help_text=gettext_lazy("What the job is doing now"))
    error = models.TextField(blank=True, help_text=gettext_lazy("Why it failed, in words a director understands"))
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text=gettext_lazy("Runs started (a killed worker means another)")
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("Last sign of life from the worker")
    )
    lease_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text=gettext_lazy("The worker running it holds it until then; its heartbeat renews it"),
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    filename = models.CharField(max_length=160, blank=True)
    content_type = models.CharField(max_length=80, blank=True)
    file = models.FileField(upload_to="generated/%Y/%m/%d/", max_length=255, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(help_text=gettext_lazy("When the file is deleted"))

    objects = ClubScoped(("tenant", ""))

    class Meta:
        db_table = "tournaments_generatedfile"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="generated_file_progress_at_most_100"),
            models.CheckConstraint(
                condition=~Q(status="done") | ~Q(file=""),
                name="generated_file_done_has_file",
            ),
            exactly_one_root(FILE_ROOTS, name="generated_file_exactly_one_root"),
            models.CheckConstraint(  # only a federation's simultaneous has no club
                condition=Q(tenant__isnull=False) | Q(simultaneous__isnull=False),
                name="generated_file_has_a_club_or_is_a_simultaneous",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "heartbeat_at"], name="generated_file_status_idx"),
            models.Index(fields=["expires_at"], name="generated_file_expiry_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} ({self.get_status_display()})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def content(self) -> bytes | None:
        """The file's bytes, read from the storage; None before it is made (or if the storage lost it)."""
        if not self.file:
            return None
        try:
            with self.file.open("rb") as stored:
                data: bytes = stored.read()
        except FileNotFoundError:
            return None
        return data


@receiver(post_delete, sender=GeneratedFile)
def _delete_stored_file(sender: Any, instance: GeneratedFile, **kwargs: Any) -> None:
    """A job's row deleted (expired, or its session deleted) takes its file along, once the delete commits."""
    if instance.file:
        name, storage = instance.file.name, instance.file.storage
        transaction.on_commit(lambda: storage.delete(name))
