"""Upload forms: a results file for a new session, hand records for an existing one."""

from __future__ import annotations

from django import forms

MAX_UPLOAD = 20 * 1024 * 1024

FORMATS = (("auto", "Tell from the file"), ("usebio", "USEBIO 1.2 (XML)"), ("pbn", "PBN 2.1"))


def sniff(data: bytes) -> str:
    """USEBIO files are XML (start with "<"); anything else is read as PBN."""
    head = data[:200].lstrip(b"\xef\xbb\xbf").lstrip()
    return "usebio" if head.startswith(b"<") else "pbn"


class _FileForm(forms.Form):
    file = forms.FileField(label="File")

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(f"The file is larger than {MAX_UPLOAD // (1024 * 1024)} MB.")
        if upload.size == 0:
            raise forms.ValidationError("The file is empty.")
        return upload


class ImportForm(_FileForm):
    """A results file (USEBIO or PBN) that becomes a new session."""

    file = forms.FileField(
        label="Results file", help_text="A .xml USEBIO file or a .pbn file, as other programs write them."
    )
    format = forms.ChoiceField(choices=FORMATS, initial="auto", label="Format")
    scale_missed_boards = forms.BooleanField(
        required=False,
        initial=True,
        label="Scale the totals of pairs that missed boards (boards expected / boards played)",
    )


class DealsForm(_FileForm):
    """Hand records (a PBN file of deals) for a session already set up."""

    file = forms.FileField(label="Hand records (PBN)", help_text="The .pbn file from the dealing program.")
