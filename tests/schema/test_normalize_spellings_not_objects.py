"""``normalize`` on a schema that holds a keyword in both spellings (``definitions``
beside ``$defs``, ``dependencies`` beside ``dependentRequired`` / ``dependentSchemas``)
where the newer one is no object: a ``SchemaError`` (a ``ToolwireError``) at its path,
from ``schema.validate`` and ``validate_call`` alike, never a bare ``TypeError`` from
the merge (Draft 2020-12 core §8.2.4, validation §6.5.4: each is an object)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import SchemaError, ToolCall, ToolwireError, validate_call
from toolwire.schema import validate


def _tool(schema: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "function", "function": {"name": "f", "parameters": schema}}


@pytest.mark.parametrize(("schema", "loc"), [
    ({"definitions": {"a": {}}, "$defs": [1]}, "$.$defs"),
    ({"definitions": {"a": {}}, "$defs": True}, "$.$defs"),
    ({"dependencies": {"a": {"required": ["b"]}}, "dependentSchemas": "x"}, "$.dependentSchemas"),
    ({"dependencies": {"a": ["b"]}, "dependentRequired": True}, "$.dependentRequired"),
    ({"properties": {"p": {"definitions": {"a": {}}, "$defs": 3}}}, "$.properties.p.$defs"),
])
def test_a_merge_target_that_is_no_object_is_a_schema_error_at_its_path(schema: Dict[str, Any], loc: str) -> None:
    # validate_call says it at the tool's place in the tools list
    for run, at in ((lambda: validate({}, schema), loc),
                    (lambda: validate_call(ToolCall("f", {}), [_tool(schema)]), "$[0].function.parameters" + loc[1:])):
        with pytest.raises(SchemaError) as info:
            run()
        assert isinstance(info.value, ToolwireError)
        assert info.value.loc == at
