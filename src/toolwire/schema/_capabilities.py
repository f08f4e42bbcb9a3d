"""Capability data: does a model honour native structured output? yes / no / unknown.

Precedence: the caller's overrides > the quirks table > capability data > unknown
(``None``). Unknown is never turned into "no": a model the data does not know, or a
known model without the flag, answers ``None`` and the caller's policy decides
(``choose_mode(..., unknown="native")``: try native and fall back once on a classified
rejection, the default ALTK measured best).

Data sources (checked 2026-11-30): the quirks below come from
``reference/structured-output.md`` §C.5, §C.6, §E and §F.2 (watsonx gpt-oss ignores
``response_format``; DeepSeek's Chat Completions endpoint rejects ``json_schema``;
Ollama enforces a schema passed as ``format``); a quirk of one API (DeepSeek's and
watsonx's Chat Completions) is scoped to its target (``openai.chat``), so the same
model on another target (Responses, vLLM, Ollama) is not sent to prompt mode by it.
``Capabilities.from_litellm`` reads the ``supports_response_schema`` flag from
litellm's ``model_prices_and_context_window`` JSON (MIT licence) when a path is given
or litellm is installed, without importing litellm; an absent flag is unknown, not
false.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from .._errors import EncodeError, excerpt
from .._target import Target
from ._targets import get_target

__all__ = ["CAPABILITIES", "QUIRKS", "Capabilities", "choose_mode", "supports_native"]

#: A quirk: native structured output honoured? (True / False), the reason, and
#: optionally the targets (canonical ids) it holds for: an API's own behaviour, not the
#: model's (DeepSeek's Chat Completions rejects ``json_schema``, its Responses endpoint
#: honours it; a model served by vLLM or Ollama is constrained whatever its name).
Quirk = Union[Tuple[bool, str], Tuple[bool, str, Tuple[str, ...]]]

_CHAT = ("openai.chat",)

_NOT_FOUND: Any = object()  # a table that does not answer for a model (``None`` answers "unknown")

#: model pattern -> ``Quirk``.
QUIRKS: Dict[str, Quirk] = {
    "watsonx/openai/gpt-oss-120b": (False, "ignores response_format, answers in reasoning", _CHAT),
    "deepseek/deepseek-chat": (False, "Chat Completions rejects json_schema", _CHAT),
    "deepseek/deepseek-reasoner": (False, "Chat Completions rejects json_schema", _CHAT),
    "ollama/*": (True, "format takes a JSON Schema (Ollama >= 0.5)"),
    "ollama_chat/*": (True, "format takes a JSON Schema (Ollama >= 0.5)"),
}


class Capabilities:
    """Tri-state capability lookups; immutable (``with_overrides`` returns a new one).

    *data* and *overrides* map model names to ``True``, ``False`` or ``None`` (unknown:
    an override of ``None`` makes the model unknown whatever the quirks and the data
    say); any other value is a ``TypeError``, since a truthy ``"no"`` read as yes."""

    def __init__(
        self,
        data: Optional[Mapping[str, Optional[bool]]] = None,
        *,
        quirks: Optional[Mapping[str, Quirk]] = None,
        overrides: Optional[Mapping[str, Optional[bool]]] = None,
    ) -> None:
        self._data = _answers(data, "data", "data")
        self._quirks = dict(QUIRKS if quirks is None else quirks)
        self._overrides = _answers(overrides, "overrides", "override")
        self._tables = self._tables_for(None)
        self._by_target: Dict[str, Tuple[Tuple[Mapping[str, Any], Dict[str, Any]], ...]] = {}

    def _tables_for(self, target: Optional[str]) -> Tuple[Tuple[Mapping[str, Any], Dict[str, Any]], ...]:
        """The lookup tables, the quirks those that hold for *target* (every quirk when
        it is not known)."""
        quirks = {k: v[0] for k, v in self._quirks.items() if target is None or _holds(v, target)}
        return tuple((table, _by_bare_name(table)) for table in (self._overrides, quirks, self._data))

    def with_overrides(self, overrides: Mapping[str, Optional[bool]]) -> Capabilities:
        """A copy where *overrides* (model -> ``True``, ``False`` or ``None``) win over
        everything else."""
        merged = dict(self._overrides)
        merged.update(_answers(overrides, "overrides", "override"))
        return Capabilities(self._data, quirks=self._quirks, overrides=merged)

    @classmethod
    def from_litellm(cls, path: Optional[str] = None, **kw: Any) -> Capabilities:
        """Read litellm's model map (a path, or the copy inside an installed litellm)."""
        try:
            if path is None:
                from importlib import resources

                text = (resources.files("litellm") / "model_prices_and_context_window_backup.json").read_text("utf-8")
            else:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
            raw = json.loads(text)
        except ModuleNotFoundError:
            raise EncodeError(
                "Capabilities.from_litellm() reads litellm's model map, and litellm is not installed; "
                "install it or pass path= to a copy of model_prices_and_context_window.json"
            ) from None
        except (OSError, ValueError) as exc:
            raise EncodeError(f"Cannot read litellm's model map ({type(exc).__name__}: {exc})") from None
        if not isinstance(raw, dict):
            raise EncodeError("litellm's model map is not a JSON object")
        data = {
            k: bool(v["supports_response_schema"])
            for k, v in raw.items()
            if isinstance(v, dict) and isinstance(v.get("supports_response_schema"), bool)
        }
        return cls(data, **kw)

    def supports_native(self, model: str, target: Union[str, Target, None] = None) -> Optional[bool]:
        """``True``, ``False``, or ``None`` when nothing is known about *model*; with a
        *target* (an id or alias of ``schema.targets()``, as ``render`` takes it;
        ``UnknownDialectError`` for another name), a quirk scoped to other targets does
        not answer."""
        tables = self._tables
        if target is not None:
            key = get_target(target).id  # an alias (``openai``) holds its id's quirks
            tables = self._by_target.get(key) or self._by_target.setdefault(key, self._tables_for(key))
        for table, bare in tables:
            found = _lookup(table, bare, model)
            if found is not _NOT_FOUND:
                return found  # type: ignore[no-any-return]
        return None


