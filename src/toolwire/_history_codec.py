"""How a dialect reads and writes whole histories: the ``HistoryCodec`` record (a
``Dialect``'s ``history`` field) and the ``Pairing`` of tool results it names
(``toolwire.conversation``, docs/conversations.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from ._dialect import Dialect
    from ._types import ToolCall
    from .conversation._values import Message
    from .conversation._writer import Writer

__all__ = ["APART", "LAST_ASSISTANT", "HistoryCodec", "Pairing", "Refusals"]


@dataclass(frozen=True)
class Pairing:
    """How a provider wants a history's tool results placed, and how it words its
    refusal (``check_conversation`` / ``fix_conversation``).

    - ``right_after``: results must come before any other non-assistant content after
      their call (Chat: the tool messages right after the assistant message);
    - ``results_first``: results come first in their message (Anthropic, Bedrock);
    - ``missing`` / ``orphan``: the provider's error text for a call without its
      result / a result without its call, ``{id}`` standing for the call id (``""``:
      not known; no wording is quoted);
    - ``alternating``: turns alternate and the results go in the turn right after
      their call's (Anthropic, Bedrock, Gemini); the writer merges consecutive messages
      of one role written fresh, so this binds a history written back as it came, message
      by message (where the provider refuses such messages apart: ``same_role``,
      ``split_results``).
    - ``user_first``: the provider's refusal of a history whose first message (after the
      system ones) is the assistant's (Bedrock); ``""``: it takes one;
    - ``call_first``: the same for a first assistant message that holds calls only
      (Gemini: a function-call turn comes right after a user or function-response turn;
      Mistral: mistral-common's validators skip message 0, so the tool messages answering
      its calls answer nothing), ``{id}`` standing for its first call's id;
    - ``alone``: the provider's refusal of a history that is one assistant message, a
      prefix included (Mistral: mistral-common ``_validate_message_list_structure``; its
      writer puts a user message before it, so this binds a history written back whole as
      it came); ``""``: it takes one.
    - ``first_listed``: ``user_first`` / ``call_first`` judge the very first message, a
      system one included (Mistral: its system messages are in the list, and a history
      that opens with a system message is taken); else the first after the system ones;
    - ``after_tool``: the provider's refusal of a user or system message right after a
      tool message (Mistral: a user message there before mistral-common 1.11.1, a system
      message in every version; its writer puts an assistant turn between them, messages
      as they came too, so this binds a history written back whole as it came); ``""``: it takes one.
    - ``after_assistant``: the provider's refusal of a system message right after an
      assistant message (Mistral; its writer moves the system message up to the leading
      ones, one as it came too, so this binds a history written back whole as it came); ``""``: it takes one.
    - ``last_assistant``: the provider's refusal of a history whose last message is an
      assistant message of text (Mistral, unless it is a prefix: its writer writes a final
      assistant message with ``"prefix": true``, one as it came too, so this binds a history
      written back whole as it came); ``""``: it takes one.
    - ``prefix_last``: the provider's refusal of a prefix (``"prefix": true``) on an
      assistant message that is not the last one (Mistral: its writer drops such a flag
      of a message written back as it came, so this binds a history written back whole
      as it came); ``""``: it has no prefix flag.
    - ``prefix_flag``: the key of the wire flag that makes an assistant message a prefix
      the reply continues (Mistral: ``"prefix"``), which ``last_assistant`` and
      ``prefix_last`` read; ``""``: none.
    - ``counted``: the provider pairs a turn's results with its calls by number
      (Gemini: "the number of function response parts is equal to the number of
      function call parts of the function call turn"): a result that answers no call is
      refused, or read as the answer of a call whose result is missing, so
      ``encode_conversation`` and ``convert`` (with an ``IdMap`` that wrote calls) raise
      ``EncodeError`` for it rather than write it (``orphan`` words the refusal).
    - ``same_role``: the provider's refusal of two consecutive messages of one role, each
      written back as it came, which the writer would keep apart (Bedrock: "A conversation
      must alternate between user and assistant roles"); ``""``: it takes them (Anthropic
      combines them itself). ``check_conversation``: ``split-turn``; ``fix_conversation``
      and ``encode_conversation`` merge them (``merged``, ``converted``).
    - ``split_results``: the same, only for two consecutive user messages that both hold
      tool results (Gemini: a function call turn's responses go together in the one
      content after it; a user content of text or a file after them is taken).
    - ``unplaced``: the key of the provider data (under the dialect's name) flagging a call
      the provider answers by a message it does not place (Chat: ``legacy``, a
      ``function_call`` answered by a ``role: "function"`` message, which names no call:
      OpenAI pairs tool messages only). ``right_after`` does not bind the answer of such a
      call, alone in its assistant message, that is id-less or flagged too, while no
      assistant message comes between them (the writer writes the two so, a call with an id
      too); a later assistant turn between them still does. ``fix_conversation`` answers such
      a call left unanswered with an id-less error result. ``""``: none.
    - ``by_place``: the provider pairs a tool message with neither id nor tool name with
      the calls before it by place (Ollama: its server renders tool messages in order and
      pairs nothing by id), so such a result answers, in its turn, the first call of the
      last message with calls that nothing else answers (``conversation/_pairing``).
    """

    right_after: bool = False
    results_first: bool = False
    missing: str = ""
    orphan: str = ""
    alternating: bool = False
    user_first: str = ""
    after_tool: str = ""
    after_assistant: str = ""
    call_first: str = ""
    first_listed: bool = False
    last_assistant: str = ""
    prefix_last: str = ""
    prefix_flag: str = ""
    alone: str = ""
    counted: bool = False
    same_role: str = ""
    split_results: str = ""
    unplaced: str = ""
    by_place: bool = False


Pairing.__module__ = "toolwire._dialect"  # pickled under its older home: older builds load it too


LAST_ASSISTANT = "last assistant"  # (``Refusals.message``'s *state*: an assistant message written fresh)
APART = "message by message"  # (``Refusals.message``'s *state*: true in the pass of a history written so)


@dataclass(frozen=True)
class Refusals:
    """What a provider refuses in a history written back as it came (a ``HistoryCodec``'s
    ``refusals``), which ``encode_conversation`` writes otherwise, noted, and
    ``check_conversation`` flags (docs/custom-dialects.md).

    - ``message(wire, state, final)``: why the provider refuses the decoded wire message
      *wire* as it came (Bedrock: a string ``toolUse`` input, blank text, a document name
      one before it has; Anthropic: a ``tool_use`` input that is no object; Chat: a null
      call id), else ``None``: such a message is written fresh, noted (``rewritten``), and
      ``check_conversation`` flags it (``refused-message``); *state* is a dict the messages
      of one pass share, in order (the pass of a history written message by message, not
      whole, holds ``APART`` true, and under ``LAST_ASSISTANT`` an assistant message it does
      not ask, one written fresh: Chat's rule reads what the last assistant message writes);
      *final*: whether it is the last message of the history
      (a provider may refuse there only what it takes elsewhere);
    - ``roles``: the roles of the messages ``message`` is asked of (``None``: every one); a
      message of another role is never asked (Chat: ``assistant``, where calls are);
    - ``apart_roles``: roles asked besides ``roles`` only in the pass of a history written
      message by message (a history written back whole never asks them; Chat asks its
      ``tool`` messages in both: its ``role: "function"`` answer is read against the
      assistant message before it);
    - ``prefill(wire)``: whether the provider refuses the decoded wire message *wire* as
      the final (assistant) one for the trailing whitespace of its text (Anthropic,
      Bedrock): a history ending in one is not written back whole as it came, the writer
      leaves that whitespace out, noted (``dropped``: ``trim_prefill``).
    """

    message: Optional[Callable[[Any, Dict[str, Any], bool], Optional[str]]] = None
    roles: Optional[FrozenSet[str]] = None
    prefill: Optional[Callable[[Any], bool]] = None
    apart_roles: FrozenSet[str] = frozenset()


@dataclass(frozen=True)
class HistoryCodec:
    """How ``decode_conversation`` / ``encode_conversation`` read and write a
    dialect's whole histories.

    - ``decode(data, dialect)``: the messages of a request body or of the bare
      history list (plain data), each ``Message`` with its ``wire`` set (*dialect*
      is the ``Dialect`` itself: its call and result decoders);
    - ``encode(messages, writer)``: the request fragment (``{"messages": [...]}``,
      ``{"system": ..., "messages": ...}``...) holding *messages*, written through
      the ``Writer`` (ids, names, reasoning and other parts of other providers);
    - ``detect(data)``: whether a plain body or list is a history of this dialect
      (asked in registry order when no dialect is named);
    - ``keys``: the request-body keys the fragment is made of;
    - ``signed(call)``: optional, whether a call carries this dialect's reasoning on
      it (Gemini's thought signature), which another target drops and notes; a target
      whose own ``signed`` is true for the call writes it (Gemini's signature, which
      ``gemini`` and ``openai.chat``, Gemini's OpenAI-compatible wire, both carry);
    - ``state``: the types of this dialect's other parts that are provider state, not
      content (provider-executed calls and their results, cache hints, tool-list
      changes): another target drops them and notes it (any other part it cannot
      take raises ``EncodeError``);
    - ``stored``: the types of this dialect's other parts that stand for items the
      provider stored (a reference to a stored item, a previous response): a result
      after one whose id no call of the history has may answer a call stored there
      (``check_conversation`` calls it no orphan, ``fix_conversation`` keeps it), and
      another target, which cannot resolve it, refuses such a result (a stored type
      not in ``state`` is refused there whole; ``check_conversation`` judging for it:
      ``stored-state``, which ``fix_conversation`` leaves);
    - ``texts(wire)``: optional, what the last text parts this dialect's decoder read
      from the wire message *wire* stand for where they are apart from the reply, in
      order (``("refusal",)``: a refusal content part, or a Chat-shaped decoder's
      ``refusal`` field; then Cohere v2's ``tool_plan``): a writer that joins the parts of
      such a message puts a blank line before them and notes it;
    - ``stores_calls(part)``: optional, whether a part of a ``stored`` type may stand for
      a call (a reference to a stored reasoning item or message does not: a result after
      only such parts is judged as without them); every one may when not given;
    - ``pairing``: where the provider wants tool results placed (a ``Pairing``);
    - ``unsent(wire)``: optional, what a decoded wire message of this dialect holds
      beside its parts (Chat's participant ``name``), as phrases ("The participant name
      'alice'"): a message written fresh or for another dialect goes without it, noted;
    - ``unsent_fresh(wire)``: optional, what of that a message written fresh to a dialect
      of this same codec goes without (its parts keep the rest: an Anthropic
      ``tool_result`` or ``image`` block's ``cache_control``); ``unsent`` when not given;
    - ``thinking``: optional, ``(read, write)`` of Claude's signed thinking in this
      dialect's wire block: ``read(block)`` its ``(text, signature)`` when the block is
      exactly that, signed, else ``None``; ``write(text, signature)`` the block. Reasoning
      one such dialect read goes to another as written by its ``write`` (the signature
      is the same on every platform), any other is dropped and noted;
    - ``as_is(messages, name)``: optional, the notes (``(kind, index, message)``) of a
      history decoded from this dialect and written back whole as it came to the dialect
      *name* (this one, or one derived from it: the notes name it; ``encode_conversation``
      returns a copy of the body then, and writes no message): those ``encode`` would give
      about the wire itself (Bedrock's ``mixed-turn``);
    - ``refusals``: what the provider refuses in a history written back as it came (a
      ``Refusals``: a message as it came, its trailing whitespace as the final one);
    - ``decodes_as``: the dialect name ``decode`` gives the parts and messages it reads,
      under which every writer and check reads them as this codec's own (each built-in's
      sets its own name, so a dialect derived from one, or with a codec made from its
      with ``dataclasses.replace``, reads them as the built-in does); ``""``: the name of
      the dialect it decodes for. Not compared: a codec pickled before it equals its
      built-in still (``_builtin.own_name``).
    """

    decode: Callable[[Any, Dialect], List[Message]]
    encode: Callable[[List[Message], Writer], Dict[str, Any]]
    detect: Callable[[Any], bool]
    keys: FrozenSet[str]
    signed: Optional[Callable[[ToolCall], bool]] = None
    state: FrozenSet[str] = frozenset()
    pairing: Pairing = Pairing()
    unsent: Optional[Callable[[Any], Tuple[str, ...]]] = None
    unsent_fresh: Optional[Callable[[Any], Tuple[str, ...]]] = None
    thinking: Optional[Tuple[Callable[[Dict[str, Any]], Optional[Tuple[str, str]]],
                             Callable[[str, str], Dict[str, Any]]]] = None
    as_is: Optional[Callable[[Sequence[Message], str], List[Tuple[str, int, str]]]] = None
    stored: FrozenSet[str] = frozenset()
    stores_calls: Optional[Callable[[Any], bool]] = None
    texts: Optional[Callable[[Any], Tuple[str, ...]]] = None
    refusals: Refusals = Refusals()
    decodes_as: str = field(default="", compare=False)

    def __getstate__(self) -> Dict[str, Any]:
        # pickled as before ``Refusals``: its three fields as the codec's own, each under
        # its older name (an older build loads it and has no ``Refusals``; ``__setstate__``)
        state = {k: v for k, v in self.__dict__.items() if k != "refusals"}
        r = self.refusals
        roles = r.roles if r.roles is None or not r.apart_roles else r.roles | r.apart_roles
        state.update(refused=r.message, prefill=r.prefill, refused_roles=roles)  # (an older build: every pass)
        if r.apart_roles:
            state["refused_apart"] = r.apart_roles
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        # a pickle of this build, or of an older one (its three fields the codec's own, or absent)
        state = dict(state)
        r = state.pop("refusals", None)
        message, prefill, roles = (state.pop(k, None) for k in ("refused", "prefill", "refused_roles"))
        apart = state.pop("refused_apart", frozenset())
        if r is None and apart and roles is not None:
            r = Refusals(message, roles - apart, prefill, apart)
        elif r is None:
            r = Refusals(message, roles, prefill) if message or prefill or roles is not None else Refusals()
        for k, v in state.items():
            object.__setattr__(self, k, v)
        object.__setattr__(self, "refusals", r)


HistoryCodec.__module__ = "toolwire._dialect"  # (as ``Pairing``)
