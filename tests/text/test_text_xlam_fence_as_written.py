"""text.xlam: a fence that holds no call stays content exactly as written, even right after
text (``Use:```json``): nothing was removed where its opener stood, so no newline is put
there (one was, ``Use:\\n```json``). A fence of calls is removed; the text around it is the
content. vLLM's xLAM parser (vllm/tool_parsers/xlam_tool_parser.py,
``preprocess_model_output``) leaves such text as it is."""

from __future__ import annotations

import pytest
from textcheck import C, check

D = "text.xlam"


@pytest.mark.parametrize("text", [
    'Use:```json\n[{"name": "Alice", "age": 30}]\n```',
    "Use:```json\n[1, 2]\n```",
    "Use:```\n[1, 2]\n```x",
    "Use:```python\nprint([1, 2])\n```",
    "Use:```json\n[1, 2",  # cut off, no call in it
])
@pytest.mark.parametrize("finish", [None, "stop"])
def test_a_fence_without_calls_right_after_text_is_kept_as_written(text: str, finish: str | None) -> None:
    check(text, D, text, None, [], finish_reason=finish)


def test_a_fence_of_calls_right_after_text_leaves_that_text() -> None:
    check('Use:```json\n[{"name": "f", "arguments": {"a": 1}}]\n```', D, "Use:", None, [C("f", {"a": 1})])
