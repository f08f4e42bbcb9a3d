"""``Problem``: one finding of ``check_conversation``, one change of its fix, or one
note of ``encode_conversation`` or ``encode_result`` (something dropped, converted
or moved on the way)."""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["Problem"]


class Problem:
    """``kind``, the index of the message it concerns, the call id (or ``None``) and
    a one-line ``message``.

    Kinds found by ``check_conversation``: ``missing-result`` (a call without its
    result), ``orphan-result`` (a result without its call), ``duplicate-id`` (a call
    id used twice while the first is still open), ``misplaced-result`` (a result not
    where the target dialect requires it), ``wrong-role`` (a call outside an assistant
    message, a result in an assistant or system message), and in a history or message
    written back as it came ``invalid-id`` (a call id the target's id rule refuses),
    ``unexpected-role`` (a user or system message right after a tool message, or a
    system message right after an assistant message: Mistral),
    ``assistant-first`` (a first message that is the assistant's: Bedrock; one holding calls: Gemini,
    Mistral; the only one: Mistral), ``assistant-last`` (a last message that is an assistant message of text
    without ``prefix``: Mistral) and ``prefix-not-last`` (in a history written back whole
    as it came, ``"prefix": true`` on a message that is not the last one: Mistral), and
    ``unwritable-call`` (an invalid call the target cannot write: no name, no argument
    text, or arguments carried as an object), and ``stored-state`` (a part continuing
    state another dialect's provider stored, or a result whose call may be stored there,
    which the target cannot resolve, or a second such part for its own dialect:
    ``fix_conversation`` leaves it), and ``split-turn`` (a message written back as it came
    right after one of its role, which the target refuses apart: Bedrock, any; Gemini, a
    call turn's function responses over two contents), and ``refused-message`` (a message
    written back as it came that the target refuses as it came: ``encode_conversation``
    writes it fresh). Changes
    made by ``fix_conversation``: ``answered``, ``removed``, ``moved``, ``rewritten`` (an
    assistant message written back as it came left last, made fresh to be written as a
    prefix: Mistral), ``merged`` (a ``split-turn`` message merged into the one before it),
    each at its message's index in the input. Notes of
    ``encode_conversation``: ``reasoning-dropped``, ``dropped`` (provider-executed
    items, cache hints, a result's error flag the target has no place for, the trailing
    whitespace of a final assistant text: Anthropic, Bedrock; Mistral's ``prefix`` on a
    message written back as it came that is not the last one), ``converted`` (a
    tool result's part written in another form: JSON as text, parts joined; Mistral: a
    final assistant message written as a prefix, ``"prefix": true``; Bedrock, Gemini: a
    ``split-turn`` message written in one wire message with the one before it), ``moved`` (a
    later system message moved into the system field; a turn's results written in the
    order of their calls: Gemini, Ollama), ``inserted`` (Mistral: an
    assistant turn written between a tool message and a user message, a user turn before a
    first assistant message with calls; Bedrock and Gemini: a user turn before a first
    assistant message (Gemini: with calls); a placeholder for a blank result),
    ``rewritten`` (a message decoded from the target written fresh, not as it came: it
    holds an id-less call, or its result, whose pair is written fresh; both get one id where
    the target writes one; or
    the target refuses it as it came).
    """

    __slots__ = ("kind", "index", "id", "message")

    def __init__(self, kind: str, index: int, id: Optional[str], message: str) -> None:
        self.kind = kind
        self.index = index
        self.id = id
        self.message = message

    def __eq__(self, other: object) -> bool:
        if type(other) is not Problem:
            return NotImplemented
        return (self.kind, self.index, self.id, self.message) == (other.kind, other.index, other.id, other.message)

    def __hash__(self) -> int:
        return hash((self.kind, self.index, self.id, self.message))

    def __repr__(self) -> str:
        return f"Problem(kind={self.kind!r}, index={self.index}, id={self.id!r}, message={self.message!r})"

    def __reduce__(self) -> Any:  # every pickle protocol (0 and 1 refuse slots without it)
        return (type(self), (self.kind, self.index, self.id, self.message))

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> Any:
        return {f: getattr(self, f) for f in self.__slots__}
