"""Values that are contracts, pinned as literals (never computed by toolwire itself).

Mapped and synthesized ids are wire output: whoever stored a history with them needs
the same ids after an upgrade, so a change of the id hash, its key, its seed, a prefix or
a length must fail here (and be listed under **Changed** in CHANGELOG.md). Error
classes, messages and ``$.path``s of the main errors are what callers match on.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Optional

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire._ids import IdMap, IdRule
from toolwire._types import new_call

CALL_ARGS = {"city": "Paris"}
SOURCE_IDS = {
    "spaced": "call 1/é",  # not in Anthropic's, Bedrock's or Mistral's alphabet
    "long": "x" * 70,  # longer than OpenAI's 40 and the Responses/Bedrock 64
    "anthropic": "toolu_01A09q90qw90lq917835lq9",  # valid everywhere but Mistral
}

# target dialect -> source id (or None: no id, at position 0 / 2) -> the id on the wire
IDS: Dict[str, Dict[str, Optional[str]]] = {
    "anthropic.messages": {
        "spaced": "toolu_iI9uh826kCWCS9P8eSqFzMmg",
        "long": "x" * 70,
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "toolu_GTqtJMlLD7XphMdbf48EeLXE",
        "none@2": "toolu_5uQpf7XyspH1hoFZpQmOcZXm",
    },
    "bedrock.converse": {
        "spaced": "tooluse_iI9uh826kCWCS9P8eSqFzM",
        "long": "tooluse_qz5Mr2rNOb4vwofgsP3Une",
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "tooluse_GTqtJMlLD7XphMdbf48EeL",
        "none@2": "tooluse_5uQpf7XyspH1hoFZpQmOcZ",
    },
    "openai.chat": {
        "spaced": "call 1/é",
        "long": "call_qz5Mr2rNOb4vwofgsP3Unejg",
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "call_GTqtJMlLD7XphMdbf48EeLXE",
        "none@2": "call_5uQpf7XyspH1hoFZpQmOcZXm",
    },
    "openai.responses": {
        "spaced": "call 1/é",
        "long": "call_qz5Mr2rNOb4vwofgsP3Unejg",
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "call_GTqtJMlLD7XphMdbf48EeLXE",
        "none@2": "call_5uQpf7XyspH1hoFZpQmOcZXm",
    },
    "mistral": {
        "spaced": "iI9uh826k",
        "long": "qz5Mr2rNO",
        "anthropic": "edQ39A2m3",
        "none": "GTqtJMlLD",
        "none@2": "5uQpf7Xys",
    },
    "cohere.v2": {
        "spaced": "call 1/é",
        "long": "x" * 70,
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "call_GTqtJMlLD7XphMdbf48EeLXE",
        "none@2": "call_5uQpf7XyspH1hoFZpQmOcZXm",
    },
    "mcp": {
        "spaced": "call 1/é",
        "long": "x" * 70,
        "anthropic": "toolu_01A09q90qw90lq917835lq9",
        "none": "call_GTqtJMlLD7XphMdbf48EeLXE",
        "none@2": "call_5uQpf7XyspH1hoFZpQmOcZXm",
    },
    # an id is optional in these: none is made up, any is passed through
    "gemini": {"spaced": "call 1/é", "long": "x" * 70, "anthropic": "toolu_01A09q90qw90lq917835lq9", "none": None, "none@2": None},
    "ollama": {"spaced": "call 1/é", "long": "x" * 70, "anthropic": "toolu_01A09q90qw90lq917835lq9", "none": None, "none@2": None},
    "canonical": {"spaced": "call 1/é", "long": "x" * 70, "anthropic": "toolu_01A09q90qw90lq917835lq9", "none": None, "none@2": None},
}


def test_every_call_dialect_has_pinned_ids() -> None:
    assert sorted(IDS) == sorted(n for n in toolwire.dialect_names() if not n.startswith("text."))


@pytest.mark.parametrize("dialect", sorted(IDS))
def test_mapped_and_synthesized_ids_are_pinned(dialect: str) -> None:
    for key, want in IDS[dialect].items():
        source = SOURCE_IDS.get(key)
        position = 2 if key == "none@2" else 0
        wire = toolwire.encode(ToolCall("get_weather", CALL_ARGS, source), dialect, position=position)
        assert toolwire.decode(wire, dialect).id == want, (dialect, key)


def test_the_id_on_the_wire_sits_where_the_provider_documents_it() -> None:
    call = ToolCall("get_weather", CALL_ARGS, "call 1/é")
    assert toolwire.encode(call, "anthropic.messages")["id"] == "toolu_iI9uh826kCWCS9P8eSqFzMmg"
    assert toolwire.encode(call, "bedrock.converse")["toolUse"]["toolUseId"] == "tooluse_iI9uh826kCWCS9P8eSqFzM"
    assert toolwire.encode(call, "mistral")["id"] == "iI9uh826k"
    assert toolwire.encode(call, "openai.chat")["id"] == "call 1/é"


def test_a_synthesized_id_depends_on_name_args_and_position() -> None:
    def made(name: str, args: Dict[str, Any], position: int = 0) -> str:
        return str(toolwire.encode(ToolCall(name, args), "anthropic.messages", position=position)["id"])

    assert made("get_weather", {"city": "Paris"}) == "toolu_GTqtJMlLD7XphMdbf48EeLXE"
    # key order does not matter (the seed is sorted), the values do
    assert made("get_weather", {"units": "c", "city": "Paris"}) == made("get_weather", {"city": "Paris", "units": "c"})
    assert made("get_weather", {"city": "Lyon"}) != "toolu_GTqtJMlLD7XphMdbf48EeLXE"
    assert made("get_time", {"city": "Paris"}) != "toolu_GTqtJMlLD7XphMdbf48EeLXE"


@pytest.mark.parametrize(
    ("dialect", "want"),
    [
        ("anthropic.messages", "toolu_iI9uh826kCWCS9P8eSqFzMmg"),
        ("bedrock.converse", "tooluse_iI9uh826kCWCS9P8eSqFzM"),
        ("mistral", "iI9uh826k"),
    ],
)
def test_a_result_id_maps_as_its_call_id_did(dialect: str, want: str) -> None:
    result = ToolResult(id="call 1/é", name="get_weather", content="18 C")
    assert toolwire.decode_result(toolwire.encode_result(result, dialect), dialect).id == want


def test_id_map_keeps_a_conversation_paired_and_refuses_collisions() -> None:
    ids = IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    assert ids.map("call 1/é") == "iI9uh826k"
    assert ids.map("call 1/é") == "iI9uh826k"
    assert ids.map("abcdefghi") == "abcdefghi"  # valid for Mistral: passed through
    assert ids.mapping == {"call 1/é": "iI9uh826k", "abcdefghi": "abcdefghi"}
    assert ids.reverse() == {"iI9uh826k": "call 1/é", "abcdefghi": "abcdefghi"}
    assert (ids.original("iI9uh826k"), ids.original("abcdefghi"), ids.original("unmapped1")) == (
        "call 1/é", "abcdefghi", "unmapped1")  # as NameMap.original
    tiny = IdMap(IdRule(pattern=re.compile("[ab]"), prefix="", length=1, alphabet="ab"), dialect="tiny")
    assert tiny.map("a") == "a"
    with pytest.raises(toolwire.EncodeError) as exc:
        for source in ("x", "y", "z"):  # three ids, two places left: one pair collides
            tiny.map(source)
    assert re.fullmatch(r"Ids '[axyz]' and '[xyz]' both become '[ab]' in tiny", exc.value.message)
    assert exc.value.dialect == "tiny"


def test_id_rules_are_the_documented_ones() -> None:
    rules = {n: toolwire.get_dialect(n).ids for n in IDS}

    def spec(r: IdRule) -> Any:
        return (r.pattern.pattern if r.pattern else None, r.max_len, r.required, r.prefix, r.length)

    assert {n: spec(r) for n, r in rules.items()} == {
        "anthropic.messages": ("[a-zA-Z0-9_-]+", None, True, "toolu_", 24),
        "bedrock.converse": ("[a-zA-Z0-9_.:-]+", 64, True, "tooluse_", 22),
        "gemini": (None, None, False, "call_", 24),
        "openai.responses": (None, 64, True, "call_", 24),
        "mistral": ("[a-zA-Z0-9]{9}", None, True, "", 9),
        "cohere.v2": (None, None, True, "call_", 24),
        "ollama": (None, None, False, "call_", 8),
        "openai.chat": (None, 40, True, "call_", 24),
        "mcp": (None, None, True, "call_", 24),
        "canonical": (None, None, False, "call_", 24),
    }


# --- the main errors: class, $.path, dialect and (where stable) the exact message --------


def _chat(arguments: Any, name: Any = "f") -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}


def _raises(fn: Callable[[], Any], cls: type) -> toolwire.ToolwireError:
    with pytest.raises(toolwire.ToolwireError) as exc:
        fn()
    assert type(exc.value) is cls
    return exc.value


def test_bad_argument_json_is_an_arguments_error_at_the_arguments() -> None:
    err = _raises(lambda: toolwire.decode(_chat("[1, 2]")), toolwire.ArgumentsError)
    assert err.message == "Arguments at $.function.arguments are JSON but not an object: list [1, 2]"
    assert (err.loc, err.dialect) == ("$.function.arguments", "openai.chat")
    err = _raises(lambda: toolwire.decode(_chat("not json at all")), toolwire.ArgumentsError)
    assert err.message.startswith("Arguments at $.function.arguments are not valid JSON (")
    assert err.message.endswith("; not repaired: expected a value at character 0: 'not json at all'")
    err = _raises(lambda: toolwire.decode(_chat('{"a": 1')), toolwire.ArgumentsError)
    assert err.message == (
        "Arguments at $.function.arguments are cut off (the JSON ends inside a value): '{\"a\": 1'; "
        "pass allow_truncated=True to accept the complete prefix"
    )
    assert isinstance(err, toolwire.ArgumentsError) and err.truncated and err.raw == '{"a": 1'


def test_an_error_in_a_list_points_at_the_item() -> None:
    message = {"role": "assistant", "tool_calls": [_chat("{}"), _chat('{"a": tru', "g")]}
    err = _raises(lambda: toolwire.decode_all(message), toolwire.ArgumentsError)
    assert (err.loc, err.dialect) == ("$.tool_calls[1].function.arguments", "openai.chat")


def test_arguments_given_as_data_are_checked_at_their_place() -> None:
    err = _raises(lambda: toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": [1]}), toolwire.ArgumentsError)
    assert err.message == "Arguments at $.input must be a JSON object or its text, got list [1]"
    assert (err.loc, err.dialect) == ("$.input", "anthropic.messages")
    err = _raises(lambda: toolwire.decode({"toolUse": {"toolUseId": "t", "name": "f", "input": {"a": {1}}}}), toolwire.ArgumentsError)
    assert err.message == "Arguments at $.toolUse.input hold a set value, which is not JSON: {1}"
    assert (err.loc, err.dialect) == ("$.toolUse.input", "bedrock.converse")
    err = _raises(lambda: toolwire.decode({"functionCall": {"name": "f", "args": "x"}}), toolwire.ArgumentsError)
    assert (err.loc, err.dialect) == ("$.functionCall.args", "gemini")


def test_names_are_checked_at_their_place() -> None:
    err = _raises(lambda: toolwire.decode(_chat("{}", "")), toolwire.DecodeError)
    assert err.message == "Tool name at $.function.name must be a non-empty string, got ''"
    assert (err.loc, err.dialect) == ("$.function.name", "openai.chat")
    err = _raises(lambda: toolwire.decode({"id": "c", "type": "function", "function": {"arguments": "{}"}}), toolwire.DecodeError)
    assert err.message == "Tool name at $.function.name is missing"
    assert err.loc == "$.function.name"


def test_a_payload_of_another_dialect_names_what_it_looks_like() -> None:
    item = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    err = _raises(lambda: toolwire.decode(item, "openai.chat"), toolwire.DecodeError)
    assert err.message.startswith("Input at $ is not an openai.chat payload: it looks like anthropic.messages")
    assert (err.loc, err.dialect) == ("$", "openai.chat")
    err = _raises(lambda: toolwire.decode({"foo": 1}), toolwire.DecodeError)
    assert err.message == "Input at $ matches no known dialect: {'foo': 1}"
    assert (err.loc, err.dialect) == ("$", None)


def test_unknown_dialects_and_refused_names() -> None:
    err = _raises(lambda: toolwire.decode({"x": 1}, "nope"), toolwire.UnknownDialectError)
    assert err.message.startswith("Unknown dialect 'nope'; known dialects: anthropic.messages, bedrock.converse, ")
    assert isinstance(err, LookupError)
    err = _raises(lambda: toolwire.encode(ToolCall("bad name!", {}, "a"), "openai.chat"), toolwire.EncodeError)
    assert err.message == "Tool name 'bad name!' is not allowed in openai.chat (must match [a-zA-Z0-9_-]{1,64})"
    assert err.dialect == "openai.chat"
    err = _raises(lambda: toolwire.encode(ToolCall("bad name!", {}, "a"), "gemini"), toolwire.EncodeError)
    assert err.message == "Tool name 'bad name!' is not allowed in gemini (must match [a-zA-Z_][a-zA-Z0-9_.:-]{0,63})"


def test_the_constructors_refuse_at_a_path() -> None:
    err = _raises(lambda: ToolCall("f", {"a": {1}}), toolwire.DecodeError)
    assert err.message == "ToolCall args at $.args.a holds {1} (set), which is not JSON"
    assert err.loc == "$.args.a"
    err = _raises(lambda: ToolCall("f", {"a": [0, float("inf")]}), toolwire.DecodeError)
    assert err.message == "ToolCall args at $.args.a[1] holds inf, which JSON cannot carry"
    assert err.loc == "$.args.a[1]"


def test_id_rules_describe_themselves() -> None:
    assert toolwire.get_dialect("mistral").ids.describe() == "matching [a-zA-Z0-9]{9}"
    assert toolwire.get_dialect("openai.chat").ids.describe() == "at most 40 characters"
    assert toolwire.get_dialect("bedrock.converse").ids.describe() == "matching [a-zA-Z0-9_.:-]+ and at most 64 characters"
    assert toolwire.get_dialect("gemini").ids.describe() == "any non-empty string"


def test_id_rules_refuse_the_empty_id_and_count_characters() -> None:
    chat = toolwire.get_dialect("openai.chat").ids
    assert not chat.valid("")
    assert chat.valid("x" * 40) and not chat.valid("x" * 41)
    mistral = toolwire.get_dialect("mistral").ids
    assert mistral.valid("abcDEF123") and not mistral.valid("abcDEF12") and not mistral.valid("abcDEF1234")
    assert not mistral.valid("abcDEF12_")


def test_a_collision_without_a_dialect_names_the_target() -> None:
    tiny = IdMap(IdRule(pattern=re.compile("[a]"), prefix="", length=1, alphabet="a"))
    assert tiny.map("x") == "a"
    with pytest.raises(toolwire.EncodeError) as exc:
        tiny.map("y")
    assert exc.value.message == "Ids 'x' and 'y' both become 'a' in the target"
    assert exc.value.dialect is None


# --- behaviours that are contracts: each pinned by literal payloads ---------------------

ANTHROPIC_TURN = {
    "role": "assistant",
    "content": [
        {"type": "text", "text": "Searching."},
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "q"}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []},
        {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    ],
}
RESPONSES_OUTPUT = {
    "id": "resp_1",
    "object": "response",
    "output": [
        {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q"}},
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": '{"city":"Paris"}', "status": "completed"},
    ],
}


def test_decode_all_returns_only_the_calls_the_client_runs_anthropic() -> None:
    assert toolwire.decode_all(ANTHROPIC_TURN) == [ToolCall("get_weather", {"city": "Paris"}, "toolu_01")]
    assert toolwire.decode_all(ANTHROPIC_TURN, "anthropic.messages") == [ToolCall("get_weather", {"city": "Paris"}, "toolu_01")]


def test_decode_all_returns_only_the_calls_the_client_runs_responses() -> None:
    assert toolwire.decode_all(RESPONSES_OUTPUT) == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert toolwire.decode_all(RESPONSES_OUTPUT["output"], "openai.responses") == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]


def test_server_calls_come_only_when_asked_for() -> None:
    got = toolwire.decode_all(ANTHROPIC_TURN, include_server=True)
    assert [(c.name, c.id, c.server) for c in got] == [("web_search", "srvtoolu_01", True), ("get_weather", "toolu_01", False)]
    got = toolwire.decode_all(RESPONSES_OUTPUT, include_server=True)
    assert [(c.name, c.id, c.server) for c in got] == [("web_search", "ws_1", True), ("get_weather", "call_1", False)]


def test_unwrapping_double_encoded_arguments_is_recorded() -> None:
    item = {"id": "c", "type": "function", "function": {"name": "f", "arguments": '"{\\"a\\": 1}"'}}
    call = toolwire.decode(item)
    assert (call.args, call.repairs) == ({"a": 1}, ("double-encoded",))
    (listed,) = toolwire.decode_all({"role": "assistant", "tool_calls": [item]})
    assert listed.repairs == ("double-encoded",)
    assert toolwire.decode(_chat('{"a": 1}')).repairs == ()


def test_an_error_result_says_so_in_anthropic() -> None:
    result = ToolResult(id="toolu_01", content="Station not found.", is_error=True)
    assert toolwire.encode_result(result, "anthropic.messages") == {
        "type": "tool_result",
        "tool_use_id": "toolu_01",
        "content": "Station not found.",
        "is_error": True,
    }
    mcp = {"jsonrpc": "2.0", "id": "4", "result": {"content": [{"type": "text", "text": "Failed: rate limit"}], "isError": True}}
    assert toolwire.convert(mcp, to="anthropic.messages") == {
        "type": "tool_result",
        "tool_use_id": "4",
        "content": [{"type": "text", "text": "Failed: rate limit"}],
        "is_error": True,
    }


def test_text_beside_cohere_calls_is_the_tool_plan() -> None:
    call = ToolCall("get_weather", {"city": "Toronto"}, "get_weather_1byjy32y4hvq")
    assert toolwire.encode_message([call], "cohere.v2", content="I will look it up.") == {
        "role": "assistant",
        "tool_calls": [{"id": "get_weather_1byjy32y4hvq", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Toronto"}'}}],
        "tool_plan": "I will look it up.",
    }
    assert toolwire.encode_message([call], "cohere.v2", content="")["tool_calls"][0]["id"] == "get_weather_1byjy32y4hvq"
    assert "tool_plan" not in toolwire.encode_message([call], "cohere.v2")


def test_gemini_calls_with_ids_keep_their_thought_signatures() -> None:
    """https://ai.google.dev/gemini-api/docs/thought-signatures: sent back as received."""
    sig = {"gemini": {"part": {"thoughtSignature": "CiQBcsjafD0X"}}}
    first = ToolCall("check_flight", {"flight": "AA100"}, "8f2b1a7c", provider_data=sig)
    second = ToolCall("book_taxi", {"time": "10 AM"}, "9a3c2b8d")
    assert toolwire.encode(first, "gemini") == {
        "functionCall": {"name": "check_flight", "args": {"flight": "AA100"}, "id": "8f2b1a7c"},
        "thoughtSignature": "CiQBcsjafD0X",
    }
    assert toolwire.encode_message([first, second], "gemini") == {
        "role": "model",
        "parts": [
            {"functionCall": {"name": "check_flight", "args": {"flight": "AA100"}, "id": "8f2b1a7c"}, "thoughtSignature": "CiQBcsjafD0X"},
            {"functionCall": {"name": "book_taxi", "args": {"time": "10 AM"}, "id": "9a3c2b8d"}},
        ],
    }


