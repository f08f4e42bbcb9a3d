"""A dialect's finish reasons as the arguments policy and the collectors read them:
which words say a reply was cut off (its calls may be truncated), which say it failed
and which say a content filter or a refusal stopped it (none of its calls runs either
way: ``_stopped``, re-exported here). No table of provider words here beyond the
core's ``TRUNCATING``: the rest is derived from each dialect's ``finish_reasons``, so a
third-party dialect's own words act as the built-ins' do, in whole replies
(``decode_all``, ``normalize``), in streams and as the ``finish_reason=`` keyword.
Every rule reads a word as ``normalize_finish`` does (``finish_lookup``: as is, then
upper and lower case), so ``failed`` is a failed reply wherever ``FAILED`` is one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, FrozenSet, Iterable, Mapping, Optional, Tuple, Union

from ._builtin import default_registry
from ._derived import derived
from ._dialect import Dialect, finish_lookup, finish_word
from ._finish_reasons import NOT_DONE, core_word, is_known
from ._policy import (
    CUT_OFF,
    TRUNCATING,
    UNFINISHED,
    Policy,
    cut_reason,
    failed_reason,
    finish_norm,
    not_done,
    unfinished_policy,
)
from ._registry import Registry
from ._stopped import BARRED, STOPPED, barred_call, barred_reason, keyword_call, stop_words

__all__ = ["STOPPED", "Words", "barred_call", "barred_keyword", "barred_reason", "barring_word", "called_reason",
           "calling", "cut_reason", "failed_reason", "failing", "keyword_call", "keyword_finish", "keyword_read",
           "known_word", "known_words", "own_finish", "stop_words", "truncating", "unknown_finish"]


class Words(frozenset):  # type: ignore[type-arg]
    """The finish reasons of a dialect that normalise to one of *norms*: its own words
    (and the core's, for ``truncating``), as they are in its ``finish_reasons``
    (*table*). A word in another case is first turned into the table's spelling,
    once per reply (``_dialect.key_of``): membership itself stays a plain set lookup.
    ``unfinished`` holds those of them that say the reply has not finished
    (``Dialect.unfinished_reasons``, in ``truncating``); ``known`` every registered
    dialect's words in any case (``_known_words``: a word none knows is ``_policy.Unknown``)."""

    __slots__ = ("known", "table", "unfinished")
    table: Mapping[str, str]
    unfinished: FrozenSet[str]
    known: FrozenSet[str]

    def __new__(cls, words: Iterable[str], table: Mapping[str, str],
                unfinished: FrozenSet[str] = frozenset(), known: FrozenSet[str] = frozenset()) -> Words:
        self = super().__new__(cls, words)
        self.table = table
        self.unfinished = unfinished
        self.known = known
        return self

    def __reduce__(self) -> Any:
        return (Words, (list(self), dict(self.table), self.unfinished, self.known))


def _words(d: Dialect, norms: FrozenSet[str], core: FrozenSet[str] = frozenset(),
           unfinished: FrozenSet[str] = frozenset(), known: FrozenSet[str] = frozenset()) -> Words:
    return Words(core | {raw for raw, norm in d.finish_reasons.items() if norm in norms}, d.finish_reasons,
                 unfinished, known)


_CALLED = frozenset({"tool_calls"})


def truncating(d: Dialect, known: FrozenSet[str] = frozenset()) -> FrozenSet[str]:
    """The finish reasons that cut *d*'s replies short: the core's, those its
    ``finish_reasons`` normalises to ``length`` or ``context_window``, and its
    ``unfinished_reasons`` (a reply not finished: ``Words.unfinished``), with every
    built-in's (``NOT_DONE``) that its table does not read otherwise, as ``not_done``
    reads a whole reply (a word in another case: ``_results.Results.key``). *known*: the
    registry's words (``known_words``), carried for the streams (``Words.known``)."""
    unfinished = frozenset(d.unfinished_reasons) | {
        w for w in NOT_DONE if finish_lookup(d.finish_reasons, w) in (None, "other")}
    return _words(d, CUT_OFF, TRUNCATING | unfinished, unfinished, known)


def failing(d: Dialect) -> FrozenSet[str]:
    """The finish reasons of a reply none of whose calls runs: those *d* reports as
    failed (``finish_reasons`` normalises them to ``error``) or as stopped by a content
    filter or a refusal (``STOPPED``). A stream tells them apart by the table
    (``Words.table``): only a failed one without calls is flagged."""
    return _words(d, BARRED)


def calling(d: Dialect) -> FrozenSet[str]:
    """The finish reasons by which *d*'s provider says the model called a tool
    (``finish_reasons`` normalises them to ``tool_calls``)."""
    return _words(d, _CALLED)


def _cut_words(dialects: Tuple[Dialect, ...]) -> FrozenSet[str]:
    """The words the dialects' ``finish_reasons`` normalise to ``length`` or
    ``context_window`` that are not every dialect's words for that (``TRUNCATING``)."""
    return frozenset(raw for d in dialects for raw, norm in d.finish_reasons.items() if norm in CUT_OFF) - TRUNCATING


def _unfinished_words(dialects: Tuple[Dialect, ...]) -> FrozenSet[str]:
    """The dialects' ``unfinished_reasons``, as they spell them and in upper and lower
    case (a word is read in any case, as ``finish_lookup`` reads it)."""
    words = {w for d in dialects for w in d.unfinished_reasons}
    return frozenset(words | {w.upper() for w in words} | {w.lower() for w in words})


def _known_words(dialects: Tuple[Dialect, ...]) -> FrozenSet[str]:
    """Every word of the dialects' ``finish_reasons``, as they spell it and in upper and
    lower case (a word is read in any case, as ``finish_lookup`` reads it)."""
    words = {w for d in dialects for w in d.finish_reasons}
    return frozenset(words | {w.upper() for w in words} | {w.lower() for w in words})


def known_words(registry: Optional[Registry]) -> FrozenSet[str]:
    """Every word of *registry*'s dialects' ``finish_reasons``, in any case (built once per registry)."""
    return derived(_known_words, registry)


def known_word(word: str, registry: Optional[Registry]) -> bool:
    """Whether the plain word *word* is a finish reason some registered dialect's
    ``finish_reasons`` or the core (``core_word``) knows, in any case."""
    return is_known(word, derived(_known_words, registry))


def unknown_finish(d: Dialect, finish: Any, registry: Optional[Registry]) -> bool:
    """Whether *finish*, a reply's finish reason as *d* reads it, is a word that neither
    *d*'s ``finish_reasons`` (a table it has) nor any registered dialect's nor the core
    knows (``known_word``): no proof the reply finished (``_policy.Unknown``). Another
    dialect's word (Anthropic's ``tool_use`` relayed in a Chat reply) is known."""
    if type(finish) is not str:
        finish = finish_word(finish)
        if finish is None:
            return False
    table = d.finish_reasons
    return bool(table) and finish_lookup(table, finish) is None and not known_word(finish, registry)


def own_finish(pol: Policy, dialect: Union[str, Dialect, None], registry: Optional[Registry]) -> Policy:
    """*pol*, its ``finish_reason`` keyword read as ``"unfinished"`` (``UNFINISHED``) when
    it is one of the named dialect's ``unfinished_reasons`` (a word of a reply cut off
    too: Gemini's ``CONTINUATION``) or any built-in's (``NOT_DONE``) that the named
    dialect does not read otherwise, as ``"length"`` when it is a dialect's own word for a
    reply cut off (as ``cut_reason`` reads a reply's), or without a dialect, when it is
    no such word, as unfinished when it is any registered dialect's. Without a dialect,
    the core's words in another case (``core_word``) are read as the core spells them."""
    fr = pol.finish_reason
    if fr is None or fr == UNFINISHED:
        return pol
    reg = default_registry() if registry is None else registry
    d = reg.get(dialect) if type(dialect) is str and dialect in reg else dialect
    if not_done(d, fr) if isinstance(d, Dialect) else core_word(fr) in NOT_DONE:
        return unfinished_policy(pol, fr)  # a dialect's word for it, the named one not reading it otherwise
    if fr in TRUNCATING:
        return pol
    if dialect is None:
        word = core_word(fr)  # every dialect's word for it in another case (``"LENGTH"``), as it spells it
        if word is not None:
            return replace(pol, finish_reason=word)
        words = derived(_cut_words, registry)
        cut = fr in words or (
            type(fr) is str and (fr.upper() in words or fr.lower() in words)  # another case: as each dialect reads it
            and any(cut_reason(d, fr) is not None for d in reg)
        )
        if not cut and fr in derived(_unfinished_words, registry):
            return unfinished_policy(pol, fr)
    else:
        cut = isinstance(d, Dialect) and cut_reason(d, fr) is not None
    return replace(pol, finish_reason="length") if cut else pol


def _keyword_words(dialects: Tuple[Dialect, ...]) -> Dict[str, Dialect]:
    """Each word of the dialects' ``finish_reasons``, with the first dialect that reads
    it as failed or stopped (``BARRED``), else the first that knows it."""
    out: Dict[str, Dialect] = {}
    for d in dialects:
        for raw, norm in d.finish_reasons.items():
            if norm in BARRED:
                out.setdefault(raw, d)
    for d in dialects:
        for raw in d.finish_reasons:
            out.setdefault(raw, d)
    return out


def _keyword_bars(dialects: Tuple[Dialect, ...]) -> Dict[str, Optional[Mapping[str, str]]]:
    """Each word of the dialects' ``finish_reasons`` with the table that reads it as
    failed or stopped, or ``None`` (the dialect ``_keyword_words`` gives it does not)."""
    return {raw: d.finish_reasons if d.finish_reasons[raw] in BARRED else None
            for raw, d in _keyword_words(dialects).items()}


def barring_word(word: str, registry: Optional[Registry] = None) -> Optional[Tuple[Mapping[str, str], str]]:
    """``barred_keyword`` of the ``finish_reason`` keyword *word* without a dialect, from a
    table built once per registry (a text format's ``close`` asks it per reply)."""
    if word in TRUNCATING:
        return None
    bars = derived(_keyword_bars, registry)
    for key in (word, word.upper(), word.lower()):  # the first a table knows, as ``keyword_finish`` reads it
        if key in bars:
            table = bars[key]
            return None if table is None else (table, word)
    return None


def keyword_finish(
    pol: Policy, dialect: Union[str, Dialect, None], registry: Optional[Registry]
) -> Optional[Tuple[Mapping[str, str], str, str]]:
    """*pol*'s ``finish_reason`` keyword as a reply with that finish is read: the
    ``finish_reasons`` table that reads it, the word as it spells it, and what it
    normalises it to; ``None`` for no keyword or one no table knows. The caller tells
    how the reply ended, so its calls are judged as in a reply that carries that
    finish: by the named dialect's words, or, for a word it does not know or without
    a dialect, by a registered dialect's (one that reads it as failed or stopped
    first): ``SAFETY`` beside Chat-shaped calls of an OpenAI-compatible Gemini
    endpoint, ``content_filter`` beside canonical calls (a form without finish
    reasons)."""
    fr = pol.finish_reason
    if fr is None:
        return None
    reg = default_registry() if registry is None else registry
    d = dialect if isinstance(dialect, Dialect) else None
    if type(dialect) is str and dialect in reg:
        d = reg.get(dialect)
    if fr in TRUNCATING and (d is None or finish_lookup(d.finish_reasons, fr) not in BARRED):
        return None  # a cut-off reply's word, unless the named dialect reads it as failed or stopped
    if d is None or finish_lookup(d.finish_reasons, fr) is None:
        words = derived(_keyword_words, registry)
        d = words.get(fr) or words.get(fr.upper()) or words.get(fr.lower())  # another case: as a table reads it
        if d is None:
            return None
    word, norm = finish_norm(d, fr)
    return None if word is None or norm is None else (d.finish_reasons, word, norm)


def keyword_read(
    pol: Policy, asked: Optional[str], dialect: Union[str, Dialect, None], registry: Optional[Registry]
) -> Optional[Tuple[Mapping[str, str], str, str]]:
    """``keyword_finish``, and for a keyword ``own_finish`` read as ``UNFINISHED`` no
    table, *asked* (the caller's own word) and ``UNFINISHED``."""
    if pol.finish_reason == UNFINISHED:
        return {}, asked or UNFINISHED, UNFINISHED
    return keyword_finish(pol, dialect, registry)


def barred_keyword(
    pol: Policy, dialect: Union[str, Dialect, None], registry: Optional[Registry]
) -> Optional[Tuple[Mapping[str, str], str]]:
    """When *pol*'s ``finish_reason`` keyword says no call of the reply runs (the reply
    failed, or a content filter or a refusal stopped it: ``keyword_finish``): the table
    that reads it so and the word; else ``None``."""
    read = keyword_finish(pol, dialect, registry)
    return None if read is None or read[2] not in BARRED else (read[0], read[1])


def called_reason(d: Dialect, finish: Any) -> Optional[str]:
    """*finish* when *d*'s ``finish_reasons`` normalises it to ``tool_calls``: the
    provider says the model called a tool (a reply that then holds none is flagged).
    A ``str`` subclass (an SDK's enum) is given as its plain word."""
    if finish_lookup(d.finish_reasons, finish) != "tool_calls":
        return None
    return finish if type(finish) is str else finish_word(finish)
