"""How the text parts of a Chat-shaped message are joined where the dialect takes one
string (``chat_history_encode``, ``chat_history_assistant``; ``responses_input_encode``'s
instructions): what goes between them, and the note saying so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from .chat_history_runs import told as told_of

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["APART", "JOIN_HOW", "TOGETHER", "joined"]

# What a forced join puts between a message's text parts. An assistant message's parts are
# pieces of one reply (an Anthropic text block split around a citation, Responses
# ``output_text`` parts; openai-python ``Response.output_text``, anthropic
# ``get_final_text`` and google-genai ``GenerateContentResponse.text`` concatenate them):
# nothing. A user or system message's parts are separate inputs: a blank line, as
# mistral-common's ``InstructRequestNormalizer`` joins text chunks (``_DEFAULT_JOIN_STR``).
# Texts a call (or any other part) separates are not one reply in pieces: a blank line
# (``SPLIT``), as before the pieces were told apart.
TOGETHER, APART = "", "\n\n"
JOIN_HOW = {TOGETHER: "joined as they are (nothing between them: one reply in pieces)",
            APART: "apart by a blank line (separate inputs)"}
SPLIT = "apart by a blank line (a call or another part stands between them)"
MIXED = (f"adjacent ones {JOIN_HOW[TOGETHER]}, those a call or another part separates apart by a blank line")
# A wire field a Chat-shaped decoder reads as a last text part (``chat_history_decode``: ``refusal``, Cohere's
# ``tool_plan``) is no piece of the reply either: a remark of its own. The decoded wire message, unchanged
# (``Message.original``), is what says it was one (``chat_history_runs.fields_of``).


def joined(name: str, texts: List[str], where: List[int], role: str, w: Writer, why: str, sep: str,
           split: Tuple[int, ...] = (), fields: Optional[Dict[int, Tuple[str, Tuple[str, ...]]]] = None) -> str:
    """The text parts *texts* (two or more, of the messages *where*) as one text,
    noted: a message's parts apart by *sep* (``APART`` or ``TOGETHER``), but those
    at *split* (indexes into *texts*: another part stands before them since the
    text before), a message's last ones read from wire fields (*fields*: its
    dialect and those fields, by message: ``fields_of``) and the messages of a merged
    run apart by a blank line."""
    fields = fields or {}
    out: List[str] = []
    inner = apart = 0  # joins within a message but before a field's text, and how many of them are at *split*
    cut = set(split)
    n, first, last = len(texts), where[0], where[-1]
    rest = [0] * n  # the texts of its message from each on
    for k in range(n - 1, -1, -1):
        rest[k] = 1 + (rest[k + 1] if k + 1 < n and where[k + 1] == where[k] else 0)
    for k, t in enumerate(texts):
        if k:
            if where[k] != where[k - 1]:
                out.append("\n\n")
            elif rest[k] <= len(fields.get(where[k], ("", ()))[1]):
                out.append(APART)
            else:
                inner += 1
                apart += k in cut
                out.append(APART if k in cut else sep)
        out.append(t)
    how = JOIN_HOW[sep] if not apart or sep == APART else SPLIT if apart == inner else MIXED
    told = told_of(fields, first == last)
    w.index = last
    if first == last:
        how = f"{how}, {told}" if told and inner else told or how
        w.note("converted", f"The {n} text parts of {role} message {first} are sent to {w.name} as one text, "
                            f"{how}: {why}")
    else:
        how = f"each message's parts {how}, {told}" if told and inner else told or f"each message's parts {how}"
        w.note("converted", f"The {n} text parts of {role} messages {first} to {last}, written as one, are "
                            f"sent to {w.name} as one text, {how}, the messages apart by a blank line: {why}")
    return "".join(out)
