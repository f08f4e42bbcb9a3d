"""The keywords of a strict OpenAI tool's schema: those strict mode takes, read from the
one rule table ``schema.render`` follows for the ``openai.chat`` and ``openai.responses``
targets (``structured.PROFILE`` and ``schema/_rewrite_keywords.takes``), never written
twice. Followed (checked 2026-12-08): the guide's "Supported schemas"
(https://platform.openai.com/docs/guides/structured-outputs: no ``allOf``, ``not``,
``if``/``then``/``else``, ``dependent*``, string lengths, ``patternProperties``; nine
formats; no look-around in a ``pattern``); the 400s reported for what the guide leaves
unsaid ("'oneOf' is not permitted", livekit/agents#5302); openai-java's client
check (``JsonSchemaValidator.kt``): one of ``type``, ``anyOf``, ``$ref`` in each schema,
and beside ``anyOf`` or ``$ref`` only ``title`` and ``description``.

Let through as they come: ``$schema`` at the root and ``definitions`` (openai-node's
``zodFunction`` writes both), the annotations render leaves out without a word
(``examples``, ``x-...``: no refusal of them is known), and ``default``, which render moves
out but api.openai.com took in a strict tool in openai-agents-python#4390 (2026-08-13) and
openai-python's ``pydantic_function_tool`` and openai-agents' ``function_tool`` send
(review revStrict: Azure refuses it, as Chat did in 2025, dotnet/extensions#6196).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from ..._path_steps import Place
from .._local_refs import resolve_local
from .structured import PROFILE

__all__ = ["keyword_rules", "ref_loop"]

_BESIDE = ("title", "description")  # openai-java: all a schema holds beside anyOf or $ref
_CONTAINERS = ("$defs", "definitions")


_RULES: List[Callable[[Dict[str, Any], bool], Optional[str]]] = []


def keyword_rules() -> Callable[[Dict[str, Any], bool], Optional[str]]:
    """``problem(node, root)``: what strict mode needs that *node* (one schema object, the
    root when *root*) does not meet, in document order; ``None`` when it takes every keyword
    of it. Made once: the rule table loads with the first strict tool."""
    if not _RULES:
        _RULES.append(_make_rules())
    return _RULES[0]


def _make_rules() -> Callable[[Dict[str, Any], bool], Optional[str]]:
    from ...schema._rewrite_keywords import bad_values, drops_quietly, takes

    # the keywords taken whatever their value (a format, a pattern, minItems, values and
    # array-form items are read), and those let through, for the walk's common case
    plain = frozenset(k for k in PROFILE.supported if k not in ("format", "pattern", "minItems", "enum", "const",
                                                                "items")) | {"title", "description"}

    def let_through(key: str, root: bool) -> bool:
        return key in _CONTAINERS or (root and key == "$schema") or key == "default" or drops_quietly(PROFILE, key)

    def problem(node: Dict[str, Any], root: bool) -> Optional[str]:
        for key, value in node.items():
            if key in plain or let_through(key, root):
                continue
            if key == "items" and type(value) is list:
                return "no array-form 'items' (a tuple: it takes one schema for every item)"
            if not takes(PROFILE, key, value):
                if key == "pattern" and key in PROFILE.supported:
                    return "no look-around in a 'pattern' (its regex subset lacks it)"
                if key == "format":
                    return f"no 'format' {value!r} (it takes {', '.join(sorted(PROFILE.formats or ()))})"
                return f"no {key!r} (a keyword it does not take)"
            if key in ("enum", "const") and bad_values(PROFILE, key, value):
                return f"no {key!r} value that is an object or an array"
        union = "anyOf" if "anyOf" in node else "$ref" if "$ref" in node else None
        if union is None:
            return None if "type" in node else "a 'type' (or an 'anyOf', a '$ref') in every schema"
        for key in node:
            if key != union and key not in _BESIDE and not let_through(key, root):
                return f"nothing beside {union!r} but a title and a description (found {key!r})"
        return None

    return problem


def ref_loop(root: Dict[str, Any], refs: List[Tuple[Dict[str, Any], Place]]) -> Optional[Tuple[Place, str]]:
    """The first schema of *refs* (those holding a ``$ref``, in document order) whose
    ``$ref`` leads nowhere, or back to itself through schemas that are references alone
    (no value is ever reached: render refuses it), and what strict mode needs there.
    Linear: each schema's chain is followed once (``done``)."""
    done: Set[int] = set()
    for node, at in refs:
        chain: Set[int] = set()
        while type(node) is dict and "$ref" in node and id(node) not in done:
            if id(node) in chain:
                return at, "no '$ref' that leads back to itself through references alone"
            chain.add(id(node))
            ref = node["$ref"]
            target, where = resolve_local(root, ref) if type(ref) is str else (None, None)
            if type(target) is not dict:
                return at, "a local '$ref' (a JSON Pointer into the schema) that names a schema"
            node, at = target, where
        done.update(chain)
    return None
