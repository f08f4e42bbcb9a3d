"""A schema-valued ``additionalProperties`` (a map) sent to Gemini gets the same rewrite as
any other node: Gemini's ``response_json_schema`` accepts ``additionalProperties`` but not
``const`` (https://ai.google.dev/gemini-api/docs/structured-output, the keyword list), so
the map's value schema is rewritten, not passed through as given."""

from __future__ import annotations

from toolwire.schema import render

MAP = {
    "type": "object",
    "properties": {"levels": {"type": "object", "additionalProperties": {"type": "integer", "const": 3, "minimum": 0}}},
    "required": ["levels"],
}


def test_the_value_schema_of_a_map_is_rewritten_for_gemini() -> None:
    r = render(MAP, "gemini")
    assert r.wire_schema == {
        "type": "object",
        "properties": {"levels": {"type": "object", "properties": {}, "additionalProperties": {"type": "integer", "minimum": 0, "enum": [3]}}},
        "required": ["levels"],
    }
    assert r.schema == MAP  # the caller's schema stays the validation schema


def test_the_rewrite_inside_a_map_is_reported_at_its_pointer() -> None:
    r = render({"type": "object", "additionalProperties": {"const": "on"}}, "gemini")
    assert r.wire_schema["additionalProperties"] == {"type": "string", "enum": ["on"]}
    changes = [(c.pointer, c.keyword, c.action) for c in r.report]
    assert ("/additionalProperties", "const", "rewritten") in changes
