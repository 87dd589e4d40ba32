"""`manage.py verify_audit [SESSION]`: check the audit log's hash chains (naming the first broken or missing entry)
and that every sealed row (results, rulings, entries and names) is what the log says it should be."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import seals
from tournaments.audit.chain import Break, chain_of, unchained, verify_chain
from tournaments.audit.models import AuditChainHead, AuditEntry
from tournaments.sessions.models import Session


class Command(BaseCommand):
    help = "Verify the audit log (one session's chain, or all of them); exits non-zero at the first fault."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", nargs="?", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["session"] is not None:
            if not Session.objects.filter(pk=options["session"]).exists():
                raise CommandError(_("There is no session %(session)s.") % {"session": options["session"]})
            chains = [chain_of(options["session"])]
        else:
            chains = sorted(
                set(AuditChainHead.objects.values_list("chain", flat=True))
                | {c for c in AuditEntry.objects.exclude(chain=None).values_list("chain", flat=True).distinct() if c}
            )
            stray = unchained()
            if stray is not None:
                raise CommandError(
                    _("entry row id %(pk)s is outside every chain: it was not written by Bridgedesk.")
                    % {"pk": stray.pk}
                )
        sessions = Session.objects.filter(pk=options["session"]) if options["session"] else Session.objects.all()
        for session_id in sessions.values_list("pk", flat=True):  # every session has at least its first entry
            name = chain_of(session_id)
            if name not in chains:
                chains.append(name)
        checked, faults = 0, []
        for name in chains:
            fault: Break | None = verify_chain(name)
            if fault is None and name.startswith("session:") and not AuditEntry.objects.filter(chain=name).exists():
                fault = Break(name, 1, None, "missing: the session's log is empty (erased?)")
            if fault is not None:
                raise CommandError(_("The audit log is broken at %(words)s.") % {"words": fault.words()})
            head = AuditChainHead.objects.filter(chain=name).first()
            if head is None and AuditEntry.objects.filter(chain=name).exists():
                raise CommandError(
                    _("The audit log is broken at %(name)s: its chain head is missing (deleted?).") % {"name": name}
                )
            owner = int(name.split(":", 1)[1]) if name.startswith("session:") else None
            faults += [f.words() for f in seals.verify(name, owner, head)]
            checked += 1
        if faults:
            raise CommandError(
                ngettext(
                    "The data does not match the audit log (%(n)s fault):",
                    "The data does not match the audit log (%(n)s faults):",
                    len(faults),
                )
                % {"n": len(faults)}
                + "\n"
                + "\n".join(f"- {f}" for f in faults)
            )
        entries = AuditEntry.objects.filter(chain__in=chains).count()
        self.stdout.write(
            ngettext(
                "Audit log intact: %(entries)s entries in %(checked)s chain.",
                "Audit log intact: %(entries)s entries in %(checked)s chains.",
                checked,
            )
            % {"entries": entries, "checked": checked}
        )
