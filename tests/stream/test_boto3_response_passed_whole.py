"""``accumulate(resp)`` where *resp* is what boto3's ``converse_stream`` returns (a dict:
``{"stream": EventStream, "ResponseMetadata": {...}}``, boto3 docs, BedrockRuntime.Client.
converse_stream, "Response Syntax"), not its events (``resp["stream"]``): a ``DecodeError``
that says to pass ``resp["stream"]``, from ``accumulate`` and ``Accumulator`` alike, named
or not; the events themselves read as before."""

from __future__ import annotations

from typing import Any, Dict, Iterator

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate

HINT = ("this is a whole boto3 converse_stream response, not its events: pass resp[\"stream\"], the event "
        "stream it holds")


class EventStream:
    """Stands for botocore's ``EventStream``: iterating it gives the events as dicts."""

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        yield {"messageStart": {"role": "assistant"}}
        yield {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "tooluse_1", "name": "f"}},
                                     "contentBlockIndex": 0}}
        yield {"contentBlockDelta": {"delta": {"toolUse": {"input": "{\"a\": 1}"}}, "contentBlockIndex": 0}}
        yield {"contentBlockStop": {"contentBlockIndex": 0}}
        yield {"messageStop": {"stopReason": "tool_use"}}


def _resp() -> Dict[str, Any]:
    return {"ResponseMetadata": {"RequestId": "5c1b3e7a-0000-4000-8000-000000000000", "HTTPStatusCode": 200,
                                 "HTTPHeaders": {"content-type": "application/vnd.amazon.eventstream"},
                                 "RetryAttempts": 0},
            "stream": EventStream()}


@pytest.mark.parametrize("dialect", [None, "bedrock.converse"])
def test_a_whole_response_is_refused_with_the_way_out(dialect: Any) -> None:
    with pytest.raises(DecodeError) as e:
        accumulate(_resp(), dialect)
    assert HINT in str(e.value)
    acc = Accumulator(dialect)
    acc.feed(_resp())
    with pytest.raises(DecodeError) as e:
        acc.close()
    assert HINT in str(e.value)
    with pytest.raises(DecodeError) as e:
        accumulate([_resp()], dialect)
    assert HINT in str(e.value)


def test_its_stream_reads() -> None:
    assert accumulate(_resp()["stream"]) == [ToolCall("f", {"a": 1}, "tooluse_1")]


def test_another_unknown_chunk_gets_no_such_hint() -> None:
    with pytest.raises(DecodeError) as e:
        accumulate([{"stream": True, "model": "m"}])
    assert "boto3" not in str(e.value)


def test_the_hint_is_the_bedrock_dialects() -> None:
    """The words come from ``dialects/bedrock`` (its ``stream_misfed``), not from the stream
    front (``stream/`` knows no provider's field names: DESIGN.md invariant 1)."""
    import inspect

    import toolwire.stream._handlers as handlers

    bedrock = toolwire_dialect("bedrock.converse")
    assert bedrock.stream_misfed is not None and HINT in bedrock.stream_misfed(_resp())
    assert bedrock.stream_misfed({"stream": True, "model": "m"}) is None
    assert "ResponseMetadata" not in inspect.getsource(handlers) and "boto3" not in inspect.getsource(handlers)


def test_a_custom_dialect_names_a_misfed_chunk() -> None:
    import dataclasses

    from toolwire._builtin import default_registry

    said = "this is a whole Acme reply, not its events: pass reply.events"
    acme = dataclasses.replace(toolwire_dialect("bedrock.converse"), name="acme.stream", aliases=(),
                               stream_misfed=lambda data: said if "acme_reply" in data else None)
    reg = default_registry().copy()
    reg.register(acme)
    with pytest.raises(DecodeError) as e:
        accumulate([{"acme_reply": {"events": []}}], registry=reg)
    assert said in str(e.value)
    with pytest.raises(DecodeError) as e:
        accumulate([{"acme_reply": {"events": []}}, {"other": 1}], registry=reg)
    assert said in str(e.value)


def toolwire_dialect(name: str) -> Any:
    from toolwire._builtin import default_registry

    return default_registry().get(name)
