"""A call of a well-formed block that repeats a key, or a parameter, is that call's own
problem: it alone is an ``InvalidToolCall`` (its raw its own element), the block's other
calls stand (review revDup2Perf R1: a MiniMax M3 block lost every call after it)."""

from __future__ import annotations

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.text import decode_text

NS = "]<]minimax[>["
F_BAD = f'{NS}<invoke name="f">{NS}<p>{{"x": 1, "x": 2}}{NS}</p>{NS}</invoke>'
F_TWICE = f'{NS}<invoke name="f">{NS}<p>1{NS}</p>{NS}<p>2{NS}</p>{NS}</invoke>'
G = f'{NS}<invoke name="g">{NS}<o>{{"x": 1}}{NS}</o>{NS}</invoke>'
TOOLS = [{"type": "function", "function": {"name": n, "parameters": {
    "type": "object", "properties": {"p": {"type": "object"}, "o": {"type": "object"}}}}} for n in ("f", "g")]


def _block(*invokes: str) -> str:
    return f"{NS}<tool_call>\n" + "".join(i + "\n" for i in invokes) + f"{NS}</tool_call>"


@pytest.mark.parametrize("tools", [None, TOOLS])
@pytest.mark.parametrize(("bad", "error"), [(F_BAD, "repeats the key 'x'"), (F_TWICE, "has parameter 'p' twice")])
def test_m3_a_call_repeating_a_key_or_parameter_leaves_the_others(bad: str, error: str, tools: object) -> None:
    for invokes, at in (((bad, G), 0), ((G, bad), 1), ((G, bad, G), 1)):
        calls = decode_text(_block(*invokes), "text.minimax", tools=tools, finish_reason="stop").tool_calls
        assert len(calls) == len(invokes), calls
        for i, c in enumerate(calls):
            if i == at:
                assert isinstance(c, InvalidToolCall) and c.name == "f" and not c.truncated, c
                assert error in c.error and f"$.tool_calls[{at}]" in c.error, c.error
                assert c.raw == bad
            else:
                assert isinstance(c, ToolCall) and (c.name, c.args) == ("g", {"o": {"x": 1}}), c


def test_m3_the_reported_block() -> None:
    t = ('N<tool_call>\nN<invoke name="f">N<p>{"x": 1, "x": 2}N</p>N</invoke>\nN<invoke name="g">N<o>{"x": 1}N</o>'
         'N</invoke>\nN</tool_call>').replace("N", NS)
    bad, good = decode_text(t, "text.minimax", finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall) and "repeats the key 'x'" in bad.error
    assert isinstance(good, ToolCall) and (good.name, good.args) == ("g", {"o": {"x": 1}})


def test_m3_markup_broken_after_a_repeat_still_ends_the_block() -> None:
    broken = f'{NS}<invoke name="f">{NS}<p>1{NS}</p>{NS}<p>2{NS}</p>{NS}<q>1{NS}</r>{NS}</invoke>'
    text = _block(broken, G)
    [bad] = decode_text(text, "text.minimax", finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall) and bad.raw == text and "twice" not in bad.error, bad


def test_m3_a_cut_block_keeps_the_calls_around_a_repeat() -> None:
    text = _block(G, F_BAD, G)[: -len(f"{NS}</tool_call>")] + f'{NS}<invoke name="g">{NS}<o>1'
    calls = decode_text(text, "text.minimax").tool_calls
    assert [type(c).__name__ for c in calls] == ["ToolCall", "InvalidToolCall", "ToolCall", "InvalidToolCall"]
    assert not calls[1].truncated and "repeats the key 'x'" in calls[1].error
    assert calls[3].truncated


def test_m3_blocks_of_repeats_stay_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    # count-based: elements opened, and the characters kept as raw, for n and 4n invokes
    from toolwire.text import minimax_m3

    opened = [0]
    real = minimax_m3._open

    def counting(*a: object) -> object:
        opened[0] += 1
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(minimax_m3, "_open", counting)

    def steps(n: int) -> tuple[int, int]:
        opened[0] = 0
        calls = decode_text(_block(*[F_TWICE if i % 2 else F_BAD for i in range(n)], G), "text.minimax",
                            finish_reason="stop").tool_calls
        assert len(calls) == n + 1 and isinstance(calls[-1], ToolCall)
        return opened[0], sum(len(c.raw) for c in calls if isinstance(c, InvalidToolCall))

    (o1, r1), (o4, r4) = steps(500), steps(2000)
    assert 3.9 < o4 / o1 < 4.1 and 3.9 < r4 / r1 < 4.1, (o1, o4, r1, r4)


