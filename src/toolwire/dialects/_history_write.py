"""What the writers of alternating APIs (Anthropic, Bedrock, Gemini) share: they plan
their turns with ``plan_turns``: leading system messages go to the system field (a later
one is moved there and noted; ``no_system`` where none is written), ``tool`` messages become user turns, consecutive
same-role messages merge into one turn, and a user turn's tool results come first
(Anthropic: "tool_result blocks must come FIRST in the content array"; Gemini: all
function responses of a turn in one content; Bedrock: alternation); ``write_turns``
leaves out a turn with nothing the target takes, and the turns around it merge. The
readers' side is ``_history_read``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Set, Tuple

from .._errors import EncodeError, an
from .._types import InvalidToolCall, ToolCall, ToolResult
from ..conversation._values import EMPTY_RESULT, Field, Media, Message, Other, Part, Reasoning, Text
from ._image_types import NOT_BASE64, USER_IMAGE_TYPES, image_media_type, no_base64, shown_type, untaken
from ._own_image import misnamed, relabelled
from ._prefill import trim_prefill
from ._result_media import blank_text, gemini_upload

if TYPE_CHECKING:
    from ..conversation._writer import Writer

__all__ = [
    "FIRST_USER", "gemini_upload", "image_type", "image_url", "no_detail", "no_system", "no_upload", "own_image",
    "plan_turns",
    "renamed_type", "solid",
    "system_parts", "Turn", "url_type", "user_turn_first", "write_part", "write_turns",
]


# the user message written before a history's first assistant turn where a provider
# refuses one there (``Pairing.user_first`` / ``call_first``), in LiteLLM's words
FIRST_USER = "Please continue."


def user_turn_first(msgs: List[Dict[str, Any]], turns: List[Turn], w: Writer, message: Dict[str, Any],
                    why: str) -> None:
    """Put the user turn *message* (of ``FIRST_USER``) before the written messages
    *msgs*, noted (``inserted``) at the first assistant turn; *why*: the provider's rule."""
    w.index = next(t.index for t in turns if t.role == "assistant")
    w.note("inserted", f"A user message {FIRST_USER!r} is written before assistant message {w.index}: {w.name} "
                       f"{why}")
    msgs.insert(0, message)


class Turn:
    """One wire message to write: its role, the decoded wire it extends (or
    ``None``), the parts to write, with the index of the message each came from, and
    the index of its first message."""

    __slots__ = ("role", "head", "parts", "index", "other")

    def __init__(self, role: str, head: Any, parts: List[Tuple[int, Part]], index: int = 0) -> None:
        self.role = role
        self.head = head
        self.parts = parts
        self.index = index
        self.other = False  # whether it holds more than tool results


def plan_turns(messages: List[Message], w: Writer, system_roles: Tuple[str, ...] = (),
               inline: FrozenSet[str] = frozenset()) -> Tuple[List[Tuple[int, Message]], List[Turn]]:
    """``(system messages, turns)``; see the module docstring. *system_roles*: roles
    of in-line system messages this dialect's own wire has (written back as is);
    *inline*: the types of this dialect's blocks that only such a message holds (never
    the system field): a system message holding one is written fresh in its place."""
    system: List[Tuple[int, Message]] = []
    turns: List[Turn] = []
    for i, m in enumerate(messages):
        w.index = i
        orig = m.original(w.own)
        if m.role == "system":
            if orig is not None and not isinstance(orig, Field) and orig.get("role") in system_roles:
                turns.append(Turn("system", orig, [], i))
                continue
            if inline and any(type(p) is Other and p.dialect == w.own and p.type in inline for p in m.parts):
                turns.append(Turn("system", None, [(i, p) for p in m.parts], i))
                continue
            if turns:
                w.note("moved", f"System message {i} is moved into the system field of {w.name}")
            system.append((i, m))
            continue
        role = "assistant" if m.role == "assistant" else "user"
        last = turns[-1] if turns else None
        other = any(type(p) is not ToolResult for p in m.parts)
        if orig is not None and not isinstance(orig, Field):
            if last is not None and last.role == role and (
                last.head is None or last.parts or (last.other and not other and m.parts)
            ):
                # merged after a fresh turn, or results after other content (they go first): written fresh
                last.parts.extend((i, p) for p in m.parts)
                last.other = last.other or other
                continue
            turns.append(Turn(role, orig, [], i))
            turns[-1].other = other
            continue
        if last is not None and last.role == role:
            if last.head is not None and any(type(p) is ToolResult and p.id is None for p in m.parts) and any(
                    type(p) is ToolResult for p in messages[last.index].parts):
                # id-less results after a decoded message's results: written fresh, so that they stay
                # after them (results first would put them ahead, and id-less ones pair by position)
                last.head, last.parts = None, [(last.index, p) for p in messages[last.index].parts] + last.parts
            last.parts.extend((i, p) for p in m.parts)
            last.other = last.other or other
        else:
            turns.append(Turn(role, None, [(i, p) for p in m.parts], i))
            turns[-1].other = other
    for t in turns:
        if t.role == "user" and t.head is None:
            t.parts.sort(key=lambda ip: type(ip[1]) is not ToolResult)  # stable: results first
    return system, turns


