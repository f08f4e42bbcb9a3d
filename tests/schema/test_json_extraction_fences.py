"""Fenced JSON in a reply's text (``_json_fences._fences``): three backticks inside a
JSON string of a fenced answer, or mid-line in prose, neither close nor open a fence, so
an earlier draft is not taken for the answer (hunt huntGriptape f2, 16 of 3,000 generated
replies); the shapes models write (a fence after a list marker, a quote or prose, a
language glued to punctuation, a longer opening run, a fence closed glued to the value)
read as before (review revFences of the reverted fix47-fences)."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Tuple

import pytest

from lines_run import lines_run
from toolwire import _json_fences
from toolwire._json_fences import _fences
from toolwire._json_value_end import _Read
from toolwire.retry import classify, prepare

S = {"type": "object", "properties": {"title": {"type": "string"}, "body": {"type": "string"}},
     "required": ["title", "body"], "additionalProperties": False}


def reply(text: str) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}


def answer(text: str) -> Any:
    prep = prepare({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "x"}]}, S, "openai.chat",
                   mode="prompt")
    out = classify(reply(text), prep.state)
    assert out.kind == "ok", out
    return out.value


FINAL = {"title": "Usage", "body": "Run ```pip install x``` first"}


@pytest.mark.parametrize("text", [
    # the hunt's reproducer: the final answer's string holds three backticks
    'Draft:\n```json\n{"title": "draft", "body": "todo"}\n```\n\nFinal answer:\n'
    '```json\n{"title": "Usage", "body": "Run ```pip install x``` first"}\n```\n',
    # its variant B: one fenced answer, then an inline example the schema also takes
    '```json\n{"title": "Usage", "body": "Run ```pip install x``` first"}\n```\n'
    'A minimal one would be {"title": "t", "body": "b"}.',
    # pretty-printed, an unfenced value after it (jsonfuzz case 2264's shape)
    'Note:\n```json\n{\n  "title": "Usage",\n  "body": "Run ```pip install x``` first"\n}\n```\n'
    'Here you go:\n{\n  "title": "t",\n  "body": "b"\n}',
])
def test_backticks_inside_a_fenced_json_string_do_not_close_the_fence(text: str) -> None:
    assert answer(text) == FINAL


def test_a_fenced_value_holding_backticks_is_one_body() -> None:
    text = '```json\n{"a": ["```", {"b": "```"}]}\n```\n```json\n[1]\n```'
    assert [json.loads(text[a:b]) for _, a, b in _fences(text)] == [{"a": ["```", {"b": "```"}]}, [1]]


def test_three_backticks_mid_line_in_prose_open_no_fence() -> None:
    """The hunt's variant E: ``wrap code in ``` fences.`` is prose, not a fence whose body
    runs to the final answer's opening line."""
    text = ('```json\n{"title": "draft", "body": "x"}\n```\nNote: wrap code in ``` fences. Final:\n'
            '```json\n{"title": "final", "body": "y"}\n```')
    assert answer(text) == {"title": "final", "body": "y"}


D, F = '{"title": "draft", "body": "x"}', '{"title": "final", "body": "y"}'


@pytest.mark.parametrize("text", [
    f"- ```bash\n  pip install x\n  ```\n```json\n{F}\n```",  # a fence after a list marker, any language
    f"1. ```python\n   print(1)\n   ```\nDraft:\n```json\n{D}\n```\n```json\n{F}\n```",
    f"> ```json\n> {D}\n> ```\n> ```json\n> {F}\n> ```",  # after a quote marker
    f"Run this: ```bash\npip install x\n```\n```json\n{F}\n```",  # after prose
    f"Draft: ```json\n{D}\n```\nFinal: ```json\n{F}\n```",
    f"Draft:\n```json\n{D}\n```\nFinal:\n```json:\n{F}\n```",  # the language glued to punctuation
    f"Draft:\n```json\n{D}\n```\nFinal:\n````json\n{F}\n```",  # a longer opening run
    f"Draft:\n```json\n{D}\n```\n~~~\nFinal:\n```json\n{F}\n```",  # a tilde separator line
    f"Draft:\n```json\n{D}\n```\nFinal:\n```json\n{F}```\nFor example {D}.",  # closed glued to the value
    f"```json\n{D}\n``` draft\nFinal:\n```json\n{F}\n``` done\n",  # text after a closing run
    f"Sure. Use ```x```\n{D}\n```json\n{F}\n```",  # a code span ending a line
    f"```json\n{D}\n```\nFinal: ```json:\n{F}\n```",  # after prose, glued to punctuation
    f"Draft:\n```json\n{D}\n```\nHere is the JSON```json\n{F}\n```",  # glued to a word
    f"Draft:\n```json\n{D}\n```\nFinal:\n~~~json\n{F}\n~~~",  # a tilde fence
    f"Draft:\n```json\n{D}\n```\n~~~\nFinal:\n~~~json\n{F}",  # a tilde separator, then one never closed
    f"Draft:\n```json\n{D}\n```\n```\nFinal:\n``` json\n{F}\n```",  # a backtick separator line
])
def test_fences_models_write_read_as_before(text: str) -> None:
    assert answer(text) == {"title": "final", "body": "y"}


