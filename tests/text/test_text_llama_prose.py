"""text.llama with ``JSON_AFTER_PROSE``: a JSON call after prose is read wherever the
prose is, also after an earlier call or region.

vLLM's ``llama3_json`` parser (``Llama3JsonToolParser.extract_tool_calls``) reads every
JSON object in the output that has a ``name`` and ``parameters`` / ``arguments``, and
SGLang's llama3 detector every ``{"name"``. The option read them only until the first
call region: after it the machine went back to the default content mode, and a later
``{"name": …}`` after prose came back as content.
"""

from __future__ import annotations

from textcheck import C, Invalid, check

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
    # <|python_end|> between two texts with no whitespace: a newline takes its place, the rule of
    # every family (docs/text-formats.md); this read "Let me look.Sure," before hunt 37
    check("<|python_start|>Let me look.<|python_end|>Sure, " + LATER, P, "Let me look.\nSure,", None,  # type: ignore[arg-type]
          [TIME])
    check("<think>r</think>" + CALL + " then " + LATER, P, "then", "r", [WEATHER, TIME])  # type: ignore[arg-type]


def test_the_default_format_still_reads_json_at_the_start_only() -> None:
    check(CALL + " Then " + LATER, "text.llama", "Then " + LATER, None, [WEATHER])


# -- a call only where a top-level JSON object stands (hunt 37) -------------------------
# vLLM's llama3_json decodes a JSON value at each "{" that is not inside one it already
# decoded ("Skip if this brace is inside a previously parsed JSON object"), and an object
# is a call only with "name" and "arguments" / "parameters" (llama_tool_parser.py,
# extract_tool_calls). Meta's JSON call form (llama-models models/llama3_3/prompt_format.md,
# "JSON based tool calling"; reference/wire-formats.md §10.3) opens with "type".
SONGS = '{"type": "function", "name": "trending_songs", "parameters": {"n": "10", "genre": "all"}}'
TRENDING = C("trending_songs", {"n": "10", "genre": "all"})


def test_a_call_shaped_object_inside_other_json_is_data() -> None:
    for text in ('Your saved config:\n{"tools": [{"name": "delete_files", "parameters": {"path": "/"}}]}',
                 'Result: {"data": {"name": "f", "parameters": {"a": 1}}}',
                 'Saved: [{"name": "delete_files", "parameters": {"path": "/"}}]',
                 '[{"name": "delete_files", "parameters": {"path": "/"}}] is the list',
                 'Pretty:\n{\n  "tools": [\n    {"name": "f", "parameters": {}}\n  ]\n}'):
        check(text, P, text, None, [])  # type: ignore[arg-type]
    data = 'Config: {"tools": [{"name": "a", "parameters": {}}]}'
    check(data + " Now: " + CALL, P, data + " Now:", None, [WEATHER])  # type: ignore[arg-type]


def test_a_call_object_after_prose_in_any_layout_is_a_call() -> None:
    check("Let me check. " + SONGS, P, "Let me check.", None, [TRENDING])  # type: ignore[arg-type]
    for obj in ('{\n    "name": "get_weather",\n    "parameters": {"city": "Paris"}\n}',
                '{  "name": "get_weather", "parameters": {"city": "Paris"}}',
                '{"parameters": {"city": "Paris"}, "name": "get_weather"}',
                '{"name": "get_weather", "arguments": {"city": "Paris"}}',
                '{' + ' ' * 70 + '"name": "get_weather", "parameters": {"city": "Paris"}}'):
        check("Let me check.\n" + obj, P, "Let me check.", None, [WEATHER])  # type: ignore[arg-type]
    # cut off: a call, as the format cuts one off ('{"name"' after prose did before)
    cut = 'Sure ' + SONGS[:60]
    check(cut, P, "Sure", None, [Invalid("trending_songs", truncated=True, raw=SONGS[:60])])  # type: ignore[arg-type]


def test_json_after_prose_that_is_no_call_is_content_as_it_stands() -> None:
    for text in ('x:{"name": "Bob", "age": 3}', 'A {"type": "person", "name": "Bob"} here',
                 'Only {"parameters": {"a": 1}} here', 'Use {x} and { "a" } and {}', 'a [b] {c} [ {"d": 1} ]'):
        check(text, P, text, None, [])  # type: ignore[arg-type]


def test_the_semicolon_between_calls_after_prose_is_markup() -> None:
    a, b = '{"name": "f", "parameters": {"a": 1}}', '{"name": "g", "parameters": {}}'
    f, g = C("f", {"a": 1}), C("g")
    check("Hi. " + a + "; " + b, P, "Hi.", None, [f, g])  # type: ignore[arg-type]
    check("Hi. " + a + "; " + b + "; ", P, "Hi.", None, [f, g])  # type: ignore[arg-type]
    check(a + "; " + b + "; ", P, None, None, [f, g])  # type: ignore[arg-type]  # at the start, as before


def test_markup_in_prose_braces_still_counts() -> None:
    text = 'A {"note <|python_tag|>brave_search.call(query="w")<|eom_id|>'
    check(text, P, 'A {"note', None, [C("brave_search", {"query": "w"})], finish_reason="stop")  # type: ignore[arg-type]
