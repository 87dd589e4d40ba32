"""The play in PBN (2.1, section 3.3): the cards a table entered one by one, in the game of its line (pbn_auction.py
writes one game per line with an auction or a play).

``[Play "E"]`` names the opening leader; each following row is a trick, its cards in the columns of the seats from
the opening leader round the table (the same columns for every trick, whoever led it); a claim ends the section
with ``*`` after the last whole trick, the tricks declarer took in all being the game's ``Result``. Reading
finds the order of play trick by trick (each trick's winner leads the next, by scoring.play), skips ``-`` (a card
not played), notes and ``$n`` annotations, and checks the play against the deal, the contract and the line's
tricks; a play that breaks a rule is left out with a warning.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.boards import SEATS
from scoring.errors import ScoringError
from scoring.leads import leader_of
from scoring.play import check_play, play_columns, play_from_columns

from .pbn_scan import Game
from .records import BoardRecord, LineRecord, SessionRecord

PLAY_TAG = "Play"


def play_lines(deal: str, line: LineRecord) -> list[str]:
    """The ``[Play]`` tag and its rows of the line's stored play (``*`` after them when a claim ends it)."""
    play = check_play(deal, line.contract, line.declarer, line.play)
    rows = [" ".join(row) for row in play_columns(play)]
    return [f'[{PLAY_TAG} "{leader_of(line.declarer)}"]', *rows, *(["*"] if len(play.tricks) < 13 else [])]


def attach_play(record: SessionRecord, game: Game, board: BoardRecord, line: LineRecord, where: str) -> None:
    """The game's play onto its line, or a warning saying why it is left out."""
    tag = game.tags[PLAY_TAG]
    first = tag.value.strip().upper()[:1]
    if line.contract.upper() == "PASS" or not line.declarer or first != leader_of(line.declarer):
        record.warnings.append(
            _("%(where)s: the play is not kept: it starts with %(value)s, not declarer's left-hand opponent.")
            % {"where": where, "value": repr(tag.value)}
        )
        return
    tokens = [t for _line, t in tag.data if t not in ("*", "+") and not t.startswith(("$", "="))]
    order = [SEATS[(SEATS.index(first) + i) % 4] for i in range(4)]
    rows: list[dict[str, str]] = [
        {seat: card for seat, card in zip(order, tokens[i : i + 4], strict=False) if card != "-"}
        for i in range(0, len(tokens), 4)
    ]
    try:
        play = play_from_columns(board.deal, line.contract, line.declarer, rows, line.tricks)
    except ScoringError as exc:
        record.warnings.append(_("%(where)s: the play is not kept: %(exc)s") % {"where": where, "exc": exc})
        return
    if play.declarer_tricks != line.tricks:
        record.warnings.append(
            _("%(where)s: the play is not kept: it gives declarer %(played)s tricks, not the line's %(tricks)s.")
            % {"where": where, "played": play.declarer_tricks, "tricks": line.tricks}
        )
        return
    line.play = play.text()
