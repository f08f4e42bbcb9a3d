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

from toolwire.text._api import decode_text
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


# -- a value that cannot be JSON is prose from its bracket on (hunt 37, second review) ---
# JSON (RFC 8259 §2, §4, §7): after a string, in an object, only ":" (a key), "," or "}"
# may follow, whitespace aside; a key is a string; a list's elements are values. A "{" in
# prose whose text breaks that is no value: the call after it is whole (it was cut off,
# the prose moved into its raw).
STOCK = C("check_stock", {"sku": "A1"})
STOCK_CALL = '{"name": "check_stock", "parameters": {"sku": "A1"}}'
F_CALL, F = '{"name":"f","parameters":{}}', C("f")


def test_a_bracket_in_prose_that_cannot_be_json_is_prose_and_the_call_after_it_stands() -> None:
    for before in ('The spec is {"size": "5" screen"}. Let me check stock:',
                   'Fill in {"city": "..." later. Now:',
                   'It returns {"items": [ ... ] and so on. Let me call it:',
                   'Options [{ x } and then',
                   'Use {' + ' ' * 64 + 'x and then',
                   'Use {' + ' ' * 70 + 'x and then'):
        check(before + " " + STOCK_CALL, P, before, None, [STOCK], finish_reason="stop")  # type: ignore[arg-type]
    check('Use {' + ' ' * 64 + 'x and then ' + F_CALL, P, 'Use {' + ' ' * 64 + 'x and then', None, [F])  # type: ignore[arg-type]


def test_a_value_that_cannot_be_json_opens_a_call_at_the_bracket_that_broke_it() -> None:
    # '{"a" {' breaks at the second "{" (a key needs ":"), which then opens a value of its own
    check('See {"a" ' + F_CALL, P, 'See {"a"', None, [F])  # type: ignore[arg-type]


def test_content_streams_again_after_a_value_that_cannot_be_json() -> None:
    from toolwire.text._api import TextParser
    from toolwire.text._events import ContentDelta

    text = 'Sizes use {"size": "5" screen"} style. ' + "More prose here. " * 20
    p = TextParser(JSON_AFTER_PROSE)
    out = ""
    for ch in text:
        out += "".join(e.text for e in p.feed(ch) if isinstance(e, ContentDelta))
    assert out.startswith('Sizes use {"size": "5" screen"} style. More prose here.')  # before the end
    assert len(out) > len(text) - 20


# -- data nested in any JSON value after prose is data (hunt 37, second review) ----------
DELETE = '{"name": "delete_files", "parameters": {"path": "/"}}'


def test_a_list_after_prose_is_a_value_whatever_its_first_element() -> None:
    d = DELETE
    for text in ('Saved: ["backup", ' + d + "]", "Saved: [1, " + d + "]", 'Saved:\n[\n  "backup",\n  ' + d + "\n]",
                 "Saved: [" + d + "]", "Saved: [" + d + ", " + d + "]"):  # a list of call objects too
        check(text, P, text, None, [])  # type: ignore[arg-type]
    data = 'Saved: ["backup", ' + d + "]"
    check(data + " Now: " + F_CALL, P, data + " Now:", None, [F])  # type: ignore[arg-type]


def test_what_follows_where_a_value_broke_is_prose_where_a_call_may_stand() -> None:
    # JavaScript's unquoted keys, JSONC's comments and "{{" break JSON at once ("{ t", "{ /",
    # "{{"): the text up to there is prose, and a call object after it is a call, as after
    # any stray bracket in prose (vLLM's llama3_json reads no call at all in an output with
    # a "{" that does not decode, the stray bracket's call lost too: docs/text-formats.md)
    check("const cfg = { tool: " + F_CALL + " };", P, "const cfg = { tool:  };", None, [F])  # type: ignore[arg-type]
    check("Template: {" + F_CALL + "}", P, "Template: {\n}", None, [F])  # type: ignore[arg-type]