def no_system(system: List[Tuple[int, Message]], w: Writer) -> None:
    """No system field is written for the system messages *system* (nothing in them
    the target takes): a later one is not moved there (its ``moved`` note is taken back),
    and one that holds no part is noted dropped (a part left out is noted where it is)."""
    w.unnote("moved", frozenset(i for i, _m in system), "System message")
    for i, m in system:
        if not m.parts:
            w.index = i
            w.note("dropped", f"System message {i} holds nothing {w.name} can take: no system field is written")


def system_parts(system: List[Tuple[int, Message]], w: Writer, no_blank: bool = False) -> List[Any]:
    """The parts of the system messages: each text as a ``str`` (*no_blank*: a
    whitespace-only one left out and noted, as ``solid`` leaves it out), an ``Other``
    part of this dialect as its wire data; other providers' hints are noted and
    dropped, and anything else raises ``EncodeError``."""
    out: List[Any] = []
    for i, m in system:
        w.index = i
        for p in m.parts:
            if type(p) is Text:
                if no_blank and solid(p, w) is None:
                    continue
                out.append(p.text)
            elif type(p) is Other:
                data = w.other(p)
                if data is not None:
                    out.append(data)
            else:
                raise EncodeError(f"System message {i} holds {an(type(p).__name__)} part", dialect=w.name,
                                  loc=w.where(p))
    return out


def write_part(
    p: Part, w: Writer, dialect: str, text: Callable[[str], Any], image: Callable[[Media, Writer], Any]
) -> Any:
    """*p* as a content item of *dialect*: text and images by the dialect's own
    writers, calls, results and reasoning by *w*, media of *dialect* as received, other
    media refused (only images convert)."""
    t = type(p)
    if t is Text:
        return text(p.text)  # type: ignore[union-attr]
    if t is ToolCall or t is InvalidToolCall:
        return w.call(p)
    if t is ToolResult:
        return w.result(p)  # type: ignore[arg-type]
    if t is Reasoning:
        return w.reasoning(p)  # type: ignore[arg-type]
    if t is Media:
        m: Media = p  # type: ignore[assignment]
        if m.dialect == dialect and m.extra is not None:  # its wire part, as received (an image by its bytes)
            return own_image(m, w)
        if m.kind != "image":
            raise w.no_media(m, "only images are converted")
        no_upload(m, w)
        out = image(m, w)
        no_detail(m, w)
        return out
    return w.other(p)  # type: ignore[arg-type]


def solid(p: Part, w: Writer) -> Optional[Part]:
    """*p* for a target that refuses empty and whitespace-only text (Anthropic: "text
    content blocks must be non-empty", "... must contain non-whitespace text"; Bedrock:
    "The text field in the ContentBlock object ... is blank"): a blank text is left out
    (``None``), so is a blank text part of a tool result beside other parts, and a tool
    result of blank text only gets the text an empty one gets (``EMPTY_RESULT``), each
    noted. An empty string result is the writer's (some targets take it)."""
    t = type(p)
    if t is Text and not p.text.strip():  # type: ignore[union-attr]
        w.note("dropped", f"A whitespace-only text in message {w.index} is left out: {w.name} refuses blank text")
        return None
    if t is not ToolResult:
        return p
    r: ToolResult = p  # type: ignore[assignment]
    content = r.content
    if isinstance(content, str):
        if not content or content.strip():
            return r
        what = "is whitespace only"
    else:
        kept = [q for q in content if not blank_text(q)]
        if len(kept) == len(content):
            return r
        if kept:
            w.note("dropped", f"{len(content) - len(kept)} blank text part(s) of the result for {r.id or repr(r.name)} "
                              f"in message {w.index} are left out: {w.name} refuses blank text", r.id)
            return r.replace(content=kept)
        what = "is empty" if all(not q.get("text") for q in content) else "is whitespace only"
    w.note("inserted", f"The result for {r.id or repr(r.name)} in message {w.index} {what}, which "
                       f"{w.name} refuses: it is sent as {EMPTY_RESULT!r}", r.id)
    return r.replace(content=EMPTY_RESULT)


