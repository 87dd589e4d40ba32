"""The audit log's hash chain: each entry carries a keyed hash (HMAC-SHA-256) of its content and of the hash of
the entry before it in its chain (one chain per session, one for everything else).

Rewriting history then means recomputing every later hash, which needs the key (AUDIT_KEY, else SECRET_KEY)
as well as the database: a superuser who deletes, edits or truncates rows directly in SQL is caught by
`manage.py verify_audit`. The chain heads (last place and hash of each chain) are kept apart, and a session
always has at least its creation entry, so a log emptied entirely is reported as missing too.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass

from django.conf import settings

from tournaments.audit.models import AuditChainHead, AuditEntry


def chain_of(session_id: int | None) -> str:
    return f"session:{session_id}" if session_id else "global"


def key() -> bytes:
    return str(getattr(settings, "AUDIT_KEY", "") or settings.SECRET_KEY).encode()


def content(entry: AuditEntry) -> str:
    """The entry as canonical JSON: what its hash covers. An entry's other root (a party, a teams event, a
    simultaneous) is covered when set, and left out when not, so the entries written before it hash as before
    (read by column, not through `Rooted`: the migrations hand in historical models)."""
    roots = {
        kind: value
        for kind in ("party", "team_event", "simultaneous")
        if (value := getattr(entry, f"{kind}_id", None)) is not None
    }
    return json.dumps(
        roots
        | {
            "chain": entry.chain,
            "seq": entry.seq,
            "session": entry.session_id,
            "actor": entry.actor_id,
            "actor_name": entry.actor_name,
            "action": entry.action,
            "target_type": entry.target_type,
            "target_id": entry.target_id,
            "old": entry.old,
            "new": entry.new,
            "why": entry.why,
            "at": entry.created_at.isoformat(timespec="microseconds") if entry.created_at else "",
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )


def digest(entry: AuditEntry) -> str:
    message = f"{entry.prev_hash or ''}\n{content(entry)}".encode()
    return hmac.new(key(), message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Break:
    """The first place a chain does not hold: which chain, which place, what is wrong, in words."""

    chain: str
    seq: int
    entry_id: int | None
    problem: str

    def words(self) -> str:
        where = f"entry {self.seq}" + (f" (row id {self.entry_id})" if self.entry_id else "")
        return f"{self.chain}: {where}: {self.problem}"


def verify_chain(chain: str) -> Break | None:
    """The first broken or missing entry of one chain, or None when it is whole."""
    expected_seq, prev = 1, ""
    last_id = None
    for entry in AuditEntry.objects.filter(chain=chain).order_by("seq").iterator():
        if entry.seq != expected_seq:
            return Break(
                chain, expected_seq, None, f"missing (the log jumps from entry {expected_seq - 1} to {entry.seq})"
            )
        if (entry.prev_hash or "") != prev:
            return Break(chain, entry.seq, entry.pk, "does not follow the entry before it (its link was changed)")
        if entry.hash != digest(entry):
            return Break(chain, entry.seq, entry.pk, "was altered: its content no longer matches its hash")
        prev, last_id = entry.hash or "", entry.pk
        expected_seq += 1
    head = AuditChainHead.objects.filter(chain=chain).first()
    if head is not None and head.seq != expected_seq - 1:
        return Break(
            chain, expected_seq, last_id, f"missing: the chain ended at entry {head.seq}, the log stops earlier"
        )
    if head is not None and head.hash != prev:
        return Break(chain, head.seq, last_id, "the last entry was replaced")
    return None


def unchained() -> AuditEntry | None:
    """An entry outside every chain (written around the service, e.g. by raw SQL)."""
    return AuditEntry.objects.filter(seq__isnull=True).order_by("id").first()