# the same in the families whose parameters ``_params`` reads (each block as its template
# writes it, three calls: g, then f repeating, then g); ``{P}`` is f's parameters
PARAMS = {
    "text.minimax": ('<minimax:tool_call>\n<invoke name="g">\n<parameter name="o">1</parameter>\n</invoke>\n'
                     '<invoke name="f">\n{P}</invoke>\n<invoke name="g">\n<parameter name="o">1</parameter>\n'
                     '</invoke>\n</minimax:tool_call>', '<parameter name="{K}">{V}</parameter>\n'),
    "text.qwen3-xml": ("<tool_call>\n<function=g>\n<parameter=o>\n1\n</parameter>\n</function>\n<function=f>\n{P}"
                       "</function>\n<function=g>\n<parameter=o>\n1\n</parameter>\n</function>\n</tool_call>",
                       "<parameter={K}>\n{V}\n</parameter>\n"),
    "text.seed-oss": ("<seed:tool_call>\n<function=g>\n<parameter=o>1</parameter>\n</function>\n<function=f>\n{P}"
                      "</function>\n<function=g>\n<parameter=o>1</parameter>\n</function>\n</seed:tool_call>",
                      "<parameter={K}>{V}</parameter>\n"),
    "text.deepseek": ('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="o" string="false">1'
                      '</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="f">\n{P}</｜DSML｜invoke>\n'
                      '<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="o" string="false">1</｜DSML｜parameter>\n'
                      "</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
                      '<｜DSML｜parameter name="{K}" string="false">{V}</｜DSML｜parameter>\n'),
    "text.gigachat": ('<｜GCML｜tool_calls>\n<｜GCML｜invoke name="g">\n<｜GCML｜parameter name="o" string="false">1'
                      '</｜GCML｜parameter>\n</｜GCML｜invoke>\n<｜GCML｜invoke name="f">\n{P}</｜GCML｜invoke>\n'
                      '<｜GCML｜invoke name="g">\n<｜GCML｜parameter name="o" string="false">1</｜GCML｜parameter>\n'
                      "</｜GCML｜invoke>\n</｜GCML｜tool_calls>",
                      '<｜GCML｜parameter name="{K}" string="false">{V}</｜GCML｜parameter>\n'),
    "text.kimi": ('<|open|>tools<|sep|><|open|>call tool="g" index="1"<|sep|><|open|>argument key="o" type="number"'
                  '<|sep|>1<|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool="f" index="2"<|sep|>{P}'
                  '<|close|>call<|sep|><|open|>call tool="g" index="3"<|sep|><|open|>argument key="o" '
                  'type="number"<|sep|>1<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
                  '<|open|>argument key="{K}" type="object"<|sep|>{V}<|close|>argument<|sep|>'),
    "text.hunyuan": ("<tool_calls><tool_call>g<tool_sep><arg_key>o</arg_key><arg_value>1</arg_value></tool_call>"
                     "<tool_call>f<tool_sep>{P}</tool_call><tool_call>g<tool_sep><arg_key>o</arg_key>"
                     "<arg_value>1</arg_value></tool_call></tool_calls>",
                     "<arg_key>{K}</arg_key><arg_value>{V}</arg_value>"),
}
BAD = {"repeat": ([("p", '{"x": 1, "x": 2}')], "repeats the key 'x'"),
       "twice": ([("p", "1"), ("p", "2")], "'p' twice"),
       "literal": ([("p", "{'x': 1, 'x': 2}")], "repeats the key 'x'"),
       "repeat-then-more": ([("p", '{"x": 1, "x": 2}'), ("q", "3")], "repeats the key 'x'")}
TOOLS_P = [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {
    "p": {"type": "object"}, "q": {"type": "integer"}, "o": {"type": "integer"}}}}} for n in ("f", "g")]


@pytest.mark.parametrize("bad", sorted(BAD))
@pytest.mark.parametrize("fmt", sorted(PARAMS))
def test_params_a_call_repeating_a_key_or_parameter_leaves_the_others(fmt: str, bad: str) -> None:
    block, param = PARAMS[fmt]
    pairs, said = BAD[bad]
    f_params = "".join(param.replace("{K}", k).replace("{V}", v) for k, v in pairs)
    calls = decode_text(block.replace("{P}", f_params), fmt, tools=TOOLS_P, finish_reason="stop").tool_calls
    assert [type(c).__name__ for c in calls] == ["ToolCall", "InvalidToolCall", "ToolCall"], calls
    g1, f, g2 = calls
    assert isinstance(f, InvalidToolCall) and f.name == "f" and said in f.error and "[1]" in f.error, f
    assert f_params in f.raw and "name=\"g\"" not in f.raw and "<function=g>" not in f.raw, f.raw
    assert isinstance(g1, ToolCall) and isinstance(g2, ToolCall) and g1.args == g2.args == {"o": 1}


@pytest.mark.parametrize("fmt", sorted(PARAMS))
def test_params_markup_broken_after_a_repeat_still_ends_the_block(fmt: str) -> None:
    block, param = PARAMS[fmt]
    f_params = param.replace("{K}", "p").replace("{V}", '{"x": 1, "x": 2}') + "stray words\n"
    text = block.replace("{P}", f_params)
    calls = decode_text(text, fmt, tools=TOOLS_P, finish_reason="stop").tool_calls
    assert [type(c).__name__ for c in calls] == ["ToolCall", "InvalidToolCall"], calls
    assert "outside" in calls[1].error and calls[1].raw == text, calls[1]


def test_params_blocks_of_repeats_stay_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    # count-based: parameters typed, and the characters kept as raw, for n and 4n calls
    from toolwire.text import _params

    typed = [0]
    real = _params._param_value

    def counting(*a: object) -> object:
        typed[0] += 1
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(_params, "_param_value", counting)
    bad = '<invoke name="f">\n<parameter name="p">{"x": 1, "x": 2}</parameter>\n<parameter name="q">1</parameter>\n</invoke>\n'
    twice = '<invoke name="f">\n<parameter name="q">1</parameter>\n<parameter name="q">2</parameter>\n</invoke>\n'

    def steps(n: int) -> tuple[int, int]:
        typed[0] = 0
        text = "<minimax:tool_call>\n" + "".join(twice if i % 2 else bad for i in range(n)) + "</minimax:tool_call>"
        calls = decode_text(text, "text.minimax", finish_reason="stop").tool_calls
        assert len(calls) == n and all(isinstance(c, InvalidToolCall) for c in calls)
        return typed[0], sum(len(c.raw) for c in calls if isinstance(c, InvalidToolCall))

    (t1, r1), (t4, r4) = steps(500), steps(2000)
    assert 3.9 < t4 / t1 < 4.1 and 3.9 < r4 / r1 < 4.1, (t1, t4, r1, r4)
