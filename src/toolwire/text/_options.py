"""The options a text-format parser checks before it reads (``_core``): the finish
reason given to ``close`` / ``decode``, and whether the output starts inside the
reasoning (``thinking=``, or the end of the rendered ``prompt=``).

A format's ``reasoning_opens`` are the markers a prompt may end with; one that ends
with ``:`` stands for its suffixed spellings (Hunyuan's ``<think:`` for
``<think:opensource>``: 1 to ``SUFFIX_MAX`` characters, no whitespace, ``<`` or ``>``,
then ``>``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._errors import DecodeError, excerpt
from .._policy import finish_text

if TYPE_CHECKING:
    from ._format import TextFormat

__all__ = ["SUFFIX_MAX", "finish_of", "prompt_opens_reasoning"]

SUFFIX_MAX = 64  # characters of a token suffix after its ':' (vLLM's examples: 'opensource', '6124c78e')


def finish_of(reason: Any, dialect: str) -> str | None:
    """``finish_text`` of *reason*, its ``TypeError`` a ``DecodeError`` (as for ``prompt=``)."""
    try:
        return finish_text(reason, "finish_reason=")
    except TypeError as exc:
        raise DecodeError(str(exc), dialect=dialect, loc="$.finish_reason") from None


def prompt_opens_reasoning(fmt: TextFormat, prompt: Any, thinking: bool | None) -> bool:
    """Whether the output starts inside the reasoning: *thinking* as given, else inferred
    from the end of the rendered *prompt* (the template's generation prompt, e.g.
    ``<|im_start|>assistant\n<think>\n``); a ``DecodeError`` when the two disagree."""
    if thinking is not None and thinking is not True and thinking is not False:  # "no" is truthy
        raise DecodeError(f"thinking= takes True, False or None, got {type(thinking).__name__} {excerpt(thinking)}",
                          dialect=fmt.name, loc="$.thinking")
    if prompt is None:
        return bool(thinking)
    if type(prompt) is not str:
        raise DecodeError(
            f"prompt= takes the rendered prompt text, got {type(prompt).__name__} {excerpt(prompt)}",
            dialect=fmt.name,
            loc="$.prompt",
        )
    tail = prompt.rstrip()
    opener = _opener(tail, fmt.reasoning_opens)
    opened = opener is not None
    if thinking is not None and bool(thinking) != opened:
        said = (
            f"ends with {opener!r}"
            if opened
            else "does not end by opening the reasoning"
            + (f" ({' or '.join(map(_shown, fmt.reasoning_opens))})" if fmt.reasoning_opens else "")
        )
        raise DecodeError(
            f"thinking={bool(thinking)} but the prompt {said}; pass one of them", dialect=fmt.name, loc="$.prompt"
        )
    return opened


def _shown(mark: str) -> str:
    return repr(mark + "SUFFIX>" if mark.endswith(":") else mark)


def _opener(tail: str, marks: tuple[str, ...]) -> str | None:
    """The opening marker *tail* ends with (one of *marks*, or a suffixed spelling of one
    ending ``:``), or None. Looks at the last ``SUFFIX_MAX + 1`` characters at most."""
    for mk in marks:
        if tail.endswith(mk):
            return mk
        if mk.endswith(":") and tail.endswith(">"):
            at = tail.rfind(mk, max(0, len(tail) - len(mk) - SUFFIX_MAX - 1))
            sfx = tail[at + len(mk) : -1] if at >= 0 else ""
            if sfx and not any(c.isspace() or c in "<>" for c in sfx):
                return tail[at:]
    return None
