"""Clubs' results files for a simultaneous, made up: for the benchmark, the tests and trying the pages.

Every club plays the same deals (one shuffle per board from the seed); each club's N-S pair t meets E-W pair
t + r in round r, three boards a round (a board is played once at every table of every club), with contracts
and tricks drawn from a small list so that the field has ties, tops and bottoms. The files are USEBIO, written by
our own writer, so importing them goes through exactly the code a real club's file does.
"""

from __future__ import annotations

import datetime as dt
import random

import scoring
from tournaments.interchange.records import BoardRecord, LineRecord, PairRecord, PlayerRecord, SessionRecord
from tournaments.interchange.usebio_writer import write_usebio

CONTRACTS = ["1NT", "2S", "2H", "3NT", "4S", "4H", "3D", "3C", "5D", "2NT"]
SUITS_IN_ORDER = "SHDC"
RANKS = "AKQJT98765432"


def deal_for(board: int, seed: int) -> str:
    """A PBN deal for a board, the same for every club (from the seed and the board's number)."""
    cards = [s + r for s in SUITS_IN_ORDER for r in RANKS]
    random.Random(seed * 1000 + board).shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h : 13 * h + 13]
        suits = ["".join(r for r in RANKS if s + r in mine) for s in SUITS_IN_ORDER]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def club_record(club: int, *, tables: int, boards: int, seed: int, date: dt.date) -> SessionRecord:
    """One club's session of the simultaneous as a record (no published figures: the field scores it)."""
    rng = random.Random(seed * 100_003 + club)
    per_round = 3 if boards % 3 == 0 else 1
    record = SessionRecord(
        event_name="Simultaneous pairs",
        title="Simultaneous pairs",
        club_name=f"Club {club:03d}",
        date=date,
        winners=2,
        program="bridgedesk demo",
    )
    for t in range(1, tables + 1):
        for side in ("NS", "EW"):
            players = [PlayerRecord(f"{side} {t} {seat} of club {club}") for seat in ("a", "b")]
            record.pairs.append(PairRecord(label=f"{t}{side}", number=t, direction=side, players=players))
    for number in range(1, boards + 1):
        board = BoardRecord(number=number, deal=deal_for(number, seed))
        game = CONTRACTS[(number * 7 + seed) % len(CONTRACTS)]
        level = int(game[0])
        for t in range(1, tables + 1):
            ew = (t - 1 + (number - 1) // per_round) % tables + 1
            contract = game if rng.random() < 0.6 else rng.choice(CONTRACTS)
            declarer = rng.choice("NESW")
            tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
            score = scoring.ns_score(contract, declarer, tricks, number)
            board.lines.append(
                LineRecord(
                    ns_pair=f"{t}NS",
                    ew_pair=f"{ew}EW",
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    score=score,
                )
            )
        record.boards.append(board)
    return record


def club_files(
    clubs: int, *, tables: int, boards: int, seed: int = 1, date: dt.date | None = None
) -> list[tuple[str, bytes]]:
    """(filename, USEBIO bytes) for each club."""
    day = date or dt.date(2026, 11, 23)
    return [
        (f"club-{c:03d}.xml", write_usebio(club_record(c, tables=tables, boards=boards, seed=seed, date=day)))
        for c in range(1, clubs + 1)
    ]
