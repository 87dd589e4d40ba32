"""What a party's services check before they write: the host's rules and a table's round as typed.

Kept apart from :mod:`.services` (the writes) so each stays short; the services call these inside their
transaction and the pages show an :class:`EntryError` at the field it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.text import WHY_MAX, check_text
from tournaments.parties import games
from tournaments.parties.deals import DEALS_PER_ROUND
from tournaments.parties.games import GameError
from tournaments.parties.models import Party
from tournaments.parties.tallies import PRIZES
from tournaments.parties.types import PartyError

__all__ = [
    "INDIVIDUAL_GAMES",
    "MAX_POINTS",
    "TOTALS_GAMES",
    "EntryError",
    "check_game_totals",
    "check_rules",
    "check_why",
]

MAX_POINTS = 20_000  # far above any total four (or a rubber's) deals can make; catches a typo like 45000
# Games of the party engine that the party pages run at tables of four, typed deal by deal (or as totals): the
# game modules that name their deal fields (whist, five hundred, cinch, solo), so a new game touches its module.
TOTALS_GAMES = tuple(code for code, rules in sorted(games.GAMES.items()) if rules.deal_fields)
# Of those, the games where everyone plays for himself: each seat's round is its own, the two high progress.
INDIVIDUAL_GAMES = tuple(code for code in TOTALS_GAMES if games.game(code).seat_scored)


class EntryError(PartyError):
    """A table's entry that cannot be saved; ``deal`` (1-based) and ``field`` say where, when known."""

    def __init__(
        self, message: str, *, deal: int | None = None, field: str | None = None, code: str | None = None
    ) -> None:
        super().__init__(message, field=field, code=code)
        self.deal = deal


def check_why(why: str) -> str:
    """The reason typed for a correction, checked as every reason is (length, no control characters)."""
    try:
        return check_text(why, field="why", max_length=WHY_MAX, label="reason")
    except ValidationError as exc:
        raise EntryError(" ".join(exc.messages), field="why") from None


def check_rules(data: Mapping[str, Any]) -> None:
    """The host's rules, before a party is created or changed."""
    form, tables = data["form"], data["tables"]
    rules = games.game(form)
    if rules.single_table:
        if tables != 1:
            raise EntryError(_(rules.single_table_message), field="tables")
    elif not 2 <= tables <= 60:
        raise EntryError(_("A progressive party has 2 to 60 tables."), field="tables")
    if rules.progressions and data["progression"] not in rules.progressions:
        raise EntryError(_(rules.progression_message), field="progression")
    if form in INDIVIDUAL_GAMES:
        _check_individual_rules(data)
    if data.get("hands", 4) != 4:
        _check_hands_rules(data)
    if data.get("tie_rule") == Party.TieRule.HALF and "half" not in rules.tie_rules:
        raise EntryError(_("Half a game to each player at a tie is progressive cinch's rule."), field="tie_rule")
    if not 1 <= data["planned_rounds"] <= 40:
        raise EntryError(_("Plan between 1 and 40 rounds."), field="planned_rounds")
    unknown = [p for p in data["prizes"] if p not in PRIZES]
    if unknown:
        raise EntryError(_("Unknown prize %(value)r.") % {"value": unknown[0]}, field="prizes")


def _check_individual_rules(data: Mapping[str, Any]) -> None:
    """Solo has no partners: the two high players move up and everyone takes a new seat by the draw."""
    label = Party.Form(data["form"]).label.split(" (")[0]
    if data["progression"] != Party.Progression.STANDARD:
        raise EntryError(
            _("%(label)s: the two high players at each table move up (winners up).") % {"label": label},
            field="progression",
        )
    if data.get("head_table_keeps_partners"):
        raise EntryError(
            _("%(label)s has no partners to keep at table 1.") % {"label": label}, field="head_table_keeps_partners"
        )
    if data.get("mixed"):
        raise EntryError(_("%(label)s is everyone for himself: no mixed couples.") % {"label": label}, field="mixed")
    if data.get("tie_rule") == Party.TieRule.HOST:
        raise EntryError(
            _("%(label)s: choose a cut of the cards or the seat order for ties.") % {"label": label}, field="tie_rule"
        )


def _check_hands_rules(data: Mapping[str, Any]) -> None:
    """Five hundred at three, five or six: the laws' tally cards drawn at random, the laws' progression."""
    rules = games.game(data["form"])  # pivot's five is one table with a sit-out, not a table of five
    if rules.single_table or data["hands"] not in rules.table_sizes:
        raise EntryError(_("Only five hundred is played three, five or six at a table."), field="hands")
    if data["progression"] != Party.Progression.STANDARD or data.get("head_table_keeps_partners"):
        raise EntryError(
            _("At three, five or six a table the winners move up and partners change (the laws' progression)."),
            field="progression",
        )
    if data.get("mixed") or data.get("tally_draw") == Party.TallyDraw.ASSIGNED:
        raise EntryError(
            _("At three, five or six a table the tally cards are drawn at random, no mixed couples."),
            field="tally_draw",
        )
    if data.get("tie_rule") in (Party.TieRule.HOST, Party.TieRule.HALF):
        raise EntryError(
            _("At three, five or six a table a tie is settled by a cut or the seat order."), field="tie_rule"
        )


def _check_total(value: Any, field: str, *, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(_("Write the total as a whole number of points."), field=field)
    if not low <= value <= MAX_POINTS:
        raise EntryError(
            _("A total is between %(low)s and %(MAX_POINTS)s points.")
            % {"low": format(low, ","), "MAX_POINTS": format(MAX_POINTS, ",")},
            field=field,
        )
    return value


def check_game_totals(party: Party, ns_total: Any, ew_total: Any) -> tuple[int, int]:
    """The two totals, checked by the game's own laws (whist: 52 tricks; five hundred: tens; set-backs < 0)."""
    if party.form in INDIVIDUAL_GAMES:
        raise EntryError(
            _("%(get_form_display)s: type the deals; each player's chips come from them.")
            % {"get_form_display": party.get_form_display()}
        )
    low = -MAX_POINTS if party.form in games.GAMES and games.game(party.form).set_backs else 0
    ns, ew = _check_total(ns_total, "ns_total", low=low), _check_total(ew_total, "ew_total", low=low)
    if party.form in TOTALS_GAMES:
        try:
            games.game(party.form).check_totals((ns, ew), DEALS_PER_ROUND)
        except GameError as exc:
            raise EntryError(str(exc), field=exc.field or "ns_total") from exc
    return ns, ew
