"""``text.mistral``: ``[TOOL_CALLS]`` in every Mistral tokenizer generation, ``[THINK]`` reasoning.

Wire forms (the ``[…]`` are control tokens, rendered as text when decoded with
special tokens kept)::

    [TOOL_CALLS][{"name": "add", "arguments": {"a": 1}, "id": "Ab3dE9xYz"}]   tokenizer < v11
    [TOOL_CALLS]add[CALL_ID]Ab3dE9xYz[ARGS]{"a": 1}                          v11
    [TOOL_CALLS]add[ARGS]{"a": 1}                                            v13+
    [TOOL_CALLS]add{"a": 1}                                                  v11+ with [ARGS] skipped

- The v3 array is read as the other families' arrays are (``_jsoncalls.json_calls``):
  raw control characters in its strings are read as themselves (``control-characters``),
  as the v11 form's arguments are; an empty one (``[TOOL_CALLS][]``) is an
  ``InvalidToolCall``, never nothing.
- v11+ write one ``[TOOL_CALLS]`` per call; the call ends where its JSON object
  closes (brackets inside JSON strings do not count), or where a JSON string after
  ``[ARGS]`` closes: Mistral-Small-3.2's template writes ``'[ARGS]' + arguments|tojson``,
  so a history whose arguments are JSON text shows ``[ARGS]"{\\"a\\": 1}"``, read as
  the object it holds (``double-encoded``); a string that holds no object is an invalid
  call, not a cut-off one, and one that holds no JSON text of an object or array does
  not end the call (mistral-common ``experimental/tools.py`` reads the text after
  ``[ARGS]`` with ``json.loads``): ``[ARGS]"x"{"a": 1}`` is one invalid call, never
  content. An empty string (``[ARGS]""``, the template's ``tojson`` of empty arguments
  text) is no arguments, as Hermes' ``"arguments": ""``; nothing at all after the name
  or ``[ARGS]`` before the next ``[TOOL_CALLS]`` or ``</s>`` is a call cut there (an
  ``InvalidToolCall``), never one run with ``{}``. A JSON scalar after ``[ARGS]``
  (``null``, ``true``, ``123``) ends the call where it ends (whitespace or the end of
  the text after it) and goes to the arguments policy: ``null`` is ``{}``
  (``empty-arguments``), the others an invalid call (not an object), never a cut-off
  one. ``[CALL_ID]`` and the array form's ``"id"`` become the call's id (an
  ``"id": "null"``, ``null`` or ``""`` means none; any other value that is not a string
  makes the call invalid, as mistral-common's ``ToolCall`` refuses it; a string is kept
  as it is, outer spaces too, which ``v3`` writes back and ``v11`` refuses). The text
  between ``[CALL_ID]`` and ``[ARGS]`` is the id as written, spaces too (mistral-common's
  ``_decode_tool_call_v11_with_call_id`` decodes its tokens; an empty one or ``null`` is none).
  So is the name before it (or before ``[ARGS]`` / ``{``), as mistral-common and vLLM's
  parser keep it: ``[TOOL_CALLS] f [ARGS]{}`` names ``" f "``, no tool name, an
  ``InvalidToolCall``, never repaired.
- ``[THINK]…[/THINK]`` (Magistral) is reasoning whatever it holds (a ``[TOOL_CALLS]``
  inside is text, as vLLM splits reasoning first); ``</s>`` is dropped.
- A call whose JSON is still open when the text ends is an ``InvalidToolCall``
  (``truncated=True``); its ``raw`` is the ``[TOOL_CALLS]…`` text.

Encoding: variant ``v11`` (a call with an id) / ``v13`` (a call without) by default,
or ``v3`` (the JSON array). Argument JSON is the call's text as received when it
still matches, else ``json.dumps`` with non-ASCII kept. A call id must be letters,
digits and ``_ - . : /`` (and not ``null``) to read back (``EncodeError`` otherwise).
``v3`` writes ``[TOOL_CALLS] [{…}]`` with a space, as the v3 chat templates do (and the
SentencePiece v3 tokenizer's leading space on the JSON after the control token).
Mistral-Nemo's template (tekken tokenizer, no leading space) writes ``[TOOL_CALLS][{…}]``:
both read the same, but ``v3`` writes the space whichever was read. A
call without an id is written without ``"id"``, as mistral-common's
``InstructTokenizerV3._prepare_function_call`` writes it (``"id"`` only when set and
not ``"null"``); the chat templates refuse such a turn (they want a 9-character id).
No id is made up: it would read back as an id the call never had, and nothing would
record that it was made (give calls ids, e.g. through ``encode``'s id mapping, first).

Sources (checked 2026-11-30): mistralai/mistral-common
``src/mistral_common/tokens/tokenizers/instruct.py`` (``_prepare_function_call`` per
tokenizer version; V3 checked 2026-12-05 at 013341e4de3d0ad1c26fe1f28a988f4c358b78a0);
vllm-project/vllm ``vllm/tool_parsers/mistral_tool_parser.py``,
``vllm/reasoning/mistral_reasoning_parser.py`` and ``examples/tool_chat_template_mistral_official.jinja``
(``"[TOOL_CALLS] ["``, 2026-12-05 at 55ece00ba40b4e3f60c5925a2680f15f5779a6da); ggml-org/llama.cpp
``models/templates/mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja`` (the same, at
9190da2208fbaa161e10f5f0f9ab437faeacba13); ``Mistral-Small-3.2-24B-Instruct-2506.jinja``
(``'[ARGS]' + arguments|tojson``, 2026-12-05, ye-NX/llama.cpp at
b354d7c9ecb76c97c07098617cdebbdfffa2583e); toolwire ``reference/wire-formats.md`` §10.4.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .._errors import EncodeError, excerpt
from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json, json_calls
from ._kit import MISSING, args_text, body, calls_of, dumps, loads, loose_name, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.mistral"
TC, CID, ARGS, EOS = "[TOOL_CALLS]", "[CALL_ID]", "[ARGS]", "</s>"


# an id [CALL_ID] carries: Mistral's own are 9 letters and digits; other providers' use _ - . : /
_ID = re.compile(r"[A-Za-z0-9_.:/-]+")


def _check_id(cid: str, array: bool) -> None:
    """Refuse an id that would not read back as itself (``"`` or a bracket would end or
    hide the call, ``null`` reads as no id), or that holds spaces (mistral-common's v3 to
    v11 request validators want 9 letters and digits)."""
    if cid == "null" or not (array or _ID.fullmatch(cid)):
        raise EncodeError(
            f"Call id {excerpt(cid)} is not letters, digits, '_-.:/' (or reads back as no id), "
            f"which {NAME} cannot carry",
            dialect=NAME,
        )


def _opt_id(v: Any) -> str | None:
    if type(v) is str and v and v != "null":
        return v
    return None


def _array_id(v: Any) -> Any:
    """The array form's ``"id"``: a string kept as it is (outer spaces too: the JSON string
    carries them, and ``v3`` writes them back), ``None`` for none (absent, ``null``, ``""``,
    ``"null"``), or ``MISSING`` for any other value, which mistral-common refuses
    (``ToolCall.id`` is a string)."""
    if v is None or type(v) is str:
        return _opt_id(v)
    return MISSING


def _item(m: TextParser, item: Any, raw: str, repairs: tuple[str, ...] = ()) -> None:
    """One call object of the array form (``_jsoncalls.json_calls`` reads the array)."""
    if type(item) is not dict or type(item.get("name")) is not str:
        m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
        return
    ident = _array_id(item.get("id"))
    if ident is MISSING:
        m.invalid(item["name"], raw, f"Tool call at {m.loc} has an \"id\" that is not a string: "
                                     f"{excerpt(item['id'])}")
        return
    m.json_call(item, raw, id=ident, repairs=repairs, variant="v3")


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + (end if end != TC else "")
    if end == TC:  # the next call starts: this one is over, whatever it holds
        m.open_body(_CALL, TC)
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        if not complete:  # the calls closed before the cut are whole; the cut one is named by its own name
            notes: list[str] = []
            done, tail = cut_json(stripped, notes)
            for item in done:
                _item(m, item, raw, tuple(notes))
            m.truncated(loose_name(tail), raw)
        else:  # read as the other JSON arrays are (raw control characters, the policy's slips; "[]")
            json_calls(m, stripped, raw, read=_item)
        return
    cut = [i for i in (text.find(CID), text.find(ARGS), text.find("{")) if i >= 0]
    head = min(cut) if cut else len(text)
    name = text[:head]  # as written, spaces too (mistral-common and vLLM keep them): never repaired
    if not complete:
        m.truncated(name or None, raw)
        return
    cid: str | None = None
    variant = "v13"
    rest = text[head:]
    if rest.startswith(CID):
        rest = rest[len(CID) :]
        a = rest.find(ARGS)
        b = rest.find("{")
        stop = a if a >= 0 else (b if b >= 0 else len(rest))
        cid = _opt_id(rest[:stop])  # as written, spaces too (mistral-common decodes the id's tokens so)
        rest = rest[stop:]
        variant = "v11"
    if rest.startswith(ARGS):
        rest = rest[len(ARGS) :]
    if not name:
        m.invalid(None, raw, f"Tool call at {m.loc} has no name")
        return
    value = rest.strip()
    if not value:  # the template writes '[ARGS]' + arguments|tojson ("{}" for none): cut here
        m.invalid(name, raw, f"Tool call at {m.loc} has nothing after its name before "
                             f"{end or 'the end of the text'}: it was cut there, not written without arguments",
                  id=cid)
        return
    if value[:1] == '"':
        inner = loads(value)
        if type(inner) is str and not inner.strip():
            value = ""  # '[ARGS]' + arguments|tojson of empty text: the policy's empty arguments
    m.call(name, value or None, raw, id=cid, variant=variant)


# the value after [ARGS] is a JSON object, or JSON text of one: Mistral-Small-3.2's template
# writes '[ARGS]' + arguments|tojson, a string when a history's arguments are JSON text
_CALL = BodyMode(
    _parse, ends=(TC, EOS), quotes=(('"', '"', True),), skips=(ARGS, CID), balance=True,
    strings=True, value_after=ARGS,
)
# [THINK]…[/THINK] is reasoning whatever it holds (vLLM's mistral reasoning parser splits
# there; the tool parser reads the content only): a [TOOL_CALLS] inside it is text
_CONTENT, _REASONING, _START = closed_think_modes({TC: body(_CALL)}, "[THINK]", "[/THINK]", content_extra={EOS: stay})
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant == "v3":
        items = []
        for c in cs:
            item: Any = {"name": c.name, "arguments": c.args}
            if c.id is not None:
                _check_id(c.id, True)
                item["id"] = c.id
            items.append(item)
        return TC + " " + dumps(items, NAME)  # "[TOOL_CALLS] [": the v3 templates' space
    out = []
    for c in cs:
        if c.id is not None and variant != "v13":
            _check_id(c.id, False)
            out.append(f"{TC}{c.name}{CID}{c.id}{ARGS}{args_text(c, NAME)}")
        else:
            out.append(f"{TC}{c.name}{ARGS}{args_text(c, NAME)}")
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("v11", "v13", "v3"),
    description="Mistral: [TOOL_CALLS] JSON array, name[CALL_ID]id[ARGS]{…}, name[ARGS]{…}",
    reasoning_opens=("[THINK]",),
)
