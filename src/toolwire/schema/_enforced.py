"""What a target that sends the schema as it is leaves unenforced.

Ollama, vLLM and the like take the caller's schema untouched and compile it into a
grammar; keywords their compiler does not know are skipped silently (llama.cpp
``grammars/README.md``: "Unsupported features are skipped silently"). Each such keyword
is reported ``unenforced``, so ``lossless`` keeps its meaning (the provider enforces
everything the original says). The keywords each engine enforces are its profile's
``enforced``; the limits its compiler documents beyond a keyword list are its
``enforced_only``:

- ``"integer_bounds"``: numeric bounds only on ``"type": "integer"`` (llama.cpp);
- ``"union_alone"``: ``properties`` (and the object keywords with them) beside
  ``anyOf``/``oneOf`` are not applied (llama.cpp: "Can't mix ``properties`` w/
  ``anyOf`` / ``oneOf`` in the same type", ggml-org/llama.cpp#7703);
- ``"ref_alone"``: keywords beside a ``$ref`` are not applied (llama.cpp's converter
  visits the ``$ref`` and nothing else of that node).

A ``format`` outside the profile's ``formats`` is unenforced too. Linear: each node once.
"""

from __future__ import annotations

from typing import Any, Iterator, Tuple

from .._target import Profile
from ._normalize import iter_subschemas
from ._rewrite_shapes import ANNOTATIONS

__all__ = ["unenforced"]

_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_BESIDE_UNION = frozenset({"properties", "required", "additionalProperties", "patternProperties"})
_NO_CONSTRAINT = ANNOTATIONS | {"$defs", "$schema", "$id", "$anchor", "$comment"}


def unenforced(root: Any, profile: Profile) -> Iterator[Tuple[str, str, str]]:
    """``(pointer, keyword, why)`` for each keyword of *root* that *profile*'s engine
    does not enforce (nothing when the profile does not say what it enforces)."""
    enforced = profile.enforced
    if enforced is None:
        return
    only = profile.enforced_only
    for ptr, node in iter_subschemas(root):
        if not isinstance(node, dict):
            continue
        union = "union_alone" in only and ("anyOf" in node or "oneOf" in node)
        ref = "ref_alone" in only and "$ref" in node
        for key, value in node.items():
            if key in _NO_CONSTRAINT:
                continue
            if key not in enforced:
                yield ptr, key, f"{profile.id} does not enforce it: checked locally only"
            elif key == "format" and profile.formats is not None and value not in profile.formats:
                yield ptr, key, f"{profile.id} does not enforce this format: checked locally only"
            elif key in _BOUNDS and "integer_bounds" in only and node.get("type") != "integer":
                yield ptr, key, f"{profile.id} enforces bounds on integers only: checked locally only"
            elif union and key in _BESIDE_UNION:
                yield ptr, key, f"{profile.id} does not apply it beside anyOf/oneOf: checked locally only"
            elif ref and key != "$ref":
                yield ptr, key, f"{profile.id} does not apply it beside $ref: checked locally only"