def test_ids_made_from_text_beyond_ascii() -> None:
    made = toolwire.encode(ToolCall("get_weather", {"city": "Zürich"}), "anthropic.messages")["id"]
    assert made == "toolu_KLGGeplzCThuaP4vm3VbZqnA"  # the seed keeps "ü", not "\\u00fc"
    # the constructor refuses such an id; a third-party decoder may still build one unchecked
    from toolwire._types import new_call

    lone = toolwire.encode(new_call("f", {}, "call\ud800x"), "anthropic.messages")["id"]
    assert lone == "toolu_2czQcXsKDyB2FIihIhTOCaus"  # a lone surrogate maps, never raises


def test_an_id_cannot_be_made_from_arguments_that_cannot_be_written() -> None:
    from toolwire._types import new_call

    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode(new_call("g" * 64, {"a": 10**5000}, None), "anthropic.messages")
    # refused before an id is made from them: JSON parsers read no integer of more than 4300 digits
    assert exc.value.loc == "$.args.a"
    assert exc.value.message.endswith(
        "as anthropic.messages: ToolCall args at $.args.a holds an integer of more than 4300 digits, longer than "
        "JSON parsers read")


def test_encode_errors_say_why_and_where() -> None:
    bad = {"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function",
                                                "function": {"name": "f", "arguments": "{'a': 1,,}"}}]}
    [invalid] = toolwire.decode_all(bad, invalid="keep", repair=False)
    cases = [
        (lambda: toolwire.encode(invalid, "anthropic.messages"), "anthropic.messages", "$",
         "anthropic.messages carries arguments as an object: the invalid call 'f' cannot be written with its "
         "argument text \"{'a': 1,,}\"; answer it in a dialect that carries argument text, or leave it out of "
         "the history"),
        (lambda: toolwire.encode(toolwire.InvalidToolCall(name=None, raw="x", error="bad"), "openai.chat"),
         "openai.chat", "$", "An invalid call without a name cannot be written as openai.chat (bad)"),
        (lambda: toolwire.encode(toolwire.InvalidToolCall(name="f", raw=None, error="bad"), "openai.chat"),
         "openai.chat", "$", "The invalid call 'f' has no argument text to write back as openai.chat (bad)"),
        (lambda: toolwire.encode(new_call("f", {"a": {1}}, "call_1"), "gemini"), "gemini", "$.args.a",
         "Cannot encode ToolCall(name='f', args={'a': {1}}, id='call_1') as gemini: ToolCall args at $.args.a "
         "holds {1} (set), which is not JSON"),
    ]
    for run, dialect, loc, message in cases:
        err = _raises(run, toolwire.EncodeError)
        assert (err.message, err.loc, err.dialect) == (message, loc, dialect)
    assert toolwire.encode(invalid, "openai.chat")["function"] == {"name": "f", "arguments": "{'a': 1,,}"}
    with pytest.raises(ValueError, match="^invalid must be 'raise' or 'keep'$"):
        toolwire.decode_all([], invalid="drop")  # type: ignore[arg-type]


