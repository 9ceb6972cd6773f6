"""The rule deciding whether a deploy step may write a field (portal/baseline.py)."""

from portal.baseline import Action, decide, digest


def test_it_writes_a_field_still_holding_what_the_step_last_wrote():
    assert decide("old", "new", digest("old")) is Action.WRITE


def test_it_keeps_a_field_staff_edited():
    assert decide("staff", "new", digest("old")) is Action.KEEP


def test_it_keeps_a_field_staff_cleared():
    assert decide("", "text", digest("text")) is Action.KEEP
    assert decide(None, "text", digest("text")) is Action.KEEP


def test_it_only_adopts_a_value_already_equal_to_the_file():
    assert decide("same", "same", None) is Action.ADOPT
    assert decide("same", "same", digest("staff")) is Action.ADOPT
    assert decide(["a", "b"], ["a", "b"], None) is Action.ADOPT
    assert decide(None, "", digest("text")) is Action.ADOPT  # blank is blank


def test_equal_values_of_another_type_are_compared_by_digest():
    assert decide(1, 1.0, digest(1)) is Action.WRITE  # 1 and 1.0 are written differently
    assert decide(True, 1, None) is Action.KEEP


def test_without_a_baseline_it_fills_only_blank_fields():
    assert decide(None, "text", None) is Action.WRITE
    assert decide("staff", "text", None) is Action.KEEP
    assert decide("staff", "", None) is Action.KEEP


def test_a_step_that_used_to_overwrite_writes_untracked_fields_once():
    assert decide("staff", "text", None, untracked_write=True) is Action.WRITE


def test_blank_values_share_one_digest_and_lists_are_compared_by_content():
    assert digest(None) == digest("") == digest([])
    assert digest(["a", "b"]) != digest(["b", "a"])
    assert digest(1.5) == digest(1.5)