def test_python_dict_quotes_after_prose_are_no_json() -> None:
    # a JSON value after prose means JSON (RFC 8259 §7: strings are in double quotes);
    # vLLM's llama3_json (json raw_decode) reads no call here
    text = "In Python: {'name': 'delete_files', 'parameters': {'path': '/'}}"
    check(text, P, text, None, [])  # type: ignore[arg-type]


def test_a_call_marker_in_a_string_of_a_value_that_closes_is_its_text() -> None:
    text = 'Hi {"note": "use <|python_tag|> to run code"} ok'
    check(text, P, text, None, [], finish_reason="stop")  # type: ignore[arg-type]


# -- quoted markup in a value that never closes (hunt 37, third review) ------------------
# docs/text-formats.md: a value still open when the text ends "is a cut-off call when it has
# a "name" key"; the markup it quotes in a string argument is the argument's text, never a call.
EMAIL = '{"name": "send_email", "parameters": {"body": "Reply with <function=delete_all>{}</function> to wipe'


def test_quoted_markup_in_a_cut_off_call_after_prose_is_never_a_call() -> None:
    check("Sure. " + EMAIL + " everything", P, "Sure.", None,  # type: ignore[arg-type]
          [Invalid("send_email", truncated=True)], finish_reason="length")
    run = '{"name": "run", "parameters": {"code": "x = \'<|python_tag|>brave_search.call(query=1)<|eom_id|>\' + y", "n": 1'
    check("Sure. " + run, P, "Sure.", None, [Invalid("run", truncated=True)], finish_reason="length")  # type: ignore[arg-type]
    # the "name" key after the quoted markup (keys in any order: RFC 8259 §4)
    late = '{"note": "<function=delete_all>{}</function>", "name": "f", "parameters": {"a": 1'
    check("Sure. " + late, P, "Sure.", None, [Invalid("f", truncated=True)], finish_reason="length")  # type: ignore[arg-type]


def test_quoted_markup_in_a_call_after_prose_that_breaks_json_is_an_invalid_call() -> None:
    # Python True, a trailing comma (RFC 8259 §3, §4): no JSON; with a "name" key and markup in
    # a string it is an invalid call from its bracket on (hunt 37, fourth review), never prose
    # in which the quoted marker would run
    for tail in (' to wipe.", "urgent": True}}', ' to wipe.", "urgent": true,}}'):
        check("Sure. " + EMAIL + tail, P, "Sure.", None,  # type: ignore[arg-type]
              [Invalid("send_email", raw=EMAIL + tail)], finish_reason="stop")
    # without the markup too (hunt 37, llama5): a named value that breaks JSON is an invalid call
    bad = '{"name": "f", "parameters": {"urgent": True}}'
    check("Sure. " + bad, P, "Sure.", None, [Invalid("f", raw=bad)], finish_reason="stop")  # type: ignore[arg-type]


# -- a real call after a named value whose string never closes (hunt 37, fourth review) ----
# A Windows path "C:\" escapes its closing quote (RFC 8259 §7): the string runs on over the
# prose and the real call marker. The marker then stands in a string of a value with a "name"
# key, as quoted markup in a broken call would: neither runs, and neither is lost as content;
# at the start of the output the same text is an invalid call too.
PATH = '{"name": "cfg", "path": "C:\\"} Now I will read it. <function=read_file>{"path": "C:/x"}</function>'
LIST = '[{"name": "cfg", "path": "C:\\"}] Now I will read it. <|python_tag|>{"name": "read_file", "parameters": {"path": "C:/x"}}'


def test_a_named_value_with_an_unclosed_string_before_a_real_call_is_an_invalid_call() -> None:
    check(PATH, P, None, None, [Invalid("cfg", truncated=True, raw=PATH)], finish_reason="stop")  # type: ignore[arg-type]
    check("Config: " + PATH, P, "Config:", None, [Invalid("cfg", raw=PATH)], finish_reason="stop")  # type: ignore[arg-type]
    check("Files: " + LIST, P, "Files:", None, [Invalid("cfg", raw=LIST)], finish_reason="stop")  # type: ignore[arg-type]
    cut = '[{"name": "f", "b": "] <function=h>{}</function>'
    check("Ok: " + cut, P, "Ok:", None, [Invalid("f", truncated=True, raw=cut)], finish_reason="stop")  # type: ignore[arg-type]


