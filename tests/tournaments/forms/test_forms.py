"""The forms parse what was typed; they leave the bridge to the services."""

import pytest

from tournaments.movements.suggest import suggest
from tournaments.sessions.forms import MovementChoiceForm, ResultLineForm, RulingForm, SessionSetupForm, initial_for
from tournaments.sessions.models import Result

pytestmark = pytest.mark.django_db


class _Sections:
    letter = "A"


@pytest.mark.parametrize(
    ("text", "parts", "error"),
    [
        ("60 4S N =\n40 4S N -1", [("60", "4S", "N", "="), ("40", "4S", "N", "-1")], None),
        ("50% 3NT S 9\n50% 3NT S 8", [("50", "3NT", "S", "9"), ("50", "3NT", "S", "8")], None),
        ("30 pass\n70 2H E 8", [("30", "PASS", "", ""), ("70", "2H", "E", "8")], None),
        ("", [], None),
        ("60 4S N", None, "write weight"),
        ("60 4S N = extra", None, "write weight"),
    ],
)
def test_weighted_score_lines(text, parts, error):
    form = RulingForm({"section": "A", "decision": "weighted", "weighted": text}, sections=[_Sections()])
    valid = form.is_valid()
    if error:
        assert not valid and error in " ".join(form.errors["weighted"])
    else:
        assert valid, form.errors
        got = [(p["weight"], p["contract"], p["declarer"], p["tricks"]) for p in form.cleaned_data["weighted"]]
        assert got == parts


@pytest.mark.parametrize(
    ("extra", "own", "expect"),
    [
        ({}, False, {}),
        ({"boards_per_round": "5"}, False, {"boards_per_round": 5}),
        ({"rounds": "4"}, False, {"rounds": 4}),
        (
            {"boards_per_round": "3", "rounds": "6"},
            True,
            {"kind": "mitchell", "variant": None, "rounds": 6, "boards_per_round": 3},
        ),
    ],
)
def test_movement_choice_gives_the_section_spec(extra, own, expect):
    suggestions = suggest(14)
    first = suggestions[0]
    choice = "mitchell|||" if own else f"{first.kind}|{first.variant or ''}|{first.rounds}|{first.boards_per_round}"
    form = MovementChoiceForm({"choice": choice, **extra}, suggestions=suggestions)
    assert form.is_valid(), form.errors
    base = {
        "kind": first.kind,
        "variant": first.variant,
        "rounds": first.rounds,
        "boards_per_round": first.boards_per_round,
    }
    assert form.spec() == {**base, **expect}


def test_movement_choice_labels_say_what_each_movement_is():
    form = MovementChoiceForm(suggestions=suggest(14))
    labels = [label for _, label in form.fields["choice"].choices]
    assert labels[0].split(":")[0] in ("Howell", "Mitchell") or labels[0].startswith(("Howell", "Mitchell"))
    assert "boards a pair" in labels[0]


@pytest.mark.parametrize(
    ("pairs", "ok"), [({"pairs_a": "14"}, True), ({"pairs_a": "2"}, False), ({"pairs_a": "14", "pairs_b": "1"}, False)]
)
def test_setup_needs_at_least_three_pairs_a_section(pairs, ok):
    data = {"event_name": "E", "session_name": "S", "date": "2026-11-20", "scoring_method": "mp", "mp_scale": "ebu"}
    assert SessionSetupForm({**data, **pairs}).is_valid() is ok


@pytest.mark.parametrize(
    ("contract", "tricks", "shown"),
    [("4S", 10, "="), ("4S", 11, "+1"), ("3NTX", 7, "-2"), ("PASS", None, "")],
)
def test_a_stored_result_is_shown_as_typed(contract, tricks, shown):
    result = Result(pk=5, kind="played", contract=contract, declarer="N" if tricks else "", tricks=tricks)
    initial = initial_for(result, 3, "1", "2")
    assert (initial["contract"], initial["tricks"], initial["result_id"]) == (contract, shown, 5)


def test_a_line_form_keeps_the_text_for_the_service():
    form = ResultLineForm({"l-contract": " 4s ", "l-declarer": "n", "l-tricks": "+1", "l-ns": "3"}, prefix="l")
    assert form.is_valid()
    line = form.line()
    # The contract and the declarer are read (in the active language's letters, issue 27) into the canonical
    # letters; the rest is kept as typed for the service to check and word.
    assert (line.contract, line.declarer, line.tricks, line.ns, line.score) == ("4S", "N", "+1", "3", "")
    form = ResultLineForm({"l-contract": "4SXXX"}, prefix="l")
    assert form.is_valid() and form.line().contract == "4SXXX"  # not a contract: left for the service to word
