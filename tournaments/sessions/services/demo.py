"""A demo evening that looks like a real one: named players, dealt boards, plausible contracts and results.

Each board is dealt from the seed and (by default) solved double dummy once, with all boards in one batch;
every table then bids near par with some noise and makes the double-dummy number of tricks give or take
one. `quick=True` replaces the solver with a points-and-fit estimate, for tests that need many sessions.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.db import transaction

import scoring
from tournaments import movements
from tournaments.core.actors import Actor
from tournaments.movements.suggest import suggest
from tournaments.sessions.models import Board, Member, Section, Session
from tournaments.sessions.selectors.lookups import section_map
from tournaments.sessions.services.results import LineInput, save_lines
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec, create_session, set_players, set_status


def _words(text: str) -> list[str]:
    return text.split()


FIRST = _words(
    "Alice Brian Carol David Emma Frank Grace Henry Irene James Karen Louis Maria Nigel Olive Peter Queenie "
    "Robert Sarah Thomas Ursula Victor Wendy Xavier Yvonne Zachary Agnes Bernard Clara Desmond Edith Felix "
    "Gloria Harold Ingrid Julian Kathleen Leonard Margaret Norman Ophelia Patrick Rosalind Stanley Theresa "
    "Vincent Winifred Arthur Beatrice Cedric Dorothy Ernest Florence Gerald Hilda Ivor Joan Kenneth Lilian"
)
LAST = _words(
    "Adams Baker Clarke Dawson Ellis Fisher Gordon Harris Irving Jenkins Knight Lambert Morgan Newton Owen "
    "Parker Quinn Reynolds Spencer Turner Underwood Vaughan Walker Young Abbott Bennett Cooper Dixon Edwards "
    "Fletcher Gibson Hughes Jackson Kelly Lawson Mitchell Norris Osborne Palmer Russell Stevens Thornton "
    "Wallace Webb Wheeler Whitaker Foster Howell Marsh Sutton Barker Chapman Holt Lloyd Mason Porter Rowe"
)
SEATS = "NESW"
STRAIN_ORDER = ("C", "D", "H", "S", "NT")
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass(frozen=True)
class BoardPlan:
    """What a board 'wants': the par contract and the double-dummy tricks per declarer seat and strain."""

    number: int
    deal: str
    tricks: dict[tuple[str, str], int]  # (seat, strain) -> tricks
    par: tuple[int, str, str, int] | None  # level, strain, declarer, doubled; None: passed out


def _quick_tricks(deal: str) -> dict[tuple[str, str], int]:
    """A points-and-fit guess at the tricks each seat takes in each strain (no solver)."""
    hands = deal[2:].split()
    first = "NESW".index(deal[0])
    by_seat = {SEATS[(first + i) % 4]: hand.split(".") for i, hand in enumerate(hands)}
    hcp = {s: sum(HONOURS.get(c, 0) for suit in h for c in suit) for s, h in by_seat.items()}
    out = {}
    for seat in SEATS:
        partner = scoring.partner(seat)
        points = hcp[seat] + hcp[partner]
        base = 6.5 + (points - 20) / 3
        for i, strain in enumerate(("S", "H", "D", "C")):
            fit = len(by_seat[seat][i]) + len(by_seat[partner][i])
            out[(seat, strain)] = max(0, min(13, round(base + (fit - 7) * 0.7)))
        out[(seat, "NT")] = max(0, min(13, round(base - 0.3)))
    return out


def _dd_tricks(deals: list[str]) -> list[dict[tuple[str, str], int]]:
    from endplay.dds import calc_all_tables
    from endplay.dds.ddtable import DDTable
    from endplay.types import Deal, Denom, Player

    tables: list[DDTable] = []
    for start in range(0, len(deals), 25):  # the solver takes at most 32 deals (all strains) a call
        tables.extend(calc_all_tables([Deal(d) for d in deals[start : start + 25]]))
    denoms = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "NT": Denom.nt}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    return [
        {(seat, strain): int(table[denoms[strain], players[seat]]) for seat in SEATS for strain in denoms}
        for table in tables
    ]


def _par(tricks: dict[tuple[str, str], int], vulnerability: str) -> tuple[int, str, str, int] | None:
    """The best contract for the side that can make most, doubled if it is a paying sacrifice (simplified par)."""
    best: tuple[int, tuple[int, str, str, int]] | None = None
    for seat in SEATS:
        for strain in STRAIN_ORDER:
            level = tricks[(seat, strain)] - 6
            if level < 1:
                continue
            score = scoring.contract_score(
                f"{level}{strain}", tricks[(seat, strain)], scoring.is_vulnerable(vulnerability, seat)
            )
            score = score if scoring.side_of(seat) == "NS" else -score
            key = abs(score)
            if best is None or key > best[0]:
                best = (key, (level, strain, seat, 0))
    if best is None:
        return None
    _, strain, seat, _ = best[1]
    made = tricks[(seat, strain)] - 6
    game = {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}[strain]
    level = made if made >= 6 else (game if made >= game else min(made, 2))
    return level, strain, seat, 0


def plan_boards(numbers: list[int], seed: int, *, quick: bool = False) -> list[BoardPlan]:
    from endplay.dealer import generate_deal

    deals = [generate_deal(seed=seed * 1000 + n).to_pbn() for n in numbers]
    all_tricks = [_quick_tricks(d) for d in deals] if quick else _dd_tricks(deals)
    plans = []
    for n, deal, tricks in zip(numbers, deals, all_tricks, strict=True):
        plans.append(BoardPlan(n, deal, tricks, _par(tricks, scoring.board_vulnerability(n))))
    return plans


def _table_line(plan: BoardPlan, rng: random.Random) -> tuple[str, str, str]:
    """A contract, declarer and tricks as a real table might get them: mostly par, sometimes not."""
    if plan.par is None:
        return ("PASS", "", "") if rng.random() < 0.7 else ("1NT", "N", str(plan.tricks[("N", "NT")]))
    level, strain, seat, _ = plan.par
    roll = rng.random()
    if roll < 0.12:  # the other side of the table declares
        seat = scoring.partner(seat)
    elif roll < 0.30:  # a level too high or too low
        level = max(1, level + rng.choice((-1, 1) if level < 5 else (-1,)))
    elif roll < 0.42:  # another strain the side can play in
        options = [s for s in STRAIN_ORDER if s != strain and plan.tricks[(seat, s)] >= 7]
        if options:
            strain = rng.choice(options)
            level = max(1, min(level, plan.tricks[(seat, strain)] - 6))
    tricks = plan.tricks[(seat, strain)] + rng.choices((-1, 0, 1), weights=(2, 6, 2))[0]
    tricks = max(0, min(13, tricks))
    doubled = "X" if tricks < level + 6 - 1 and rng.random() < 0.5 else ""
    return f"{level}{strain}{doubled}", seat, str(tricks)


def _movement_for(kind: str, tables: int) -> SectionSpec:
    pairs = tables * 2
    try:
        options = [s for s in suggest(pairs, min_boards=20, max_boards=28) if s.kind == kind and not s.relays]
        options = options or [s for s in suggest(pairs, min_boards=20, max_boards=28) if s.kind == kind]
    except movements.MovementError:
        options = []
    if options:
        s = options[0]
        return SectionSpec(
            pairs=pairs, kind=kind, boards_per_round=s.boards_per_round, rounds=s.rounds, variant=s.variant
        )
    rounds = min(tables if kind == "mitchell" else pairs - 1, 9 if kind == "mitchell" else 13)
    bpr = max(2, 27 // rounds)
    return SectionSpec(pairs=pairs, kind=kind, boards_per_round=bpr, rounds=rounds)


def _name_everyone(section: Section, rng: random.Random, actor: Actor) -> None:
    names = [f"{f} {last}" for f in FIRST for last in LAST]
    rng.shuffle(names)
    entries = list(section.entries.order_by("direction", "number"))
    wanted = names[: 2 * len(entries)]
    existing = {m.name: m for m in Member.objects.filter(name__in=wanted)}
    numbers = random.Random(len(wanted))  # apart from `rng`, so members already on file change no result
    Member.objects.bulk_create(
        [Member(name=n, national_id=f"{numbers.randint(10000, 99999)}") for n in wanted if n not in existing]
    )
    members = {m.name: m for m in Member.objects.filter(name__in=wanted)}
    for i, entry in enumerate(entries):
        a, b = wanted[2 * i], wanted[2 * i + 1]
        set_players(actor=actor, entry=entry, players=[(a, members.get(a)), (b, members.get(b))])


def build_demo_session(
    *,
    tables: int,
    movement: str,
    seed: int,
    actor: Actor = None,
    quick: bool = False,
    results: bool = True,
    spec: SectionSpec | None = None,
) -> Session:
    """Set up, name, deal, play and rule a whole session (see the module docstring).

    With `results` off the evening is ready to play instead: names, dealt boards and the movement, no results.
    `spec` plays a given movement instead of the one the demo picks for the number of tables (benchmarks).
    """
    if movement not in ("mitchell", "howell"):
        raise ValueError("The demo plays a Mitchell or a Howell.")
    if not 3 <= tables <= 60:
        raise ValueError("The demo plays on 3 to 60 tables.")
    rng = random.Random(seed)
    spec = spec or _movement_for(movement, tables)
    with transaction.atomic():
        session = create_session(
            actor=actor,
            event_name=f"Demo club pairs ({movement.title()}, {tables} tables)",
            session_name="Evening session",
            club="Bridgedesk demo club",
            date=datetime.date.today(),
            sections=[spec],
        )
        section = session.sections.get()
        _name_everyone(section, rng, actor)
        numbers = sorted(session.boards.values_list("number", flat=True))
    plans = plan_boards(numbers, seed, quick=quick)  # solving is slow: outside the transaction
    with transaction.atomic():
        for plan in plans:
            Board.objects.filter(session=session, number=plan.number).update(deal=plan.deal)
        if not results:
            return session
        smap = section_map(section)
        by_number = {p.number: p for p in plans}
        lines = []
        for row in smap.rows:
            if row.ns_entry is None or row.ew_entry is None:
                continue
            for number in row.boards:
                contract, declarer, tricks = _table_line(by_number[int(number)], rng)
                lines.append(LineInput(int(number), row.ns_entry.label, row.ew_entry.label, contract, declarer, tricks))
        save_lines(actor=actor, section=section, lines=lines, why="demo")
        _demo_rulings(section, smap, rng, actor)
        set_status(actor=actor, session=session, status=Session.Status.FINISHED)
    return session


def _demo_rulings(section: Section, smap: object, rng: random.Random, actor: Actor) -> None:
    """An average plus/minus for a slow play board and a weighted score after unauthorised information."""
    rows = [r for r in section.table_rounds.select_related("ns_entry", "ew_entry") if r.ns_entry_id and r.ew_entry_id]
    first, second = rng.sample(rows, 2)
    assert first.ns_entry is not None and first.ew_entry is not None  # rows with both pairs only
    apply_ruling(
        actor=actor,
        section=section,
        decision="artificial",
        board_number=int(first.boards[-1]),
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        ns_percent=60,
        ew_percent=40,
        law="Law 12C2(a)",
        facts="Board not played for lack of time; EW at fault (slow play), NS not at fault.",
    )
    board = int(second.boards[0])
    result = section.results.get(board__number=board, ns_entry=second.ns_entry)
    contract = result.contract if result.contract != "PASS" else "2S"
    declarer = result.declarer or "N"
    tricks = result.tricks if result.tricks is not None else 8
    level = scoring.parse_contract(contract).level
    apply_ruling(
        actor=actor,
        section=section,
        decision="weighted",
        result=result,
        weighted=[
            {"weight": 60, "contract": contract, "declarer": declarer, "tricks": str(tricks)},
            {"weight": 40, "contract": contract, "declarer": declarer, "tricks": str(max(0, min(13, level + 5)))},
        ],
        law="Law 16B, 12C1(c)",
        facts="A long hesitation before the final pass; the table result is weighted between the likely outcomes.",
    )