def test_an_invalid_named_value_after_prose_ends_at_a_stop_token() -> None:
    bad = '{"name": "cfg", "path": "C:\\"} x <function=h>{}</function>" x <|eot_id|>'
    check("So " + bad + " more " + LATER, P, "So  more", None,  # type: ignore[arg-type]
          [Invalid("cfg", raw=bad), TIME], finish_reason="stop")


def test_an_unnamed_value_that_breaks_json_stays_prose() -> None:
    text = 'Config: {"file": "cfg", "path": "C:\\"} Now I will read it. {"x": 1} then'
    check(text, P, text, None, [], finish_reason="stop")  # type: ignore[arg-type]
    for bad in ('{"x": True, "code": "rm"}', "{'name': 'f'}", '{"a": 1,, "name": "f"}', '{"a": 01}'):
        check("Sure. " + bad, P, "Sure. " + bad, None, [], finish_reason="stop")  # type: ignore[arg-type]


# -- a named value that breaks JSON anywhere (hunt 37, llama5) ------------------------------
# RFC 8259 allows no Python True, no ",,", no NaN, no single quotes, no leading zero (§3, §4,
# §6, §7). A value with a "name" key that breaks JSON is an invalid call from its bracket to
# the next stop token, wherever it broke: markup its strings quote after the break never runs
# (before: with True ahead of the quoted marker, the rest was prose and <function=rm> ran).
RM = '"code": "<function=rm>{}</function>"}}'
BROKEN = ('{"name": "f", "parameters": {"x": True, ' + RM,
          '{"name": "f", "parameters": {"x": 1,, ' + RM,
          '{"name": "f", "parameters": {"x": NaN, ' + RM,
          '{"name": "f", "parameters": {\'x\': 1, ' + RM,
          '{"name": "f", "parameters": {"x": 01, ' + RM)


def test_a_named_value_that_breaks_json_before_quoted_markup_is_an_invalid_call() -> None:
    for bad in BROKEN:
        check("Sure. " + bad, P, "Sure.", None, [Invalid("f", raw=bad)], finish_reason="stop")  # type: ignore[arg-type]
        # to the next stop token (a call after it is read), or, where what breaks JSON is
        # Python's True / NaN, single quotes or a leading zero (the value then read on
        # loosely: llama_prose), to its last bracket
        raw = bad + "<|eot_id|>" if ",," in bad else bad
        check("Sure. " + bad + "<|eot_id|> then " + LATER, P, "Sure.  then", None,  # type: ignore[arg-type]
              [Invalid("f", raw=raw), TIME], finish_reason="stop")
    # a list with a named value read on loosely to its last bracket is data, as in JSON (below)


def test_a_named_value_that_is_json_stays_a_call() -> None:
    good = '{"name": "f", "parameters": {"x": true, ' + RM
    check("Sure. " + good, P, "Sure.", None, [C("f", {"x": True, "code": "<function=rm>{}</function>"})],  # type: ignore[arg-type]
          finish_reason="stop")


def test_stop_token_text_in_a_string_of_a_call_after_prose_is_its_text() -> None:
    call = '{"name": "f", "parameters": {"text": "The token <|eot_id|> ends a turn"}}'
    check("Hi " + call, P, "Hi", None, [C("f", {"text": "The token <|eot_id|> ends a turn"})],  # type: ignore[arg-type]
          finish_reason="stop")


