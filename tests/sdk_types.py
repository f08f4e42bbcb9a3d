"""Check generated wire values against the providers' own SDK types (test helper).

Stream chunks: openai ``ChatCompletionChunk`` / ``ResponseStreamEvent``, anthropic
``RawMessageStreamEvent``, google-genai ``GenerateContentResponse``, mistralai
``CompletionChunk`` (``mistralai.client.models`` in 2.x and later, ``mistralai.models``
in 1.x), cohere's v2 stream event union, ollama ``ChatResponse``; Bedrock (boto3 has
no typed classes) with botocore's parameter validator on the ``ConverseStream`` event
shapes of its service model. Payloads: the matching response, message, call, tool
and result types (Bedrock: the ``Converse`` shapes).

Each checker raises (a pydantic ``ValidationError``, an ``AssertionError``) when the
value is not what the SDK would read from the provider.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

import pytest
from pydantic import TypeAdapter

Check = Callable[[Any], None]
_CACHE: Dict[Any, Any] = {}


def mistral_models() -> Any:
    """mistralai's models module: ``mistralai.client.models`` (2.x and later) or
    ``mistralai.models`` (1.x, installed beside the oldest pydantic)."""
    pytest.importorskip("mistralai")
    try:
        import mistralai.client.models as mm
    except ImportError:  # mistralai 1.x
        import mistralai.models as mm  # type: ignore[no-redef]
    return mm


def _once(key: Any, make: Callable[[], Any]) -> Any:
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def _model(cls: Any) -> Check:
    def check(value: Any) -> None:
        cls.model_validate(value)

    return check


def _adapter(tp: Any, key: str) -> Check:
    adapter = _once(key, lambda: TypeAdapter(tp))

    def check(value: Any) -> None:
        adapter.validate_python(value)

    return check


def _typed_union(tp: Any, key: str) -> Check:
    """A member of an event union, and the member its ``type`` names."""
    adapter = _once(key, lambda: TypeAdapter(tp))

    def check(value: Any) -> None:
        assert adapter.validate_python(value).type == value["type"]

    return check


def _botocore(operation: str, shape: Optional[str], member: Optional[str] = None) -> Check:
    """botocore's validator on a shape of the ``bedrock-runtime`` service model: the
    output shape of *operation* (its *member*), or the named *shape*."""
    pytest.importorskip("botocore")
    from botocore.validate import ParamValidator

    def make() -> Any:
        import botocore.session

        model = botocore.session.get_session().get_service_model("bedrock-runtime")
        if shape is not None:
            return model.shape_for(shape)
        out = model.operation_model(operation).output_shape
        return out if member is None else out.members[member]

    target = _once(("bedrock", operation, shape, member), make)

    def check(value: Any) -> None:
        report = ParamValidator().validate(value, target)
        assert not report.has_errors(), report.generate_report()

    return check


def stream_checker(dialect: str) -> Check:
    """The check of one chunk/event of *dialect*'s stream."""
    if dialect == "openai.chat":
        return _model(pytest.importorskip("openai.types.chat").ChatCompletionChunk)
    if dialect == "openai.responses":
        return _typed_union(pytest.importorskip("openai.types.responses").ResponseStreamEvent, "responses-event")
    if dialect == "anthropic.messages":
        return _typed_union(pytest.importorskip("anthropic.types").RawMessageStreamEvent, "anthropic-event")
    if dialect == "gemini":
        return _model(pytest.importorskip("google.genai.types").GenerateContentResponse)
    if dialect == "mistral":
        return _model(mistral_models().CompletionChunk)
    if dialect == "cohere.v2":
        cohere = pytest.importorskip("cohere")
        union = getattr(cohere, "V2ChatStreamResponse", None) or cohere.StreamedChatResponseV2
        return _typed_union(union, "cohere-event")
    if dialect == "ollama":
        return _model(pytest.importorskip("ollama").ChatResponse)
    if dialect == "bedrock.converse":
        return _botocore("ConverseStream", None, "stream")
    raise AssertionError(f"no SDK type for {dialect}'s stream")