def _holds(quirk: Quirk, target: str) -> bool:
    """Whether *quirk* holds for *target*: it names no targets, or names this one."""
    scope: Tuple[Tuple[str, ...], ...] = quirk[2:]
    return not scope or target in scope[0]


def _answers(table: Any, plural: str, one: str) -> Dict[str, Optional[bool]]:
    """*table* (``None``, or a mapping of model names to ``True``, ``False`` or ``None``)
    as a dict; a ``TypeError`` naming what else it holds."""
    if table is None:
        return {}
    if not isinstance(table, Mapping):
        raise TypeError(f"Capabilities {plural} must be a mapping of model names to True, False or None, "
                        f"got {excerpt(table)}")
    for key, value in table.items():
        if type(key) is not str:
            raise TypeError(f"Capabilities {one} keys must be model names (strings), got {excerpt(key)}")
        if value is not True and value is not False and value is not None:
            raise TypeError(f"Capabilities {one} for {key!r} must be True, False or None, got {excerpt(value)}")
    return dict(table)


def _by_bare_name(table: Mapping[str, Any]) -> Dict[str, Any]:
    """Provider-prefixed names (``deepseek/deepseek-chat``) by their bare name
    (``deepseek-chat``); a bare name whose entries disagree does not answer here."""
    out: Dict[str, Any] = {}
    for key, value in table.items():
        if "/" in key and not key.endswith("/*"):
            bare = key.rsplit("/", 1)[1]
            out[bare] = value if out.get(bare, value) is value else _NOT_FOUND
    return out


def _lookup(table: Mapping[str, Any], bare: Mapping[str, Any], model: str) -> Any:
    """*table*'s answer for *model* (``True``, ``False`` or ``None``), else ``_NOT_FOUND``."""
    keys = [model]
    if "/" in model:
        keys.append(model.split("/", 1)[1])
        keys.append(model.rsplit("/", 1)[1])
    for key in keys:
        if key in table:
            return table[key]
    for key in keys[-1:]:  # a bare name, or the bare part of a prefixed one, as another prefix spells it
        if key in bare:
            return bare[key]
    for pattern, value in table.items():
        if pattern.endswith("/*") and model.startswith(pattern[:-1]):
            return value
    return _NOT_FOUND


#: The default capability data: the quirks table only (load more with ``from_litellm``).
CAPABILITIES = Capabilities()


def supports_native(
    model: str, *, capabilities: Optional[Capabilities] = None, target: Union[str, Target, None] = None
) -> Optional[bool]:
    """Tri-state lookup against *capabilities* (default: ``CAPABILITIES``), for *target*
    (an id or alias of ``schema.targets()``) when given: a quirk of another API does
    not answer."""
    return (capabilities or CAPABILITIES).supports_native(model, target)


def choose_mode(
    model: str,
    *,
    capabilities: Optional[Capabilities] = None,
    unknown: str = "native",
    target: Union[str, Target, None] = None,
) -> str:
    """``"native"`` or ``"prompt"`` for *model* (on *target*, an id or alias, when
    given); *unknown* is the policy for ``None``."""
    if not isinstance(model, str):  # ``None``, bytes, a memoryview: no name to look up
        raise TypeError(f"model must be a str, got {excerpt(model)}")
    if unknown not in ("native", "prompt"):
        raise EncodeError(f"unknown must be 'native' or 'prompt', got {excerpt(unknown)}")
    answer = supports_native(model, capabilities=capabilities, target=target)
    if answer is None:
        return unknown
    return "native" if answer else "prompt"