def test_any_name_key_makes_a_value_with_quoted_markup_an_invalid_call() -> None:
    # a "name" key with a value that is no JSON string, or cut at the key: the markup quoted in
    # the arguments before it never runs (hunt 37, fourth review)
    head = 'Sure. {"parameters": {"body": "Reply <function=delete_all>{}</function> now"}, "name"'
    for tail, fr, cut in ((": 'send_email'}", "stop", False), (": send_email}", "stop", False),
                          (":", "length", True), ("", "length", True)):
        check(head + tail, P, "Sure.", None, [Invalid(None, truncated=cut, raw=head[6:] + tail)],  # type: ignore[arg-type]
              finish_reason=fr)


# -- quoted markup in a value begun as JSON never runs (session 38, last session's leftovers) ----
# A value after prose that breaks JSON (RFC 8259) with Python's True / None, single quotes, a
# trailing comma or a leading zero (§3, §4, §6, §7) is read on as the value it still is: a
# "name" key anywhere in it (also after the break) makes it an invalid call (to its last
# bracket, or to the next stop token where it stops being that value); without one it is
# content as it stands. Markup quoted in its strings is their text.
QUOTED = '"code": "<function=rm>{}</function>"'


def test_a_name_key_after_where_a_value_breaks_json_makes_it_an_invalid_call() -> None:
    for bad in ('{"parameters": {"x": True, ' + QUOTED + '}, "name": "f"}',
                '{"parameters": {"x": None, ' + QUOTED + "}, 'a': 1, \"name\": \"f\"}",
                '{"parameters": {' + QUOTED + ', "x": 01,}, "name": "f"}'):
        check("Sure. " + bad, P, "Sure.", None, [Invalid("f", raw=bad)], finish_reason="stop")  # type: ignore[arg-type]
        check("Sure. " + bad + " then " + LATER, P, "Sure.  then", None,  # type: ignore[arg-type]
              [Invalid("f", raw=bad), TIME], finish_reason="stop")
    cut = '{"parameters": {"x": True, ' + QUOTED + '}, "name": "f", "more": "'
    check("Sure. " + cut, P, "Sure.", None, [Invalid("f", truncated=True, raw=cut)],  # type: ignore[arg-type]
          finish_reason="length")
    # cut at a call marker outside its strings: the marker opens its region, as after any value
    check("Sure. " + cut + '" <function=g>{}</function>', P, "Sure.", None,  # type: ignore[arg-type]
          [Invalid("f", truncated=True, raw=cut + '" '), C("g")], finish_reason="stop")


def test_quoted_markup_in_an_unnamed_value_that_breaks_json_is_its_text() -> None:
    for bad in ('{' + QUOTED + ', "x": True}', '{"x": True, ' + QUOTED + '}', "{'x': 1, " + QUOTED + "}",
                '[' + QUOTED[8:] + ', None]', '{"x": [1, 2,], ' + QUOTED + '}', '{' + QUOTED + ', "x": True, }'):
        check("Sure. " + bad + " Done.", P, "Sure. " + bad + " Done.", None, [], finish_reason="stop")  # type: ignore[arg-type]
        # a real call after it runs
        check("Sure. " + bad + " Now: " + F_CALL, P, "Sure. " + bad + " Now:", None, [F])  # type: ignore[arg-type]


def test_quoted_markup_in_an_unnamed_value_that_breaks_json_later_is_its_text() -> None:
    # where it stops being even that value, the text up to there is prose as it stands
    bad = '{"x": True, ' + QUOTED + ', and more <function=g>{}</function>'
    check("Sure. " + bad, P, "Sure. " + bad[: bad.index("<function=g>")].rstrip(), None,  # type: ignore[arg-type]
          [C("g")], finish_reason="stop")