def test_messages_put_the_right_article_before_a_name() -> None:
    from toolwire._errors import an

    assert [an(w) for w in ("openai.chat", "anthropic.messages", "ollama", "mcp", "gemini", "'image'", "'user'",
                            "'text'", "int")] == [
        "an openai.chat", "an anthropic.messages", "an ollama", "an mcp", "a gemini", "an 'image'", "a 'user'",
        "a 'text'", "an int"]
    assert an("openai.chat", True) == "An openai.chat"
    err = _raises(lambda: toolwire.decode(ANTHROPIC_TURN, "openai.chat"), toolwire.DecodeError)
    assert err.message.startswith("Input at $ is not an openai.chat payload: it looks like anthropic.messages")


@pytest.mark.parametrize(
    ("item", "loc"),
    [
        ({"id": 7, "type": "function", "function": {"name": "f", "arguments": "{}"}}, "$.id"),
        ({"type": "tool_use", "id": 7, "name": "f", "input": {}}, "$.id"),
        ({"functionCall": {"name": "f", "args": {}, "id": 7}}, "$.functionCall.id"),
        ({"toolUse": {"toolUseId": 7, "name": "f", "input": {}}}, "$.toolUse.toolUseId"),
        ({"type": "function_call", "call_id": 7, "name": "f", "arguments": "{}"}, "$.call_id"),
        ({"name": "f", "args": {}, "id": 7}, "$.id"),
    ],
)
def test_an_integer_id_is_refused_where_ids_are_text(item: Dict[str, Any], loc: str) -> None:
    """Read as text it would be written back as a string: a silent change of the wire."""
    with pytest.raises(toolwire.DecodeError, match=re.escape(f"Id at {loc} must be a string, got 7")) as info:
        toolwire.decode(item)
    assert info.value.loc == loc


