"""Random deals for a session's boards, from one secret seed: unpredictable to anyone without the seed (the
shuffle's randomness is HMAC-SHA-256 keyed by 128 bits from the OS's generator), and the same deals again for
the director who has it (a dealing machine run twice, a board dropped on the floor).

Pure Python (no Django). A deal is PBN text, North first: "N:AKQ.T98.J765.432 ... ... ...".
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator

from scoring.errors import ScoringError
from scoring.messages import gettext as _

RANKS = "AKQJT98765432"
SEED_PATTERN = re.compile(r"^[0-9a-f]{32}$")


class InvalidSeed(ScoringError):
    """A seed typed back that is not one Bridgedesk writes (32 hex digits)."""


def new_seed() -> str:
    """128 bits from the operating system's secure generator, as 32 hex digits."""
    return secrets.token_hex(16)


def check_seed(seed: str) -> str:
    seed = seed.strip().lower()
    if not SEED_PATTERN.match(seed):
        raise InvalidSeed(_("A deal seed is 32 hexadecimal digits (0-9, a-f), as Bridgedesk shows it."))
    return seed


def _stream(seed: str, board: int) -> Iterator[int]:
    """32-bit numbers, HMAC-SHA-256(seed, board number, block counter): a keyed generator per board."""
    key = bytes.fromhex(seed)
    block = 0
    while True:
        digest = hmac.new(key, f"board {board} block {block}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        block += 1


def _below(stream: Iterator[int], n: int) -> int:
    """A uniform number in 0..n-1 (rejection sampling: no card is likelier than another)."""
    limit = (1 << 32) - ((1 << 32) % n)
    while True:
        value = next(stream)
        if value < limit:
            return value % n


def deal_board(seed: str, board: int) -> str:
    """The deal of board `board` from `seed`, as PBN (North first)."""
    seed = check_seed(seed)
    cards = list(range(52))  # card = suit * 13 + rank index; suits spades, hearts, diamonds, clubs
    stream = _stream(seed, board)
    for i in range(51, 0, -1):  # Fisher-Yates
        j = _below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hands = []
    for seat in range(4):
        held = sorted(cards[seat * 13 : seat * 13 + 13])
        suits = ["".join(RANKS[c % 13] for c in held if c // 13 == suit) for suit in range(4)]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def deal_boards(seed: str, numbers: list[int]) -> dict[int, str]:
    return {n: deal_board(seed, n) for n in numbers}
