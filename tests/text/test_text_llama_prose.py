"""text.llama with ``JSON_AFTER_PROSE``: a JSON call after prose is read wherever the
prose is, also after an earlier call or region.

vLLM's ``llama3_json`` parser (``Llama3JsonToolParser.extract_tool_calls``) reads every
JSON object in the output that has a ``name`` and ``parameters`` / ``arguments``, and
SGLang's llama3 detector every ``{"name"``. The option read them only until the first
call region: after it the machine went back to the default content mode, and a later
``{"name": …}`` after prose came back as content.
"""

from __future__ import annotations

from textcheck import C, check

from toolwire.text.llama import JSON_AFTER_PROSE

P: object = JSON_AFTER_PROSE
CALL = '{"name": "get_weather", "parameters": {"city": "Paris"}}'  # Llama 3.1 prompt format
WEATHER = C("get_weather", {"city": "Paris"})
TIME = C("get_time", {"tz": "UTC"})
LATER = '{"name": "get_time", "parameters": {"tz": "UTC"}}'


def test_a_call_after_prose_after_a_call_at_the_start() -> None:
    check(CALL + " Then " + LATER, P, "Then", None, [WEATHER, TIME])  # type: ignore[arg-type]
    check(CALL + "; " + CALL + "\nNow: " + LATER, P, "Now:", None, [WEATHER, WEATHER, TIME])  # type: ignore[arg-type]


def test_a_call_after_prose_after_other_regions() -> None:
    check("[get_weather(city='Paris')] and " + LATER, P, "and", None, [WEATHER, TIME])  # type: ignore[arg-type]
    check('<function=get_weather>{"city": "Paris"}</function> and ' + LATER, P, "and", None,  # type: ignore[arg-type]
          [WEATHER, TIME])
    check("<|python_start|>Let me look.<|python_end|>Sure, " + LATER, P, "Let me look.Sure,", None,  # type: ignore[arg-type]
          [TIME])
    check("<think>r</think>" + CALL + " then " + LATER, P, "then", "r", [WEATHER, TIME])  # type: ignore[arg-type]


def test_the_default_format_still_reads_json_at_the_start_only() -> None:
    check(CALL + " Then " + LATER, "text.llama", "Then " + LATER, None, [WEATHER])
