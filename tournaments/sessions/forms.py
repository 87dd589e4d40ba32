"""Forms of the director's evening: setting up, naming players, typing results, rulings, members.

Forms only parse and check what was typed; the rules of bridge and of the movement live in the services,
whose errors (by field) are put back on the fields here so every message appears where it was typed.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

import scoring
from tournaments.core import notation, text
from tournaments.core.errors import DomainError
from tournaments.movements.suggest import Suggestion
from tournaments.sessions.models import Entry, Event, Member, Result, Ruling, Section, Session
from tournaments.sessions.selectors import designs
from tournaments.sessions.services.results import LineInput
from tournaments.sessions.services.whist import revoke_text

INDIVIDUAL_PLAYERS = (8, 12)
SEAT_CHOICES = [("", "–"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]


def section_label(section: Section) -> str:
    """A section as a choice reads: "Section A"."""
    return _("Section %(letter)s") % {"letter": section.letter}


class SessionSetupForm(forms.Form):
    """Step 1: the evening and how many pairs turned up in each section."""

    event_name = forms.CharField(max_length=160, initial=gettext_lazy("Club pairs"), label=gettext_lazy("Event"))
    session_name = forms.CharField(
        max_length=120, initial=gettext_lazy("Evening session"), label=gettext_lazy("Session")
    )
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=datetime.date.today,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    game = forms.ChoiceField(
        choices=Session.Game.choices,
        initial=Session.Game.BRIDGE,
        required=False,
        label=gettext_lazy("Game"),
        help_text=gettext_lazy("Duplicate whist: match points, or total points for tricks over the field's average"),
    )
    scoring_method = forms.ChoiceField(
        choices=Session.ScoringMethod.choices, initial="mp", label=gettext_lazy("Scoring")
    )
    mp_scale = forms.ChoiceField(
        choices=Session.MatchpointScale.choices, initial="ebu", label=gettext_lazy("Match-point scale")
    )
    pairs_a = forms.IntegerField(min_value=3, max_value=120, label=gettext_lazy("Pairs in section A"))
    pairs_b = forms.IntegerField(
        min_value=3, max_value=120, required=False, label=gettext_lazy("Pairs in section B (optional)")
    )
    pairs_c = forms.IntegerField(
        min_value=3, max_value=120, required=False, label=gettext_lazy("Pairs in section C (optional)")
    )
    event = forms.ModelChoiceField(
        queryset=Event.objects.none(),  # the current club's, set per form
        required=False,
        label=gettext_lazy("Add to the event"),
        empty_label=gettext_lazy("A new event (named above)"),
        help_text=gettext_lazy("A further session of an event already run: its overall standings count both"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The current club's events, read now: a queryset made when the module loaded keeps that moment's club.
        self.fields["event"].queryset = Event.objects.all()  # type: ignore[attr-defined]

    def pairs(self) -> list[int]:
        return [self.cleaned_data[k] for k in ("pairs_a", "pairs_b", "pairs_c") if self.cleaned_data.get(k)]


class MovementChoiceForm(forms.Form):
    """Step 2, one per section: a suggested movement (or the director's own) and boards per round."""

    choice = forms.ChoiceField(widget=forms.RadioSelect, label=gettext_lazy("Movement"))
    boards_per_round = forms.IntegerField(
        min_value=1,
        max_value=8,
        required=False,
        label=gettext_lazy("Boards per round"),
        help_text=gettext_lazy("Empty: as suggested"),
    )
    rounds = forms.IntegerField(
        min_value=1,
        max_value=40,
        required=False,
        label=gettext_lazy("Rounds"),
        help_text=gettext_lazy("Empty: as suggested (your own: all)"),
    )

    def __init__(self, *args: Any, suggestions: list[Suggestion], players: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[str, str]] = []
        self.unusual: set[str] = set()  # the choices the page marks (their reason says why, in any language)
        for s in suggestions:
            name = s.name or s.kind.title() + (f" ({s.variant})" if s.variant else "")
            value = f"{s.kind}|{s.variant or ''}|{s.rounds}|{s.boards_per_round}"
            choices.append((value, f"{name}: {s.reason}"))
            if not s.usual:
                self.unusual.add(value)
        for stored, movement in designs.offered(players):  # the club's own, drawn in the movement designer
            label = stored.name
            if movement.kind == "individual":  # of exactly this many players: the number typed counts players
                label = _("%(name)s: individual for %(players)s players (%(tables)s tables, %(rounds)s rounds)") % {
                    "name": stored.name,
                    "players": movement.pairs,
                    "tables": movement.tables,
                    "rounds": movement.rounds,
                }
            choices.append((f"club|{stored.pk}|{movement.rounds}|{movement.boards_per_round}", label))
        choices += [
            ("mitchell|||", _("Mitchell, as I set it below")),
            ("howell|||", _("Howell, as I set it below")),
        ]
        if players in INDIVIDUAL_PLAYERS:  # the laws' individuals: the number typed counts players, not pairs
            choices.append(
                (
                    f"individual||{players - 1}|3",
                    _(
                        "Individual for %(players)s players (%(tables)s tables, %(rounds)s rounds of 3 boards): "
                        "each player partners every other once"
                    )
                    % {"players": players, "tables": players // 4, "rounds": players - 1},
                )
            )
        cast(forms.ChoiceField, self.fields["choice"]).choices = choices
        self.suggestions = suggestions
        if choices and not self.is_bound:
            self.initial["choice"] = choices[0][0]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        choice = data.get("choice")
        if choice and not choice.split("|")[3] and not data.get("boards_per_round"):
            self.add_error("boards_per_round", _("Say how many boards a round for your own movement."))
        return data

    def spec(self) -> dict[str, Any]:
        """The arguments for a SectionSpec: the suggestion's values unless the director typed others."""
        kind, variant, rounds, bpr = self.cleaned_data["choice"].split("|")
        if kind == "club":  # the saved grid as drawn: its rounds and boards are not changed here
            return {"kind": kind, "variant": variant, "rounds": int(rounds), "boards_per_round": int(bpr)}
        return {
            "kind": kind,
            "variant": variant or None,
            "rounds": self.cleaned_data.get("rounds") or (int(rounds) if rounds else None),
            "boards_per_round": self.cleaned_data.get("boards_per_round") or int(bpr),
        }


class PlayersForm(forms.Form):
    """The two players of a pair: typed, or a member's name picked from the list (matched by name)."""

    player1 = forms.CharField(max_length=120, required=False, label=gettext_lazy("Player 1"))
    player2 = forms.CharField(max_length=120, required=False, label=gettext_lazy("Player 2"))

    def players(self) -> list[tuple[str, Member | None]]:
        names = [self.cleaned_data.get("player1", ""), self.cleaned_data.get("player2", "")]
        members = {m.name.lower(): m for m in Member.objects.filter(name__in=[n for n in names if n], active=True)}
        return [(n, members.get(n.lower())) for n in names]


class LatePairForm(forms.Form):
    section = forms.ChoiceField(label=gettext_lazy("Section"))
    player1 = forms.CharField(max_length=120, required=False, label=gettext_lazy("Player 1"))
    player2 = forms.CharField(max_length=120, required=False, label=gettext_lazy("Player 2"))

    def __init__(self, *args: Any, sections: list[Section], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["section"]).choices = [(s.letter, section_label(s)) for s in sections]


class MemberForm(forms.ModelForm[Member]):
    class Meta:
        model = Member
        fields = ["name", "national_id", "email"]
        labels = {
            "name": gettext_lazy("Name"),
            "national_id": gettext_lazy("National id"),
            "email": gettext_lazy("Email"),
        }

    def clean_name(self) -> str:
        """No direction overrides or zero-width characters in a member's name (`core.text.clean_name`)."""
        name = text.clean_name(self.cleaned_data.get("name") or "")
        if not name:
            raise ValidationError(_("Give the member's name."))
        return name


class MemberEditForm(forms.ModelForm[Member]):
    """A member's own page: also whether they still play here and whether they want results e-mails."""

    class Meta:
        model = Member
        fields = ["name", "national_id", "email", "active", "email_opt_out", "language"]
        labels = {
            "name": gettext_lazy("Name"),
            "national_id": gettext_lazy("National id"),
            "email": gettext_lazy("Email"),
            "active": gettext_lazy("Still a member (shown in the quick search)"),
            "email_opt_out": gettext_lazy("No results e-mails"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The language of this member's e-mails: one we ship, each named in itself, or the club's.
        self.fields["language"] = forms.ChoiceField(
            label=gettext("Language of e-mails"),
            required=False,
            choices=[("", gettext("The club's language")), *settings.LANGUAGES],
        )


class ResultLineForm(forms.Form):
    """One traveller / pickup-slip line, exactly as typed: parsing and checking happen in the service."""

    result_id = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # What the page showed when it was opened: the result's version (0: none) and its typed form, so a line the
    # director did not touch is left alone and one changed meanwhile by someone else is a conflict, not overwritten.
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    shown = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)
    board = forms.CharField(
        max_length=4, required=False, label=pgettext_lazy("bridge", "Board"), widget=forms.TextInput(attrs={"size": 3})
    )
    ns = forms.CharField(
        max_length=6, required=False, label=gettext_lazy("NS"), widget=forms.TextInput(attrs={"size": 4})
    )
    ew = forms.CharField(
        max_length=6, required=False, label=gettext_lazy("EW"), widget=forms.TextInput(attrs={"size": 4})
    )
    contract = forms.CharField(
        max_length=10,
        required=False,
        label=gettext_lazy("Contract"),
        widget=forms.TextInput(attrs={"size": 6, "autocomplete": "off"}),
    )
    declarer = forms.CharField(
        max_length=5,
        required=False,
        label=pgettext_lazy("declarer", "By"),
        widget=forms.TextInput(attrs={"size": 2, "autocomplete": "off"}),
    )
    tricks = forms.CharField(
        max_length=4,
        required=False,
        label=gettext_lazy("Result"),
        widget=forms.TextInput(attrs={"size": 3, "autocomplete": "off"}),
    )
    score = forms.CharField(
        max_length=7,
        required=False,
        label=gettext_lazy("NS score"),
        widget=forms.TextInput(attrs={"size": 5, "autocomplete": "off"}),
    )
    lead = forms.CharField(
        max_length=4,
        required=False,
        label=pgettext_lazy("opening lead", "Lead"),
        widget=forms.TextInput(attrs={"size": 3, "autocomplete": "off"}),
    )
    revoke = forms.CharField(  # duplicate whist only: "EW", "NS2", "EW1/4", "NS!" (services/whist.py)
        max_length=8,
        required=False,
        label=pgettext_lazy("card play", "Revoke"),
        widget=forms.TextInput(attrs={"size": 5, "autocomplete": "off"}),
    )

    def line(self) -> LineInput:
        d = self.cleaned_data
        return LineInput(
            board=d.get("board") or "",
            ns=d.get("ns") or "",
            ew=d.get("ew") or "",
            contract=notation.read_typed(d.get("contract") or ""),
            declarer=notation.read_typed_seat(d.get("declarer") or ""),
            tricks=d.get("tricks") or "",
            score=d.get("score") or "",
            lead=notation.read_typed_card(d.get("lead") or ""),
            revoke=d.get("revoke") or "",
            result_id=d.get("result_id"),
        )


CELLS = ("version", "shown", "ns", "ew", "contract", "declarer", "tricks", "score", "lead", "revoke")


def form_cells(form: ResultLineForm) -> dict[str, Any]:
    """What the entry page shows of a line's form, as plain dicts (each field's name, value and errors): the
    template reads them by key instead of building a BoundField for every cell, which was half of opening a
    traveller (issue 24). A form not posted has no errors and shows its initial values."""
    cells: dict[str, Any] = {"prefix": form.prefix, "has_errors": False, "non_field_errors": ()}
    if form.is_bound:
        cells.update(has_errors=bool(form.errors), non_field_errors=form.non_field_errors())
        for name in CELLS:
            bound = form[name]
            cells[name] = {"name": bound.html_name, "value": bound.value(), "errors": bound.errors}
        return cells
    return initial_cells(form.prefix or "", form.initial, form.fields)


def initial_cells(
    prefix: str, initial: Mapping[str, Any], fields: Mapping[str, forms.Field] | None = None
) -> dict[str, Any]:
    """form_cells of a form not posted, from its prefix and initial values, without making the form (making the 15
    forms of a traveller, each deep-copying its fields, was a tenth of opening it): its initial values, no errors."""
    fields = fields if fields is not None else ResultLineForm.base_fields
    cells: dict[str, Any] = {"prefix": prefix, "has_errors": False, "non_field_errors": ()}
    for name in CELLS:
        field = fields[name]
        value = initial.get(name, field.initial)  # as Form.get_initial_for_field (no field here is a date)
        value = field.prepare_value(value() if callable(value) else value)
        cells[name] = {"name": f"{prefix}-{name}" if prefix else name, "value": value, "errors": ""}
    return cells


def initial_for(result: Result | None, board: int, ns: str, ew: str, *, whist: bool = False) -> dict[str, Any]:
    """A line's initial values: the movement's pairs, and the stored result when there is one."""
    init: dict[str, Any] = {"board": board, "ns": ns, "ew": ew}
    if whist:  # duplicate whist: N-S's tricks and the revoke, nothing of bridge's
        if result is not None and result.kind == Result.Kind.PLAYED:
            init.update(result_id=result.pk, tricks=str(result.tricks), revoke=revoke_text(result.revoke))
        init["version"] = result.version if result is not None else 0
        init["shown"] = shown_of("", "", init.get("tricks", ""), revoke=init.get("revoke", ""))
        return init
    if result is not None and result.kind == Result.Kind.PLAYED:
        made = ""
        if result.contract != "PASS" and result.tricks is not None:
            made = scoring.result_text(result.contract, result.tricks)
        init.update(
            result_id=result.pk, contract=result.contract, declarer=result.declarer, tricks=made, lead=result.lead
        )
    init["version"] = result.version if result is not None else 0
    # Compared with the typed line once read (canonical letters), so it is built from the stored values; the
    # fields show them as the active language reads them back (suit symbols, its seat and rank letters).
    init["shown"] = shown_of(
        init.get("contract", ""), init.get("declarer", ""), init.get("tricks", ""), init.get("lead", "")
    )
    if init.get("contract"):
        init["contract"] = notation.for_typing(init["contract"])
    init["declarer"] = notation.seat(init.get("declarer", ""))
    init["lead"] = notation.card_for_typing(init.get("lead", ""))
    return init


def shown_of(contract: str, declarer: str, tricks: str, lead: str = "", *, revoke: str = "") -> str:
    """A line's typed form, to tell whether the director changed it since the page was opened."""
    parts: tuple[str, ...] = (contract, declarer, tricks, lead) if lead.strip() else (contract, declarer, tricks)
    parts += (f"R{revoke}",) if revoke.strip() else ()
    return "|".join(str(v).strip().upper() for v in parts)


class RulingForm(forms.Form):
    """A ruling: on a board (every table), on one table's line, or a penalty on a pair."""

    section = forms.ChoiceField(label=gettext_lazy("Section"))
    decision = forms.ChoiceField(choices=Ruling.Decision.choices, label=gettext_lazy("Decision"))
    board = forms.IntegerField(min_value=1, required=False, label=pgettext_lazy("bridge", "Board"))
    ns = forms.CharField(
        max_length=6,
        required=False,
        label=gettext_lazy("NS pair"),
        help_text=gettext_lazy("Empty: every table (board ruling)"),
    )
    ew = forms.CharField(max_length=6, required=False, label=gettext_lazy("EW pair"))
    ns_percent = forms.FloatField(
        required=False, label=gettext_lazy("NS %"), help_text=gettext_lazy("Average plus 60, average 50, minus 40")
    )
    ew_percent = forms.FloatField(required=False, label=gettext_lazy("EW %"))
    contract = forms.CharField(max_length=10, required=False, label=gettext_lazy("Assigned contract"))
    declarer = forms.CharField(max_length=1, required=False, label=gettext_lazy("Declarer"))
    tricks = forms.CharField(
        max_length=4, required=False, label=gettext_lazy("Result"), help_text=gettext_lazy("=, +1, -2 or tricks")
    )
    weighted = forms.CharField(
        required=False,
        label=gettext_lazy("Weighted score"),
        help_text=gettext_lazy("One contract a line: weight% contract declarer result, e.g. 60 4S N = then 40 4S N -1"),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    entry = forms.CharField(max_length=6, required=False, label=gettext_lazy("Penalised pair"))
    penalty = forms.FloatField(
        required=False, min_value=0, label=gettext_lazy("Penalty"), help_text=gettext_lazy("Empty: 10% of a top")
    )
    law = forms.CharField(
        max_length=40, required=False, label=gettext_lazy("Law"), help_text=gettext_lazy("e.g. Law 16B")
    )
    facts = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False, label=gettext_lazy("Facts"))

    def __init__(self, *args: Any, sections: list[Section], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["section"]).choices = [(s.letter, section_label(s)) for s in sections]

    def clean_contract(self) -> str:
        return notation.read_typed(self.cleaned_data.get("contract") or "")

    def clean_declarer(self) -> str:
        """The seat in the active language's letters or English, stored in English (``O`` -> ``W`` in French)."""
        return notation.read_typed_seat(self.cleaned_data.get("declarer") or "")

    def clean_weighted(self) -> list[dict[str, str]]:
        parts = []
        for raw in (self.cleaned_data.get("weighted") or "").splitlines():
            bits = raw.replace("%", " ").split()
            if not bits:
                continue
            if len(bits) == 2 and bits[1].upper() in ("PASS", "P"):
                bits += ["", ""]
            if len(bits) != 4:
                raise ValidationError(
                    _("%(line)s: write weight, contract, declarer and result, e.g. 60 4S N =")
                    % {"line": repr(raw.strip())}
                )
            weight, contract, declarer, tricks = bits
            contract, declarer = notation.read_typed(contract), notation.read_typed_seat(declarer)
            parts.append({"weight": weight, "contract": contract, "declarer": declarer, "tricks": tricks})
        return parts

    def entry_in(self, section: Section) -> Entry | None:
        return find_entry(self, section)


def find_entry(form: forms.Form, section: Section) -> Entry | None:
    """The pair typed in the form's `entry` field (a label like 3NS, or a number), or None with the error on it."""
    text = (form.cleaned_data.get("entry") or "").strip().upper()
    if not text:
        return None
    entries = list(section.entries.all())
    found = [e for e in entries if e.label.upper() == text] or [e for e in entries if str(e.number) == text]
    if len(found) != 1:
        form.add_error(
            "entry",
            _("No single pair %(pair)s in section %(letter)s: write it like 3NS or 7.")
            % {"pair": text, "letter": section.letter},
        )
        return None
    return found[0]


def service_messages(error: ValidationError | DomainError) -> list[str]:
    """The words of a service's refusal, whichever of the two kinds it raised (the domain error, or a form check)."""
    return [error.message] if isinstance(error, DomainError) else list(error.messages)


def add_service_errors(form: forms.BaseForm, error: ValidationError | DomainError) -> None:
    """Put a service's refusal on the form's fields (unknown fields go to the form itself)."""
    if isinstance(error, DomainError):
        form.add_error(error.field if error.field in form.fields else None, error.message)
    elif hasattr(error, "error_dict"):
        for field, errors in error.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)
