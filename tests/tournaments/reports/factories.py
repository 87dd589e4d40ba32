"""Test sessions for the reports and jobs: a real movement, named pairs, dealt boards and played results.

Built through `services.sessions.create_session` (the movement rows, entries and boards), then deals and
traveller lines written straight to the models: the results a director would type, made up but legal.
"""

from __future__ import annotations

import datetime
import random

import scoring
from tournaments.sessions.models import Board, Result, Ruling, Section, Session, TableRound
from tournaments.sessions.services.sessions import SectionSpec, create_session

FIRST = ["Ann", "Bob", "Carol", "Dev", "Eve", "Farid", "Gita", "Hugh", "Ines", "Jon", "Kate", "Lars", "Mia", "Nils"]
LAST = ["Archer", "Brown", "Chen", "Dubois", "Evans", "Fischer", "García", "Hughes", "Ito", "Jones", "Kowalski"]
CONTRACTS = ["1NT", "2S", "2H", "3NT", "4S", "4H", "3D", "5C", "4SX", "6NT", "2NT", "3C"]
RANKS = "AKQJT98765432"


def deal_pbn(rng: random.Random) -> str:
    """A random deal as a PBN string from North."""
    cards = [(suit, rank) for suit in range(4) for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        mine = cards[seat * 13 : (seat + 1) * 13]
        suits = ["".join(r for r in RANKS if (s, r) in mine) for s in range(4)]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def player_names(rng: random.Random, labels: list[str]) -> dict[str, list[str]]:
    return {
        label: [f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"{rng.choice(FIRST)} {rng.choice(LAST)}"]
        for label in labels
    }


def make_session(
    *,
    pairs: int = 8,
    kind: str = "mitchell",
    boards_per_round: int = 2,
    rounds: int | None = None,
    variant: str | None = None,
    scoring_method: str = Session.ScoringMethod.MATCHPOINTS,
    seed: int = 7,
    results: bool = True,
    deals: bool = True,
    adjusted: bool = True,
    actor=None,
) -> Session:
    """A finished session (or only set up, with `results=False`) that the reports can print."""
    rng = random.Random(seed)
    from tournaments import movements

    movement = movements.generate(kind, pairs, boards_per_round=boards_per_round, rounds=rounds, variant=variant)
    session = create_session(
        actor=actor,
        event_name="Tuesday Pairs",
        club="Riverside Bridge Club",
        date=datetime.date(2026, 11, 17),
        session_name="Evening session",
        scoring_method=scoring_method,
        sections=[
            SectionSpec(
                pairs=pairs,
                kind=kind,
                boards_per_round=boards_per_round,
                rounds=rounds,
                variant=variant,
                players=player_names(rng, movement.entries()),
            )
        ],
    )
    boards = {b.number: b for b in Board.objects.filter(session=session)}
    if deals:
        for board in boards.values():
            board.deal = deal_pbn(rng)
        Board.objects.bulk_update(list(boards.values()), ["deal"])
    if results:
        section = Section.objects.get(session=session)
        add_results(section, boards, rng, adjusted=adjusted)
    return session


def add_results(section: Section, boards: dict[int, Board], rng: random.Random, *, adjusted: bool = True) -> None:
    """A traveller line for every board played at every table; one artificial score with its ruling."""
    made = []
    rows = TableRound.objects.filter(section=section, ns_entry__isnull=False, ew_entry__isnull=False)
    for row in rows.order_by("round", "table"):
        for number in row.boards:
            board = boards[number]
            contract = rng.choice(CONTRACTS)
            declarer = rng.choice("NESW")
            level = int(contract[0])
            tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1])))
            score = scoring.ns_score(contract, declarer, tricks, board.vulnerability)
            made.append(
                Result(
                    section=section,
                    board=board,
                    table_round=row,
                    ns_entry_id=row.ns_entry_id,
                    ew_entry_id=row.ew_entry_id,
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    lead=rng.choice(["SA", "H2", "DK", "C7", "S4"]),
                    ns_score=score,
                )
            )
    Result.objects.bulk_create(made)
    if adjusted and made:
        first = Result.objects.filter(section=section).order_by("board__number", "id").first()
        assert first is not None
        first.kind = Result.Kind.ARTIFICIAL
        first.contract, first.declarer, first.tricks, first.lead, first.ns_score = "", "", None, "", None
        first.ns_percent, first.ew_percent = 60, 40
        first.save()
        Ruling.objects.create(
            session=section.session,
            section=section,
            board=first.board,
            result=first,
            decision=Ruling.Decision.ARTIFICIAL,
            law="Law 12C2",
            facts="Board fouled: East held 14 cards; N-S not at fault.",
        )
