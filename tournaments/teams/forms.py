"""Forms of the teams pages: the event, a team, tie-breaks, a penalty. The services check the rest."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.teams.calc import TIE_BREAKS
from tournaments.teams.models import MAX_PLAYERS, MIN_PLAYERS, TeamEvent


class EventForm(forms.ModelForm[TeamEvent]):
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=datetime.date.today,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    vp_scale = forms.ChoiceField(
        required=False,
        choices=TeamEvent.VpScale.choices,
        initial=TeamEvent.VpScale.WBF_CONTINUOUS,
        label=gettext_lazy("VP scale"),
        help_text=gettext_lazy("The WBF continuous 20-0 scale to two decimals, or its whole-number (discrete) form"),
    )
    vp_table = forms.CharField(
        required=False,
        label=gettext_lazy("Club's own VP scale"),
        help_text=gettext_lazy(
            "Leave empty for the VP scale chosen above; else the winner's VPs for 0, 1, 2 ... IMPs, "
            "separated by commas (the last holds for every larger margin)"
        ),
    )

    class Meta:
        model = TeamEvent
        fields = ["name", "date", "format", "rounds", "boards_per_match", "scoring_form", "bye_vp", "vp_scale",
                  "vp_table"]  # fmt: skip
        labels = {
            "name": gettext_lazy("Name"),
            "format": gettext_lazy("Format"),
            "rounds": gettext_lazy("Rounds"),
            "boards_per_match": gettext_lazy("Boards per match"),
            "bye_vp": gettext_lazy("Bye VPs"),
            "scoring_form": gettext_lazy("Scoring"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scoring_form"].required = False  # an older form without the choice means IMPs to VPs

    def clean_scoring_form(self) -> str:
        return str(self.cleaned_data.get("scoring_form") or TeamEvent.Scoring.IMPS)

    def clean_vp_scale(self) -> str:
        return str(self.cleaned_data.get("vp_scale") or TeamEvent.VpScale.WBF_CONTINUOUS)

    def clean_vp_table(self) -> list[float]:
        raw = self.cleaned_data.get("vp_table") or ""
        if isinstance(raw, list):
            return raw
        try:
            return [float(v) for v in raw.replace(";", ",").split(",") if v.strip()]
        except ValueError:
            raise forms.ValidationError(
                _("Give the VPs as numbers separated by commas, e.g. 10, 11, 12, 13.")
            ) from None


class TeamForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Team name"))
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
    )

    def __init__(self, *args: Any, limits: tuple[int, int] = (MIN_PLAYERS, MAX_PLAYERS), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if limits == (MIN_PLAYERS, MAX_PLAYERS):
            self.fields["players"].help_text = _(
                "%(least)s to %(most)s players, one a line (a team of 3 names a substitute in each line-up)"
            ) % {"least": MIN_PLAYERS, "most": MAX_PLAYERS}
        else:
            self.fields["players"].help_text = _("%(least)s to %(most)s players, one a line") % {
                "least": limits[0],
                "most": limits[1],
            }

    def player_list(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["players"].splitlines() if line.strip()]


class TieBreakForm(forms.Form):
    first = forms.ChoiceField(
        choices=[("", "—"), *((k, gettext_lazy(v)) for k, v in TIE_BREAKS.items())],
        required=False,
        label=gettext_lazy("First tie-break"),
    )
    second = forms.ChoiceField(
        choices=[("", "—"), *((k, gettext_lazy(v)) for k, v in TIE_BREAKS.items())],
        required=False,
        label=gettext_lazy("Then"),
    )
    third = forms.ChoiceField(
        choices=[("", "—"), *((k, gettext_lazy(v)) for k, v in TIE_BREAKS.items())],
        required=False,
        label=gettext_lazy("Then"),
    )

    def chosen(self) -> list[str]:
        return [v for v in (self.cleaned_data.get(k) for k in ("first", "second", "third")) if v]


class PenaltyForm(forms.Form):
    team = forms.TypedChoiceField(coerce=int, choices=(), label=gettext_lazy("Team"))
    vp = forms.DecimalField(max_digits=5, decimal_places=2, label=gettext_lazy("VPs taken off"))
    why = forms.CharField(max_length=200, label=gettext_lazy("Reason"))

    def __init__(self, *args: object, event: TeamEvent, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["team"].choices = [(t.pk, str(t)) for t in event.teams.all()]  # type: ignore[attr-defined]
