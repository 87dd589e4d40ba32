"""The public corrections list in a player's words: "board 7: 4S by N made 10 tricks, was 9; NS +420, was -50".

The audit log keeps exact snapshots (field names, ids, JSON) for the director; the public sees a sentence per
change, written from those snapshots once they are readable (board numbers and pair labels, audit_trail).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Entry, Result, Ruling
from tournaments.sessions.selectors import audit_trail

KINDS = dict(Result.Kind.choices)
DECISIONS = dict(Ruling.Decision.choices)


def _signed(score: Any) -> str:
    return f"{score:+d}" if isinstance(score, int) else _("no score")


def _percent(value: Any) -> str:
    return f"{value:g}%" if isinstance(value, int | float) else "–"


def play(d: dict[str, Any]) -> str:
    """What happened at the table: "4S by N made 10 tricks", "passed out", "artificial score NS 60%, EW 40%"."""
    kind = d.get("kind") or "played"
    if kind != "played":
        if d.get("ns_percent") is not None or d.get("ew_percent") is not None:
            ns, ew = _percent(d.get("ns_percent")), _percent(d.get("ew_percent"))
            return _("%(kind)s NS %(ns)s, EW %(ew)s") % {"kind": str(KINDS.get(kind, kind)).lower(), "ns": ns, "ew": ew}
        return str(KINDS.get(kind, str(kind))).lower()
    contract = str(d.get("contract") or "")
    if contract.upper() in ("PASS", "P", "AP"):
        return _("passed out")
    tricks = d.get("tricks")
    by = d.get("declarer") or "?"
    if not contract:  # a correction worded from its changed fields only, the contract unchanged
        return _("made %(tricks)s tricks") % {"tricks": tricks} if tricks is not None else _("played")
    if tricks is None:
        return _("%(contract)s by %(declarer)s") % {"contract": contract, "declarer": by}
    return _("%(contract)s by %(declarer)s made %(tricks)s tricks") % {
        "contract": contract,
        "declarer": by,
        "tricks": tricks,
    }


def _contract(d: dict[str, Any]) -> tuple[Any, ...]:
    return (d.get("kind"), d.get("contract"), d.get("declarer"), d.get("ns_percent"), d.get("ew_percent"))


def result_words(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    """One result's change as a sentence; the board (and pairs) lead it."""
    d = new or old or {}
    if d.get("NS") and d.get("EW"):
        head = _("board %(board)s (%(ns)s v %(ew)s)") % {"board": d.get("board", "?"), "ns": d["NS"], "ew": d["EW"]}
    else:
        head = _("board %(board)s") % {"board": d.get("board", "?")}
    if old is None and new is not None:
        return _("%(head)s: result added, %(play)s; NS %(score)s") % {
            "head": head,
            "play": play(new),
            "score": _signed(new.get("ns_score")),
        }
    if new is None and old is not None:
        return _("%(head)s: result removed (was %(play)s; NS %(score)s)") % {
            "head": head,
            "play": play(old),
            "score": _signed(old.get("ns_score")),
        }
    assert old is not None and new is not None
    parts = []
    if _contract(old) == _contract(new) and old.get("tricks") != new.get("tricks"):
        parts.append(_("%(now)s, was %(was)s") % {"now": play(new), "was": old.get("tricks")})
    elif play(old) != play(new):
        parts.append(_("%(now)s, was %(was)s") % {"now": play(new), "was": play(old)})
    if old.get("ns_score") != new.get("ns_score"):
        now, was = _signed(new.get("ns_score")), _signed(old.get("ns_score"))
        parts.append(_("NS %(now)s, was %(was)s") % {"now": now, "was": was})
    return f"{head}: " + ("; ".join(parts) if parts else _("result entered again, unchanged"))


