"""Auctions in PBN (2.1, section 3.2 and 3.9): the calls a table entered, one game per line that has one.

A board's first game holds the deal and its ScoreTable; each line with an auction follows as another game of the
same board, with the standard ``Declarer``, ``Contract``, ``Result`` and ``Auction`` tags and the pairs in
``PairId_NS`` / ``PairId_EW`` (the ScoreTable's column names, as new tags: PBN readers skip tags they do not
know). An alerted call carries a note reference, ``1S =1=``, and the game a ``[Note "1:Alert"]``.

Reading takes the note references back as alerts (the note's text is not kept: the table only marks an alert),
``AP`` as the passes that end the auction, and skips ``-``, ``*``, ``+`` and ``$n`` annotations. An auction
that breaks a rule of bidding, or ends in another contract than its line, is left out with a warning.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

import scoring
from scoring.bidding import InvalidAuction, check_auction

from .pbn_play import PLAY_TAG, attach_play, play_lines
from .pbn_scan import Game
from .records import BoardRecord, LineRecord, SessionRecord

AUCTION_TAG = "Auction"
PAIR_TAGS = ("PairId_NS", "PairId_EW")
CALLS_A_LINE = 4
_PBN_CALL = {"P": "Pass"}
_SKIPPED = ("-", "*", "+")


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def auction_lines(dealer: str, auction: str) -> list[str]:
    """The ``[Auction]`` tag, its calls four to a line with note references, and the notes."""
    checked = check_auction(dealer, auction)
    tokens: list[str] = []
    notes: list[str] = []
    for index, call in enumerate(checked.calls):
        tokens.append(_PBN_CALL.get(call, call))
        if index in checked.alerts:
            notes.append(_('[Note "%(value)s:Alert"]') % {"value": len(notes) + 1})
            tokens[-1] += f" ={len(notes)}="
    rows = [" ".join(tokens[i : i + CALLS_A_LINE]) for i in range(0, len(tokens), CALLS_A_LINE)]
    return [f'[{AUCTION_TAG} "{dealer}"]', *rows, *notes]


def auction_games(common: list[tuple[str, str]], board: BoardRecord) -> list[str]:
    """A game for each of the board's lines with an auction or a play (``common``: the board's tags up to
    Scoring)."""
    dealer = board.dealer or scoring.board_dealer(board.number)
    out: list[str] = []
    for line in board.lines:
        if not (line.auction or line.play) or line.kind not in ("played", "assigned"):
            continue
        passed = line.contract.upper() == "PASS"
        tags = [
            *common,
            ("Declarer", "" if passed else line.declarer),
            ("Contract", "Pass" if passed else line.contract),
            ("Result", "" if passed or line.tricks is None else str(line.tricks)),
            (PAIR_TAGS[0], line.ns_pair),
            (PAIR_TAGS[1], line.ew_pair),
        ]
        out.extend(f'[{name} "{_quote(value)}"]' for name, value in tags)
        out.extend(auction_lines(dealer, line.auction) if line.auction else [])
        out.extend(play_lines(board.deal, line) if line.play else [])
        out.append("")
    return out


# ---------------------------------------------------------------------------------------------- reading


def _typed(game: Game) -> str:
    """The Auction section as our typed form: "1H P 1S! P 4S P P P" (checked by the caller)."""
    calls: list[str] = []
    for _line, token in game.tags[AUCTION_TAG].data:
        token = token.strip()
        if len(token) > 2 and token.startswith("=") and token.endswith("="):
            if calls and not calls[-1].endswith("!"):
                calls[-1] += "!"
        elif token.upper() == "AP":
            calls += ["P"] * (3 if any(c.rstrip("!") != "P" for c in calls) else 4 - len(calls))
        elif token and token not in _SKIPPED and not token.startswith("$"):
            calls.append(token.rstrip("!?") or token)
    return " ".join(calls)


def _line_for(board: BoardRecord, game: Game) -> list[LineRecord]:
    ns, ew = (game.value(tag) for tag in PAIR_TAGS)
    if ns or ew:
        return [x for x in board.lines if x.ns_pair == ns and x.ew_pair == ew]
    contract, declarer = game.value("Contract").upper(), game.value("Declarer").upper()
    return [x for x in board.lines if (x.contract.upper(), x.declarer) == (contract, declarer)]


def attach_auctions(record: SessionRecord, games: list[Game]) -> None:
    """Each game's auction and play onto its board's line (by the pair tags, else by the contract when one line
    has it)."""
    boards = {b.number: b for b in record.boards}
    for game in games:
        tag = game.tags.get(AUCTION_TAG) or game.tags.get(PLAY_TAG)
        if tag is None or not game.value("Board").isdigit():
            continue
        where = f"line {tag.line}, Board {game.value('Board')}"
        board = boards.get(int(game.value("Board")))
        lines = _line_for(board, game) if board else []
        if board is None or len(lines) != 1:
            what = _("the auction") if AUCTION_TAG in game.tags else _("the play")
            record.warnings.append(
                _("%(where)s: %(what)s is not kept: it names no one line of the board's results.")
                % {"where": where, "what": what}
            )
            continue
        if AUCTION_TAG in game.tags:
            _attach_auction(record, game, board, lines[0], where)
        if PLAY_TAG in game.tags:
            attach_play(record, game, board, lines[0], where)


def _attach_auction(record: SessionRecord, game: Game, board: BoardRecord, line: LineRecord, where: str) -> None:
    tag = game.tags[AUCTION_TAG]
    dealer = board.dealer or scoring.board_dealer(board.number)
    if tag.value.strip().upper()[:1] != dealer:
        record.warnings.append(
            _("%(where)s: the auction is not kept: it starts with %(value)s, not the dealer.")
            % {"where": where, "value": tag.value}
        )
        return
    try:
        auction = check_auction(dealer, _typed(game))
    except InvalidAuction as exc:
        record.warnings.append(_("%(where)s: the auction is not kept: %(exc)s") % {"where": where, "exc": exc})
        return
    same = scoring.parse_contract(auction.contract) == scoring.parse_contract(line.contract)
    if not same or auction.declarer != (line.declarer if auction.declarer else ""):
        record.warnings.append(
            _("%(where)s: the auction is not kept: it ends in %(contract)s, not the line's %(contract2)s.")
            % {"where": where, "contract": auction.contract, "contract2": line.contract}
        )
        return
    line.auction = auction.text()