def test_a_value_breaking_right_after_a_string_quoting_markup_is_an_invalid_call() -> None:
    # JSON breaks at once after the string: it is quoted markup, or a real call after a quote
    # left open ('"code": "' and a call whose own quote closed it): neither runs, signalled
    # as an invalid call to the next stop token (as a named value that breaks JSON)
    for bad in ('{"x": True, ' + QUOTED + ' and more <function=g>{}</function>',
                '{"a": 1, "b": "see <function=g>{"k": 1}</function>',
                '{"a": 1, "b": "see <function=g>{}</function>'):
        check("Sure. " + bad, P, "Sure.", None, [Invalid(None, raw=bad)], finish_reason="stop")  # type: ignore[arg-type]
        if '"k"' in bad or "True" in bad:  # (a stop token in a string that never closes is its text)
            check("Sure. " + bad + "<|eot_id|> then " + LATER, P, "Sure.  then", None,  # type: ignore[arg-type]
                  [Invalid(None, raw=bad + "<|eot_id|>"), TIME], finish_reason="stop")


def test_quoted_markup_in_an_unnamed_value_that_never_closes_is_its_text() -> None:
    # the string quoting the markup closed and JSON went on after it: the model wrote JSON
    for fr in ("stop", "length"):
        for open_ in ('{' + QUOTED + ', "x": 1', '{' + QUOTED + ', "x": True', '[' + QUOTED[8:] + ', 1'):
            check("Sure. " + open_, P, "Sure. " + open_, None, [], finish_reason=fr)  # type: ignore[arg-type]
    # a call marker outside its strings still opens its region
    text = 'Sure. {' + QUOTED + ', "x": <function=g>{}</function>'
    check(text, P, 'Sure. {' + QUOTED + ', "x":', None, [C("g")], finish_reason="stop")  # type: ignore[arg-type]


def test_a_call_object_inside_a_value_that_breaks_json_is_no_call() -> None:
    # data with Python literals around a call-shaped object: data, as the same value in JSON
    # (test_loose_data_with_a_name_key_is_content, below)
    for data in ('{"a": True, "b": {"name": "f", "parameters": {}}}', '[True, {"name": "f", "parameters": {}}]'):
        check("Saved: " + data, P, "Saved: " + data, None, [], finish_reason="stop")  # type: ignore[arg-type]


def test_a_stray_quote_before_a_real_call_still_lets_it_run() -> None:
    # a bracket and a quote in prose whose string a real call's quote closes, JSON breaking at
    # once after it: the marker counts (as test_markup_in_prose_braces_still_counts), escapes too
    text = 'A {"no\\"te <|python_tag|>brave_search.call(query="w")<|eom_id|>'
    check(text, P, 'A {"no\\"te', None, [C("brave_search", {"query": "w"})], finish_reason="stop")  # type: ignore[arg-type]


def test_a_call_after_a_stray_quote_in_a_value_read_loosely_is_not_lost() -> None:
    # a string the call's own quote closes swallowed its "{": signalled, never silent
    text = 'Hi [[[True, "]] ' + LATER
    check(text, P, "Hi", None, [Invalid("get_time", raw=text[3:])], finish_reason="stop")  # type: ignore[arg-type]
    # a string with no bracket in it: the value is prose up to where it stopped, as before
    text = 'Fill in {"city": True, "x": "..." later. Now: ' + LATER
    check(text, P, 'Fill in {"city": True, "x": "..." later. Now:', None, [TIME], finish_reason="stop")  # type: ignore[arg-type]


# -- review of the loose reading (session 38): data stays data, apostrophes stay prose ----------
# Only a top-level object with "name" and "parameters" / "arguments" (or Meta's "type":
# "function") is call-shaped (the Llama 3.1 prompt format's JSON call; vLLM's llama3_json reads
# no other object as a call); data with Python's True beside a "name" key is data, as the same
# value in JSON is.
SAMPLE = 'Example:\n```python\npayload = {"active": True, "name": "test"}\nrequests.post(url, json=payload)\n```\nDone.'


def test_loose_data_with_a_name_key_is_content() -> None:
    for text in (SAMPLE, 'Data: [{"active": True}, {"name": "Bob"}] ok', 'Data: {"name": "Bob", "admin": False} ok',
                 'Saved: {"a": True, "b": {"name": "f", "parameters": {}}}', 'Saved: [True, {"name": "f", "parameters": {}}]',
                 'Sure. [{"name": "f", "parameters": {"x": True, ' + RM + "]",
                 # broken further on (at an apostrophe): no "name" key before True, not call-shaped
                 'Data: {"a": True, "name": "Bob", "bio": \'x\' y} ok'):
        check(text, P, text, None, [], finish_reason="stop")  # type: ignore[arg-type]
        check(text + " Now: " + LATER, P, text + " Now:", None, [TIME], finish_reason="stop")  # type: ignore[arg-type]


