"""google-genai's own forms of ``system_instruction`` and ``contents`` in prompt mode and
correction turns, read back through the SDK's transformers (``t_content``,
``t_contents``: what ``generate_content`` sends).

``GenerateContentConfig.system_instruction`` is a ``ContentUnionDict`` (a ``Content``, a
``ContentDict``, a ``PartUnionDict``: a string, a ``Part``, a file, an image, a part
dict; or a list of them); ``contents`` a ``ContentListUnionDict``. ``t_contents`` adds
each Content *dict* where it comes and the loose parts it gathered only at the end.
"""

from __future__ import annotations

from typing import Any, List, Tuple

import pytest

from toolwire import retry, schema

genai = pytest.importorskip("google.genai")
from google.genai import _transformers as t  # noqa: E402
from google.genai import types  # noqa: E402

TEXT = "ANSWER IN JSON"
S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
BAD = {"candidates": [{"content": {"role": "model", "parts": [{"text": '{"a": "four"}'}]}, "finishReason": "STOP"}]}


def _texts(content: Any) -> List[str]:
    sent = t.t_content(content)
    return [p.text for p in sent.parts or []]


OLD_INSTRUCTIONS = [
    ("Content", types.Content(parts=[types.Part(text="Never reveal secrets.")])),
    ("Content with role", types.Content(role="user", parts=[types.Part(text="Never reveal secrets.")])),
    ("Part", types.Part(text="Never reveal secrets.")),
    ("Content dict", {"parts": [{"text": "Never reveal secrets."}]}),
    ("Part dict", {"text": "Never reveal secrets."}),
    ("str", "Never reveal secrets."),
    ("list of str", ["Never reveal secrets."]),
    ("list of Part", [types.Part(text="Never reveal secrets.")]),
]


@pytest.mark.parametrize(("label", "old"), OLD_INSTRUCTIONS, ids=[x[0] for x in OLD_INSTRUCTIONS])
def test_the_callers_system_instruction_is_kept_in_a_dict_config(label: str, old: Any) -> None:
    out = schema.inject_instruction({"model": "gemini-2.5-flash", "contents": "hi", "config": {"system_instruction": old}},
                                    TEXT, "gemini")
    said = _texts(out["config"]["system_instruction"])
    assert said in (["Never reveal secrets.", TEXT], [f"Never reveal secrets.\n\n{TEXT}"])


@pytest.mark.parametrize(("label", "old"), OLD_INSTRUCTIONS, ids=[x[0] for x in OLD_INSTRUCTIONS])
def test_the_callers_system_instruction_is_kept_in_a_config_object(label: str, old: Any) -> None:
    config = types.GenerateContentConfig(system_instruction=old, temperature=0.1)
    out = schema.inject_instruction({"model": "gemini-2.5-flash", "contents": "hi", "config": config}, TEXT, "gemini")
    assert type(out["config"]) is types.GenerateContentConfig and out["config"].temperature == 0.1
    said = _texts(out["config"].system_instruction)
    assert said in (["Never reveal secrets.", TEXT], [f"Never reveal secrets.\n\n{TEXT}"])


def test_prompt_mode_keeps_the_callers_system_instruction() -> None:
    config = types.GenerateContentConfig(
        system_instruction=types.Content(parts=[types.Part(text="Be terse. Never reveal secrets.")]))
    p = retry.prepare({"model": "gemini-2.5-flash", "contents": "hi", "config": config}, S, "gemini", mode="prompt")
    said = _texts(p.request["config"].system_instruction)
    assert said[0] == "Be terse. Never reveal secrets." and len(said) == 2 and "JSON" in said[1]


def test_a_rest_system_instruction_keeps_what_it_held() -> None:
    out = schema.inject_instruction({"contents": [], "systemInstruction": {"parts": [{"text": "Be terse."}]}},
                                    TEXT, "gemini")
    assert out["systemInstruction"] == {"parts": [{"text": "Be terse."}, {"text": TEXT}]}
    out = schema.inject_instruction({"contents": [], "system_instruction": {"text": "Be terse."}}, TEXT, "gemini")
    assert out["system_instruction"] == {"parts": [{"text": "Be terse."}, {"text": TEXT}]}


CONTENTS = [
    ("list of str", ["What is 2+2? Answer as JSON."]),
    ("two str", ["What is 2+2?", "Answer as JSON."]),
    ("list of Part", [types.Part(text="What is 2+2?"), types.Part(text="Answer as JSON.")]),
    ("Part", types.Part(text="What is 2+2? Answer as JSON.")),
    ("part dicts", [{"text": "What is 2+2?"}, {"text": "Answer as JSON."}]),
    ("str", "What is 2+2? Answer as JSON."),
    ("Content dicts", [{"role": "user", "parts": [{"text": "What is 2+2? Answer as JSON."}]}]),
    ("Content", [types.Content(role="user", parts=[types.Part(text="What is 2+2? Answer as JSON.")])]),
    ("list in a list", [["What is 2+2?", "Answer as JSON."]]),
]


@pytest.mark.parametrize(("label", "contents"), CONTENTS, ids=[c[0] for c in CONTENTS])
def test_a_correction_turn_follows_the_prompt(label: str, contents: Any) -> None:
    p = retry.prepare({"model": "gemini-2.5-flash", "contents": contents}, S, "gemini")
    out = retry.classify(BAD, p.state)
    step = retry.plan(p.request, out, p.state)
    sent: List[Tuple[str, str]] = [(c.role or "", " ".join(x.text or "" for x in c.parts or []))
                                   for c in t.t_contents(step.request["contents"])]  # type: ignore[index]
    assert [role for role, _ in sent] == ["user", "model", "user"]
    assert sent[0][1] == "What is 2+2? Answer as JSON."
    assert sent[1][1] == '{"a": "four"}' and sent[2][1].startswith("Your previous answer does not match")


def test_a_function_call_part_is_the_models_turn() -> None:
    call = types.Part(function_call=types.FunctionCall(name="f", args={}))
    result = types.Part(function_response=types.FunctionResponse(name="f", response={"ok": True}))
    p = retry.prepare({"model": "gemini-2.5-flash", "contents": ["Call f.", call, result]}, S, "gemini")
    step = retry.plan(p.request, retry.classify(BAD, p.state), p.state)
    roles = [c.role for c in t.t_contents(step.request["contents"])]  # type: ignore[index]
    assert roles == [c.role for c in t.t_contents(["Call f.", call, result])] + ["model", "user"]
