"""encode_text renders calls as the family's chat template does (history, few-shot).

- Gemma 4 (google/gemma-4 chat template, copied as llama.cpp
  ``models/templates/gemma4.jinja``): ``for key, value in function['arguments'] |
  dictsort`` and ``format_argument`` iterate mappings with ``| dictsort`` too, so the
  keys are sorted at every level (Jinja's ``dictsort`` ignores case); lists keep order.
- LFM2.5 (llama.cpp ``models/templates/LFM2.5-8B-A1B.jinja``, ``format_arg_value``): a
  mapping argument is written ``arg_value | tojson``; other values ``| string``.
"""

from __future__ import annotations

from toolwire import ToolCall, decode_text, encode_text

Q = '<|"|>'


def test_gemma_sorts_argument_keys_at_every_level() -> None:
    call = ToolCall("book", {"to": "Paris", "from": "Lyon", "opts": {"seat": "A1", "class": "eco"}})
    assert encode_text(call, "text.gemma") == (
        f"<|tool_call>call:book{{from:{Q}Lyon{Q},opts:{{class:{Q}eco{Q},seat:{Q}A1{Q}}},to:{Q}Paris{Q}}}<tool_call|>"
    )


def test_gemma_sorts_keys_ignoring_case_and_keeps_list_order() -> None:
    call = ToolCall("f", {"Zed": 1, "alpha": [{"b": 2, "a": 1}, 3]})
    assert encode_text(call, "text.gemma") == "<|tool_call>call:f{alpha:[{a:1,b:2},3],Zed:1}<tool_call|>"
    assert decode_text(encode_text(call, "text.gemma"), "text.gemma").tool_calls == (call,)


def test_lfm2_writes_a_mapping_argument_as_json() -> None:
    call = ToolCall("f", {"o": {"k": True, "n": None, "s": "it's"}, "xs": [1, True, None], "s": "x"})
    text = encode_text(call, "text.lfm2")
    assert text == ("<|tool_call_start|>[f(o={\"k\": true, \"n\": null, \"s\": \"it's\"}, xs=[1, True, None], "
                    "s='x')]<|tool_call_end|>")
    assert decode_text(text, "text.lfm2").tool_calls == (call,)


TWO = [ToolCall("get_weather", {"city": "Paris"}), ToolCall("get_time", {"tz": "UTC"})]


def test_glm_4_7_writes_parallel_calls_without_a_separator() -> None:
    # llama.cpp models/templates/GLM-4.7-Flash.jinja lines 61-66: `{% for tc in m.tool_calls %}`
    # ... `</tool_call>{% endfor %}`, nothing between the calls
    text = ("<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>"
            "<tool_call>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value></tool_call>")
    assert encode_text(TWO, "text.glm", variant="4.7") == text
    assert decode_text(text, "text.glm").tool_calls == tuple(TWO)


def test_step_3_5_writes_parallel_calls_without_a_separator() -> None:
    # llama.cpp models/templates/StepFun3.5-Flash.jinja line 52 ('<tool_call>\n<function=' + name + '>\n')
    # and line 62 ('</function>\n</tool_call>'), one after the other in the for loop
    text = ("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"
            "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>")
    assert encode_text(TWO, "text.step", variant="3.5") == text
    assert encode_text(TWO, "text.step") == text
    assert decode_text(text, "text.step").tool_calls == tuple(TWO)


def test_deepseek_v3_puts_a_newline_before_each_later_call() -> None:
    # llama.cpp models/templates/deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja line 21 and
    # vLLM examples/tool_chat_template_deepseekv3.jinja line 62: '\n' + '<｜tool▁call▁begin｜>' ...
    # for each call after the first
    text = ("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n"
            '{"city": "Paris"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_time\n'
            '```json\n{"tz": "UTC"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
    assert encode_text(TWO, "text.deepseek", variant="v3") == text
    assert decode_text(text, "text.deepseek").tool_calls == tuple(TWO)
