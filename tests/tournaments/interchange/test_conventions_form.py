"""The conventions form words each setting with its model field's help text, so the page, the admin and the
catalogue hold one sentence per convention instead of two that drift apart."""

from __future__ import annotations

from django import forms

from tournaments.interchange.forms import ConventionsForm, ImportForm
from tournaments.sessions.models import Session
from tournaments.sessions.services.conventions import CONVENTION_FIELDS


def test_each_convention_is_worded_by_its_model_field() -> None:
    form = ConventionsForm(rounding_choices=[(value, str(label)) for value, label in Session.Rounding.choices])
    assert set(CONVENTION_FIELDS) <= set(form.fields)
    for name in CONVENTION_FIELDS:
        field, model_field = form.fields[name], Session._meta.get_field(name)
        sentence = str(model_field.help_text)  # type: ignore[union-attr]
        assert sentence, name
        if isinstance(field, forms.BooleanField):
            assert str(field.label) == sentence and not field.help_text, name
        else:
            assert str(field.help_text) == sentence, name
            assert list(field.choices) == list(model_field.choices or ()), name  # type: ignore[attr-defined,union-attr]


def test_the_import_form_asks_the_scaling_question_in_the_same_words() -> None:
    label = ImportForm().fields["scale_missed_boards"].label
    assert str(label) == str(Session._meta.get_field("scale_missed_boards").help_text)
