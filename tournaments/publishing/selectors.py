"""What the public pages read: which sessions are published, and a session's public figures."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from tournaments.publishing import wording
from tournaments.publishing.models import Correction, Publication
from tournaments.sessions.models import Board, DoubleDummyAnalysis, Ruling, Session

MAX_QUERY = 80
SEATS = "NESW"
RANKS = "AKQJT98765432"


def published_sessions(query: str = "") -> QuerySet[Session]:
    """Published sessions, newest first; `query` keeps those where a player's name contains it."""
    sessions = (
        Session.objects.filter(publication__is_public=True, archived_at__isnull=True)
        .select_related("event", "publication")
        .order_by("-date", "-id")
    )
    query = query.strip()[:MAX_QUERY]
    if query:
        sessions = sessions.filter(sections__entries__players__name__icontains=query).distinct()
    return sessions


def published_session(pk: int) -> Session:
    """The session if its results are public; 404 otherwise (an unpublished session does not exist publicly)."""
    session = (
        Session.objects.select_related("event", "publication")
        .filter(pk=pk, publication__is_public=True, archived_at__isnull=True)
        .first()
    )
    if session is None:
        raise Http404("No published results here.")
    return session


def corrections_of(publication: Publication) -> list[Correction]:
    """The corrections, newest first, each change in words (older ones worded from their snapshots as read)."""
    corrections = list(publication.corrections.order_by("-created_at", "-id"))
    for correction in corrections:
        if isinstance(correction.changes, list):
            wording.legacy_texts(publication.session_id, correction.changes)
    return corrections


def boards_of(session: Session) -> dict[int, Board]:
    return {b.number: b for b in Board.objects.filter(session=session)}


def analysis_deal(deal: str) -> str | None:
    """The deal as endplay's `Deal.from_pbn(deal).to_pbn()` writes it (North first, each suit's ranks in order:
    the analyses' key), without endplay, whose import loads matplotlib (0.4 s of CPU, paid by each web process's
    first boards page, a correction's rebuild included). None when it is not four hands of 13 cards written as
    ranks: endplay reads those."""
    if len(deal) < 3 or deal[1] != ":" or deal[0].upper() not in SEATS:
        return None
    parts = deal[2:].split()
    if len(parts) != 4:
        return None
    first, hands = SEATS.index(deal[0].upper()), ["", "", "", ""]
    for offset, part in enumerate(parts):
        suits = part.upper().split(".")
        if len(suits) != 4 or sum(map(len, suits)) != 13 or any(card not in RANKS for suit in suits for card in suit):
            return None
        hands[(first + offset) % 4] = ".".join("".join(sorted(suit, key=RANKS.index)) for suit in suits)
    return "N:" + " ".join(hands)


def analyses_of(boards: list[Board]) -> dict[int, DoubleDummyAnalysis]:
    """The double-dummy tables and par already solved for these boards (solving is left to the workers)."""
    keys: dict[int, str] = {}
    for board in boards:
        if not board.deal:
            continue
        deal = analysis_deal(board.deal)
        if deal is None:
            from endplay.types import Deal  # heavy: only for a deal written in a way our reader does not take

            try:
                deal = str(Deal.from_pbn(board.deal).to_pbn())
            except Exception:  # a deal endplay cannot read is shown without its analysis
                continue
        keys[board.number] = f"{board.vulnerability}:{board.dealer}:{deal}"
    rows = {row.key: row for row in DoubleDummyAnalysis.objects.filter(key__in=list(keys.values()))}
    return {number: rows[key] for number, key in keys.items() if key in rows}


def penalties_of(session: Session) -> list[dict[str, object]]:
    """The procedural and disciplinary penalties the standings already take off, for the public to see why: the
    pair, the board (if any), the size, the decision and the law."""
    rulings = (
        Ruling.objects.filter(session=session, entry__isnull=False, penalty__gt=0)
        .select_related("entry", "entry__section", "board")
        .order_by("entry__section__letter", "board__number", "created_at")
    )
    return [
        {
            "entry_id": r.entry_id,
            "pair": r.entry.label if r.entry is not None else "",
            "section": r.entry.section.letter if r.entry is not None else "",
            "board": r.board.number if r.board is not None else None,
            "size": r.penalty,
            "decision": r.get_decision_display(),
            "law": r.law,
        }
        for r in rulings
    ]


def appeals_of(session: Session) -> list[dict[str, object]]:
    """Every appealed ruling, for the public: where it was, the ruling, and "Appeal pending", "Ruling upheld on
    appeal" or "Ruling changed on appeal" with the committee's reasons once decided."""
    rulings = (
        Ruling.objects.filter(session=session)
        .exclude(appeal=Ruling.Appeal.NONE)
        .select_related("section", "board", "entry", "result__ns_entry", "result__ew_entry")
        .order_by("section__letter", "board__number", "created_at")
    )
    return [
        {
            "section": r.section.letter if r.section is not None else "",
            "board": r.board.number if r.board is not None else None,
            "line": f"{r.result.ns_entry.label} v {r.result.ew_entry.label}" if r.result is not None else "",
            "pair": r.entry.label if r.entry is not None else "",
            "decision": r.get_decision_display(),
            "law": r.law,
            "words": r.appeal_words,
        }
        for r in rulings
    ]
