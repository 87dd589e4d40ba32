"""Pure movement generators and the validator: no Django here, so they are fast and testable alone.

Public API (label conventions in types.py):
    generate(kind, pairs, *, boards_per_round=None, rounds=None, variant=None) -> Movement
        kind: "mitchell" (variant None/"relay"/"skip"/"arrow-switch", and with constructions of their own in
        variants.py, rover.py and appendix.py "web"/"hesitation"/"scrambled"/"share-relay"/"rover"/"bowman"),
        "howell" (None/"three-quarter"/"half"/"standard"/"appendix"), or an alias naming the variant ("web",
        "rover", "bowman", "half-howell", "appendix-howell"),
        "individual" (pairs = players, 8 or 12), "teams" (4 pairs), "replay" (2 pairs).
    mitchell(...), howell(...), individual(...), teams(...), replay(...): the same, one kind each.
    validate(movement, *, expect_all_meet=None) -> ValidationReport (.ok, .errors, .comparisons)
    suggest(pairs, *, minutes=180, minutes_per_board=7.5, min_boards=24, max_boards=27) -> list[Suggestion]
    load_bridgescorer_yaml(path), load_howellki(path, key) -> Movement (tables from other programs), and
    write_bridgescorer_yaml(movement, name), write_howellki_csv(movement, key) -> str (writers.py) to send them back
    standard_howell(pairs, ...) / generate("howell", pairs, variant="standard"): a published Howell
        (STANDARD_HOWELLS: 5 tables) whose boards travel in order round tables and bye stands
Movement: rows of Row(round, table, ns, ew, boards); to_json(), entries(), rows_for_round(r), row(r, t),
row_at(r, t), boards(), board_count, seat(entry, r), card(entry), next_seat(entry, r), boards_next(r, t),
sit_outs(r), shared_tables(r, t); facts: winners, shares, bye_stands, relay_tables, arrow_switch_rounds,
phantom, meet_once, all_meet, description. Impossible requests raise MovementError (a ValueError).
"""

from .generate import ALIASES, GENERATORS, VARIANT_GENERATORS, generate
from .howell import howell
from .individual import individual
from .loaders import load_bridgescorer_yaml, load_howellki
from .mitchell import mitchell
from .standard import STANDARD_HOWELLS, standard_howell, standard_name
from .suggest import Suggestion, suggest
from .swiss_pairs import swiss_pairs, swiss_pairs_round
from .teams import replay, teams
from .types import ByeStand, Movement, MovementError, Row, Seat, Share, board_set, participants
from .validate import ValidationReport, validate
from .writers import write_bridgescorer_yaml, write_howellki_csv

__all__ = [
    "ALIASES",
    "GENERATORS",
    "STANDARD_HOWELLS",
    "VARIANT_GENERATORS",
    "ByeStand",
    "Movement",
    "MovementError",
    "Row",
    "Seat",
    "Share",
    "Suggestion",
    "ValidationReport",
    "board_set",
    "generate",
    "howell",
    "individual",
    "load_bridgescorer_yaml",
    "load_howellki",
    "mitchell",
    "participants",
    "replay",
    "standard_howell",
    "standard_name",
    "suggest",
    "swiss_pairs",
    "swiss_pairs_round",
    "teams",
    "validate",
    "write_bridgescorer_yaml",
    "write_howellki_csv",
]
