"""Check a request fragment against the target SDK's own request types (test helper).

openai ``ChatCompletionMessageParam`` / ``ResponseInputParam``, anthropic
``MessageParam`` / ``TextBlockParam``, google-genai ``types.Content``, mistralai
``ChatCompletionRequestMessage``, cohere ``ChatMessageV2``, ollama ``Message``, and for
Bedrock (boto3 has no typed request classes) botocore's own parameter validator on
the ``Converse`` input shape of its service model.
"""

from __future__ import annotations

from typing import Any, Dict, List, Union

import pytest
from pydantic import TypeAdapter

_CACHE: Dict[str, Any] = {}


def _force(x: Any) -> None:
    """Pydantic validates ``Iterable[...]`` fields lazily: walk everything once."""
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif type(v).__name__ == "ValidatorIterator":
            stack.extend(list(v))


def _adapter(key: str, make: Any) -> Any:
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def check_fragment(dialect: str, frag: Dict[str, Any]) -> None:
    """Raises when *frag* is not what *dialect*'s SDK accepts as a request's history."""
    if dialect == "openai.chat":
        from openai.types.chat import ChatCompletionMessageParam

        assert set(frag) == {"messages"}
        _force(_adapter(dialect, lambda: TypeAdapter(List[ChatCompletionMessageParam])).validate_python(frag["messages"]))
    elif dialect == "openai.responses":
        from openai.types.responses import ResponseInputParam

        assert set(frag) <= {"input", "instructions"}
        assert isinstance(frag.get("instructions", ""), str)
        _force(_adapter(dialect, lambda: TypeAdapter(ResponseInputParam)).validate_python(frag["input"]))
    elif dialect == "anthropic.messages":
        from anthropic.types import MessageParam, TextBlockParam

        assert set(frag) <= {"messages", "system"}
        _force(_adapter(dialect, lambda: TypeAdapter(List[MessageParam])).validate_python(frag["messages"]))
        if "system" in frag:
            _force(_adapter("a.sys", lambda: TypeAdapter(Union[str, List[TextBlockParam]])).validate_python(frag["system"]))
    elif dialect == "gemini":
        from google.genai import types

        assert set(frag) <= {"contents", "systemInstruction", "system_instruction"}
        for c in frag["contents"]:
            types.Content.model_validate(c)
        for k in ("systemInstruction", "system_instruction"):
            if k in frag:
                types.Content.model_validate(frag[k])
    elif dialect == "bedrock.converse":
        botocore_session = pytest.importorskip("botocore.session")
        from botocore.validate import ParamValidator

        def shape() -> Any:
            model = botocore_session.get_session().get_service_model("bedrock-runtime")
            return model.operation_model("Converse").input_shape

        report = ParamValidator().validate({"modelId": "m", **frag}, _adapter(dialect, shape))
        assert not report.has_errors(), report.generate_report()
    elif dialect == "mistral":
        from mistralai.client.models import ChatCompletionRequestMessage

        assert set(frag) == {"messages"}
        ta = _adapter(dialect, lambda: TypeAdapter(List[ChatCompletionRequestMessage]))
        _force(ta.validate_python(frag["messages"]))
    elif dialect == "cohere.v2":
        import cohere

        assert set(frag) == {"messages"}
        _adapter(dialect, lambda: TypeAdapter(List[cohere.ChatMessageV2])).validate_python(frag["messages"])
    elif dialect == "ollama":
        import ollama

        assert set(frag) == {"messages"}
        for m in frag["messages"]:
            ollama.Message.model_validate(m)
    else:  # pragma: no cover
        raise AssertionError(f"no SDK type known for {dialect}")