def ruling_words(action: str, d: dict[str, Any]) -> str:
    """A ruling given or withdrawn: "board 4: procedural penalty against 3NS of 1 (Law 90)". Each piece is a
    whole pattern with its placeholders, so a language may put the board, the pair or the law where it likes."""
    decision = str(DECISIONS.get(str(d.get("decision")), d.get("decision") or _("ruling"))).lower()
    penalty = d.get("penalty") if isinstance(d.get("penalty"), int | float) and d.get("penalty") else None
    if d.get("pair") and penalty is not None:
        words = _("%(decision)s against %(pair)s of %(penalty)s") % {
            "decision": decision,
            "pair": d["pair"],
            "penalty": f"{penalty:g}",
        }
    elif d.get("pair"):
        words = _("%(decision)s against %(pair)s") % {"decision": decision, "pair": d["pair"]}
    else:
        words = decision
    if d.get("law"):
        # Translators: a ruling and the law it applies, e.g. "procedural penalty against 3NS (Law 90)".
        words = _("%(ruling)s (%(law)s)") % {"ruling": words, "law": d["law"]}
    if action.endswith("withdraw"):
        words = _("withdrawn: %(ruling)s") % {"ruling": words}
    elif action.endswith("appeal_lodge"):
        words = _("appeal lodged against %(ruling)s") % {"ruling": words}
    elif action.endswith("appeal_decide"):
        state = {"upheld": _("upheld on appeal"), "changed": _("changed on appeal")}.get(str(d.get("appeal")))
        words = _("%(ruling)s %(state)s") % {"ruling": words, "state": state or _("appeal withdrawn")}
    return _("board %(board)s: %(ruling)s") % {"board": d["board"], "ruling": words} if d.get("board") else words


def names_words(entry: AuditEntry, old: Any, new: Any) -> str:
    found = Entry.objects.filter(pk=entry.target_id or 0).values_list("label", flat=True).first()
    label = found or _("a pair")
    now = " & ".join(new) if isinstance(new, list) and new else _("no names")
    was = " & ".join(old) if isinstance(old, list) and old else _("no names")
    return _("pair %(pair)s: %(now)s, was %(was)s") % {"pair": label, "now": now, "was": was}


def change_words(entry: AuditEntry, old: Any, new: Any) -> str:
    """Any public change (snapshots already readable) as one sentence, never field names or JSON."""
    action = entry.action
    if action.startswith("result."):
        return result_words(old if isinstance(old, dict) else None, new if isinstance(new, dict) else None)
    if action.startswith("ruling."):
        return ruling_words(action, new if isinstance(new, dict) else old if isinstance(old, dict) else {})
    if action == "entry.players":
        return names_words(entry, old, new)
    if action == "entry.late":
        return _("a late pair joined")
    if action == "session.deals_imported":
        return _("the hands were imported")
    if action == "session.imported":
        return _("the results were imported from a file")
    return _("a change by the director")


def _parsed(value: str) -> Any:
    try:
        return json.loads(value)
    except ValueError:
        return value


def _from_fields(change: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Old and new snapshots rebuilt from a change's stored field=value rows, when its audit entry is not found."""
    what = str(change.get("what") or "")
    head: dict[str, Any] = {}
    if what.startswith("board "):
        board, _sep, pairs = what.removeprefix("board ").partition(" · ")
        head["board"] = board
        if " v " in pairs:
            head["NS"], head["EW"] = pairs.split(" v ", 1)
    rows = [r for r in change.get("fields") or [] if isinstance(r, list) and len(r) == 3]
    if len(rows) == 1 and not rows[0][0]:  # a whole line added or removed: "contract=4S, declarer=N, ..."
        _field, old_text, new_text = rows[0]
        pairs_of = [p.partition("=") for p in str(old_text or new_text).split(", ") if "=" in p]
        whole = {**head, **{k: _parsed(v) for k, _, v in pairs_of}}
        return (None, whole) if new_text else (whole, None)
    old = {**head, **{k: _parsed(o) if o else None for k, o, _ in rows}}
    new = {**head, **{k: _parsed(n) if n else None for k, _, n in rows}}
    return old, new


def legacy_texts(session_id: int, changes: list[dict[str, Any]]) -> None:
    """Fill in the sentence of changes recorded before corrections were kept in words (they hold field=value
    rows only): from their audit entry's old and new snapshots, else from the stored rows. Read-only."""
    bare = [c for c in changes if not c.get("text")]
    if not bare:
        return
    names = audit_trail.names_by_id(session_id)
    when = {datetime.fromisoformat(c["when"]) for c in bare if isinstance(c.get("when"), str)}
    found = {(e.action, e.created_at): e for e in AuditEntry.objects.filter(session_id=session_id, created_at__in=when)}
    for c in bare:
        at = datetime.fromisoformat(c["when"]) if isinstance(c.get("when"), str) else None
        entry = found.get((str(c.get("action") or ""), at)) if at else None
        if entry is not None:
            old, new = audit_trail.readable(entry.old, names), audit_trail.readable(entry.new, names)
        else:
            entry = AuditEntry(session_id=session_id, action=str(c.get("action") or ""))
            old, new = _from_fields(c)
        c["text"] = change_words(entry, old, new)
