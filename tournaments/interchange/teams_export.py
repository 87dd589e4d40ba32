"""A teams event as a USEBIO teams file (``manage.py export_usebio_teams EVENT``): its teams and players with our
standings, each played match with both rooms per board and our IMPs and VPs. A match's boards are numbered in the
file as the event runs, round after round (round 2's first board follows round 1's last), as teams files number
them; our reader numbers each match's boards 1, 2 ... again, so the file reads back as the event."""

from __future__ import annotations

from django.utils.text import slugify

from tournaments.teams import selectors
from tournaments.teams.models import TeamBoard, TeamEvent

from .usebio_teams import MatchBoardRecord, MatchRecord, TeamRecord, TeamsRecord
from .usebio_teams_writer import write_usebio_teams


def teams_record(event: TeamEvent) -> TeamsRecord:
    """The event as plain values, scored by Bridgedesk (the standings' VPs and places, each match's IMPs)."""
    rows = {s.team: s for s in selectors.standings(event)}
    record = TeamsRecord(
        name=event.name, date=event.date.strftime("%d/%m/%Y"), program="Bridgedesk", scoring_form=event.scoring_form
    )
    for team in event.teams.order_by("number").prefetch_related("players"):
        row = rows.get(team.number)
        kept = list(team.players.order_by("order"))
        total, place = (float(row.vp), str(row.place or "")) if row else (None, "")
        numbers = [p.national_id for p in kept] if any(p.national_id for p in kept) else []
        record.teams.append(
            TeamRecord(team.number, team.name, [p.name for p in kept], total, place, player_numbers=numbers)
        )
    stored = {
        (b.match_id, b.number): b for b in TeamBoard.objects.filter(match__round__event=event).only("rooms", "deal")
    }
    for rnd in selectors.played_rounds(event):
        first = (rnd.number - 1) * event.boards_per_match
        for match in rnd.matches:
            boards = []
            for (number, room1, room2), imps in zip(match.boards, match.score.board_imps, strict=False):
                board = stored.get((match.pk, number))
                boards.append(
                    MatchBoardRecord(
                        first + number, room1, room2, float(imps),
                        rooms=dict(board.rooms) if board else {}, deal=board.deal if board else "",
                    )
                )  # fmt: skip
            if not boards:
                continue
            score = match.score
            record.matches.append(
                MatchRecord(
                    rnd.number, match.table, match.home, match.away, boards,
                    float(score.imps_home), float(score.imps_away), score.vp_home, score.vp_away,
                )
            )  # fmt: skip
    return record


def export_usebio_teams(event: TeamEvent) -> tuple[str, bytes]:
    """The file name and the USEBIO teams file of the event."""
    return f"{slugify(event.name) or 'teams'}-usebio.xml", write_usebio_teams(teams_record(event))