def no_detail(m: Media, w: Writer) -> None:
    """Notes (``dropped``) the ``detail`` image *m* came with (an OpenAI-style
    ``image_url`` or ``input_image`` part: Chat, Responses, Mistral, Cohere) for a
    target whose images have no such field; ``"auto"``, every API's default, goes
    without a word."""
    x = m.extra
    found = x.get("detail") if type(x) is dict else None
    if type(x) is dict and type(x.get("image_url")) is dict and x.get("type") == "image_url":
        found = x["image_url"].get("detail")
    if type(found) is str and found != "auto":  # "auto", the default, asks for nothing
        w.note("dropped", f"The image detail {found!r} in message {w.index} is not sent to {w.name}: its images "
                          "have no detail")


def no_upload(m: Media, w: Writer) -> None:
    """Refuses the image *m* when it is a Gemini Files API upload and the target is not
    Gemini, as a tool result's upload is refused (``_result_media``): the other provider
    would fetch it as a public URL and fail."""
    if m.url is not None and w.own != "gemini" and gemini_upload(m.url):
        raise w.no_media(m, "it is a Gemini Files API upload, which only Gemini reads (under the API key that "
                            "uploaded it)")


def url_type(m: Media, w: Writer) -> None:
    """Notes (``dropped``) the media type the image URL *m* came with (a Gemini
    ``fileData`` part's ``mimeType``) for a target whose image URLs carry none (Chat
    ``image_url``, Responses ``input_image``, Anthropic's ``url`` source): written back
    to Gemini, a URL that does not tell its type by its extension cannot be."""
    if m.data is None and m.media_type is not None:
        w.note("dropped", f"The MIME type {m.media_type!r} of the image URL in message {w.index} is not sent to "
                          f"{w.name}: its image URLs carry none")


def image_type(m: Media, w: Writer, checked: bool = False, shown: Optional[str] = None) -> str:
    """The media type of the base64 image *m*: the one its bytes show (``shown_type``),
    as a tool result's, else its own (``image_media_type``: in lower case, ``image/jpg`` as
    ``image/jpeg``); a label the bytes tell otherwise is noted (``converted``; *checked*: a
    target that checks them says so). ``EncodeError`` when none tells (no target takes an
    image of no type), for bytes of a type the target does not take (``USER_IMAGE_TYPES``)
    and for data outside ASCII (no base64). *shown*: its bytes' type where read already."""
    mt = image_media_type(m.media_type)
    if m.data is not None:
        if no_base64(m.data):  # every provider's decoder refuses it (as a tool result's, ``sent_type``)
            raise w.no_media(m, NOT_BASE64)
        by_bytes = shown or shown_type(m.data)
        takes = USER_IMAGE_TYPES.get(w.own)
        if takes is not None and by_bytes is not None and by_bytes not in takes:  # (as a tool result's)
            raise w.no_media(m, untaken(m.media_type, by_bytes, ", ".join(takes)))
        shown = by_bytes or mt
        if mt is not None and shown != mt:
            w.note("converted", f"The image in message {w.index} labelled {m.media_type!r} is sent as {shown!r}, "
                                f"the type its bytes show" + (f": {w.name} checks them" if checked else ""))
        mt = shown
    if mt is None:
        raise w.no_media(m, "its media type is not given and its data is no PNG, JPEG, GIF or WebP image")
    return mt


def own_image(m: Media, w: Writer) -> Any:
    """The target's own part *m* written fresh: its wire part (``m.extra``), but a base64
    image goes by a converted one's rule (``image_type``: of its bytes' type, refused where
    not taken, noted), in its own shape (``relabelled``); no base64 refused."""
    x = m.extra
    if m.kind == "image" and no_base64(m.data):
        raise w.no_media(m, NOT_BASE64)
    if m.kind != "image" or m.data is None or relabelled(x, "", "") is None:
        return x  # (a part of no shape known there: as it came)
    shown = shown_type(m.data)  # (read once; bytes of no type: by the label)
    mt = image_type(m, w, shown=shown) if shown is not None else image_media_type(m.media_type)
    if mt is None or mt == m.media_type or (mt == image_media_type(m.media_type) and not misnamed(x)):
        return x
    renamed_type(m, mt, w)  # (Gemini's ``image/jpg``: "Unsupported MIME type")
    return relabelled(x, mt, m.data)


def renamed_type(m: Media, mt: str, w: Writer) -> None:
    """Notes (``converted``) the target's own image *m*, written fresh as *mt*, where its
    label names that type another way (``image/jpg``, upper case: Anthropic's and Converse's
    enums, Gemini's "Unsupported MIME type"); a label its bytes contradict: ``image_type``."""
    if m.media_type is not None and m.media_type != mt and image_media_type(m.media_type) == mt:
        w.note("converted", f"The image in message {w.index} labelled {m.media_type!r} is sent as {mt!r}, the name "
                            f"{w.name} takes for its type")


def image_url(m: Media, w: Writer) -> str:
    """Image *m* as an ``image_url`` value: a ``data:`` URL of its data (its type from
    ``image_type``), else its URL."""
    if m.data is None:
        assert m.url is not None
        url_type(m, w)
        return m.url
    return f"data:{image_type(m, w)};base64,{m.data}"


