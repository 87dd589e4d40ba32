"""Upload forms: a results file for a new session, hand records for an existing one."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db.models import Field
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrOrPromise

from tournaments.sessions.models import Session

from .bws_tables import looks_like_access

MAX_UPLOAD = 20 * 1024 * 1024

FORMATS = (
    ("auto", gettext_lazy("Tell from the file")),
    ("usebio", "USEBIO 1.0-1.2 (XML)"),
    ("pbn", "PBN 1.0-2.1"),
    ("lin", "BBO .lin"),
    ("bws", "Bridgemate .bws"),
)
_LIN_START = re.compile(rb"^(pn|qx|st|md|vg|rs|ah)\|", re.IGNORECASE)


def sniff(data: bytes) -> str:
    """USEBIO files are XML (start with "<"), LIN files a ``key|value|`` stream, Bridgemate's .bws an Access
    database; anything else is read as PBN."""
    if looks_like_access(data):
        return "bws"
    head = data[:200].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"<"):
        return "usebio"
    return "lin" if _LIN_START.match(head) else "pbn"


def _session_field(name: str) -> Field[Any, Any]:
    field = Session._meta.get_field(name)
    assert isinstance(field, Field)
    return field


def _switch(name: str, *, initial: bool | None = None) -> forms.BooleanField:
    """A yes/no convention, its sentence the model field's help text: the one place that words it (admin too)."""
    return forms.BooleanField(required=False, initial=initial, label=_session_field(name).help_text)


def _choice(name: str, label: StrOrPromise, *, required: bool = False) -> forms.ChoiceField:
    """A convention picked from the model field's choices, explained by the model field's help text."""
    field = _session_field(name)
    return forms.ChoiceField(required=required, label=label, choices=field.choices or (), help_text=field.help_text)


class _FileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"))
    deal_set = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        label=gettext_lazy("Deal set"),
        help_text=gettext_lazy(
            "Only for a PBN file that holds several events: which one to import (the file's message lists them)."
        ),
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                _("The file is larger than %(value)s MB.") % {"value": MAX_UPLOAD // (1024 * 1024)}
            )
        if upload.size == 0:
            raise forms.ValidationError(_("The file is empty."))
        return upload


class ImportForm(_FileForm):
    """A results file (USEBIO or PBN) that becomes a new session."""

    file = forms.FileField(
        label=gettext_lazy("Results file"),
        help_text=gettext_lazy(
            "A .xml USEBIO file, a .pbn file, a BBO .lin file or a Bridgemate .bws file, as other programs write them."
        ),
    )
    format = forms.ChoiceField(choices=FORMATS, initial="auto", label=gettext_lazy("Format"))
    scale_missed_boards = _switch("scale_missed_boards", initial=True)
    import_again = forms.BooleanField(
        required=False, label=gettext_lazy("Import it again as a new session, even if this file was imported before")
    )


class DealsForm(_FileForm):
    """Hand records (a PBN file of deals) for a session already set up."""

    file = forms.FileField(
        label=gettext_lazy("Hand records (PBN)"), help_text=gettext_lazy("The .pbn file from the dealing program.")
    )


class ConventionsForm(forms.Form):
    """The conventions that explain why two programs' figures differ: the session's own settings, each worded
    by its model field (Session's help texts), so the page, the admin and the catalogue hold one sentence."""

    neuberg_rounding = _choice("neuberg_rounding", gettext_lazy("Rounding of factored boards"), required=True)
    use_neuberg = _switch("use_neuberg")
    scale_missed_boards = _switch("scale_missed_boards")
    average_plus_own_percentage = _switch("average_plus_own_percentage")
    average_minus_own_percentage = _switch("average_minus_own_percentage")
    vp_scale = _choice("vp_scale", gettext_lazy("VP scale (IMP-scored Swiss pairs)"))
    section_scoring = _choice("section_scoring", gettext_lazy("Sections"))
    artificial_among_real = _switch("artificial_among_real")
    traveller_factored = _switch("traveller_factored")
    imps_unplayed_zero = _switch("imps_unplayed_zero")
    percentage_basis = _choice("percentage_basis", gettext_lazy("Percentages"))
    why = forms.CharField(required=False, max_length=200, label=gettext_lazy("Why (for the audit log)"))

    def clean_percentage_basis(self) -> str:
        """Left out of the post (an older form): the session's basis stays as it is."""
        return str(
            self.cleaned_data.get("percentage_basis")
            or self.initial.get("percentage_basis")
            or Session.PercentageBasis.FULL_TOP
        )

    def clean_vp_scale(self) -> str:
        """Left out of the post (an older form): the session's scale stays as it is."""
        return str(self.cleaned_data.get("vp_scale") or self.initial.get("vp_scale") or Session.VpScale.WBF_CONTINUOUS)

    def clean_section_scoring(self) -> str:
        return str(
            self.cleaned_data.get("section_scoring")
            or self.initial.get("section_scoring")
            or Session.SectionScoring.APART
        )

    def __init__(self, *args: object, rounding_choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["neuberg_rounding"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = rounding_choices
        field.error_messages["invalid_choice"] = "Choose one of the roundings listed; %(value)s is not one of them."
