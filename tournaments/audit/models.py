"""The append-only audit log: every change to a result or a ruling, with who, when, old, new and why."""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments.audit.actions import label_of
from tournaments.core.owners import ROOTS, Rooted, exactly_one_root, root_field


class AppendOnlyError(RuntimeError):
    """Raised on any attempt to change or remove an audit entry."""


class AuditQuerySet(models.QuerySet["AuditEntry"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("The audit log is append-only: entries cannot be changed.")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("The audit log is append-only: entries cannot be removed.")


class AuditEntry(Rooted, models.Model):
    """One change. Rows are only ever inserted: the model refuses updates and deletes, and so does the
    database (triggers in the migration), so not even a bulk query can rewrite history.

    The event an entry belongs to (its root, tournaments/core/owners.py) is a session, a party, a teams event or
    a simultaneous, or none ("global" entries: logins, clubs); the references carry no database constraint, so
    the log outlives what it describes.
    """

    session = models.ForeignKey(
        "duplicate.Session",
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    # Added after the log: nullable, unindexed columns (SQLite adds them in place; an index is in Meta).
    party = root_field("party", related_name="+", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False)
    team_event = root_field(
        "team_event", related_name="+", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False
    )
    simultaneous = root_field(
        "simultaneous", related_name="+", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    actor_name = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=40)
    target_type = models.CharField(max_length=40)
    target_id = models.BigIntegerField(null=True, blank=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    why = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    # The hash chain (see tournaments/audit/chain.py): each entry's place in its chain and the keyed hash of its
    # content with the previous entry's hash, so a row removed, edited or inserted is found by verify_audit.
    # Nullable so SQLite adds the columns in place (a table rebuild would drop the append-only triggers).
    chain = models.CharField(max_length=40, null=True, blank=True, help_text='"session:12", or "global"')  # noqa: DJ001
    seq = models.PositiveBigIntegerField(null=True, blank=True)
    prev_hash = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    hash = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001

    objects = AuditQuerySet.as_manager()

    class Meta:
        db_table = "tournaments_auditentry"
        ordering = ["-created_at", "-id"]
        verbose_name_plural = gettext_lazy("audit entries")
        indexes = [
            models.Index(fields=["session", "created_at"], name="audit_session_idx"),
            *(
                models.Index(fields=[kind], condition=models.Q(**{f"{kind}__isnull": False}), name=f"audit_{kind}_idx")
                for kind in ROOTS
                if kind != "session"
            ),
        ]
        constraints = [
            # At most one root. On SQLite the migration enforces it with an insert trigger (adding a check there
            # rebuilds the table, which would drop the append-only triggers); on PostgreSQL it is this check.
            exactly_one_root(tuple(ROOTS), name="audit_at_most_one_root", or_none=True),
            # Conditional, so SQLite adds it as an index instead of rebuilding the table (and its triggers).
            models.UniqueConstraint(
                fields=["chain", "seq"], condition=models.Q(seq__isnull=False), name="audit_one_entry_per_place"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_name} {self.action} {self.target_type} {self.target_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnlyError("The audit log is append-only: entries cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("The audit log is append-only: entries cannot be removed.")

    @property
    def action_label(self) -> str:
        """What the action was, in the reader's language (`action` stays the stored code)."""
        return label_of(self.action)


class AuditChainHead(models.Model):
    """The last place and hash of each chain: appends lock it, and a log emptied behind its back is noticed."""

    chain = models.CharField(max_length=40, primary_key=True)
    seq = models.PositiveBigIntegerField(default=0)
    hash = models.CharField(max_length=64, blank=True)
    # The sum of the chain's seal hashes and a keyed hash of the head itself (tournaments/audit/seals.py): a seal
    # deleted or a head rewritten by hand no longer adds up.
    seals = models.CharField(max_length=64, blank=True, default="")
    mac = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        db_table = "tournaments_auditchainhead"

    def __str__(self) -> str:
        return f"{self.chain} at {self.seq}"


class AuditSeal(models.Model):
    """The state of one audited row (a result, a ruling, an entry and its names) as the log last left it.

    `entry_hash` is the hash of the audit entry whose change wrote this state, and `mac` a keyed hash of all of
    it, so a row changed, added or deleted in SQL no longer matches its seal, a seal cannot be forged without
    the key, and a seal pointing at an entry no longer in the chain shows the chain was rewound. `state` is
    None once the application deleted the row.
    """

    kind = models.CharField(max_length=20)
    row_id = models.BigIntegerField()
    chain = models.CharField(max_length=40, db_index=True, help_text='As the audit entries name it: "session:12"')
    state = models.JSONField(null=True, blank=True)
    entry_hash = models.CharField(max_length=64)
    mac = models.CharField(max_length=64)

    class Meta:
        db_table = "tournaments_auditseal"
        constraints = [models.UniqueConstraint(fields=["kind", "row_id"], name="audit_one_seal_per_row")]

    def __str__(self) -> str:
        return f"{self.kind} {self.row_id}"
