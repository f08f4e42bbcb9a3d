"""The name a history codec's parts carry (``HistoryCodec.decodes_as``, docs/custom-dialects.md).

Session 45 (review revAnth4): a dialect with a codec of its own made from a built-in's,
``replace(P, name="acme.c", history=replace(P.history, decode=wrap(P.history.decode)))``,
decodes parts naming the built-in, but every writer read its messages under "acme.c": the
system ``cache_control`` (Anthropic) and ``cachePoint`` (Bedrock) went out without being
written, noted as dropped. A derived dialect passed as an object with a registry that
lacks its parent lost the parent's ``dropped`` notes (``_encode._unsent`` looked its
parts' dialect up in that registry). A derived dialect loaded from an older build's pickle
(its codec without ``decodes_as``) is still read as its parent's, at one hash per codec."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace
from typing import Any, Callable, List

import pytest

import toolwire
from toolwire import Registry, ToolwireError
from toolwire._builtin import own_name
from toolwire._dialect import HistoryCodec
from toolwire.conversation import Message, Problem, Text, check_conversation, decode_conversation, encode_conversation

# https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching (1-hour cache duration)
ANTHROPIC = {"system": [{"type": "text", "text": "S", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
                        {"type": "text", "text": "T"}],
             "messages": [{"role": "user", "content": "q"}]}
# https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html (cachePoint in system)
BEDROCK = {"system": [{"text": "S"}, {"cachePoint": {"type": "default"}}, {"text": "T"}],
           "messages": [{"role": "user", "content": [{"text": "q"}]}]}
BODIES = {"anthropic.messages": ANTHROPIC, "bedrock.converse": BEDROCK}


def _wrap(f: Callable[..., Any]) -> Callable[..., Any]:
    def g(*a: Any, **k: Any) -> Any:
        return f(*a, **k)
    return g


def _own_codec(name: str) -> Any:
    p = toolwire.get_dialect(name)
    assert p.history is not None
    return replace(p, name="acme.c", aliases=(), history=replace(p.history, decode=_wrap(p.history.decode)))


def _appended(body: Any, d: Any, registry: Any = None) -> Any:
    report: List[Problem] = []
    try:
        conv = decode_conversation(copy.deepcopy(body), d)
        out = encode_conversation([*conv.messages, Message("user", (Text("next"),))], d, report=report,
                                  registry=registry)
    except ToolwireError as e:
        return "error", str(e).replace(d.name, "@")
    return out, [(p.kind, p.index, p.message.replace(d.name, "@")) for p in report]


@pytest.mark.parametrize("name", sorted(BODIES))
def test_a_codec_of_ones_own_made_from_a_built_ins_writes_as_the_built_in(name: str) -> None:
    out, notes = _appended(BODIES[name], _own_codec(name))
    assert out["system"] == BODIES[name]["system"]  # its cache breakpoint kept, as the parent keeps it
    assert notes == [] and (out, notes) == _appended(BODIES[name], toolwire.get_dialect(name))


def test_a_codec_of_ones_own_is_checked_as_the_built_in() -> None:
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": " "}]}]}
    mine, parent = _own_codec("anthropic.messages"), toolwire.get_dialect("anthropic.messages")
    said = [(p.kind, p.index, p.message.replace(mine.name, "@")) for p in check_conversation(copy.deepcopy(body), mine)]
    assert said == [(p.kind, p.index, p.message.replace(parent.name, "@"))
                    for p in check_conversation(copy.deepcopy(body), parent)] != []


def test_a_codec_made_from_scratch_decodes_under_the_dialects_own_name() -> None:
    p = toolwire.get_dialect("anthropic.messages")
    assert p.history is not None and p.history.decodes_as == p.name == own_name(p)
    mine = replace(p, name="acme.c", history=replace(p.history, decode=_wrap(p.history.decode), decodes_as=""))
    assert own_name(mine) == "acme.c" and own_name(_own_codec(p.name)) == p.name
    # equal to the built-in's but for the field (as pickled before it): the built-in's
    assert own_name(replace(mine, history=replace(p.history, decodes_as=""))) == p.name


def test_a_derived_dialect_keeps_the_parents_notes_in_a_registry_without_the_parent() -> None:
    # revAnth4 R1: a blank text block with a cache_control inside a tool_result
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f",
                                                            "input": {}}]},
                         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                             {"type": "text", "text": "r"},
                             {"type": "text", "text": " ", "cache_control": {"type": "ephemeral"}}]},
                             {"type": "text", "text": ""}]}]}
    parent = toolwire.get_dialect("anthropic.messages")
    derived = replace(parent, name="acme.x", aliases=())

    def notes(d: Any) -> Any:
        report: List[Problem] = []
        encode_conversation(decode_conversation(copy.deepcopy(body), d), d, report=report, registry=Registry([d]))
        return [(p.kind, p.message.replace(d.name, "@")) for p in report]

    said = notes(derived)
    assert said == notes(parent)
    assert ("dropped", "The cache_control on a blank text block of the result for toolu_1 of message 2 is not "
                       "sent to @") in said


def _as_older_build(d: Any) -> Any:
    """*d* loaded from a pickle of a build before ``decodes_as``: its codec without it."""
    state = {k: v for k, v in vars(d.history).items() if k != "decodes_as"}
    h = HistoryCodec.__new__(HistoryCodec)
    h.__setstate__(state)
    return replace(d, history=h)


@pytest.mark.parametrize("name", sorted(BODIES))
def test_a_derived_dialect_of_an_older_pickle_writes_as_its_parent(name: str) -> None:
    older = _as_older_build(pickle.loads(pickle.dumps(replace(toolwire.get_dialect(name), name="acme.x",
                                                                aliases=()))))
    assert older.history.decodes_as == "" and own_name(older) == name
    assert _appended(BODIES[name], older) == _appended(BODIES[name], toolwire.get_dialect(name))


def test_an_older_pickles_codec_is_hashed_once_not_per_call(monkeypatch: Any) -> None:
    older = _as_older_build(pickle.loads(pickle.dumps(replace(toolwire.get_dialect("bedrock.converse"),
                                                                name="acme.x", aliases=()))))
    own_name(toolwire.get_dialect("openai.chat"))  # (the built-ins' codecs found)
    hashed = [0]
    real = HistoryCodec.__hash__

    def counted(self: Any) -> int:
        hashed[0] += 1
        return real(self)

    monkeypatch.setattr(HistoryCodec, "__hash__", counted)
    for n in (10, 40):
        hashed[0] = 0
        assert all(own_name(older) == "bedrock.converse" for _ in range(n))
        assert hashed[0] <= 1


# https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ReasoningContentBlock.html (redactedContent)
FRESH = {"messages": [{"role": "user", "content": [{"text": "q"}]},
                      {"role": "assistant", "content": [{"reasoningContent": {"redactedContent": "RU5D"}},
                                                        {"text": "a"}, {"cachePoint": {"type": "default"}},
                                                        {"text": " "}]},  # (blank: written fresh)
                      {"role": "user", "content": [{"text": "n"}]}]}


@pytest.mark.parametrize("how", ["derived", "pickled", "own codec", "older pickle"])
def test_redacted_reasoning_and_a_cache_point_written_fresh_stay_as_the_parents(how: str) -> None:
    # revAnth4 (older): Writer.reasoning compared the part's dialect with the target's
    # name, Writer._own the codecs by identity: a derived dialect dropped redactedContent,
    # a pickled one the cachePoint too, of a message written fresh (both since fix45-derived)
    parent = toolwire.get_dialect("bedrock.converse")
    d = replace(parent, name="acme.x", aliases=())
    d = {"derived": d, "pickled": pickle.loads(pickle.dumps(d)), "own codec": _own_codec(parent.name),
         "older pickle": _as_older_build(pickle.loads(pickle.dumps(d)))}[how]
    out, notes = _appended(FRESH, d)
    assert out["messages"][1]["content"] == [{"reasoningContent": {"redactedContent": "RU5D"}}, {"text": "a"},
                                             {"cachePoint": {"type": "default"}}]
    assert (out, notes) == _appended(FRESH, parent)


@pytest.mark.parametrize("name", ["bedrock.converse", "openai.responses"])
def test_a_history_decoded_by_a_derived_dialect_is_written_back_whole_to_its_parent(name: str) -> None:
    # der.py (revAnth4's generator): decoded by acme.x and written to its parent or to another
    # dialect derived from it, a body went fresh (its empty "system" / "instructions" left out)
    body = {"system": [], "messages": [{"role": "user", "content": [{"text": "What is the largest city?"}]}]}
    if name == "openai.responses":
        body = {"instructions": "", "input": [{"role": "user", "content": "What is the largest city?"}]}
    parent = toolwire.get_dialect(name)
    derived = replace(parent, name="acme.x", aliases=())
    for source in (parent, derived, _own_codec(name)):
        conv = decode_conversation(copy.deepcopy(body), source)
        for target in (parent, derived, replace(parent, name="acme.y", aliases=())):
            report: List[Problem] = []
            assert encode_conversation(conv, target, report=report) == body and report == [], (source.name, target.name)
