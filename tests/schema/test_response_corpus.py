"""``response.normalize`` over the real recorded responses in ../shared/corpus, over SDK
objects, and the JSON extraction rules; plus capability data read from a litellm-style
file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

from corpus_data import CORPUS, SKIP_REASON  # the corpus location setting every corpus test uses
from toolwire import get_dialect
from toolwire._json_extract import extract_json
from toolwire.response import FINISH_REASONS, normalize
from toolwire.schema import Capabilities

RESPONSES = sorted(CORPUS.glob("*/*.json")) if CORPUS is not None else []
# the finish-reason field of each wire shape, to check the raw value is kept verbatim
RAW_FIELD = {
    "openai.chat": lambda d: d["choices"][0].get("finish_reason"),
    "anthropic.messages": lambda d: d.get("stop_reason"),
    "gemini": lambda d: d["candidates"][0].get("finishReason"),
    "bedrock.converse": lambda d: d.get("stopReason"),
    "cohere.v2": lambda d: d.get("finish_reason"),
}


def _responses() -> List[Any]:
    out = []
    for path in RESPONSES:
        doc = json.loads(path.read_text("utf-8"))
        if doc["kind"] == "response":
            out.append(pytest.param(doc, id=f"{path.parent.name}/{path.stem}"))
    return out


@pytest.mark.skipif(not RESPONSES, reason=SKIP_REASON)
@pytest.mark.parametrize("doc", _responses())
def test_corpus_response_normalises(doc: Dict[str, Any]) -> None:
    r = normalize(doc["payload"])
    assert r.finish_reason in (*FINISH_REASONS, None)
    assert r.refusal is None
    assert r.finish_reason != "other" or r.raw_finish_reason not in get_dialect(r.provider).finish_reasons
    reader = RAW_FIELD.get(r.provider)
    if reader is not None:
        assert r.raw_finish_reason == reader(doc["payload"])
    assert not r.truncated
    expected = [(c["name"], c["args"]) for c in doc["expected_tool_calls"]]
    got = [(c.name, c.args) for c in r.tool_calls]
    from toolwire._codec import decode_all

    try:
        core = [(c.name, c.args) for c in decode_all(doc["payload"], r.provider)]
    except Exception:  # the core decoder of this dialect is not there (yet)
        core = None
    if core is not None:
        assert got == expected
        if expected and r.raw_finish_reason not in ("length", "max_tokens", "MAX_TOKENS"):
            assert r.finish_reason == "tool_calls"


def test_corpus_reasoning_content_is_read(corpus: Any) -> None:
    doc = corpus("openai-compatible/vercel-deepseek-reasoner-reasoning-content-call.json")
    r = normalize(doc["payload"])
    assert r.reasoning == doc["payload"]["choices"][0]["message"]["reasoning_content"]
    thinking = corpus("anthropic-messages/pai-sonnet-4-thinking-then-no-arg-call.json")["payload"]
    blocks = [b["thinking"] for b in thinking["content"] if b["type"] == "thinking"]
    assert normalize(thinking).reasoning == "\n".join(blocks)


def test_sdk_objects_are_read_like_dicts() -> None:
    openai = pytest.importorskip("openai")
    payload = {
        "id": "c1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "logprobs": None,
                "message": {"role": "assistant", "content": '{"a": 1}', "refusal": None},
            }
        ],
        "usage": {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7},
    }
    obj = openai.types.chat.ChatCompletion.model_validate(payload)
    r = normalize(obj)
    assert (r.provider, r.text, r.finish_reason, r.usage.output_tokens) == ("openai.chat", '{"a": 1}', "stop", 4)
    assert normalize(json.dumps(payload)).text == '{"a": 1}'


def test_unknown_shapes_raise_a_decode_error() -> None:
    from toolwire._errors import DecodeError

    with pytest.raises(DecodeError, match="Response is not a response of any known provider"):
        normalize({"hello": 1})
    with pytest.raises(DecodeError, match="Response must be a JSON object"):
        normalize([1, 2])


def test_extraction_never_splices_first_to_last_brace() -> None:
    text = 'I think {"a": 1} is right. {not json} and then }'
    found, value, _ = extract_json(text)
    assert found and value == {"a": 1}
    found, value, _ = extract_json("no json here at all")
    assert not found
    found, value, _ = extract_json('```python\n{"x": 1}\n```\n```json\n{"y": 2}\n```')
    assert value == {"y": 2}


def test_capabilities_from_a_litellm_style_file(tmp_path: Path) -> None:
    data = {
        "sample_spec": {"supports_response_schema": "true or false"},
        "gpt-4o": {"supports_response_schema": True},
        "openai/gpt-3.5-turbo-0301": {"supports_response_schema": False},
        "known-without-flag": {"max_tokens": 10},
    }
    path = tmp_path / "model_prices_and_context_window.json"
    path.write_text(json.dumps(data), "utf-8")
    caps = Capabilities.from_litellm(str(path))
    assert caps.supports_native("gpt-4o") is True
    assert caps.supports_native("openai/gpt-3.5-turbo-0301") is False
    assert caps.supports_native("known-without-flag") is None
    assert caps.supports_native("not-in-the-file") is None
    assert caps.with_overrides({"known-without-flag": False}).supports_native("known-without-flag") is False
