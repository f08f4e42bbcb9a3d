"""One family of text tool-call formats as a value: ``TextFormat`` (``text.<family>``).

A family gives its first mode (``start``) and its writer (``encode_calls``); the parser
(``_core.TextParser``) runs the modes, ``decode`` is the same machine fed once, ``encode``
checks what no text format can write before the family's writer runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

from .._errors import EncodeError, excerpt, refuse_server
from .._json_values import check_args_to_write
from .._payload_paths import moved
from .._scope import check_scope
from .._types import InvalidToolCall, ToolCall
from ._callname import NAME_RULE, is_name
from ._core import Format, Start, TextParser
from ._events import TextResult
from ._options import finish_of

__all__ = ["TextFormat"]


@dataclass(frozen=True)
class TextFormat(Format):
    """One family of text tool-call formats: ``text.<family>``.

    ``start(thinking)`` gives the first mode of a new machine; ``encode_calls(calls,
    variant)`` renders calls; ``variants`` names the wire variants ``encode`` can write
    (the first is the default); ``reasoning_opens`` the markers that, at the end of a
    prompt, mean the output starts inside the reasoning.
    """

    name: str
    start: Start = field(repr=False)
    encode_calls: Callable[[Sequence[ToolCall], str | None], str] = field(repr=False)
    variants: tuple[str, ...] = ()
    description: str = ""
    reasoning_opens: tuple[str, ...] = ()
    # sees each delta before it is read, ``m.fed`` where it begins (``llama_quotes``)
    watch: Callable[[TextParser, str], None] | None = field(default=None, repr=False)

    def parser(
        self, tools: Any = None, *, thinking: bool | None = None, prompt: str | None = None, **policy: Any
    ) -> TextParser:
        """A new incremental parser of this format (policy keywords as for ``TextParser``)."""
        return TextParser(self, tools, thinking=thinking, prompt=prompt, **policy)

    def decode(
        self,
        text: str,
        *,
        tools: Any = None,
        finish_reason: str | None = None,
        thinking: bool | None = None,
        prompt: str | None = None,
        **policy: Any,
    ) -> TextResult:
        """Decode a whole output (the same machine as ``parser``, fed once)."""
        reason = finish_of(finish_reason, self.name)  # before the text is read
        p = TextParser(self, tools, thinking=thinking, prompt=prompt, **policy)
        p.feed(text)
        return p.close(reason)

    def encode(self, calls: Sequence[ToolCall], variant: str | None = None) -> str:
        """Render *calls* in this format (``variant`` picks one of ``variants``). An
        ``EncodeError`` for a name the format's parser would not read back as a name
        (``is_name``), and for what ``encode`` refuses to write to another dialect: an
        ``InvalidToolCall``, a call the provider runs itself (``server``: no text format
        is its provider's), a call named in a namespace by another name (``check_scope``),
        args JSON cannot hold (a key that is not a string: ``check_args_to_write``).
        Every error is said at the call's index (``$[1].args.city``)."""
        for i, c in enumerate(calls):
            if issubclass(type(c), InvalidToolCall):
                raise EncodeError(
                    f"Item {i} is an InvalidToolCall, which {self.name} cannot write (a text format writes whole "
                    f"calls; answer it with an error result or leave it out): {excerpt(c)}",
                    dialect=self.name,
                    loc=f"$[{i}]",
                )
            name = getattr(c, "name", None)
            if type(name) is str and not is_name(name):
                raise EncodeError(
                    f"Tool name {excerpt(name)} of call {i} cannot be read back from {self.name}: {NAME_RULE}",
                    dialect=self.name,
                    loc=f"$[{i}].name",
                )
            if issubclass(type(c), ToolCall):
                try:
                    if c.provider_data:
                        check_scope("call", c.name, c.provider_data, self, None)
                    if c.server:
                        refuse_server(c.name, self.name)
                    check_args_to_write(c, self.name)
                except EncodeError as exc:
                    raise moved(exc, exc.dialect, {"$": f"$[{i}]"}) from None
        try:
            return self.encode_calls(calls, variant)
        except EncodeError as exc:
            if exc.loc[:2] == "$[":
                raise
            raise self._at_call(exc, calls, variant) from None

    def _at_call(self, exc: EncodeError, calls: Sequence[ToolCall], variant: str | None) -> EncodeError:
        """*exc*, raised by the writer at a path in one call (``$.args.city``; ``$``: a
        JSON writer, which writes all the calls at once), said at that call's index
        (``$[1].args.city``): the first call the writer refuses alone with the same words
        (an error no one call gives alone keeps its path). Run on the error path only."""
        for i, c in enumerate(calls):
            if len(calls) == 1 or _same_error(self, c, variant, exc):
                return moved(exc, exc.dialect, {"$": f"$[{i}]"})
        return exc


def _same_error(fmt: TextFormat, call: ToolCall, variant: str | None, exc: EncodeError) -> bool:
    """Whether *fmt* writing *call* alone raises *exc*'s words."""
    try:
        fmt.encode_calls([call], variant)
    except EncodeError as alone:
        return alone.message == exc.message
    return False
