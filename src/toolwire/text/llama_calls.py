"""The call readers of ``text.llama`` (``llama.py``): JSON calls (``{…}; {…}``, a list
after ``<|python_tag|>``), a call-shaped object only the arguments policy reads, Python
calls (Llama 4 pythonic, built-in tools), a pythonic list cut off, and whether JSON-like
text was cut off. Each reads one region the modes of ``llama.py`` collected.
"""

from __future__ import annotations

import json
import re

from .._args import parse_arguments, read_block
from .._errors import ArgumentsError
from .._repeats import repeats_by_item, twice
from ._brackets import scan
from ._core import TextParser
from ._jsoncalls import cut_json
from ._kit import block_problem, json_shaped, loose_name, name_hint
from ._pythonic import POSITIONAL, cut_calls, read_calls

__all__ = ["CALLISH", "KEYS", "NAME_OPEN", "cut_json_list", "cut_py", "json_calls", "json_region", "policy_call",
           "py_calls", "py_shaped", "py_unclosed", "unclosed"]

# the second run of spaces only after a "[": two adjacent ones backtracked quadratically
CALLISH = re.compile(r"\s*(?:\[\s*)?[A-Za-z_][\w.]*\s*\(")
# Python calls as Llama writes them: "[name(" or "name(", no space before the "(" (prose
# "Sure (one moment)" is no call); matched at the start of stripped text only
_SHAPE = re.compile(r"(\[\s*)?([A-Za-z_][\w.]*)\(")
# a JSON call, its name cut off or not: '{"name": "get_wea' (name_hint needs a closed string)
NAME_OPEN = re.compile(r'"name"\s*:\s*"')


_BARE = frozenset({"name", "type"})  # the keys of a call that takes no arguments: {"name": "now"}
KEYS = ("parameters", "arguments")  # where a Llama call holds its arguments (the template writes "parameters")


def json_calls(
    m: TextParser, text: str, raw: str, variant: str, strict: bool = False, arrays: bool = False
) -> bool:
    """Read ``{…}; {…}`` (*arrays*: or ``[{…}, {…}]``, as SGLang's Llama 3.2 detector reads
    a list after ``<|python_tag|>``); False when *text* is not JSON calls at all
    An object is a call only with ``parameters`` / ``arguments`` beside its ``name``, or
    with no other key but ``type`` (*strict*: not even then), as vLLM's ``llama3_json``
    parser and llama.cpp's Llama 3.x handler read it."""
    dec = json.JSONDecoder()
    pos, n, found = 0, len(text), []
    while pos < n:
        while pos < n and text[pos] in " \t\r\n;":
            pos += 1
        if pos >= n:
            break
        start = pos
        try:
            value, pos = dec.raw_decode(text, pos)
        except (ValueError, RecursionError):
            return False
        listed = arrays and type(value) is list and value
        again = repeats_by_item(text[start:pos], value)  # a key given twice: the call is invalid
        for i, obj in enumerate(value if listed else [value]):
            if type(obj) is not dict or type(obj.get("name")) is not str:
                return False
            if "parameters" not in obj and "arguments" not in obj and (strict or not obj.keys() <= _BARE):
                return False  # data with a "name" key ({"name": "John", "age": 30}) is no call
            found.append((obj, again.get(i if listed else None)))
    if not found:
        return False
    for obj, key in found:
        if key is not None:
            m.invalid(obj["name"], raw, twice(m.loc, key))
            continue
        args = obj.get("parameters", obj.get("arguments"))
        m.call(obj["name"], args, raw, variant=variant)
    return True


def policy_call(m: TextParser, text: str, raw: str, variant: str) -> bool:
    """A call-shaped JSON object, or a list of them (*text* opens with ``[``), that strict
    JSON did not read (a raw control character in a string, a trailing comma, Python
    ``True``, single quotes, an integer too long for ``json``): read by the arguments
    policy, as Hermes reads its blocks and the other families their arrays
    (``_args.read_block``; the repair recorded), or an ``InvalidToolCall`` (``truncated``
    only when the JSON was cut off). False when *text* is not calls: an item with no
    ``"name"`` string and ``"parameters"`` / ``"arguments"`` beside it."""
    s = text.strip()
    try:
        if s[:1] == "[":
            value, repairs = read_block(s, m.policy, m.loc, m.dialect, lists=True)
        else:
            value, _, repairs = parse_arguments(s, m.policy, m.loc, m.dialect)
    except ArgumentsError as exc:
        hint = name_hint(text)
        if hint is None or ('"parameters"' not in text and '"arguments"' not in text):
            return False
        if exc.truncated:
            m.truncated(hint, raw)
        else:
            m.invalid(hint, raw, block_problem(m.loc, exc.message))
        return True
    items = value if type(value) is list and s[:1] == "[" else [value]
    if not items or not all(type(v) is dict and type(v.get("name")) is str and ("parameters" in v or "arguments" in v)
                            for v in items):
        return False
    for v in items:
        m.call(v["name"], v.get("parameters", v.get("arguments")), raw, repairs=repairs, variant=variant)
    return True


