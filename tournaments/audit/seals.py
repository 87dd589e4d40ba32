"""Seals: the audit log commits to the current state of the rows it describes, not only to its own entries.

Every audited write seals the rows it changed (a result, a ruling, an entry with its names): the row's state,
the hash of the audit entry that wrote it and a keyed hash of both, one seal per row. The session's chain head
keeps the sum of its seals' hashes under its own keyed hash. `verify_audit` then recomputes each row's state:
a row changed, added or deleted in SQL, a seal deleted, or a chain cut back behind a seal is named, with the
state the log says the row should have. The rows themselves belong to higher layers, which register how to
read their state here at start-up (`register`), so this layer imports none of them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tournaments.audit.actions import AuditAction
from tournaments.audit.chain import key
from tournaments.audit.models import AuditChainHead, AuditEntry, AuditSeal

# kind -> reader: (row ids or None for every row of the chain, the session id or None) -> {row id: state}.
# A session's rows are sealed in its chain; rows outside sessions (parties, teams) in the global chain.
States = Callable[[Iterable[int] | None, int | None], dict[int, dict[str, Any]]]
_READERS: dict[str, States] = {}
_GLOBAL: set[str] = set()
# target type -> (the kind sealed, the id of the row of that kind that owns the target): a party's table is
# sealed as part of its party, a teams match as part of its event.
_OWNERS: dict[str, tuple[str, Callable[[int], int | None]]] = {}
# Writes that create or replace a whole session's rows at once (its creation, an import): they seal them all.
WHOLE_SESSION = {AuditAction.SESSION_CREATE, AuditAction.SESSION_IMPORTED}
# Writes whose target is a row they have just inserted: it has no seal yet (ids are never reused: sequences on
# PostgreSQL, AUTOINCREMENT on SQLite), so its old seal is not read (a round trip under the writer's locks; a seal
# forged for an id to come fails the insert on audit_one_seal_per_row).
NEW_TARGETS = {AuditAction.RESULT_CREATE}
_MOD = 2**256


def register(
    kind: str,
    reader: States,
    *,
    in_sessions: bool = True,
    owners: dict[str, Callable[[int], int | None]] | None = None,
) -> None:
    """Seal rows of this kind (the audit target type, e.g. "result") through `reader`; an audit entry whose
    target is one of `owners` (a target type: its owner's id) seals that owner."""
    _READERS[kind] = reader
    if not in_sessions:
        _GLOBAL.add(kind)
    for target_type, owner in (owners or {}).items():
        _OWNERS[target_type] = (kind, owner)


def _target(entry: AuditEntry) -> tuple[str, int | None]:
    """The kind and id of the row an entry seals: its target, or the row that owns its target."""
    if entry.target_id is None or entry.target_type not in _OWNERS:
        return entry.target_type, entry.target_id
    kind, owner = _OWNERS[entry.target_type]
    return kind, owner(entry.target_id)


def _readers(session_id: int | None) -> dict[str, States]:
    """The kinds sealed in this chain: a session's own, or those outside sessions."""
    return {k: r for k, r in _READERS.items() if (k in _GLOBAL) == (session_id is None)}


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def seal_mac(kind: str, row_id: int, chain: str, state: Any, entry_hash: str) -> str:
    message = canonical([kind, row_id, chain, state, entry_hash]).encode()
    return hmac.new(key(), message, hashlib.sha256).hexdigest()


def head_mac(head: AuditChainHead) -> str:
    message = canonical([head.chain, head.seq, head.hash, head.seals]).encode()
    return hmac.new(key(), message, hashlib.sha256).hexdigest()


def add(total: str, mac: str, sign: int = 1) -> str:
    """The head's running sum of seal hashes (a multiset hash: order-free, one addition per seal)."""
    return f"{(int(total or '0', 16) + sign * int(mac, 16)) % _MOD:064x}"


def seal(entry: AuditEntry, head: AuditChainHead) -> None:
    """Seal what `entry` changed, inside its transaction, and carry the sum into the (locked) head."""
    readers = _readers(entry.session_id)
    todo: dict[str, dict[int, dict[str, Any] | None]]
    if entry.session_id is not None and entry.action in WHOLE_SESSION:
        todo = {kind: dict(read(None, entry.session_id)) for kind, read in readers.items()}
    else:
        kind, row_id = _target(entry)
        if kind not in readers or row_id is None:
            return
        todo = {kind: {row_id: readers[kind]([row_id], entry.session_id).get(row_id)}}
    assert entry.chain is not None
    mine = AuditSeal.objects.filter(chain=entry.chain, kind__in=todo)
    if len(todo) == 1:  # one row (not a whole session): read its seal alone, not the chain's
        mine = mine.filter(row_id__in=list(next(iter(todo.values()))))
    new_row = entry.action in NEW_TARGETS and list(todo) == [entry.target_type]
    known = {} if new_row else {(s.kind, s.row_id): s for s in mine}
    new = [
        made
        for kind, rows in todo.items()
        for row_id, state in rows.items()
        if (made := _seal_one(kind, row_id, entry, state, known.get((kind, row_id)), head)) is not None
    ]
    # One INSERT per batch, not per row: an import of a simultaneous seals 72,000 lines (19 s one by one).
    AuditSeal.objects.bulk_create(new, batch_size=500)


def _seal_one(
    kind: str, row_id: int, entry: AuditEntry, state: dict[str, Any] | None, old: AuditSeal | None, head: AuditChainHead
) -> AuditSeal | None:
    """Update an existing seal in place, or return the new one for the caller to insert with the others."""
    assert entry.chain is not None and entry.hash is not None
    if old is None and state is None:
        return None
    mac = seal_mac(kind, row_id, entry.chain, state, entry.hash)
    head.seals = add(head.seals, mac)
    if old is not None:
        head.seals = add(head.seals, old.mac, -1)
        AuditSeal.objects.filter(pk=old.pk).update(state=state, entry_hash=entry.hash, mac=mac)
        return None
    return AuditSeal(kind=kind, row_id=row_id, chain=entry.chain, state=state, entry_hash=entry.hash, mac=mac)


@dataclass(frozen=True)
class Fault:
    """A row that is not what the log says it should be, in words."""

    kind: str
    row_id: int | None
    problem: str

    def words(self) -> str:
        return f"{self.kind} {self.row_id}: {self.problem}" if self.row_id is not None else self.problem


def verify(chain: str, session_id: int | None, head: AuditChainHead | None) -> list[Fault]:
    """Every row of the chain whose state differs from its seal, every seal that is not genuine."""
    hashes = set(AuditEntry.objects.filter(chain=chain).values_list("hash", flat=True))
    seals = {(s.kind, s.row_id): s for s in AuditSeal.objects.filter(chain=chain)}
    faults: list[Fault] = []
    total = ""
    for kind, read in sorted(_readers(session_id).items()):
        rows = read(None, session_id)
        for row_id, state in sorted(rows.items()):
            if (kind, row_id) not in seals:
                faults.append(Fault(kind, row_id, f"written outside the application (no audit entry): {_show(state)}"))
        for (k, row_id), s in sorted(seals.items()):
            if k != kind:
                continue
            total = add(total, s.mac)
            faults.extend(_check_seal(s, rows.get(row_id), hashes))
    if head is not None and (head.mac != head_mac(head) or int(head.seals or "0", 16) != int(total or "0", 16)):
        faults.append(Fault("chain", None, f"{chain}: its seals were removed or added, or its head was rewritten"))
    return faults


def _check_seal(s: AuditSeal, now: dict[str, Any] | None, hashes: set[str | None]) -> list[Fault]:
    if s.mac != seal_mac(s.kind, s.row_id, s.chain, s.state, s.entry_hash):
        return [Fault(s.kind, s.row_id, "its seal was forged or altered")]
    faults = []
    if s.entry_hash not in hashes:
        faults.append(Fault(s.kind, s.row_id, "last changed by an audit entry no longer in the log (chain cut back)"))
    if s.state is None and now is not None:
        faults.append(Fault(s.kind, s.row_id, f"deleted through the application, yet back: {_show(now)}"))
    elif s.state is not None and now is None:
        faults.append(Fault(s.kind, s.row_id, f"deleted outside the application; the log says {_show(s.state)}"))
    elif s.state is not None and now is not None and canonical(now) != canonical(s.state):
        diff = ", ".join(
            f"{name} is {_show(now.get(name))}, the log says {_show(s.state.get(name))}"
            for name in sorted(set(now) | set(s.state))
            if canonical(now.get(name)) != canonical(s.state.get(name))
        )
        faults.append(Fault(s.kind, s.row_id, f"changed outside the application: {diff}"))
    return faults


def _show(value: Any) -> str:
    return canonical(value)


def seal_as_they_stand() -> int:
    """Seal every row as it stands with its chain's last entry: for a log from before seals (the migration)."""
    made = 0
    for head in AuditChainHead.objects.select_for_update().order_by("chain"):
        session_id = int(head.chain.split(":", 1)[1]) if head.chain.startswith("session:") else None
        if head.hash:
            done = set(AuditSeal.objects.filter(chain=head.chain).values_list("kind", "row_id"))
            for kind, read in sorted(_readers(session_id).items()):
                for row_id, state in read(None, session_id).items():
                    if (kind, row_id) in done:
                        continue
                    mac = seal_mac(kind, row_id, head.chain, state, head.hash)
                    AuditSeal.objects.create(
                        kind=kind, row_id=row_id, chain=head.chain, state=state, entry_hash=head.hash, mac=mac
                    )
                    head.seals, made = add(head.seals, mac), made + 1
        head.mac = head_mac(head)
        head.save(update_fields=["seals", "mac"])
    return made
