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
