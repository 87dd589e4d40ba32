"""How each shipped language's players write a contract: its suit letters, no-trump, double and redouble.

A French player writes four hearts doubled ``4CX`` (C = cœur) where an English one writes ``4HX``; a Dutch one
writes four diamonds ``4R`` (ruiten). :func:`notation_for` gives the table of a language code and
:func:`scoring.contracts.parse_contract` tries it before the English letters, so the active language decides
what an ambiguous letter means. English letters and the suit symbols are always accepted as well. Whole words
(``TREFLE``, ``KARO``, ``PICCHE``) are accepted too, and the words for double and redouble after the strain.
Sources and the reasons for each letter: docs/contract-notation.md. No Django here: the edge (the language
the request or the job runs in) picks the table.
"""

from __future__ import annotations

from scoring.boards import Seat, parse_seat
from scoring.contracts import Contract, Notation, Strain, parse_contract
from scoring.leads import RANKS, parse_card

__all__ = [
    "ENGLISH",
    "NOTATIONS",
    "SYMBOLS",
    "notation_for",
    "read_bid",
    "read_card",
    "read_seat",
    "shown_cards",
    "shown_contract",
    "shown_seat",
]

ENGLISH = Notation("en", strains={})

NOTATIONS: dict[str, Notation] = {
    "en": ENGLISH,
    "fr": Notation(
        "fr",
        strains={
            "T": "C", "TREFLE": "C", "TREFLES": "C", "TRÈFLE": "C", "TRÈFLES": "C",
            "K": "D", "CA": "D", "CARREAU": "D", "CARREAUX": "D",
            "C": "H", "CO": "H", "COEUR": "H", "COEURS": "H", "CŒUR": "H", "CŒURS": "H",
            "P": "S", "PIQUE": "S", "PIQUES": "S",
            "SA": "NT", "SANSATOUT": "NT",
        },
        doubles={"CONTRE": 1, "SURCONTRE": 2},
        passes=frozenset({"PASSE", "PASSÉ", "PASSÉE", "TOUSPASSENT"}),
        no_trump="SA",
        ranks={"K": "R", "Q": "D", "J": "V"},
        seats={"W": "O"},
    ),
    "nl": Notation(
        "nl",
        strains={
            "K": "C", "KLAVER": "C", "KLAVEREN": "C",
            "R": "D", "RUITEN": "D",
            "H": "H", "HARTEN": "H",
            "S": "S", "SCHOPPEN": "S",
            "SA": "NT", "SANS": "NT", "SANSATOUT": "NT",
        },
        doubles={"DOUBLET": 1, "REDOUBLET": 2},
        passes=frozenset({"PAS", "ALLESPAS"}),
        no_trump="SA",
        ranks={"K": "H", "Q": "V", "J": "B"},
        seats={"E": "O", "S": "Z"},
    ),
    "de": Notation(
        "de",
        strains={
            "T": "C", "TREFF": "C", "KREUZ": "C",
            "K": "D", "KARO": "D",
            "H": "H", "HERZ": "H",
            "P": "S", "PIK": "S",
            "SA": "NT", "SANSATOUT": "NT", "OHNETRUMPF": "NT",
        },
        doubles={"KONTRA": 1, "REKONTRA": 2},
        passes=frozenset({"PASSE", "ALLEPASSE"}),
        no_trump="SA",
        ranks={"Q": "D", "J": "B"},
        seats={"E": "O"},
    ),
    "pl": Notation(
        "pl",
        strains={
            "T": "C", "TREFL": "C", "TREFLE": "C",
            "K": "D", "KARO": "D", "KARA": "D",
            "C": "H", "KIER": "H", "KIERY": "H",
            "P": "S", "PIK": "S", "PIKI": "S",
            "BA": "NT", "BEZATU": "NT",
        },
        doubles={"KONTRA": 1, "REKONTRA": 2},
        passes=frozenset({"PAS", "PASY"}),
        no_trump="BA",
        ranks={"Q": "D", "J": "W"},
        seats={},
    ),
    "it": Notation(
        "it",
        strains={
            "F": "C", "FIORI": "C",
            "Q": "D", "QUADRI": "D",
            "C": "H", "CUORI": "H",
            "P": "S", "PICCHE": "S",
            "SA": "NT", "SENZA": "NT", "SENZAATOUT": "NT",
        },
        doubles={"CONTRO": 1, "SURCONTRO": 2},
        passes=frozenset({"PASSO", "TUTTIPASSO"}),
        no_trump="SA",
        ranks={"K": "R", "Q": "D", "J": "F"},
        seats={"W": "O"},
    ),
    "es": Notation(
        "es",
        strains={
            "T": "C", "TREBOL": "C", "TRÉBOL": "C", "TREBOLES": "C", "TRÉBOLES": "C",
            "D": "D", "DIAMANTE": "D", "DIAMANTES": "D",
            "C": "H", "CORAZON": "H", "CORAZÓN": "H", "CORAZONES": "H",
            "P": "S", "PICA": "S", "PICAS": "S",
            "SA": "NT", "ST": "NT", "SINATOUT": "NT", "SINTRIUNFO": "NT",
        },
        doubles={"DOBLO": 1, "REDOBLO": 2},
        passes=frozenset({"PASO", "PASAN", "TODOSPASAN"}),
        no_trump="SA",
        ranks={"K": "R", "Q": "D"},
        seats={"W": "O"},
    ),
    "sv": Notation(
        "sv",
        strains={
            "K": "C", "KLÖVER": "C", "KLOVER": "C",
            "R": "D", "RUTER": "D",
            "H": "H", "HJÄRTER": "H", "HJARTER": "H",
            "S": "S", "SPADER": "S",
            "NT": "NT", "SANG": "NT",
        },
        doubles={"DUBBELT": 1, "REDUBBELT": 2},
        passes=frozenset({"PASS", "PASSAT"}),
        no_trump="NT",
        ranks={"A": "E", "Q": "D", "J": "Kn"},
        seats={"E": "Ö", "W": "V"},
        double_marks=("D", "RD"),
    ),
}  # fmt: skip