def test_an_integer_json_rpc_id_is_kept_as_an_integer() -> None:
    item = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "f", "arguments": {}}}
    call = toolwire.decode(item)
    assert call.id == "7"
    assert toolwire.encode(call, "mcp") == item


@pytest.mark.parametrize(
    ("dialect", "item"),
    [
        ("mistral", {"id": "call_abc123", "type": "function", "function": {"name": "f", "arguments": "{}"}}),
        ("openai.chat", {"id": "call_" + "x" * 40, "type": "function", "function": {"name": "f", "arguments": "{}"}}),
    ],
)
def test_a_call_written_back_with_its_native_id_keeps_its_result_paired(dialect: str, item: Dict[str, Any]) -> None:
    """An id the dialect's own wire produced against its rule (a gateway's) is written back
    as it came; its result, written with the same ``IdMap``, must carry that id too (it was
    mapped to another, pairing the result with no call)."""
    call = toolwire.decode(item, dialect)
    ids = IdMap(toolwire.get_dialect(dialect).ids, dialect=dialect)
    assert toolwire.encode(call, dialect, ids=ids)["id"] == item["id"]
    result = toolwire.encode_result(ToolResult(id=call.id, name="f", content="ok"), dialect, ids=ids)
    assert result["tool_call_id"] == item["id"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"pattern": re.compile(r"[a-zA-Z0-9]{9}"), "required": True},  # Mistral's pattern, the default prefix
     "IdRule makes ids it refuses: 'call_000000000000000000000000' is not matching [a-zA-Z0-9]{9}"),
    ({"max_len": 9}, "IdRule makes ids it refuses: 'call_000000000000000000000000' is not at most 9 characters"),
    ({"length": 0, "prefix": ""}, "IdRule makes ids it refuses: '' is not any non-empty string"),
    ({"alphabet": ""}, "IdRule needs an alphabet to make ids of a length of 0 or more, got '' and 24"),
    ({"pattern": re.compile("[a-z]+"), "prefix": "", "length": 5, "alphabet": "abc-"},
     "IdRule makes ids it refuses: '-----' is not matching [a-z]+"),
])
def test_an_id_rule_that_makes_ids_it_refuses_is_refused(fields: Dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as exc:
        IdRule(**fields)
    assert str(exc.value) == message


def test_an_id_rule_with_fields_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^IdRule pattern must be a compiled pattern \(re.compile\) or None, got '\[a-z\]'$"):
        IdRule(pattern="[a-z]")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^IdRule length must be an int, got '9'$"):
        IdRule(length="9")  # type: ignore[arg-type]