@pytest.mark.parametrize("text", [
    # the hunt's variant D: the draft's closing run glued to the think block's closing tag
    '<think>try ```json\n{"title": "draft", "body": "```"}\n```</think>\n{"title": "final", "body": "y"}',
    '<think>try ```json\n{"title": "draft", "body": "x"}\n```</think>\n{"title": "final", "body": "y"}',
    # a quoted draft holding backticks, then a quoted final
    '> ```json\n> {"title": "draft", "body": "Run ```pip``` first"}\n> ```\n> ```json\n> {"title": "final", "body": "y"}\n> ```',
    'Draft:\n```\n{"title": "draft", "body": "Run ```pip``` first"}\n```\n>``` json\n>{"title": "final", "body": "y"}\n>```',
])
def test_a_draft_read_whole_does_not_win_over_the_final(text: str) -> None:
    assert answer(text) == {"title": "final", "body": "y"}


@pytest.mark.parametrize("opener", [
    # review revFences2: after prose, a run followed by a JSON language and more on its line
    "Final: ```json title=x", "Final: ```json (corrected)", "Final: ```json :", "Final: ```json // final",
    "Final: ```json filename=out.json", "Final: ```json:answer.json", "Final: ```json {.json}",
    "Final: ``` {.json}", "Final: ```JSON title=x",
    # glued to a word, nothing after it, no run before it on its line
    "Here is the corrected JSON```", "Final```", "JSON如下```", "答案```",
])
def test_a_fence_opened_mid_line_with_more_than_a_language(opener: str) -> None:
    text = f"```json\n{D}\n```\n{opener}\n{F}\n```"
    assert answer(text) == {"title": "final", "body": "y"}


@pytest.mark.parametrize("line", [
    "Use ```json x``` here, then", "Use ```{.json}``` and", "Sure. Use ```x```", "Use ```json```",
])
def test_a_code_span_on_one_line_opens_no_fence(line: str) -> None:
    # a run of three backticks closed later (or earlier) on its own line is a code span
    text = f"{line}\n{D}\n```json\n{F}\n```"
    assert answer(text) == {"title": "final", "body": "y"}


def test_the_language_is_the_leading_word() -> None:
    text = "```json title=x\n[1]\n```\n```Python3 x\n[2]\n```\n- ```json.\n[3]\n```"
    assert [lang for lang, _, _ in _fences(text)] == ["json", "python3", "json"]


def _hostile() -> List[Callable[[int], str]]:
    return [
        lambda n: '```json\n{"a": "x ``` y\n' * (n // 22),  # strings the next fence's quote closes
        lambda n: '```json\n{"a": ["```", ' * (n // 19),  # values that never close, backticks in them
        lambda n: "a ``` b ```json ``` c\n" * (n // 22),  # runs mid-line, one line each
        lambda n: "x ``` " * (n // 6) + "\n",  # one long line of runs
        lambda n: "- > ```\n" * (n // 8),  # markers before every run
        lambda n: '```json\n{"a": "```"} ```\n' * (n // 25),  # values read whole, closed glued
        lambda n: '> ```json\n> {"a": "x ``` y"\n' * (n // 26),  # quoted fences no run closes cleanly
        lambda n: "~~~json\n[1, ~~~\n" * (n // 16),  # tilde fences, a run mid-line in each body
        lambda n: "~~~json\n" + "a ~~~ " * (n // 6),  # one tilde body, runs mid-line to the end
    ]


@pytest.mark.parametrize("make", _hostile())
def test_fences_read_hostile_text_in_linear_work(make: Callable[[int], str], monkeypatch: Any) -> None:
    """Lines run and characters the value reads cover, at n and 4n: about 4x (a read from
    every fence over the same text would be about 16x)."""
    read = [0]
    real = _json_fences._value_end

    def counted(text: str, i: int) -> _Read:
        got = real(text, i)
        read[0] += got.end - i
        return got

    monkeypatch.setattr(_json_fences, "_value_end", counted)

    def work(n: int) -> Tuple[int, int]:
        read[0] = 0
        text = make(n)
        lines = lines_run(lambda: _fences(text))
        return lines, read[0]

    (l1, r1), (l4, r4) = work(4000), work(16000)
    assert l4 <= 4.6 * l1, (l1, l4)
    assert r4 <= 4.6 * max(r1, 1), (r1, r4)
