"""Capability data answers ``True``, ``False`` or ``None`` (unknown) and nothing else, so
the values put into it are checked: ``with_overrides({"m": "no"})`` answered ``'no'`` from
``supports_native`` and ``choose_mode`` took that truthy string for "native", the opposite
of what it meant. An override of ``None`` says "unknown" for that model, whatever the
quirks table or the data say (the caller's ``unknown=`` policy decides).
"""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import schema
from toolwire.schema import Capabilities


@pytest.mark.parametrize("value", ["no", "yes", "false", 0, 1, [], {}])
def test_an_override_that_is_no_answer_is_refused(value: Any) -> None:
    with pytest.raises(TypeError) as err:
        schema.CAPABILITIES.with_overrides({"m": value})
    assert str(err.value) == f"Capabilities override for 'm' must be True, False or None, got {value!r}"
    with pytest.raises(TypeError) as err:
        Capabilities(overrides={"m": value})
    assert str(err.value) == f"Capabilities override for 'm' must be True, False or None, got {value!r}"
    with pytest.raises(TypeError) as err:
        Capabilities({"m": value})
    assert str(err.value) == f"Capabilities data for 'm' must be True, False or None, got {value!r}"


@pytest.mark.parametrize("key", [5, None, ("a",)])
def test_a_model_name_that_is_no_string_is_refused(key: Any) -> None:
    with pytest.raises(TypeError) as err:
        schema.CAPABILITIES.with_overrides({key: True})
    assert str(err.value) == f"Capabilities override keys must be model names (strings), got {key!r}"


def test_overrides_must_be_a_mapping() -> None:
    with pytest.raises(TypeError) as err:
        schema.CAPABILITIES.with_overrides([("m", True)])  # type: ignore[arg-type]
    assert str(err.value) == "Capabilities overrides must be a mapping of model names to True, False or None, " \
                             "got [('m', True)]"


def test_true_false_and_none_answer_as_given() -> None:
    caps = schema.CAPABILITIES.with_overrides({"m-yes": True, "m-no": False, "deepseek/deepseek-chat": None})
    assert caps.supports_native("m-yes") is True
    assert caps.supports_native("m-no") is False
    assert schema.choose_mode("m-no", capabilities=caps) == "prompt"
    assert schema.choose_mode("m-yes", capabilities=caps) == "native"
    # the quirks table says no for DeepSeek on Chat; the override says unknown
    assert schema.supports_native("deepseek/deepseek-chat", target="openai.chat") is False
    assert caps.supports_native("deepseek/deepseek-chat", target="openai.chat") is None
    assert schema.choose_mode("deepseek/deepseek-chat", capabilities=caps, target="openai.chat") == "native"
    assert schema.choose_mode("deepseek/deepseek-chat", capabilities=caps, target="openai.chat",
                              unknown="prompt") == "prompt"


def test_a_bare_name_whose_prefixed_entries_disagree_is_still_unknown() -> None:
    caps = Capabilities({"a/m1": True, "b/m1": False})
    assert caps.supports_native("m1") is None
    assert caps.with_overrides({"m1": True}).supports_native("m1") is True
