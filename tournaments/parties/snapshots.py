"""What the audit log records of a party table: one snapshot for every entry path (totals, deals, games, seats, and
five hundred at three, five or six), so a replay reads one shape."""

from __future__ import annotations

from typing import Any

from tournaments.parties.models import PartyTable


def table_snapshot(table: PartyTable) -> dict[str, Any]:
    """A table's entry as the audit log keeps it, before and after each change (every way of entering one)."""
    return {
        "entry": table.entry,
        "ns_total": table.ns_total,
        "ew_total": table.ew_total,
        "seat_totals": table.seat_totals,
        "winner": table.winner,
        "decided_by": table.decided_by,
        "deals": [
            [d.number, d.contract, d.declarer, d.tricks, d.honors_side, d.honors_points, d.ns, d.ew]
            for d in table.deals.all()
        ],
    }
