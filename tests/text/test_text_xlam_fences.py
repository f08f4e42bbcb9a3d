"""text.xlam: calls in a plain ``` fence read as in a ```json fence, as vLLM's xLAM
parser reads them (``preprocess_model_output``: ``r"```(?:json)?\\s*([\\s\\S]*?)```"``,
vllm/tool_parsers/xlam_tool_parser.py); a fence holding anything else stays content,
fence included."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.xlam"
ARR = '[{"name": "get_weather", "arguments": {"city": "Paris"}}]'


@pytest.mark.parametrize("finish", [None, "stop"])
def test_calls_in_a_plain_fence(finish: str | None) -> None:
    check("```\n" + ARR + "\n```", D, None, None, [C("get_weather", {"city": "Paris"})], finish_reason=finish)
    check("Here you go:\n```\n" + ARR + "\n```", D, "Here you go:", None, [C("get_weather", {"city": "Paris"})],
          finish_reason=finish)
    check('```\n[{"name":"f","arguments":{"a":1}}]\n```', D, None, None, [C("f", {"a": 1})], finish_reason=finish)


def test_a_plain_fence_cut_off_is_a_truncated_call() -> None:
    text = '```\n[{"name": "get_weather", "arguments": {"city": "Pa'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason="length")


@pytest.mark.parametrize("text", [
    "```\nprint('hi')\n```",
    "Run this:\n```python\nprint([1, 2])\n```\nDone.",
    '```\n[{"name": "Alice", "age": 30}]\n```',
    "```\n[1, 2, 3]\n```",
])
def test_fences_without_calls_stay_content(text: str) -> None:
    check(text, D, text, None, [], finish_reason="stop")


@pytest.mark.parametrize("text", [
    'Here is code:\n```python\nx = {"name": "a", "arguments": {}}\nprint(x)\n```\nDone.',
    'Example:\n```python\ncall({"name": "get"})\n```',
    "Run:\n```bash\ncurl -d '{\"name\": \"bob\"}' http://x\n```\nthen check.",
    '```js\n[{"name":"get","arguments":{"q":1}}]\n```',
    'Example request:\n```\n{"name": "search", "arguments": {"q": "cats"}}\n```\nSend it like that.',
    '```json\n{"name": "search", "arguments": {"q": "cats"}}\n```',
    'Cut:\n```python\nx = {"name": "a", "argu',
    '```\n{"name": "search", "arguments": {"q": "ca',
])
def test_a_fence_holding_no_array_stays_content_as_written(text: str) -> None:
    """vLLM's parser skips a fence body that is no JSON (```` ```python ```` …) and
    takes only a list as calls (``extract_tool_calls``: ``tools_called=False`` for
    an object): code that mentions ``"name"`` and an example call object are content."""
    check(text, D, text, None, [], finish_reason="stop")
