"""The appeal forms on a ruling's page: lodging an appeal, and the committee's decision."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.sessions.forms import RulingForm, find_entry
from tournaments.sessions.models import Entry, Ruling, Section

DEPOSIT = [("", gettext_lazy("No deposit taken")), ("yes", gettext_lazy("Returned")), ("no", gettext_lazy("Kept"))]
OUTCOMES = [
    (Ruling.Appeal.UPHELD, gettext_lazy("Ruling upheld")),
    (Ruling.Appeal.CHANGED, gettext_lazy("Ruling changed")),
    (Ruling.Appeal.WITHDRAWN, gettext_lazy("Appeal withdrawn")),
]
# The new decision's fields, as on the ruling form (the board and table stay the ruling's own).
DECISION_FIELDS = (
    *("decision", "ns_percent", "ew_percent", "contract", "declarer", "tricks", "weighted"),
    *("entry", "penalty"),
)


class LodgeAppealForm(forms.Form):
    by = forms.ChoiceField(choices=Ruling.Side.choices, label=gettext_lazy("Appealed by"))
    grounds = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label=gettext_lazy("The appellant's grounds")
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)


class DecideAppealForm(forms.Form):
    """The committee's decision; for a changed ruling, the new decision in the ruling form's own fields."""

    outcome = forms.ChoiceField(choices=OUTCOMES, label=gettext_lazy("Committee's decision"))
    committee = forms.CharField(max_length=200, required=False, label=gettext_lazy("Committee members"))
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label=gettext_lazy("The committee's reasons")
    )
    deposit = forms.ChoiceField(choices=DEPOSIT, required=False, label=gettext_lazy("Deposit"))
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ruling_form = RulingForm(sections=[])
        for name in DECISION_FIELDS:
            self.fields[name] = ruling_form.fields[name]
        self.fields["decision"].required = False
        self.fields["decision"].label = gettext_lazy("New decision (ruling changed)")

    clean_contract = RulingForm.clean_contract
    clean_declarer = RulingForm.clean_declarer
    clean_weighted = RulingForm.clean_weighted

    def entry_in(self, section: Section) -> Entry | None:
        return find_entry(self, section)

    def deposit_returned(self) -> bool | None:
        return {"yes": True, "no": False}.get(self.cleaned_data.get("deposit") or "")