def test_a_loose_call_shaped_value_stays_an_invalid_call() -> None:
    for bad in ('{"parameters": {"x": True, ' + QUOTED + '}, "name": "f"}',
                '{"name": "f", "arguments": {"x": None}}',
                '{"type": "function", "name": "f", "x": True}'):
        check("Sure. " + bad + " ok", P, "Sure.  ok", None, [Invalid("f", raw=bad)], finish_reason="stop")  # type: ignore[arg-type]


def test_an_unclosed_single_quote_after_a_bracket_is_an_apostrophe() -> None:
    # a "'" that no later quote closes is prose (RFC 8259 §7 has no single-quoted strings): the
    # text from it on is read as prose again, so a complete call after it runs
    call = '{"name": "f", "parameters": {}}'
    check("Try ['--verbose] flag. " + call, P, "Try ['--verbose] flag.", None, [C("f")],  # type: ignore[arg-type]
          finish_reason="stop")
    check("Dict {'note': 'see " + call + "<|eot_id|>", P, "Dict {'note': 'see", None, [C("f")],  # type: ignore[arg-type]
          finish_reason="stop")
    check("It's [1, 'x] ok. " + call + " ok", P, "It's [1, 'x] ok.  ok", None, [C("f")],  # type: ignore[arg-type]
          finish_reason="stop")
    # nor where the value breaks right after a single-quoted string (no call object's own quote,
    # a double one, closes it): read again from its quote, nothing in it is lost
    text = "Use ['--verbose] or ['-v'] flags."
    check(text + " " + call, P, text, None, [C("f")], finish_reason="stop")  # type: ignore[arg-type]
    # the text read again is read as prose: markup a call after it quotes is its argument's text
    quoting = '{"name": "f", "parameters": {"code": "<|python_tag|>"}}'
    check("Try ['x] ok. " + quoting, P, "Try ['x] ok.", None, [C("f", {"code": "<|python_tag|>"})],  # type: ignore[arg-type]
          finish_reason="stop")


def test_a_marker_after_a_backslash_in_a_string_is_its_text() -> None:
    # RFC 8259 §7: a backslash escapes the character after it; the "<" is the string's
    for text in ('Use {"a": "C:\\<function=evil>{}</function>"} ok', "Use {'a': 'x\\<function=evil>{}</function>'} ok",
                 'Use {"a": "x\\u<function=evil>{}</function>"} ok', 'Use {"a": "x\\u12<|python_tag|>evil()"} ok'):
        check(text, P, text, None, [], finish_reason="stop")  # type: ignore[arg-type]


def test_a_marker_in_an_unclosed_single_quoted_string_never_runs() -> None:
    # review revT2 r1 (session 38): a dict's single-quoted string that quotes call markup and never
    # closes (cut by max_tokens, or the model stopped): the markup is the string's text, as in the
    # double-quoted twin (the last row); the value is an invalid call, never a call that runs
    for text in ("Here: {'cmd': 'shell', 'text': 'Use <function=rm>{}</function> to delete and",
                 "Here: {'a': 1, 'b': 'see <function=rm>{}</function> ok",
                 "Here: {'a': 'x <|python_tag|>{\"name\": \"rm\", \"parameters\": {}}<|eom_id|>",
                 'Here: {"cmd": "shell", "text": "Use <function=rm>{}</function> to delete and'):
        for fr in ("stop", "length", None):
            r = check(text, P, "Here:", None, list(decode_text(text, P, finish_reason=fr).tool_calls),  # type: ignore[arg-type]
                      finish_reason=fr)
            assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"], (text, fr, r)
