"""Writing OpenAI Chat histories, and the Chat-shaped ones of Mistral, Cohere v2 and
Ollama (``chat_history``): canonical messages as ``{"messages": [...]}`` (``encoder``).

Follows https://platform.openai.com/docs/api-reference/chat/create (checked
2026-12-02): each call of an assistant message's ``tool_calls`` is answered by one
``tool`` message (``tool_call_id``) right after it, and "An assistant message with
'tool_calls' must be followed by tool messages", so consecutive assistant messages are
written as one where they are written fresh, and always after one that holds calls
(``chat_history_runs``). A message decoded from the same dialect is written back as it
came (a deprecated ``function_call`` with its ``role: "function"`` answer). Tool-only
assistant content is the dialect's (``null``, absent, ``""``: its
``assistant_message`` field); reasoning goes back to the same dialect only, beside
the content or as ``thinking`` content blocks (Mistral ``ThinkChunk``, Cohere v2).
A Responses ``input_file`` is a Chat ``file`` part (``file_parts``); a GLM-4-AllTools
server item (an ``Other`` part, ``chat_server``) goes back among the ``tool_calls``.
Ollama takes images as a message's ``images`` list of base64
(https://github.com/ollama/ollama/blob/main/docs/api.md); Mistral no user message
right after a tool message ("Unexpected role 'user' after role 'tool'": mistral-common
before 1.11.1, commit cdd334b "Allow user after tool (#218)", and servers that validate
with it): its *bridge* assistant turn is written between, and noted; and no system
message right after an assistant or tool message (mistral-common
``_validate_message_order``: after an assistant only an assistant, user or tool
message, after a tool no system message): such a system message moves up to the leading ones
(*lift*), noted; and no first message that is an assistant message with calls
(mistral-common's validators skip message 0's calls, so the tool messages answering
them are refused), nor a lone assistant message (mistral-common
``_validate_message_list_structure``: "Conversation must start with a user message or
system message"): a user message goes before it (*opens*), noted; and no last message
that is an assistant message without ``prefix`` (mistral-common
``_validate_last_message``: "Expected last role User or Tool (or Assistant with prefix)
for serving"): a final assistant message of text gets ``"prefix": true``,
the prefix the reply continues (``AssistantMessage.prefix``,
https://docs.mistral.ai/guides/prefix/), noted (*last*). These bind messages written back
as they came too (a copy gets the flag): only a history written back whole, which this
writer never sees, is the caller's order (``order_as_is`` notes it). An assistant message written fresh
is ``chat_history_assistant``'s; text parts joined into one, ``chat_history_join``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Callable, Dict, List, Optional, Tuple

from ..._errors import EncodeError, an
from ..._types import ToolResult
from ...conversation._values import Media, Message, Other, Part, Reasoning, Text
from .._common import scoped
from .._history_write import FIRST_USER, image_url, no_detail, no_upload, own_image
from .._result_media import web
from .._result_order import CallOrder
from ..gemini.audio_parts import chat_audio, is_gemini_audio
from .chat_history_assistant import assistant
from .chat_history_join import APART, joined
from .chat_history_runs import in_call_order, merge_assistants
from .chat_refused import answered_by_id
from .chat_results import ANSWER
from .file_parts import CHAT, RESPONSES, chat_file
from .media import write_detail

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["PREFIX_FLAG", "encoder"]

# mistral-common 1.13.1 ``_validate_message_list_structure``: one message is a user or system message
MISTRAL_ALONE = "Conversation must start with a user message or system message"
PREFIX_FLAG = "The prefix flag (the reply continues this assistant message)"  # what a note calls Mistral's ``prefix``


def _answering(r: ToolResult, name: str, legacy: bool) -> ToolResult:
    """The id-less result *r* written fresh in the shape that answers the call before it: after
    a legacy ``function_call`` (written as it came or fresh, ``chat_history_assistant``: it has
    no id) the ``role: "function"`` message (openai-python ``ChatCompletionFunctionMessageParam``:
    ``name``, ``content``), the agent loop's ``ToolResult(call.id, ...)`` too, whatever id the
    writer pairs it by (``ANSWER``: a call flagged legacy with an id goes as a ``function_call``
    when no result but a legacy one carries its id), a legacy answer with an id too; after a call
    written with an id (``tool_calls``) a tool message, a legacy answer too."""
    own = {k: v for k, v in scoped(r, name).items() if k in ("part_extra", "extra")}
    if legacy:
        own["legacy"] = ANSWER
    return r.replace(provider_data={**{k: v for k, v in r.provider_data.items() if k != name},
                                    **({name: own} if own else {})})


def encoder(
    name: str, *, images: bool, bridge: Optional[str], details: Tuple[str, ...], lift: bool = False,
    plan: Optional[str] = None, opens: bool = False, last: str = "", ordered: Optional[str] = None,
    prefix_last: str = "", one_text: str = "", one_text_roles: Tuple[str, ...] = ("user", "assistant", "system"),
) -> Callable[[List[Message], Writer], Dict[str, Any]]:
    """The ``encode`` of the Chat-shaped dialect *name*'s history codec (``chat_like``
    says what *images*, *bridge*, *details* and *plan* are); *lift*: a system message
    (fresh or as it came) right after an assistant or tool message moves up to the leading
    system messages, noted (Mistral: ``Pairing.after_assistant``); *opens*: a user
    message (``FIRST_USER``) goes before a first written message that is an assistant
    message with calls or the only one, noted (Mistral: ``Pairing.call_first``,
    ``Pairing.alone``); *last*: the dialect's
    refusal of a final assistant message, which a final assistant message of text (fresh,
    or a copy of one as it came) escapes as a prefix (``"prefix": true``), noted (Mistral:
    ``Pairing.last_assistant``); *prefix_last*: the dialect's refusal of a prefix on a
    message that is not the last one: a message written back as it came with
    ``"prefix": true`` that is not the last one written goes without it, noted (Mistral:
    ``Pairing.prefix_last``; so the request it wrote, with the reply and the next user
    message appended, is taken). The text of an
    assistant message with calls goes in its *plan* alone where the dialect has one
    (Cohere v2: "tool_plan", the text that goes with the tool calls), never in its
    content blocks too. *ordered*: the dialect pairs tool messages by position (why):
    each run of tool messages written fresh goes in call order (``CallOrder``).
    A message's text parts go as a list of text parts (a single one as a string), the
    content the SDKs of every Chat-shaped dialect but Ollama type for user, assistant and
    system messages; *one_text*: where the content of a message of *one_text_roles* is
    one string (Ollama; Chat's assistant and system messages, which some servers take as
    a string only), why: its parts are joined (``joined``), noted, as the text beside
    calls in a *plan* is."""

    def user_part(p: Part, w: Writer, role: str) -> Any:
        """*p* as a content part (or ``("images", data)``) of the *role* message being written."""
        t = type(p)
        if t is Text:
            return {"type": "text", "text": p.text}  # type: ignore[union-attr]
        if t is Media:
            m: Media = p  # type: ignore[assignment]
            if m.dialect == name and m.extra is not None:
                return own_image(m, w)
            if m.kind != "image":
                raise w.no_media(m, "only images are converted")
            no_upload(m, w)
            if images:
                if m.data is None:
                    raise w.no_media(m, "Ollama takes images as base64 data only")
                no_detail(m, w)  # (Ollama's images have none)
                return ("images", m.data)
            if m.data is None and not web(m.url):
                raise w.no_media(m, "an image_url part takes an http(s) or data: URL")
            iu = {"url": image_url(m, w)}
            detail = write_detail(m, w, details) if details else None
            if detail is not None:
                iu["detail"] = detail
            return {"type": "image_url", "image_url": iu}
        if t is Reasoning:
            if p.dialect == name:  # type: ignore[union-attr]  # its fields ride on assistant messages only
                raise EncodeError(f"Message {w.index} is {an(role)} message holding reasoning", dialect=w.name,
                                  loc=w.where(p))
            return w.reasoning(p)  # type: ignore[arg-type]
        if t is Other and name == CHAT and p.dialect == RESPONSES and p.type == "input_file":  # type: ignore[union-attr]
            return chat_file(p, w)  # type: ignore[arg-type]
        if name == CHAT and is_gemini_audio(p):  # Gemini's inline audio: input_audio (``gemini.audio_parts``)
            return chat_audio(p, w)  # type: ignore[arg-type]
        return w.other(p)  # type: ignore[arg-type]

    def content_of(items: List[Any], m: Message, role: str, w: Writer) -> Any:
        """The content of the user or system message *m*, written as a *role* message,
        of *items*: one text part as a string, parts as they are, joined where the
        dialect takes a string."""
        if all(type(x) is dict and x.get("type") == "text" and len(x) == 2 for x in items):
            if len(items) < 2:
                return items[0]["text"] if items else ""  # (Ollama's images alone: ``""``)
            if one_text and role in one_text_roles:
                return joined(name, [x["text"] for x in items], [w.index] * len(items), m.role, w, one_text, APART)
        return items


    def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
        builder = w.d.assistant_message
        assert builder is not None
        out: List[Dict[str, Any]] = []
        merged = merge_assistants(messages, name)
        lifted: List[Dict[str, Any]] = []  # system messages moved up to the leading ones (*lift*)
        legacy = False  # a legacy ``function_call`` was written as decoded: its ``role: "function"`` answer too
        found: List[AbstractSet[Tuple[int, int]]] = []  # ``answered_by_id``, found once when first asked

        def by_id() -> AbstractSet[Tuple[int, int]]:
            if not found:
                found.append(answered_by_id(messages))
            return found[0]

        first = 0  # the message the first written one comes from
        fresh: List[Tuple[int, int]] = []  # (its place in *out*, its message) of each result written fresh
        tail: Tuple[Optional[Dict[str, Any]], List[int], bool] = (None, [], False)  # last assistant one written, its
        # messages, whether it was written back as it came
        prefixed: Dict[int, List[int]] = {}  # id() of a message written back as it came with ``"prefix": true`` -> its
        # indexes, in order (one dict a caller's list holds twice is written twice)
        for i, m, origin in merged:
            w.index = i
            if not out:
                first = i
            orig = m.original(name)
            if orig is not None and (legacy or orig.get("role") != "function"):
                if m.role == "assistant":
                    # (llama-cpp-python's mirror of a ``tool_calls`` call in ``function_call`` is no legacy call)
                    legacy = orig.get("function_call") is not None and not orig.get("tool_calls")
                    if prefix_last and orig.get("prefix") is True:
                        prefixed.setdefault(id(orig), []).append(i)
                    tail = (orig, [i], True)
                elif m.role in ("user", "system"):  # the order rules bind it too (*lift*, *bridge*)
                    _place(out, lifted, orig, m, i, w)
                    continue
                out.append(orig)
                continue
            if m.role == "assistant":
                legacy = False
                msg = assistant(m, w, builder, origin, messages, name=name, plan=plan, one_text=one_text,
                                one_text_roles=one_text_roles, by_id=by_id)
                w.index = i
                if msg is None:
                    w.note("dropped", f"Assistant message {i} holds nothing {w.name} can take and is left out")
                elif not msg:  # its own reasoning alone: no text, no call
                    w.note("dropped", f"Assistant message {i} holds only reasoning and is left out: {w.name} takes "
                                      "reasoning beside an assistant's text or calls")
                else:
                    out.append(msg)
                    tail = (msg, sorted(set(origin)) if origin else [i], False)
                    # (a legacy call written fresh as one: its answer too)
                    legacy = "function_call" in msg and not msg.get("tool_calls")
                continue
            rest: List[Any] = []
            for p in m.parts:
                if type(p) is ToolResult:
                    flag = scoped(p, name).get("legacy")
                    if (p.id is None and (legacy or flag)) or (legacy and flag):
                        p = _answering(p, name, legacy)
                    fresh.append((len(out), i))
                    out.append(w.result(p))
                else:
                    item = user_part(p, w, m.role)
                    if item is not None:
                        rest.append(item)
            if not rest:
                if not m.parts and m.role in ("system", "user"):  # empty as it came: written empty
                    _place(out, lifted, {"role": m.role, "content": ""}, m, i, w)
                elif not any(type(p) is ToolResult for p in m.parts):  # all of it dropped (noted): left out
                    w.note("dropped", f"{m.role.capitalize()} message {i} holds nothing {w.name} can take and is "
                                      "left out")
                continue
            imgs = [x[1] for x in rest if type(x) is tuple]
            rest = [x for x in rest if type(x) is not tuple]
            if m.role == "system" and not all(type(x) is dict and x.get("type") == "text" for x in rest):
                j = next((j for j, p in enumerate(m.parts) if type(p) is not Text), None)
                raise EncodeError(f"System message {i} holds more than text", dialect=w.name,
                                  loc=f"$.messages[{i}]" if j is None else f"$.messages[{i}].parts[{j}]")
            role = "system" if m.role == "system" else "user"
            um: Dict[str, Any] = {"role": role, "content": content_of(rest, m, role, w)}
            if imgs:
                um["images"] = imgs
            _place(out, lifted, um, m, i, w)
        if ordered is not None and fresh:
            in_call_order(out, fresh, CallOrder(messages, w, ordered))
        if lifted:  # after the leading system messages, in their order (one splice: linear)
            lead = next((k for k, x in enumerate(out) if x.get("role") != "system"), len(out))
            out[lead:lead] = lifted
        if not out:
            raise EncodeError(f"{an(w.name, True)} request needs at least one message", dialect=w.name)
        if opens and out[0].get("role") == "assistant" and (out[0].get("tool_calls") or len(out) == 1):
            w.index = first
            why = ("whose first message is an assistant message with tool calls" if out[0].get("tool_calls") else
                   f"that is one assistant message (\"{MISTRAL_ALONE}\")")
            w.note("inserted", f"A user message {FIRST_USER!r} is written before assistant message {first}: {w.name} "
                               f"takes no history {why}")
            out.insert(0, {"role": "user", "content": FIRST_USER})
        if prefixed:
            _stale(out, prefixed, w)
        if last and out[-1] is tail[0] and not out[-1].get("tool_calls") and not (
                tail[2] and out[-1].get("prefix") is True):
            if tail[2]:  # written back as it came (a history extended, a reply appended): a copy gets the flag
                out[-1] = {**out[-1], "prefix": True}
            else:
                out[-1]["prefix"] = True
            run = tail[1]
            w.index = run[-1]
            said = (f"Assistant message {run[0]}, the last one, is" if len(run) == 1 else
                    f"Assistant messages {run[0]} to {run[-1]}, the last ones, are written as one and")
            w.note("converted", f"{said} written with 'prefix': true (the reply continues it): {w.name} takes a final "
                                f"assistant message only as a prefix (\"{last}\")")
            w.unnote("dropped", frozenset(run), PREFIX_FLAG)  # a flag of its own is kept, not dropped
        return {"messages": out}

    def _stale(out: List[Dict[str, Any]], prefixed: Dict[int, List[int]], w: Writer) -> None:
        """The messages written back as they came with ``"prefix": true`` (*prefixed*)
        that are not the last one written, without it, noted (*prefix_last*). They are
        written in their order, so a dict written twice is its first index, then its next."""
        end = len(out) - 1
        seen: Dict[int, int] = {}  # id() -> how many times it was met
        for k, x in enumerate(out):
            at = prefixed.get(id(x))
            if at is None:
                continue
            n = seen[id(x)] = seen.get(id(x), -1) + 1
            i = at[n]
            if k != end:
                out[k] = {f: v for f, v in x.items() if f != "prefix"}
                w.index = i
                w.note("dropped", f"{PREFIX_FLAG} of message {i} is not sent to {w.name}: message {i} is not the last "
                                  f"one (\"{prefix_last}\")")

    def _place(
        out: List[Dict[str, Any]], lifted: List[Dict[str, Any]], msg: Dict[str, Any], m: Message, i: int, w: Writer
    ) -> None:
        """Writes the user or system message *msg* (of *m*) after *out*: a system message
        right after an assistant or tool message is moved up (*lift*), noted; else the
        *bridge* goes before it where needed."""
        prev = out[-1].get("role") if out else None
        if lift and m.role == "system" and prev in ("assistant", "tool"):
            lifted.append(msg)
            w.note("moved", f"System message {i} is moved up to the leading system messages: {w.name} takes no "
                            f"system message right after {an(str(prev))} message")
            return
        _bridge(out, m, i, w)
        out.append(msg)

    def _bridge(out: List[Dict[str, Any]], m: Message, i: int, w: Writer) -> None:
        """The *bridge* assistant message before user or system message *m* when a tool
        message comes right before it, noted."""
        if bridge is not None and out and out[-1].get("role") == "tool":
            out.append({"role": "assistant", "content": bridge})
            w.note("inserted", f"An assistant message {bridge!r} is written before {m.role} message {i}: "
                               f"{w.name} takes no {m.role} message right after a tool message")


    return encode
