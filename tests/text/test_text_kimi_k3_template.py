"""text.kimi K3 against what the Kimi K3 chat template writes (ggml-org/llama.cpp
``models/templates/Kimi-K3.jinja`` at 181a4a8fb1af6142a7bf611dddd36fe34a3de3fe, rendered with
jinja2 and pinned here as literals; the template is not needed to run these tests).

- ``render_assistant``: a call whose ``arguments`` are a string (the OpenAI shape) or that
  keeps an ``_xtml_json_block`` is ``<|open|>json type="object"<|sep|>…<|close|>json<|sep|>``;
  a mapping is one ``argument`` element per key.
- ``xtml_type``: ``boolean``, ``null``, ``number`` (an int too), ``string``, ``object``,
  ``array``; ``xtml_value``: a string as it is, anything else ``| tojson`` (", ", ": ").
"""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire import ToolCall, encode_text

D = "text.kimi"
P, X, S = "<|open|>", "<|close|>", "<|sep|>"  # open, close, sep

CALL_1 = f'{P}call tool="get_weather" index="1"{S}{P}argument key="city" type="string"{S}Paris{X}argument{S}{X}call{S}'
CALL_2 = f'{P}call tool="get_time" index="2"{S}{P}json type="object"{S}{{"tz": "UTC"}}{X}json{S}{X}call{S}'

# the template's render of string arguments: every call a json element
JSON_RENDER = (
    '<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>json type="object"<|sep|>'
    '{"city": "Paris", "days": 3}<|close|>json<|sep|><|close|>call<|sep|><|open|>call tool="write_file" '
    'index="2"<|sep|><|open|>json type="object"<|sep|>{"path": "a/b \\"q\\".txt", "content": '
    '"line1\\nline2\\n\\tindented", "opts": {"mode": "w", "nested": {"x": [1, 2.5, null, true]}}, "flag": false}'
    "<|close|>json<|sep|><|close|>call<|sep|><|close|>tools<|sep|>"
)
# ... and of the same calls with mapping arguments
ARG_RENDER = (
    '<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" '
    'type="string"<|sep|>Paris<|close|>argument<|sep|><|open|>argument key="days" type="number"<|sep|>3'
    '<|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool="write_file" index="2"<|sep|><|open|>argument '
    'key="path" type="string"<|sep|>a/b "q".txt<|close|>argument<|sep|><|open|>argument key="content" '
    'type="string"<|sep|>line1\nline2\n\tindented<|close|>argument<|sep|><|open|>argument key="opts" '
    'type="object"<|sep|>{"mode": "w", "nested": {"x": [1, 2.5, null, true]}}<|close|>argument<|sep|>'
    '<|open|>argument key="flag" type="boolean"<|sep|>false<|close|>argument<|sep|><|close|>call<|sep|>'
    "<|close|>tools<|sep|>"
)
CALLS = [
    C("get_weather", {"city": "Paris", "days": 3}),
    C("write_file", {"path": 'a/b "q".txt', "content": "line1\nline2\n\tindented",
                     "opts": {"mode": "w", "nested": {"x": [1, 2.5, None, True]}}, "flag": False}),
]


def test_the_json_element_is_the_calls_arguments() -> None:
    text = f"{P}response{S}Checking.{X}response{S}{P}tools{S}{CALL_1}{CALL_2}{X}tools{S}"
    check(text, D, "Checking.", None, [C("get_weather", {"city": "Paris"}), C("get_time", {"tz": "UTC"})],
          finish_reason="stop")
    check(f"{P}tools{S}{CALL_2}{X}tools{S}", D, None, None, [C("get_time", {"tz": "UTC"})])


def test_the_template_render_of_string_arguments_reads_and_writes_back() -> None:
    r = check(JSON_RENDER, D, None, None, CALLS, finish_reason="stop")
    assert encode_text(list(r.tool_calls), D) == JSON_RENDER  # kept as json elements, byte for byte


def test_a_json_element_that_is_no_object_is_invalid() -> None:
    def one(element: str) -> str:
        return f'{P}tools{S}{P}call tool="f" index="1"{S}{element}{X}call{S}{X}tools{S}'

    for element in (f'{P}json type="object"{S}not json{X}json{S}', f'{P}json type="array"{S}[1]{X}json{S}',
                    f'{P}json type="object"{S}{{}}{X}json{S}then text'):
        text = one(element)
        check(text, D, None, None, [Invalid("f", raw=text)], finish_reason="stop")
    # a marker inside the JSON is its text
    text = one(f'{P}json type="object"{S}{{"s": "{X}tools{S}"}}{X}json{S}')
    check(text, D, None, None, [C("f", {"s": f"{X}tools{S}"})], finish_reason="stop")


def test_a_json_element_cut_off() -> None:
    text = f'{P}tools{S}{CALL_1}{P}call tool="get_time" index="2"{S}{P}json type="object"{S}{{"tz": "U'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("get_time", truncated=True)],
          finish_reason="length")


def test_k3_encoding_is_the_templates() -> None:
    """Numbers are ``type="number"`` (the template never writes ``integer``), JSON values
    in ``tojson``'s layout."""
    assert encode_text(CALLS, D, variant="k3") == ARG_RENDER
    assert encode_text([ToolCall("f", {"n": 3})], D, variant="k3") == (
        f'{P}tools{S}{P}call tool="f" index="1"{S}{P}argument key="n" type="number"{S}3{X}argument{S}'
        f"{X}call{S}{X}tools{S}"
    )
    check(ARG_RENDER, D, None, None, CALLS, finish_reason="stop")


def test_the_end_of_message_token_is_a_stop_token() -> None:
    # every message ends '<|close|>message<|sep|><|end_of_msg|>' (Kimi-K3.jinja lines 185, 221,
    # 230, 239); a raw decode (special tokens kept) leaves it in the text
    call = ('<|open|>tools<|sep|><|open|>call tool="get_time" index="1"<|sep|><|open|>argument key="tz" '
            'type="string"<|sep|>UTC<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>')
    end = "<|close|>message<|sep|><|end_of_msg|>"
    think = "<|open|>think<|sep|><|close|>think<|sep|>"
    check(f"{think}<|open|>response<|sep|><|close|>response<|sep|>{call}{end}", D, None, None,
          [C("get_time", {"tz": "UTC"})], finish_reason="stop")
    check(f"{think}<|open|>response<|sep|>Hi.<|close|>response<|sep|>{call}{end}", D, "Hi.", None,
          [C("get_time", {"tz": "UTC"})], finish_reason="stop")
    check(f"{think}<|open|>response<|sep|>Hi.<|close|>response<|sep|>{end}", D, "Hi.", None, [],
          finish_reason="stop")