def payload_checker(dialect: str, kind: str) -> Optional[Check]:
    """The check of one payload of *kind* (``items``: of each item), ``None`` when
    *dialect* has no SDK type for it (MCP, ``canonical``)."""
    if kind == "items":
        item = payload_checker(dialect, "item")
        if item is None:
            return None

        def each(value: Any) -> None:
            for v in value:
                item(v)

        return each
    make = _PAYLOADS.get((dialect, kind))
    return None if make is None else make()


def _openai_chat(kind: str) -> Check:
    oc = pytest.importorskip("openai.types.chat")
    if kind == "response":
        return _model(oc.ChatCompletion)
    if kind == "item":
        return _model(oc.ChatCompletionMessageFunctionToolCall)
    if kind == "message":
        return _model(oc.ChatCompletionMessage)
    if kind == "tool":
        return _adapter(oc.ChatCompletionToolParam, "chat-tool")
    return _adapter(oc.ChatCompletionToolMessageParam, "chat-result")


def _openai_responses(kind: str) -> Check:
    orr = pytest.importorskip("openai.types.responses")
    if kind == "response":
        return _model(orr.Response)
    if kind == "item":
        return _model(orr.ResponseFunctionToolCall)
    if kind == "message":  # a request's history: the ``input`` items
        adapter = _once("responses-input", lambda: TypeAdapter(orr.ResponseInputParam))
        return lambda value: adapter.validate_python(value["input"])
    if kind == "tool":
        return _adapter(orr.FunctionToolParam, "responses-tool")
    return _adapter(orr.ResponseInputItemParam, "responses-result")


def _anthropic(kind: str) -> Check:
    at = pytest.importorskip("anthropic.types")
    if kind == "response":
        return _model(at.Message)
    if kind == "item":
        return _model(at.ToolUseBlock)
    if kind == "message":
        return _adapter(at.MessageParam, "anthropic-message")
    if kind == "tool":
        return _adapter(at.ToolParam, "anthropic-tool")
    return _adapter(at.ToolResultBlockParam, "anthropic-result")


def _gemini(kind: str) -> Check:
    gt = pytest.importorskip("google.genai.types")
    cls = {"response": gt.GenerateContentResponse, "item": gt.Part, "message": gt.Content,
           "tool": gt.FunctionDeclaration, "result": gt.Part}[kind]
    return _model(cls)


def _mistral(kind: str) -> Check:
    mm = mistral_models()
    cls = {"response": mm.ChatCompletionResponse, "item": mm.ToolCall, "message": mm.AssistantMessage,
           "tool": mm.Tool, "result": mm.ToolMessage}[kind]
    return _model(cls)


def _cohere(kind: str) -> Check:
    cohere = pytest.importorskip("cohere")
    if kind == "response":
        from cohere.v2.types import V2ChatResponse

        return _model(V2ChatResponse)
    cls = {"item": cohere.ToolCallV2, "message": cohere.AssistantMessage, "tool": cohere.ToolV2,
           "result": cohere.ToolMessageV2}[kind]
    return _model(cls)


def _ollama(kind: str) -> Check:
    ollama = pytest.importorskip("ollama")
    cls = {"response": ollama.ChatResponse, "item": ollama.Message.ToolCall, "message": ollama.Message,
           "tool": ollama.Tool, "result": ollama.Message}[kind]
    return _model(cls)


def _bedrock(kind: str) -> Check:
    if kind == "response":
        return _botocore("Converse", None)
    shape = {"item": "ContentBlock", "message": "Message", "tool": "Tool", "result": "ContentBlock"}[kind]
    return _botocore("Converse", shape)


_PAYLOADS: Dict[Any, Callable[[], Check]] = {}
for _kind in ("response", "item", "message", "tool", "result"):
    for _name, _make in (("openai.chat", _openai_chat), ("anthropic.messages", _anthropic), ("gemini", _gemini),
                         ("mistral", _mistral), ("cohere.v2", _cohere), ("bedrock.converse", _bedrock),
                         ("openai.responses", _openai_responses), ("ollama", _ollama)):
        _PAYLOADS[(_name, _kind)] = (lambda m, k: lambda: m(k))(_make, _kind)
