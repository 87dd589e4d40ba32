"""Master points read from an imported file (USEBIO's MASTER_POINTS_AWARDED) kept as the session's awards: a
pair's (MasterPointAward), or in an individual each player's (PlayerAward), read and written with the same
element names."""

from __future__ import annotations

from tournaments.sessions.models import Entry, MasterPointAward, PlayerAward, Session

from .records import SessionRecord


def keep_imported(session: Session, record: SessionRecord, entries: dict[str, Entry]) -> int:
    """Store each pair's award as the file gives it (pairs awarded 0 get no row); returns the rows made. Called
    by the importer inside its transaction, whose audit entry counts them."""
    if record.individual:
        return _keep_players(session, record)
    made = [
        MasterPointAward(
            session=session,
            entry=entries[pair.label],
            points=pair.master_points,
            point_type=(pair.master_point_type or record.master_point_type or "LOCAL")[:16],
            place=pair.place[:8],
        )
        for pair in record.pairs
        if pair.master_points and pair.label in entries
    ]
    MasterPointAward.objects.bulk_create(made)
    return len(made)


def _keep_players(session: Session, record: SessionRecord) -> int:
    made = [
        PlayerAward(
            session=session,
            player_number=player.number,
            name=player.name[:120],
            points=player.master_points,
            point_type=(player.master_point_type or record.master_point_type or "LOCAL")[:16],
            place=player.place[:8],
        )
        for player in record.players
        if player.master_points
    ]
    PlayerAward.objects.bulk_create(made)
    return len(made)