def py_calls(m: TextParser, text: str, raw: str, variant: str, code: bool = False) -> bool:
    """Python calls in *text* as calls; with *code*, one bare call with positional
    arguments that is no ``NAME.call(…)`` (``print(x)``) is code, not a call."""
    calls = read_calls(text)
    if calls is None:
        return False
    if code and len(calls) == 1 and calls[0][2] == POSITIONAL and text[0] != "[" and not calls[0][0].endswith(".call"):
        return False
    for name, args, error, repairs in calls:
        if error is not None:
            m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        elif name.endswith(".call"):  # a built-in tool: brave_search.call(query="…")
            m.call(name[: -len(".call")], args, raw, repairs=repairs,
                   variant="builtin" if variant == "python_tag" else variant)
        else:
            m.call(name, args, raw, repairs=repairs, variant=variant)
    return True


def cut_py(m: TextParser, text: str, raw: str, variant: str, cut: bool = True) -> None:
    """A pythonic list cut off (*cut*) or closed but not Python: the calls before the
    cut or the slip (each read alone, so the comma after it is the list's) are whole,
    the rest one cut-off or invalid call named by its own name (``_pythonic.cut_calls``).
    After a slip the quotes may pair the wrong way, so the rest is not split further."""
    done, tail = cut_calls(text)
    for name, args, error, repairs in done:
        if error is not None:
            m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        else:
            m.call(name[: -len(".call")] if name.endswith(".call") else name, args, raw, repairs=repairs,
                   variant=variant)
    if cut:
        m.truncated(_first_name(tail), raw)
    else:
        m.invalid(_first_name(tail), raw, f"Tool call at {m.loc} is not Python call syntax")


def _first_name(text: str) -> str | None:
    """The name of the first Python call in *text* (``x.call(`` names tool ``x``)."""
    callish = CALLISH.match(text)
    name = text[: callish.end() - 1].strip().lstrip("[").strip() if callish else ""
    return (name[: -len(".call")] if name.endswith(".call") else name) or None


def py_shaped(code: str, loose: bool = False) -> str | None:
    """The first call's name when stripped *code* that Python did not read is shaped
    like Python calls all the same: ``[name(`` … ``)]`` or ``name(`` … ``)`` (*loose*:
    a list need only open with ``[name(``, as a cut-off one or one that a marker such
    as ``<|python_start|>`` says holds calls); else ``None``."""
    hit = _SHAPE.match(code)
    if hit is None:
        return None
    if hit.group(1):
        ok = loose or (code.endswith("]") and code[:-1].rstrip().endswith(")"))
    else:
        ok = code.endswith(")")
    return _first_name(code) if ok else None


def py_unclosed(code: str) -> bool:
    """Whether Python-call *code* was cut off: a list's ``[`` (or a bare call's ``(``)
    still open, or a string (one linear pass, ``_brackets.scan``)."""
    found = scan(code, brackets="{[" if code.startswith("[") else "{[(")
    return bool(found.quote) or found.depth > 0


def cut_json_list(m: TextParser, code: str, raw: str, variant: str) -> bool:
    """A ``[{…}, {…`` list of JSON calls (or ``{…}; {…``) cut off: the calls that closed
    before the cut are whole, the rest one cut-off call named by its own ``"name"``;
    False (nothing added) when a closed item is no call object."""
    notes: list[str] = []
    done, tail = cut_json(code, notes)
    if not all(type(c) is dict and type(c.get("name")) is str for c in done):
        return False
    for c in done:
        m.json_call(c, raw, KEYS, repairs=tuple(notes), variant=variant)
    m.truncated(loose_name(tail), raw)
    return True


def unclosed(text: str) -> bool:
    """Whether JSON-like *text* ends inside a string or an open ``{`` / ``[`` (cut off);
    one linear pass (``_brackets.scan``), ``"`` and ``'`` strings with backslash escapes."""
    found = scan(text)
    return bool(found.quote) or found.depth > 0


def json_region(m: TextParser, code: str, raw: str, complete: bool) -> bool:
    """JSON calls inside ``<|python_start|>…<|python_end|>`` (vLLM's ``llama3_json`` /
    ``llama4_json`` parser reads a JSON call wherever it stands); False when the JSON
    is no call (then it is content, as prose there is). Still open at its end marker (a
    stop token inside a value that never closes ended the region there) it is cut off,
    as when the text ends in it."""
    if complete:
        if json_calls(m, code, raw, "json", arrays=True) or (json_shaped(code) and policy_call(m, code, raw, "json")):
            return True
        if not unclosed(code):
            return False
    if loose_name(code) is None and not NAME_OPEN.search(code):
        return False
    if not cut_json_list(m, code, raw, "json"):
        m.truncated(loose_name(code), raw)
    return True
