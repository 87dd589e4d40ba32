"""Forms for the party pages: big, forgiving inputs; the services do the checking and name the field."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.core import notation
from tournaments.parties.models import Party, PartyGuest, PartyTable
from tournaments.parties.tallies import PRIZES
from tournaments.parties.tally_cards import GENTLEMAN_SEATS, LADY_SEATS, SEAT_NAMES
from tournaments.parties.types import SEATS

__all__ = [
    "AssignForm", "DealForm", "DealFormSet", "GameDealFormSet", "GuestListForm", "HandDealForm", "PartyForm",
    "SeatTotalsForm",
    "TotalsForm",
]  # fmt: skip


class PartyForm(forms.ModelForm[Party]):
    """The form of the game and the rules the host announces before play."""

    prizes = forms.MultipleChoiceField(
        choices=[(code, _(name)) for code, name in PRIZES.items()],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label=_("Prizes"),
    )

    class Meta:
        model = Party
        fields = [
            "name", "date", "form", "tables", "mixed", "tally_draw", "progression", "head_table_keeps_partners",
            "vulnerability", "tie_rule", "planned_rounds", "prizes", "hands",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "form": forms.RadioSelect,
            "progression": forms.RadioSelect,
            "vulnerability": forms.RadioSelect,
            "tie_rule": forms.RadioSelect,
            "tally_draw": forms.RadioSelect,
            "hands": forms.RadioSelect,
            "tables": forms.NumberInput(attrs={"min": 1, "max": 60, "inputmode": "numeric"}),
            "planned_rounds": forms.NumberInput(attrs={"min": 1, "max": 40, "inputmode": "numeric"}),
        }
        labels = {
            "name": _("Name of the party"),
            "date": _("Date"),
            "form": _("What are you playing?"),
            "tables": _("Number of tables"),
            "mixed": _("Mixed party: each couple a lady and a gentleman (two colours of tally card)"),
            "tally_draw": _("Tally cards"),
            "progression": _("Moving between rounds"),
            "head_table_keeps_partners": _("Winners at table 1 keep their partners (as in the specimen announcement)"),
            "vulnerability": _("Vulnerability (announce it before play)"),
            "tie_rule": _("If a table ties"),
            "planned_rounds": _("Rounds planned (you can stop earlier or go on)"),
            "prizes": _("Prizes"),
            "hands": _("Players at a table (five hundred: three, four, five or six)"),
        }
        help_texts = {
            "tables": _("Pivot bridge: 1 table. Progressive games: 2 or more, 4 guests each."),
            "mixed": "",
            "head_table_keeps_partners": "",
            "hands": _(
                "Three-hand and five-hand: everyone for himself (five-hand: the bidder names his partners for the "
                "deal); six-hand: odd seats partner the even. One deal per player, then progress."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.instance.pk:
            self.initial.setdefault("date", datetime.date.today())
        self.fields["hands"].required = False  # four, unless the host chooses five hundred's three, five or six

    def clean_hands(self) -> int:
        return int(self.cleaned_data.get("hands") or 4)


class GuestListForm(forms.Form):
    guests = forms.CharField(
        label=_("Guests, one per line"),
        widget=forms.Textarea(attrs={"rows": 14, "placeholder": _("Ann Smith L\nBob Jones G\nCat Brown L\n...")}),
        help_text=_("Add L after a lady's name and G after a gentleman's, if it is a mixed party."),
    )


class AssignForm(forms.Form):
    """The host's own tally cards: a table and position for every guest."""

    def __init__(self, *args: Any, party: Party, guests: list[PartyGuest], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guests = guests
        for g in guests:
            seats = SEATS
            if party.mixed:
                seats = GENTLEMAN_SEATS if g.group == "gentleman" else LADY_SEATS
            choices = [("", str(_("— choose —")))] + [
                (f"{t}-{s}", _("Table %(table)s %(seat)s") % {"table": t, "seat": _(SEAT_NAMES[s])})
                for t in range(1, party.tables + 1)
                for s in seats
            ]
            self.fields[f"guest_{g.pk}"] = forms.ChoiceField(label=g.name, choices=choices)

    def assignment(self) -> dict[str, tuple[int, str]]:
        out = {}
        for g in self.guests:
            table, seat = self.cleaned_data[f"guest_{g.pk}"].split("-")
            out[str(g.pk)] = (int(table), seat)
        return out


WINNER_CHOICES = [("", "—"), ("NS", _("North-South won the tie")), ("EW", _("East-West won the tie"))]


class TotalsForm(forms.Form):
    ns_total = forms.IntegerField(
        label=_("North-South total"), min_value=-20000, max_value=20000,  # five hundred's set-backs; services check
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "big-input"}),
    )  # fmt: skip
    ew_total = forms.IntegerField(
        label=_("East-West total"), min_value=-20000, max_value=20000,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "big-input"}),
    )  # fmt: skip
    host_choice = forms.ChoiceField(label=_("Only if tied: who won?"), choices=WINNER_CHOICES, required=False)
    why = forms.CharField(label=_("Reason for a correction (optional)"), required=False, max_length=200)