def write_turns(
    turns: List[Turn],
    w: Writer,
    key: str,
    write: Callable[[Part, Writer], Any],
    head_items: Callable[[Any], List[Any]] = lambda v: list(v or []),
    wire_role: Callable[[str], str] = lambda role: role,
    prefill: bool = False,
    arrange: Optional[Callable[[List[Tuple[int, Any]]], List[Any]]] = None,
    written: Optional[Dict[int, int]] = None,
    fixed: Optional[Set[int]] = None,
    check: Optional[Callable[[List[Dict[str, Any]]], None]] = None,
) -> List[Dict[str, Any]]:
    """The wire messages of *turns*: a decoded message unchanged, else its items under
    *key* (those of the message it continues, ``head_items``, then its parts, each
    written by *write*); a turn left with nothing is dropped and noted, and the turns
    around it, now of one role, merge (turns alternate); no message at all is an
    ``EncodeError``. *prefill*: the target refuses trailing whitespace in a final
    assistant message (``trim_prefill``). *arrange*: the target pairs results by
    position (``CallOrder.arrange``): the results of a wire message written fresh (of
    turns merged around a dropped one too) go in the order it gives, in the places they
    were written to. *written*: filled with ``id()`` of each item written fresh -> the
    message it came from (a trimmed prefill text's copy too; *fixed*: ``id()`` of each
    block written back as it came, which a trimmed one of those joins). *check*: run on
    the messages before the trim (Bedrock's cache points: it may leave out blocks and
    messages, never replace a block), so that the trim judges the final message as it
    goes out."""
    wire: List[Dict[str, Any]] = []
    roles: List[str] = []  # the canonical role of each wire message
    dropped = False  # a turn was left out since the last one written
    # (message, item) of each result written fresh into the last wire message (*arrange*), and
    # where each of them is in its items: arranged once that message is complete
    pending: List[Tuple[int, Any]] = []
    pending_at: List[int] = []

    def settle() -> None:
        if pending:
            assert arrange is not None
            items = wire[-1][key]
            for at, item in zip(pending_at, arrange(pending)):
                items[at] = item
            pending.clear()
            pending_at.clear()

    texts: Dict[int, int] = {}  # id() of each text item written fresh -> the message it came from
    came: Dict[int, int] = {}  # id() of each item (and string content's message) as it came -> its message (*prefill*)
    for t in turns:
        run: List[Tuple[int, Any]] = []  # (message, item) of each result written fresh (*arrange*)
        slots: List[int] = []  # where each of them is in *items*
        if t.head is not None and not t.parts:
            msg: Dict[str, Any] = t.head
            if prefill:
                came[id(msg)] = t.index
                head = msg.get(key)
                came.update(dict.fromkeys(map(id, head if type(head) is list else ()), t.index))
        else:
            first: List[Any] = []  # the results of a user turn continuing a decoded message go first
            items = head_items(t.head.get(key)) if t.head is not None else []
            if prefill and items:
                came.update(dict.fromkeys(map(id, items), t.index))
            for i, p in t.parts:
                w.index = i
                item = write(p, w)
                if prefill and type(p) is Text and item is not None:
                    texts[id(item)] = i
                if item is not None:
                    if written is not None:
                        written[id(item)] = i
                    if arrange is not None and t.head is None and type(p) is ToolResult:
                        run.append((i, item))
                        slots.append(len(items))
                    (first if t.head is not None and type(p) is ToolResult else items).append(item)
            items = first + items  # (*first* only before a decoded message's items: *run* is empty then)
            if not items:
                w.index = t.index
                w.note("dropped", f"{an(t.role, True)} turn with nothing {w.name} can take is left out")
                dropped = True
                continue
            msg = {**t.head, key: items} if t.head is not None else {"role": wire_role(t.role), key: items}
        if dropped and roles and roles[-1] == t.role and t.role != "system":  # the turns around it merge
            prev = wire[-1]
            before = head_items(prev.get(key))
            more = head_items(msg.get(key))
            if prefill and type(msg.get(key)) is str:  # (its text as a block: as it came)
                came.update(dict.fromkeys(map(id, more), t.index))
            wire[-1] = {**prev, key: before + more}
            pending.extend(run)
            pending_at.extend(len(before) + at for at in slots)
        else:
            settle()
            wire.append(msg)
            roles.append(t.role)
            pending.extend(run)
            pending_at.extend(slots)
        dropped = False
    if wire:
        settle()
    if not wire:
        raise EncodeError(f"{an(w.name, True)} request needs at least one message", dialect=w.name)
    if check is not None:
        check(wire)
    if prefill and wire[-1].get("role") == wire_role("assistant"):
        trim_prefill(wire, key, texts, came, w, written, fixed)
    return wire
