"""``text.llama``: Llama 3.1 / 3.2 / 3.3 JSON calls, ``<|python_tag|>``, Llama 4 pythonic.

Wire forms::

    {"name": "get_weather", "parameters": {"city": "Paris"}}             JSON (3.x)
    <|python_tag|>{"name": "f", "parameters": {...}}; {"name": "g", ...}  JSON after the tag
    <|python_tag|>brave_search.call(query="weather")<|eom_id|>            built-in tool
    [get_weather(city='Paris'), get_time()]                                pythonic (3.2+, 4)
    <|python_start|>[get_weather(city='Paris')]<|python_end|>              Llama 4
    <|python_start|>Let me look.<|python_end|>{"name": "f", "parameters": {…}}<|eot|>
                                                   Llama 4 template (prose, then JSON)
    <function=get_weather>{"city": "Paris"}</function>                     user-defined
    <think>…</think>{"name": "f", "parameters": {…}}                      reasoning, then a call

- ``<think>…</think>`` blocks that open the output are reasoning, and a call may open
  what follows them, as llama.cpp's Llama 3.x parser reads it (``llama_start``).
- A JSON object or a pythonic list is a call only at the start of the output (after
  whitespace); one that is not a call (no ``name``; not a list of calls) stays content,
  read again as content so that the markers in it count (``_as_content``); a call
  marker inside a JSON string there is the string's text (content; an
  ``InvalidToolCall`` when a string holding one stays open), never a call.
  ``parameters`` or ``arguments`` hold the arguments, and an object is a call only with
  one of them (or no other key but ``type``: ``{"name": "now"}``), as vLLM's
  ``llama3_json`` parser and llama.cpp read it (``{"name": "John", "age": 30}`` is an
  answer); ``;`` separates several JSON calls.
  A call-shaped object that strict JSON does not read goes through the arguments
  policy, as Hermes blocks do (``policy_call``); a repeated keyword in a pythonic call
  (which Python rejects) makes it an ``InvalidToolCall``.
- After ``<|python_tag|>``: JSON calls, Python calls (``x.call(...)`` becomes tool
  ``x``), or else code for the built-in code interpreter (tool ``code_interpreter``,
  ``{"code": …}``; tool ``python`` when that is offered and ``code_interpreter`` is not,
  as MeetKai Functionary v3.1 writes its ``python`` tool's code: ``_code_tool``).
  A list of JSON calls that strict JSON does not read (a raw line
  break in a string) goes through the policy as the object does (``policy_call``); an
  empty list ``[]`` is an ``InvalidToolCall``, no code (vLLM's ``llama3_json`` and
  llama.cpp read no call and no code there). The tag's region ends at ``<|eom_id|>``,
  ``<|eot_id|>`` or the next ``<|python_tag|>`` (a second call). ``<|eom_id|>`` /
  ``<|eot_id|>`` are stop tokens that servers strip: at the end of the text the region is a whole call when
  ``finish_reason`` is ``stop`` / ``tool_calls``, cut off with ``length`` or none.
  Llama 3.3's template writes a built-in call's values raw, ``arg_name + '="' + arg_val
  + '"'``: a line break in one is read as itself (``control-characters``, as in every
  pythonic call: ``_pythonic``); one holding ``"`` is no Python, an ``InvalidToolCall``
  (cut off only when a string or bracket is still open).
- With ``JSON_AFTER_PROSE`` (an option: ``decode_text(text, JSON_AFTER_PROSE)``) a JSON
  call with ``parameters`` / ``arguments`` may also follow prose, a top-level object
  only (one inside another JSON value, a list too, is data), as vLLM's ``llama3_json``
  parser reads it; text after a bracket that breaks JSON is prose (``llama_prose``).
- ``<|python_start|>…<|python_end|>`` holding no calls is content (Llama 4's template
  puts the turn's prose there), its markers dropped; a JSON call may follow it. JSON
  calls inside it are calls (vLLM's ``llama3_json`` / ``llama4_json`` read a JSON call
  wherever it stands). A list there that opens with ``[name(`` is never content: cut
  off (its ``[`` or a string still open), the calls that closed before the cut are
  whole and the cut one is an ``InvalidToolCall(truncated=True)``, whatever the finish
  reason; closed but not Python (or open, its ``<|python_end|>`` / stop token come, or
  the text ending on ``)]`` after ``stop``: a value holding its own quote), one
  ``InvalidToolCall`` named by its first call, not cut off. Without markers nothing
  bounds such a slipped quote (``]`` and a line break are ordinary inside a code
  value): prose after the list stays in the call's ``raw``, cut off. At
  the start of the output and after ``<|python_tag|>`` a closed ``[name(…)]`` that is
  not Python is an ``InvalidToolCall`` too (not cut off).
  ``<|eot|>`` / ``<|eom|>`` (Llama 4's stop tokens) are dropped like Llama 3's.
- Pythonic values are Python literals (``True``/``None`` and JSON's ``true``/``null``
  alike); positional arguments make the call invalid (no names to give them).
- A JSON object or list still open when the text ends is an ``InvalidToolCall``
  (``truncated=True``) when it looks like a call (a ``"name"`` key, its string whole
  or cut off: nameless then), content otherwise. So is one still open at a stop token
  (as when a value that never closes holds one: the region ends there, ``_scan``), and
  a ``[name(`` list at the start still open there is one ``InvalidToolCall`` after the
  calls that closed, not cut off: never content, where a ``<|python_tag|>`` inside the
  value would count.

Encoding: ``llama_encode`` (variants ``json``, ``python_tag``, ``builtin``, ``code``,
``function``, ``pythonic``).

Sources (checked 2026-11-30): meta-llama/llama-models ``models/llama3_3/prompt_format.md``
and ``models/llama4/prompt_format.md``; llama.cpp
``models/templates/meta-llama-Llama-3.3-70B-Instruct.jinja`` (built-in calls; checked
2026-12-05 in ye-NX/llama.cpp at b354d7c9ecb76c97c07098617cdebbdfffa2583e); vllm-project/vllm ``vllm/tool_parsers/
llama_tool_parser.py``, ``pythonic_tool_parser.py``, ``llama4_pythonic_tool_parser.py``;
toolwire ``reference/wire-formats.md`` §10.3.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json
from ._kit import body, empty_list, json_shaped, loads, loose_name, name_hint, stay
from ._scan import FINISHED
from .llama_calls import (
    CALLISH,
    KEYS,
    NAME_OPEN,
    cut_py,
    json_calls,
    json_region,
    policy_call,
    py_calls,
    py_shaped,
    py_unclosed,
    unclosed,
)
from .llama_encode import encode
from .llama_prose import lead, regions
from .llama_quotes import watch
from .llama_start import Start

__all__ = ["FORMAT", "JSON_AFTER_PROSE"]

NAME = "text.llama"
TAG, EOM, EOT = "<|python_tag|>", "<|eom_id|>", "<|eot_id|>"
EOM4, EOT4 = "<|eom|>", "<|eot|>"  # Llama 4's stop tokens
PY_START, PY_END, FN, FN_END = "<|python_start|>", "<|python_end|>", "<function=", "</function>"
_JSON_Q = (('"', '"', True),)
_PY_Q = (('"', '"', True), ("'", "'", True))
_BUILTIN_CALL = re.compile(r"[A-Za-z_]\w*\.call\(")  # ``brave_search.call(`` (a built-in tool)
# a JSON string (group 1: its closing quote) or a call marker outside strings
_MARKUP = re.compile(r'"|<\|python_tag\|>|<\|python_start\|>|<function=')
_REST = re.compile(r'(?:[^"\\]|\\.)*"')  # the rest of a JSON string, its closing quote included
_SPACE = " \t\r\n"


def _as_content(m: TextParser, text: str, end: str) -> None:
    """A region at the start that is no call: content, read again as content so that
    the markers in it count (an apostrophe in ``[Note: I'll search]`` opened a quote
    that hid a later ``<|python_tag|>``). The region is read again once: linear.

    A call marker inside a JSON string (one that begins where JSON puts a string: at the
    start, or after ``[``, ``{``, ``,`` or ``:``) is the string's text, never a call: a
    region whose markers all sit in strings that close is content as it stands; one
    with a marker in a string and a string still open at its end (or a marker outside
    strings, or a quote where no string begins) cannot be told apart, one
    ``InvalidToolCall`` (cut off when the text ended in it and the finish reason does
    not say the model ended its turn)."""
    if "<" in text:
        inside = outside = open_ = stray = False
        i = 0
        while (x := _MARKUP.search(text, i)) is not None:  # linear: each character looked at once
            i = x.end()
            if x.group() != '"':
                outside = True
                continue
            k = x.start() - 1
            while k >= 0 and text[k] in _SPACE:  # (back over the spaces since the last token only)
                k -= 1
            if k >= 0 and text[k] not in "[{,:":  # a quote where no JSON string begins (`5" screen`)
                stray = True
                continue
            rest = _REST.match(text, i)
            if rest is None:  # a string still open at the end of the region
                open_ = True
                inside = inside or _holds_marker(text[i:])
                break
            inside = inside or _holds_marker(text[i : rest.end()])
            i = rest.end()
        if inside:
            raw = text + end
            if outside or open_ or stray:
                if not end and m.finish_reason not in FINISHED:
                    m.truncated(None, raw)
                else:
                    m.invalid(None, raw, f"Tool call at {m.loc} cannot be told from a JSON value at "
                                         "the start: call markup stands in a string that does not close")
                m.state["started"] = True
                return
            m.emit_content(text)
            text = ""
    m.buf = text + end + m.buf[m.pos :]
    m.pos = 0
    m.state["started"] = True


def _holds_marker(s: str) -> bool:
    return TAG in s or PY_START in s or FN in s


def _start_json(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = text + end
    if not complete:
        if NAME_OPEN.search(text):  # its name whole (named) or cut off (nameless)
            m.truncated(name_hint(text), raw)
        else:
            _as_content(m, text, end)
        return
    calls = json_calls(m, text, raw, "json") or policy_call(m, text, raw, "json")
    if not calls:
        if NAME_OPEN.search(text) and unclosed(text):
            # still open at a stop token: one in a value that never closes ended the region
            # there; read again as content, a <|python_tag|> in the value would count
            m.truncated(name_hint(text), raw)
        else:
            _as_content(m, text, end)
            return
    m.state["after_json"] = calls  # after calls at the start, another may follow (";" between them)
    m.state["started"] = not calls


def _slipped(m: TextParser, code: str) -> bool:
    """A pythonic list the text ends on with ``)]`` but a quote or bracket still open,
    after a finish reason that says the model ended its turn: a value holding its own
    quote (``'it's'``), unreadable, not cut off. (Prose after such a list stays in the
    call: nothing bounds the slipped quote, as ``]`` and a line break are ordinary in a
    code value.)"""
    return m.finish_reason in FINISHED and code.endswith(")]")


def _start_py(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    code = text.strip()
    if m.opener == PY_START:
        if code[:1] == "{" or code[:1] + code[1:].lstrip()[:1] == "[{":
            if json_region(m, code, raw, complete):
                return
        elif py_shaped(code, loose=True) and (not complete or py_unclosed(code)):
            # cut off when the text ended in it, whatever settled the end (stop, length or
            # none); its end marker came (a value holding its own quote): unreadable, not cut
            cut_py(m, text, raw, "pythonic", cut=not end and not _slipped(m, code))
            return
    if not complete:
        if CALLISH.match(text) and m.opener != PY_START:
            cut_py(m, text, raw, "pythonic", cut=not _slipped(m, code))
        elif m.opener == PY_START:
            m.emit_content(text)
        elif m.opener:
            m.emit_content(raw)
        else:
            _as_content(m, text, end)
        return
    if py_calls(m, text, raw, "pythonic"):
        return
    if py_shaped(code, loose=m.opener == PY_START) is not None:  # shaped like calls, closed, not Python:
        cut_py(m, code, raw, "pythonic", cut=False)  # never content; the calls before the slip are whole
    elif not m.opener and CALLISH.match(text) and py_unclosed(code):
        # still open at a stop token (one inside a value that never closes ended the region
        # there): the text before it was complete, unreadable; read again as content, a
        # <|python_tag|> in the value would make a call
        cut_py(m, code, raw, "pythonic", cut=False)
    elif m.opener == PY_START:
        # Llama 4's template: <|python_start|>{content}<|python_end|>{"name": …, "parameters": …}:
        # the text is content, its markers are markup, and a JSON call may follow
        m.emit_content(text)
        if end:  # the marker between two texts: a newline unless whitespace is there (``_sink``)
            m.brk("content")
        m.state["started"] = False
        m.state["after_json"] = False
    elif m.opener:
        m.emit_content(raw)
    else:
        _as_content(m, text, end)


def _tag(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + (end if end != TAG else "")
    if end == TAG and isinstance(m.mode, Start):  # a second <|python_tag|> starts a second call
        m.open_body(m.mode.tagged, TAG)  # (m.mode: the content mode the region goes back to)
    code = text.strip()
    if not complete:
        if code[:1] == "[" and code[1:].lstrip()[:1] == "{":
            notes: list[str] = []
            done, tail = cut_json(code, notes)
            if all(type(c) is dict and type(c.get("name")) is str for c in done):
                for c in done:
                    m.json_call(c, raw, KEYS, repairs=tuple(notes), variant="python_tag")
                m.truncated(loose_name(tail), raw)
                return
        elif code[:1] == "[" and CALLISH.match(code):
            cut_py(m, code, raw, "python_tag")
            return
        m.truncated(loose_name(text), raw)
        return
    if not code:  # the model opened a call and wrote none: never nothing (a repeated tag: the next one)
        if end != TAG:
            m.invalid(None, raw, f"Tool call at {m.loc} is empty: nothing follows {TAG}")
        return
    if json_calls(m, code, raw, "python_tag", arrays=True) or py_calls(m, code, raw, "python_tag", code=True):
        return
    if code[0] == "[" and empty_list(m, loads(code), raw):  # no code to run either: engines read no code there
        return
    if json_shaped(code) and policy_call(m, code, raw, "python_tag"):
        return
    if json_shaped(code):
        # JSON where a call goes (an object, a list of objects) that did not read whole:
        # a call cut off or malformed, never code to run
        hint = loose_name(code)
        if unclosed(code):
            m.truncated(hint, raw)
        else:
            m.invalid(hint, raw, f"Tool call at {m.loc} is JSON that is not a call")
        return
    if code[0] == "[" and CALLISH.match(code):  # a list that did not read whole: never code to run
        if py_unclosed(code):
            cut_py(m, code, raw, "python_tag")
        else:
            cut_py(m, code, raw, "python_tag", cut=False)  # the calls before the slip are whole
        return
    if _BUILTIN_CALL.match(code):  # a built-in call Python does not read: never code to run
        if py_unclosed(code):
            m.truncated(code[: code.find(".")], raw)
        else:  # closed: Llama 3.3's template writes a value raw between '"' (a '"' in it)
            m.invalid(code[: code.find(".")], raw, f"Tool call at {m.loc} is not Python call syntax")
        return
    m.call(_code_tool(m.offered), {"code": code}, raw, variant="code")


def _code_tool(offered: frozenset[str] | None) -> str:
    """The tool raw code after the tag calls: Llama 3.1's built-in ``code_interpreter``,
    or ``python`` when that is offered and ``code_interpreter`` is not (MeetKai
    Functionary v3.1's template writes ``'<|python_tag|>' + arguments`` for its
    ``python`` tool; llama.cpp's Functionary v3.1 parser names the call ``python``)."""
    return "python" if offered and "python" in offered and "code_interpreter" not in offered else "code_interpreter"


def _function(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    gt = text.find(">")
    name = text[:gt].strip() if gt >= 0 else ""
    if not complete:
        m.truncated(name or None, raw)
        return
    m.call(name, text[gt + 1 :].strip() or None if gt >= 0 else None, raw, variant="function")


def _machine(prose: bool) -> Start:
    """The content mode and its regions; every region goes back to this content mode.
    With *prose*, a JSON call may also follow prose (vLLM's llama3_json reads a call
    object wherever a JSON value opens: ``llama_prose``)."""
    json_ = BodyMode(_start_json, ends=(EOM, EOT, EOM4, EOT4), quotes=_JSON_Q, balance=True)
    py = BodyMode(_start_py, ends=(EOM, EOT, EOM4, EOT4), quotes=_PY_Q, balance=True)
    # <|eom_id|> / <|eot_id|> are stop tokens engines strip: a tagged call at the end of the
    # text is whole when the finish reason says the model ended its turn (stop_closer)
    py_tagged = BodyMode(_start_py, ends=(PY_END, EOM, EOT, EOM4, EOT4), quotes=_PY_Q, stop_closer=EOT4)
    tagged = BodyMode(_tag, ends=(EOM, EOT, TAG), quotes=_PY_Q, stop_closer=EOM)
    function = BodyMode(_function, ends=(FN_END,), quotes=_JSON_Q)
    on = {TAG: body(tagged), PY_START: body(py_tagged), FN: body(function),
          EOM: stay, EOT: stay, EOM4: stay, EOT4: stay, PY_END: stay}
    start = Start(on)
    if prose:
        start.leads = (regions((EOM, EOT, EOM4, EOT4), (TAG, PY_START, FN), start),)
        start.set({**on, "{": lead(start.leads[0]), "[": lead(start.leads[0])})
    start.json, start.py, start.tagged = json_, py, tagged
    for mode in (json_, py, py_tagged, tagged, function):
        mode.next = start
    return start


_CONTENT = _machine(prose=False)
_PROSE = _machine(prose=True)


def _start(thinking: bool) -> TextMode:
    return _CONTENT.reasoning if thinking else _CONTENT


def _start_prose(thinking: bool) -> TextMode:
    return _PROSE.reasoning if thinking else _PROSE


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return encode(calls, variant, FORMAT.decode)  # the code variant reads its text back


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    variants=("json", "python_tag", "pythonic", "builtin", "code", "function"),
    description="Llama 3.x JSON (parameters), <|python_tag|>, Llama 4 pythonic [f(a=1)]",
)
# the same format, also reading a JSON call that follows prose (``decode_text(text, JSON_AFTER_PROSE)``)
JSON_AFTER_PROSE = replace(FORMAT, start=_start_prose, watch=watch)
