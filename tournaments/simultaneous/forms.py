"""Forms of the simultaneous pages: a new simultaneous, the clubs' files, a session run here."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.sessions.models import Session

MAX_FILES_BYTES = 200 * 1024 * 1024


class SimultaneousForm(forms.Form):
    name = forms.CharField(max_length=160, label=gettext_lazy("Name"))
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=dt.date.today,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    boards = forms.IntegerField(min_value=1, max_value=200, initial=24, label=gettext_lazy("Boards"))
    mp_scale = forms.ChoiceField(
        choices=Session.MatchpointScale.choices, initial="ebu", label=gettext_lazy("Match points")
    )


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one field (Django's documented recipe): each is checked as a single file would be."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def clean(self, data: object, initial: object = None) -> list[object]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(d, initial) for d in data]
        return [single(data, initial)]


class ClubFilesForm(forms.Form):
    """One or many clubs' USEBIO files at once."""

    files = MultipleFileField(  # type: ignore[assignment]  # a field named "files", as the form's users see it
        label=gettext_lazy("Clubs' USEBIO files"),
        help_text=gettext_lazy("Select every club's .xml file; each becomes the club's section of the field."),
    )

    def clean_files(self) -> list[object]:
        uploads: list[object] = self.cleaned_data["files"]
        if not uploads:
            raise forms.ValidationError(_("Choose at least one file."))
        if sum(getattr(u, "size", 0) for u in uploads) > MAX_FILES_BYTES:
            raise forms.ValidationError(
                _("The files come to more than %(value)s MB.") % {"value": MAX_FILES_BYTES // 2**20}
            )
        return uploads


class AddSessionForm(forms.Form):
    """A club session scored here (entered directly) joins the field."""

    session = forms.ModelChoiceField(
        queryset=Session.objects.none(),  # the current club's, set per form
        label=gettext_lazy("A session run here"),
    )
    club = forms.CharField(max_length=160, required=False, label=gettext_lazy("Club (blank: the event's club)"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Read now: a queryset made when the module loaded keeps that moment's club (ClubScoped).
        sessions = Session.objects.filter(simultaneous_club__isnull=True).select_related("event")
        self.fields["session"].queryset = sessions  # type: ignore[attr-defined]


class CorrectResultForm(forms.Form):
    """A club's traveller line corrected after the event; ``version`` is the line's version the page showed."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    contract = forms.CharField(
        max_length=10,
        required=False,
        label=gettext_lazy("Contract"),
        help_text=gettext_lazy('"4S", "3NTX", "PASS"; blank for a score-only line'),
    )
    declarer = forms.CharField(
        max_length=5, required=False, label=gettext_lazy("Declarer"), help_text=gettext_lazy("N, E, S or W")
    )
    tricks = forms.CharField(
        max_length=4,
        required=False,
        label=gettext_lazy("Result"),
        help_text=gettext_lazy('"=", "+1", "-2" or tricks taken'),
    )
    lead = forms.CharField(
        max_length=4,
        required=False,
        label=gettext_lazy("Opening lead"),
        help_text=gettext_lazy("SK, H10, D2 (optional)"),
    )
    score = forms.CharField(
        max_length=7,
        required=False,
        label=gettext_lazy("N-S score"),
        help_text=gettext_lazy("Optional with a contract (checked against it)"),
    )
    why = forms.CharField(
        max_length=200, required=False, label=gettext_lazy("Reason"), help_text=gettext_lazy("Kept in the audit log")
    )
