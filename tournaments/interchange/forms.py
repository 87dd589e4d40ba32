"""Upload forms: a results file for a new session, hand records for an existing one."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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
    scale_missed_boards = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy("Scale the totals of pairs that missed boards (boards expected / boards played)"),
    )
    import_again = forms.BooleanField(
        required=False, label=gettext_lazy("Import it again as a new session, even if this file was imported before")
    )


class DealsForm(_FileForm):
    """Hand records (a PBN file of deals) for a session already set up."""

    file = forms.FileField(
        label=gettext_lazy("Hand records (PBN)"), help_text=gettext_lazy("The .pbn file from the dealing program.")
    )


class ConventionsForm(forms.Form):
    """The conventions that explain why two programs' figures differ: the session's own settings."""

    neuberg_rounding = forms.ChoiceField(
        label=gettext_lazy("Rounding of factored boards"),
        help_text=gettext_lazy(
            "How a board played fewer times, factored up with Neuberg's formula, is rounded before the "
            "totals add it up."
        ),
    )
    use_neuberg = forms.BooleanField(required=False, label=gettext_lazy("Factor boards played fewer times (Neuberg)"))
    scale_missed_boards = forms.BooleanField(
        required=False,
        label=gettext_lazy("Scale the totals of pairs that missed boards (boards expected / boards played)"),
    )
    average_plus_own_percentage = forms.BooleanField(
        required=False,
        label=gettext_lazy("Average plus is the pair's own percentage when better than 60% (otherwise 60%)"),
    )
    average_minus_own_percentage = forms.BooleanField(
        required=False,
        label=gettext_lazy("Average minus is the pair's own percentage when worse than 40% (otherwise 40%)"),
    )
    vp_scale = forms.ChoiceField(
        required=False,
        label=gettext_lazy("VP scale (IMP-scored Swiss pairs)"),
        choices=Session.VpScale.choices,
        help_text=gettext_lazy("The WBF continuous 20-0 scale to two decimals, or the WBF's whole-number one."),
    )
    section_scoring = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Sections"),
        choices=Session.SectionScoring.choices,
        help_text=gettext_lazy("Each section its own field, or every board across all the sections that played it."),
    )
    artificial_among_real = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Rate a board with an artificial score among its real results only, on their own top (BriAn, BBO)"
        ),
    )
    traveller_factored = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Travellers print a board played fewer times factored to the full top with Neuberg's formula (EBUScore)"
        ),
    )
    imps_unplayed_zero = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "IMP pairs: an unplayed line counts 0 IMPs, a board not every line played factored by lines over results "
            "(RealBridge)"
        ),
    )
    percentage_basis = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Percentages"),
        choices=Session.PercentageBasis.choices,
        help_text=gettext_lazy(
            "A pair's total over boards expected × the full top, or its match points over the sum of the tops of "
            "the boards it played (a board played fewer times then weighs less)."
        ),
    )
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