ENGLISH_STRAINS: dict[str, Strain] = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT", "NT": "NT"}

SYMBOLS: dict[Strain, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def notation_for(language: str | None) -> Notation:
    """The table of a language code such as ``"fr"`` or ``"fr-be"`` (English for one not shipped)."""
    code = (language or "en").lower().replace("_", "-").split("-")[0]
    return NOTATIONS.get(code, ENGLISH)


def shown_contract(contract: str | Contract, notation: Notation | None = None) -> str:
    """A contract as scores and recaps show it: suit symbols, the language's no-trump and double marks.

    ``"4HX"`` -> ``"4♥X"``; ``"3NT"`` -> ``"3SA"`` in French; ``"4HXX"`` -> ``"4♥RD"`` in Swedish (the marks the
    phone's keypad shows, ``Notation.double_marks``: the one place for them); a passed-out deal is ``"PASS"``
    (the caller words it); text that is not a contract is shown as it is.
    """
    try:
        con = parse_contract(contract)
    except ValueError:
        return str(contract)
    if con.is_passout or con.strain is None:
        return "PASS"
    table = notation or ENGLISH
    strain = table.no_trump if con.strain == "NT" else SYMBOLS[con.strain]
    return f"{con.level}{strain}{table.double_marks[con.doubled - 1] if con.doubled else ''}"


def shown_cards(cards: str, notation: Notation | None = None) -> str:
    """A holding or a rank as the language writes it: ``"AKQT3"`` -> ``"ARD103"`` in French, ``"EKDKn10"`` in
    Swedish (the ten always ``10``); other characters (a dash for a void) unchanged."""
    ranks = (notation or ENGLISH).ranks
    return "".join(ranks.get(c, "10" if c == "T" else c) for c in cards.upper())


def shown_seat(seat: str, notation: Notation | None = None) -> str:
    """A seat's letter as the language writes it: ``"W"`` -> ``"O"`` in French, ``"E"`` -> ``"Ö"`` in Swedish."""
    return (notation or ENGLISH).seats.get(seat, seat)


def read_bid(text: str, notation: Notation | None = None) -> str:
    """A typed bid of a game bid in tricks over a strain (five hundred: ``7H``, ``10NT``) in the language's letters
    first, then in English, as stored: French ``"7C"`` -> ``"7H"`` (cœur), ``"10SA"`` -> ``"10NT"``. Text that is
    not a number and a strain (``"NULLO"``, a cinch bid ``"8"``, a solo's words) comes back as typed."""
    key = "".join(text.split()).upper() if isinstance(text, str) else ""
    digits = len(key) - len(key.lstrip("0123456789"))
    level, rest = key[:digits], key[digits:]
    if not level or not rest:
        return text
    strain = (notation or ENGLISH).strains.get(rest) or ENGLISH_STRAINS.get(rest)
    return f"{level}{strain}" if strain else text


def read_seat(text: str, notation: Notation | None = None) -> Seat:
    """A typed seat in the language's letters first (``"O"`` is West in French, East in Dutch), then as
    :func:`scoring.parse_seat` reads it (English letters and words); its error otherwise."""
    local = {letter: seat for seat, letter in (notation or ENGLISH).seats.items()}
    key = text.strip().upper() if isinstance(text, str) else ""
    return local[key] if key in local else parse_seat(text)  # type: ignore[return-value]


def read_card(text: str, notation: Notation | None = None) -> str:
    """A typed card, suit then rank, in the language's letters first (French ``"PR"``, ``"♥D"``: the spade
    king, the heart queen; Swedish ``"KKn"``: the club jack), then in English (``"SK"``, ``"H10"``), as stored
    (``"SK"``, ``"HQ"``, ``"CJ"``); :func:`scoring.parse_card`'s error when neither reads it."""
    table = notation or ENGLISH
    card = text.strip().upper().replace("10", "T")
    suits = {k: v for k, v in table.strains.items() if len(k) == 1 and v != "NT"}
    ranks = {letter.upper(): rank for rank, letter in table.ranks.items()}
    suit = suits.get(card[:1], "")
    rank = ranks.get(card[1:], card[1:])
    if suit and len(rank) == 1 and rank in RANKS:
        return f"{suit}{rank}"
    if card[:1] in "♠♥♦♣" and card[1:] in ranks:
        return parse_card(card[:1] + ranks[card[1:]])
    return parse_card(text)
