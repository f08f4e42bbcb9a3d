"""vLLM's 400 for a grammar llguidance cannot build names the keys it does not implement
(``vllm/v1/structured_output/backend_guidance.py`` ``validate_guidance_grammar``:
"Grammar error: " + llguidance's "Unimplemented keys: [...]", the keys as a JSON list;
llguidance 1.3.0 and 1.9.1 write ``Unimplemented keys: ["contains", "uniqueItems"]``).
With ``tool_choice: "required"`` vLLM builds a grammar from the caller's own ``tools``
too, so the same error can be about them: it is a rejection of the schema sent only when
a key it names is one that schema holds (``retry.classify_error``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import retry

ANSWER = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
CALLERS = {"model": "m", "messages": [{"role": "user", "content": "hi"}],
           "tools": [{"type": "function", "function": {"name": "f", "parameters": {
               "type": "object", "properties": {"xs": {"type": "array", "uniqueItems": True}}}}}],
           "tool_choice": "required"}


def _error(message: str) -> Dict[str, Any]:
    return {"status": 400, "error": {"message": message, "type": "BadRequestError", "param": None, "code": 400}}


UNIQUE = 'Grammar error: Unimplemented keys: ["uniqueItems"]'
NOT = 'Grammar error: Unimplemented keys: ["not"]'


def test_an_unimplemented_key_of_the_callers_tools_is_no_rejection() -> None:
    """revV p10: the answer schema sent holds no ``uniqueItems`` (it is never sent: moved
    into the description), the caller's tool does."""
    state = retry.prepare(CALLERS, ANSWER, "vllm").state
    assert state.mode == "native"
    assert retry.classify_error(_error(UNIQUE), state) == "error"


def test_an_unimplemented_key_the_wire_schema_holds_is_a_rejection() -> None:
    """``not`` is sent (xgrammar skips it); beside ``multipleOf`` the schema goes to
    llguidance, which answers ``Unimplemented keys: ["not"]`` (1.9.1)."""
    schema = {"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 2, "not": {"const": 4}}},
              "required": ["n"]}
    state = retry.prepare(CALLERS, schema, "vllm").state
    assert state.mode == "native"
    assert retry.classify_error(_error(NOT), state) == "schema_rejected"
    assert retry.classify_error(_error('Grammar error: Unimplemented keys: ["contains", "not"]'), state) == \
        "schema_rejected"
    # the same key in the caller's tools only: no rejection of the answer schema
    plain = retry.prepare(CALLERS, ANSWER, "vllm").state
    assert retry.classify_error(_error(NOT), plain) == "error"


def test_a_property_named_like_the_key_is_no_keyword() -> None:
    schema = {"type": "object", "properties": {"not": {"type": "string"}}, "required": ["not"]}
    state = retry.prepare(CALLERS, schema, "vllm").state
    assert retry.classify_error(_error(NOT), state) == "error"


@pytest.mark.parametrize("target", ["vllm", None])
def test_keys_the_render_never_sends_are_no_rejection_by_target_id(target: Any) -> None:
    """Under a target id the request is not known, but the keys vLLM's render always moves
    (``uniqueItems``, ``contains``, ``propertyNames``...) cannot have come from its schema."""
    assert retry.classify_error(_error(UNIQUE), target) == "error"
    assert retry.classify_error(_error('Grammar error: Unimplemented keys: ["contains", "uniqueItems"]'),
                                target) == "error"
    assert retry.classify_error(_error(NOT), target) == "schema_rejected"  # may be the schema's
    assert retry.classify_error(_error('Grammar error: Unimplemented keys: ["not", "uniqueItems"]'),
                                target) == "schema_rejected"


@pytest.mark.parametrize("message", ["Grammar error: Unimplemented keys: not a list",
                                     'Grammar error: Unimplemented keys: ["uniqueItems"',
                                     # revV R4: nested lists were read recursively (a RecursionError)
                                     "Grammar error: Unimplemented keys: " + "[" * 100_000,
                                     'Grammar error: Unimplemented keys: ["not", ' + "[" * 100_000,
                                     'Grammar error: Unimplemented keys: [["not"]]',
                                     "Grammar error: Unknown format: password",
                                     "The provided JSON schema contains features not supported by xgrammar."])
def test_a_grammar_error_naming_no_keys_reads_as_before(message: str) -> None:
    state = retry.prepare(CALLERS, ANSWER, "vllm").state
    assert retry.classify_error(_error(message), state) == "schema_rejected"
    assert retry.classify_error(_error(message), "vllm") == "schema_rejected"
    assert retry.classify_error(_error(message), None) == "schema_rejected"


def test_prompt_mode_is_never_a_rejection() -> None:
    state = retry.prepare(CALLERS, ANSWER, "vllm", mode="prompt").state
    assert retry.classify_error(_error(NOT), state) == "error"


def test_a_key_list_is_read_as_json() -> None:
    """Escapes and blanks inside the list are JSON's (a flat reading, no nesting)."""
    spaced = 'Grammar error: Unimplemented keys: [ "uniqueItems" ,\n "contains" ] and more'
    assert retry.classify_error(_error(spaced), "vllm") == "error"
    escaped = 'Grammar error: Unimplemented keys: ["unique\\u0049tems", "a]\\"b[{"]'
    state = retry.prepare(CALLERS, ANSWER, "vllm").state
    assert retry.classify_error(_error(escaped), state) == "error"  # keys the answer schema does not hold
