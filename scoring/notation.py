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

from scoring.contracts import Contract, Notation, Strain, parse_contract

__all__ = ["ENGLISH", "NOTATIONS", "SYMBOLS", "notation_for", "shown_contract"]

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
    ),
}  # fmt: skip

SYMBOLS: dict[Strain, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def notation_for(language: str | None) -> Notation:
    """The table of a language code such as ``"fr"`` or ``"fr-be"`` (English for one not shipped)."""
    code = (language or "en").lower().replace("_", "-").split("-")[0]
    return NOTATIONS.get(code, ENGLISH)


def shown_contract(contract: str | Contract, notation: Notation | None = None) -> str:
    """A contract as scores and recaps show it: suit symbols, the language's no-trump, ``X``/``XX``.

    ``"4HX"`` -> ``"4♥X"``; ``"3NT"`` -> ``"3SA"`` in French; a passed-out deal is ``"PASS"`` (the caller
    words it); text that is not a contract is shown as it is.
    """
    try:
        con = parse_contract(contract)
    except ValueError:
        return str(contract)
    if con.is_passout or con.strain is None:
        return "PASS"
    strain = (notation or ENGLISH).no_trump if con.strain == "NT" else SYMBOLS[con.strain]
    return f"{con.level}{strain}{'X' * con.doubled}"
