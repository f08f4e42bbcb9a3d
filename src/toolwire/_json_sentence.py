"""A value given up that a sentence quotes (``Your input ["a", "b"`` + line break +
``has a raw newline in "name".``): the answer announced before it stands
(``_json_extract._scan``; review revJsonx found 1,039 of 1,538 such replies gave none)."""

from __future__ import annotations

from ._json_value_end import _string_end, _ws

__all__ = ["answer_announced", "quoted_in_sentence"]

_ANSWER_WORDS = ("answer", "final", "result")


def quoted_in_sentence(text: str, at: int, quote: int) -> bool:
    """Whether the value failed at *at* and given up at the string opening at *quote* is
    quoted in a sentence: words before it on its line, not ending with ``:`` (``Final:
    {…``, a list marker or a quote marker announce it or open it: an answer tried), and
    the sentence goes on past the given-up string, the next line opening with a lower-case
    letter (``has``, ``would fail``, ``is invalid``; ``I will fix it.`` starts anew).
    Reads the line before *at* and the string once."""
    k = at
    while k > 0 and text[k - 1] not in "\n\r":
        k -= 1
    lead = text[k:at].strip(" \t")
    if not lead or lead[-1] in ":*->" or lead[0] in "*->" or lead[0].isdigit():
        return False
    end = _string_end(text, quote)[0]
    nxt = len(text) if end < 0 else _ws(text, end)
    return nxt < len(text) and text[nxt].islower()


def answer_announced(text: str, at: int) -> bool:
    """Whether the value at *at* is announced as the answer: the words before it on its
    line, or on the line before when it opens its line (blank lines aside), end with a
    word naming it and ``:`` (``Answer:``, ``**Final:**``, ``Final answer:``, ``Result:``;
    ``Draft:``, ``First try:`` and ``"final".Example:`` do not). Reads those words once."""
    k = at
    while k > 0 and text[k - 1] not in "\n\r":
        k -= 1
    lead = text[k:at].strip(" \t*")
    if not lead:
        j = k
        while j > 0 and text[j - 1] in " \t\n\r":
            j -= 1
        i = j
        while i > 0 and text[i - 1] not in "\n\r":
            i -= 1
        lead = text[i:j].strip(" \t*")
    words = lead[:-1].rstrip(" *_").split() if lead.endswith(":") else []
    return bool(words) and words[-1].strip("*_").casefold() in _ANSWER_WORDS