class SeatTotalsForm(forms.Form):
    """An individual game's round as each player's count (solo: chips won or lost), one box a seat."""

    def __init__(self, *args: Any, table: PartyTable, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat, guest in table.seats.items():
            self.fields[seat] = forms.IntegerField(
                label=f"{_(SEAT_NAMES[seat])}: {guest.name}", min_value=-20000, max_value=20000,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "big-input"}),
            )  # fmt: skip
        self.fields["why"] = forms.CharField(
            label=_("Reason for a correction (optional)"), required=False, max_length=200
        )


HONOR_CHOICES = [
    ("", _("No honors")),
    ("NS100", "N-S 100"),
    ("NS150", "N-S 150"),
    ("EW100", "E-W 100"),
    ("EW150", "E-W 150"),
]
DECLARER_CHOICES = [("", "—"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]


class DealForm(forms.Form):
    """One deal as the table's scorer writes it."""

    contract = forms.CharField(
        max_length=12, required=False,
        widget=forms.TextInput(attrs={"placeholder": "4S, 3NTX, PASS", "autocapitalize": "characters",
                                      "autocomplete": "off", "class": "contract"}),
    )  # fmt: skip
    declarer = forms.ChoiceField(choices=DECLARER_CHOICES, required=False)
    tricks = forms.CharField(
        max_length=3, required=False,
        widget=forms.TextInput(attrs={"placeholder": "10 or =, +1, -2", "inputmode": "text", "class": "tricks",
                                      "autocomplete": "off"}),
    )  # fmt: skip
    honors = forms.ChoiceField(choices=HONOR_CHOICES, required=False)

    def clean_contract(self) -> str:
        return notation.read_typed(str(self.cleaned_data["contract"]).strip())

    @property
    def is_blank(self) -> bool:
        """Nothing written at all: a rubber round may leave its last rows empty."""
        data = self.cleaned_data
        return not (data.get("contract") or data.get("declarer") or data.get("tricks") or data.get("honors"))

    def honors_parts(self) -> tuple[str | None, int]:
        code = self.cleaned_data.get("honors") or ""
        return (code[:2], int(code[2:])) if code else (None, 0)


DealFormSet = forms.formset_factory(DealForm, extra=0, min_num=1, max_num=16, validate_max=True)


DOUBLE_CHOICES = [("0", _("No")), ("1", _("Doubled")), ("2", _("Redoubled"))]


class GameDealForm(forms.Form):
    """One deal of a party game (whist, five hundred, cinch, solo); the game's laws check it in the service."""

    bidder = forms.ChoiceField(label=_("Bidder"), choices=DECLARER_CHOICES, required=False)
    bid = forms.CharField(
        label=_("Bid"), max_length=12, required=False,
        widget=forms.TextInput(attrs={"placeholder": "7H, NULLO, 8", "autocomplete": "off", "class": "contract"}),
    )  # fmt: skip
    tricks = forms.CharField(
        label=_("Tricks"), max_length=3, required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "tricks"}),
    )  # fmt: skip
    against = forms.CharField(
        label=_("Others' points"), max_length=3, required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "tricks"}),
    )  # fmt: skip

    double = forms.ChoiceField(label=_("Doubled"), choices=DOUBLE_CHOICES, required=False)
    points = forms.CharField(
        label=_("Bidder's points"), max_length=3, required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "class": "tricks"}),
    )  # fmt: skip

    def clean_bid(self) -> str:
        return notation.read_typed_bid(str(self.cleaned_data["bid"]).strip())

    @property
    def is_blank(self) -> bool:
        return not any(self.cleaned_data.get(f) for f in ("bidder", "bid", "tricks", "against", "points"))


GameDealFormSet = forms.formset_factory(GameDealForm, extra=0, min_num=1, max_num=20, validate_max=True)


class HandDealForm(forms.Form):
    """One deal of five hundred at a table of 3, 5 or 6: bidder and partners by seat number, each player's tricks."""

    def __init__(self, *args: Any, seats: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        numbers = [str(n) for n in range(1, seats + 1)]
        self.fields["bidder"] = forms.ChoiceField(
            label=_("Bidder"), choices=[("", "—"), *((n, n) for n in numbers)], required=False
        )
        self.fields["bid"] = forms.CharField(
            label=_("Bid"), max_length=12, required=False,
            widget=forms.TextInput(attrs={"placeholder": "7H, 10NT, NULLO", "class": "contract"}),
        )  # fmt: skip
        if seats == 5:
            self.fields["partners"] = forms.CharField(
                label=_("Partners (seats)"), max_length=5, required=False,
                widget=forms.TextInput(attrs={"placeholder": "3 or 3 5", "inputmode": "numeric", "class": "tricks"}),
            )  # fmt: skip
        for n in numbers:
            self.fields[f"tricks_{n}"] = forms.IntegerField(
                label=_("Seat %(n)s's tricks") % {"n": n}, min_value=0, max_value=10, required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
            )  # fmt: skip

    def clean_bid(self) -> str:
        return notation.read_typed_bid(str(self.cleaned_data["bid"]).strip())

    @property
    def tricks_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("tricks_")]
