"""A Gemini request as structured output's retries edit it (``structured``): which
spelling it follows (``form``), its turns made whole so that new ones can follow
(``turns``), and text added to its system instruction (``instruction``).

Followed (checked 2026-11-30): google-genai's ``generate_content(model=, contents=,
config=...)`` (``contents`` a ``ContentListUnionDict`` read by ``t_contents``;
``config.system_instruction`` a ``ContentUnionDict``, snake_case) and the REST API's
request body (https://ai.google.dev/api/generate-content: ``contents``, and
``systemInstruction`` / ``generationConfig`` in camelCase, or ``system_instruction`` /
``generation_config`` in its snake_case). Inside a config either spelling may come, field
by field: google-genai's ``GenerateContentConfig`` takes a field's name or its camelCase
alias (``alias_generator=to_camel``, ``populate_by_name=True``) and refuses both at once
("Extra inputs are not permitted"), and the REST API reads proto3 JSON, whose parsers
accept "both the lowerCamelCase name ... and the original proto field name"
(https://protobuf.dev/programming-guides/json/, checked 2026-12-06). ``key_in`` gives
the key a field is written under: the caller's own.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

from ..._errors import EncodeError
from ..._target import is_sdk_model, merged

__all__ = ["camel", "form", "instruction", "key_in", "turns"]


def form(request: Dict[str, Any]) -> str:
    """Which spelling a Gemini request follows: ``"sdk"`` (google-genai, ``config``),
    ``"rest"`` (``generationConfig``, camelCase) or ``"snake"`` (``generation_config``)."""
    if "config" in request:
        return "sdk"
    if "generationConfig" in request or "systemInstruction" in request or "toolConfig" in request:
        return "rest"
    return "snake"


def camel(key: str) -> str:
    """The camelCase JSON name of a snake_case field name (``max_output_tokens``:
    ``maxOutputTokens``)."""
    head, *rest = key.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def _snake(key: str) -> str:
    return "".join(f"_{c.lower()}" if "A" <= c <= "Z" else c for c in key)


def key_in(holder: Any, name: str, default_camel: bool, where: str) -> str:
    """The key snake_case field *name* is written under in *holder* (a config dict): the
    spelling it holds the field in, else the one all its keys follow, else *default_camel*'s
    (an SDK model, or anything else: *name*). ``EncodeError`` at *where* when *holder*
    gives one field under both spellings (the SDK refuses that; which one counts is not
    guessed)."""
    if not isinstance(holder, dict):
        return name
    seen: Dict[str, str] = {}
    camels = snakes = False
    for key in holder:
        if not isinstance(key, str):
            continue
        plain = _snake(key)
        if plain in seen:
            raise EncodeError(f"The Gemini config sets {seen[plain]!r} and {key!r}, two spellings of one field: "
                              "give one", dialect="gemini", loc=f"{where}.{key}")
        seen[plain] = key
        camels = camels or plain != key
        snakes = snakes or "_" in key
    if name in seen:
        return seen[name]
    if camels != snakes:
        return camel(name) if camels else name
    return camel(name) if default_camel else name


def turns(value: Any, turn: Callable[[str, str], Dict[str, Any]]) -> List[Any]:
    """google-genai's ``contents`` (a ``ContentListUnionDict``) as whole turns that new
    ones can follow. Its ``t_contents`` gathers loose parts (strings, ``Part`` objects, part
    dicts, files, images) into one Content, but adds each Content *dict* as it comes and
    the gathered parts only at the end: a correction turn appended after them would go
    before the prompt. Each run of loose parts becomes its own turn in place: a user
    Content (a list of them where one is a file or an image, which ``t_content`` turns
    into a user Content too), the parts of a function call a model Content, as
    ``t_contents`` groups them."""
    if value is None or (isinstance(value, str) and not value):
        return []
    if isinstance(value, str):
        return [turn("user", value)]
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    out: List[Any] = []
    run: List[Any] = []
    for item in items:
        if isinstance(item, list) or _is_content(item):
            _flush(run, out)
            out.append(item)
        else:
            if run and _calls(run[-1]) != _calls(item):
                _flush(run, out)
            run.append(item)
    _flush(run, out)
    return out


def _calls(part: Any) -> bool:
    if isinstance(part, dict):
        return part.get("function_call") is not None or part.get("functionCall") is not None
    return getattr(part, "function_call", None) is not None


def _flush(run: List[Any], out: List[Any]) -> None:
    if not run:
        return
    if all(isinstance(p, (str, dict)) or (is_sdk_model(p) and "text" in type(p).model_fields) for p in run):
        role = "model" if _calls(run[0]) else "user"
        out.append({"role": role, "parts": [{"text": p} if isinstance(p, str) else p for p in run]})
    else:  # a file or an image among them: ``t_content`` makes the list one user Content
        out.append(list(run))
    run.clear()


def instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    out = dict(request)
    config = out.get("config")
    if is_sdk_model(config) and "system_instruction" not in out:
        # google-genai's config object: the instruction joins its ``system_instruction``, the type kept
        said = getattr(config, "system_instruction", None)
        out["config"] = merged(config, {"system_instruction": _sdk_joined(said, text)})
    elif isinstance(config, dict) and "system_instruction" not in out:
        config = dict(config)  # google-genai: the system instruction is a config field
        name = key_in(config, "system_instruction", False, "$.config")
        config[name] = _sdk_joined(config.get(name), text)
        out["config"] = config
    else:
        # the spelling already there, else the request's convention (REST: camelCase)
        if "systemInstruction" in out and "system_instruction" in out:
            raise EncodeError("The Gemini request sets 'system_instruction' and 'systemInstruction', two spellings "
                              "of one field: give one", dialect="gemini", loc="$.systemInstruction")
        if "systemInstruction" in out or "system_instruction" in out:
            name = "systemInstruction" if "systemInstruction" in out else "system_instruction"
        else:
            name = "systemInstruction" if form(out) == "rest" else "system_instruction"
        out[name] = _rest_joined(out.get(name), text)
    return out


def _is_content(value: Any) -> bool:
    """A ``Content`` (``role``, ``parts``), not a ``Part``: google-genai's ``t_content``
    validates a dict as a ``Content`` first (an empty one too), else as a ``Part``."""
    if isinstance(value, dict):
        return not value or "parts" in value or "role" in value
    return is_sdk_model(value) and "parts" in type(value).model_fields


def _parts(content: Any) -> List[Any]:
    parts = content.get("parts") if isinstance(content, dict) else getattr(content, "parts", None)
    return list(parts) if isinstance(parts, (list, tuple)) else []


def _with_part(content: Any, text: str) -> Dict[str, Any]:
    """*content* (a ``Content``, dict or SDK object) as a dict with a text part added."""
    out: Dict[str, Any] = dict(content) if isinstance(content, dict) else {}
    role = content.get("role") if isinstance(content, dict) else getattr(content, "role", None)
    if role is not None:
        out["role"] = role
    out["parts"] = _parts(content) + [{"text": text}]
    return out


def _sdk_joined(old: Any, text: str) -> Any:
    """google-genai's ``system_instruction`` (a ``ContentUnionDict``: a string, a
    ``Part``, a ``Content``, a list of parts or strings, or their dicts) with *text*
    added after what it held: a string joined, a ``Content`` given a text part, parts
    made a list of them and the text."""
    if old is None or (isinstance(old, str) and not old):
        return text
    if isinstance(old, str):
        return f"{old}\n\n{text}"
    if isinstance(old, (list, tuple)):  # parts or strings (``t_content``: one user Content)
        return list(old) + [text]
    if _is_content(old):
        return _with_part(old, text)
    return [old, text]  # one part: a Part, its dict, a File...


def _rest_joined(old: Any, text: str) -> Dict[str, Any]:
    """The REST ``systemInstruction`` (a ``Content``) with a text part added; a string or
    a part the caller put there becomes a part before it."""
    if old is None or (isinstance(old, str) and not old):
        return {"parts": [{"text": text}]}
    if _is_content(old):
        return _with_part(old, text)
    held = list(old) if isinstance(old, (list, tuple)) else [old]
    return {"parts": [{"text": p} if isinstance(p, str) else p for p in held] + [{"text": text}]}
