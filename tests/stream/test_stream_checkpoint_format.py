"""A stream checkpoint (an ``Accumulator`` pickled or deep-copied part-way) is loaded
by the toolwire that wrote it (docs/streaming.md, "Checkpoints"): one whose parts hold
other fields (added, dropped, renamed: a format revision not raised by hand) is refused
with ``DecodeError`` when loaded, told by the fields themselves, never read into an
``AttributeError`` or a wrong state part-way through the stream."""

from __future__ import annotations

import copy
import pickle
import pickletools
from typing import Any, Callable, Dict

import pytest

from toolwire import DecodeError
from toolwire.dialects.openai.responses_stray import Stray
from toolwire.stream import Accumulator, _bytes_lines, _call
from toolwire.stream import _checkpoint as checkpoint_format
from toolwire.stream._accumulator import restore

ERROR = r"^Stream checkpoint at \$ was written by another toolwire version"


def _written_with(monkeypatch: pytest.MonkeyPatch, cls: Any, edit: Callable[[Dict[str, Any]], None],
                  acc: Accumulator) -> bytes:
    """*acc* pickled by a toolwire whose *cls* state has the slots *edit* gives (its
    checkpoint format otherwise the same: the revision was not raised)."""
    plain = cls.__reduce__

    def other(self: Any) -> Any:
        blank, args, (none, slots) = plain(self)
        slots = dict(slots)
        edit(slots)
        return blank, args, (none, slots)

    monkeypatch.setattr(cls, "__reduce__", other)
    data = pickle.dumps(acc)
    monkeypatch.undo()
    return data


def _open_call() -> Accumulator:
    acc = Accumulator("openai.chat")
    acc.feed({"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type":
              "function", "function": {"name": "get", "arguments": '{"q": '}}]}, "finish_reason": None}]})
    return acc


def test_a_call_written_without_a_slot_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``Call`` from a toolwire without ``open_paths``: refused (``Call.__setstate__``
    read the slot first: ``AttributeError`` inside ``pickle.loads``)."""
    data = _written_with(monkeypatch, _call.Call, lambda s: s.pop("open_paths"), _open_call())
    with pytest.raises(DecodeError, match=ERROR):
        pickle.loads(data)


@pytest.mark.parametrize("edit", [lambda s: s.pop("json"), lambda s: s.update(json2=s.pop("json")),
                                  lambda s: s.update(newer=1)], ids=["dropped", "renamed", "added"])
def test_a_part_with_other_slots_and_the_same_format_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                               edit: Callable[[Dict[str, Any]], None]) -> None:
    """``Lines`` written with a slot dropped, renamed or added, the format's revision not
    raised: refused when loaded (a dropped or renamed slot loaded, and the next piece
    raised ``AttributeError``)."""
    acc = Accumulator()
    acc.feed(b": x")
    acc.feed(b'data: {"a"')
    data = _written_with(monkeypatch, _bytes_lines.Lines, edit, acc)
    with pytest.raises(DecodeError, match=ERROR):
        pickle.loads(data)


def test_an_accumulator_without_a_field_is_refused() -> None:
    """An ``Accumulator`` state without one of its fields (an older toolwire's), the
    format otherwise its own: refused, never loaded to raise ``AttributeError`` later."""
    acc = _open_call()
    state = acc.__getstate__()
    del state["_twice"]
    with pytest.raises(DecodeError, match=ERROR):
        Accumulator.__new__(Accumulator).__setstate__(state)


def test_a_stray_table_with_other_fields_is_refused() -> None:
    """``openai.responses``'s table of a message's re-sent deltas: a state with other
    fields (a tuple of its values, another version's) is refused, never set by place."""
    stray = Stray(0, {"type": "message", "content": [{"type": "output_text", "text": "hi there"}]}, 0, ["hi"])
    for again in (pickle.loads(pickle.dumps(stray)), copy.deepcopy(stray)):
        assert [getattr(again, s) for s in Stray.__slots__] == [getattr(stray, s) for s in Stray.__slots__]
    with pytest.raises(DecodeError, match=ERROR):
        Stray.__new__(Stray).__setstate__(tuple(getattr(stray, s) for s in Stray.__slots__[:-1]))


def test_an_older_accumulator_true_to_its_own_fields_is_refused() -> None:
    """A checkpoint of a toolwire whose ``Accumulator`` had a field less, its format written
    from its own fields (as that version wrote it): refused (was loaded, the format being
    checked only against the state it came with)."""
    acc = _open_call()
    state = acc.__dict__.copy()
    del state["_run"], state["_twice"]
    state["_table"] = state["_where"] = None
    state = checkpoint_format.written(state)
    with pytest.raises(DecodeError, match=ERROR):
        Accumulator.__new__(Accumulator).__setstate__(state)


# The fields of each built-in stream handler as made (its state in a checkpoint) at the
# checkpoint revision below: a field added, dropped or renamed is a checkpoint another
# version cannot read (a chat checkpoint of 46f06867, before ``served``, loaded and then
# raised ``AttributeError``): raise ``_REVISION`` in ``stream/_checkpoint.py`` and write
# the new fields here. The stream's calls and held pieces live in the handler's ``core``
# (``Core``, with ``Calls``, ``Fresh``...): its fields (set when made, or when first needed: every
# field its classes declare) and the shape of a piece held under a fresh id are pinned too (the
# held entry went from a 3-tuple to a 5-list, ``_waiting`` was added: a checkpoint of 8778d5c2
# loaded, then failed at the next chunk).
REVISION = 9
HANDLER_FIELDS = {
    "anthropic.messages": ("core",),
    "bedrock.converse": ("core",),
    "cohere.v2": ("core",),
    "gemini": ("cands", "core", "open"),
    "mistral": ("core", "finished", "served", "tooled"),
    "ollama": ("core",),
    "openai.chat": ("core", "finished", "served", "tooled"),
    "openai.responses": ("added_ids", "behind", "core", "custom", "custom_size", "done_at", "ended", "first", "ids",
                         "kept", "last", "life", "once", "parts_of", "read_final", "refused", "renames", "replaying",
                         "rid", "rid_first", "seq", "settled", "top", "varied", "waits"),
}


def test_the_stream_handlers_fields_are_those_of_the_checkpoint_revision() -> None:
    assert checkpoint_format._REVISION == REVISION
    made = {name: tuple(sorted(vars(Accumulator(name)._handler))) for name in HANDLER_FIELDS}
    assert made == HANDLER_FIELDS
CORE_FIELDS = (
    "_blanks", "_by_id", "_ended_at", "_fresh", "_input_pieces", "_joined", "_last", "_named", "_open",
    "_refusal_read", "_repeats", "_text_read", "_think_read", "_twins", "_waiting", "arrived", "by_key", "calling",
    "calls", "choice_finish", "commentary_parts", "dialect", "emit", "events", "failing", "failure", "finish_reason",
    "finish_table", "finish_words", "finished", "first_choice", "free_text", "include_server", "inputs", "keyword",
    "max_bytes", "own_status", "policy", "preview", "refusal_parts", "refusals", "reply_from", "scope_end",
    "several", "strict_fast", "text_parts", "texts", "tick", "truncating", "uncalled", "unended", "unknown_cut",
    "whole_cut",
)


def test_the_core_fields_are_those_of_the_checkpoint_revision() -> None:
    assert checkpoint_format._REVISION == REVISION
    core = Accumulator("openai.chat")._handler.core  # type: ignore[attr-defined]
    declared = {k for cls in type(core).__mro__ for k in getattr(cls, "__annotations__", {})}
    assert set(vars(core)) <= declared
    assert tuple(sorted(declared)) == CORE_FIELDS


def test_a_checkpoint_of_the_revision_before_the_joined_names_pieces_is_refused() -> None:
    """Revision 5 keeps the piece a joined name began with (``Keyed._joined``, a set of positions in
    revision 4) and the calls started under an earlier call's id (``_twins``): a revision-4
    checkpoint, its fields written as that version wrote them, is refused when loaded, never read
    into an ``AttributeError`` at the next re-sent head."""
    acc = _open_call()
    state = acc.__getstate__()
    assert state["_format"][0] == REVISION  # (9 since: the revision read before any part is built)
    state["_format"] = (4,) + state["_format"][1:]
    with pytest.raises(DecodeError, match=ERROR):
        Accumulator.__new__(Accumulator).__setstate__(state)


def test_a_checkpoint_of_the_revision_before_the_ended_calls_is_refused() -> None:
    """Revision 7 keeps the calls that ended by index (``Keyed._ended_at``) and the custom
    calls' input pieces (``CutJudge._input_pieces``): a revision-6 checkpoint knows neither
    (a call re-sent after loading it would run twice), and is refused."""
    state = _open_call().__getstate__()
    state["_format"] = (6,) + state["_format"][1:]
    with pytest.raises(DecodeError, match=ERROR):
        Accumulator.__new__(Accumulator).__setstate__(state)


def test_a_responses_checkpoint_of_the_revision_before_the_lazy_tables_is_refused() -> None:
    """Revision 8: a Responses handler's ``custom_size``, ``added_ids`` and ``renames`` are
    ``None`` until a stream first needs them (revision 7: always a dict or a list, which its
    code reads without a test): a revision-7 checkpoint is refused, never read part-way."""
    acc = Accumulator("openai.responses")
    acc.feed({"type": "response.output_item.added", "output_index": 0, "sequence_number": 0,
              "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get", "arguments": ""}})
    handler = acc._handler  # type: ignore[attr-defined]
    assert (handler.custom_size, handler.added_ids, handler.renames) == (None, None, None)
    state = acc.__getstate__()
    state["_format"] = (7,) + state["_format"][1:]
    with pytest.raises(DecodeError, match=ERROR):
        Accumulator.__new__(Accumulator).__setstate__(state)


def test_a_held_piece_is_kept_in_the_shape_of_the_checkpoint_revision() -> None:
    """A nameless piece under a fresh id held (``Fresh``): by scope, then key, the call it came
    at, its id, its parts, the name given while it waited, whether that call's name was joined."""
    acc = Accumulator("openai.chat")
    for tc in ({"index": 0, "id": "call_1", "type": "function", "function": {"name": "get", "arguments": ""}},
               {"index": 0, "id": "call_2", "type": "function", "function": {"arguments": " "}, "x": 1}):
        acc.feed({"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": None}]})
    core = acc._handler.core  # type: ignore[attr-defined]
    assert core._fresh == {0: {(0, 0): [core.calls[0], "call_2", [" ", {"openai.chat": {"extra": {"x": 1}}}], None,
                                       False]}}
    assert (core._waiting, core._named) == (None, None)


# A checkpoint of a future toolwire (revision 10), as ``/tmp/h48/finish9/future_pickle.py``
# writes it: ``restore`` given the revision first, then the state; in the second of each
# pair the state holds a ``Words`` of a changed class (one argument more: its constructor
# raises ``TypeError`` if it is called). Protocols 0 and 4.
FUTURE = {
    "0": b"ctoolwire.stream._accumulator\nrestore\np0\n(I10\ntp1\nRp2\n(dp3\nV_format\np4\n(I10\nV_core\np5"
         b"\nV_handler\np6\ntp7\nsg5\nNsg6\nNsb.",
    "0-changed": b"ctoolwire.stream._accumulator\nrestore\np0\n(I10\ntp1\nRp2\n(dp3\nV_format\np4\n(I10\nV_core\np5"
                 b"\nV_handler\np6\ntp7\nsg5\nctoolwire._finish\nWords\np8\n((lp9\nVtool_calls\np10\na(dp11\ng10\ng"
                 b"10\nsc__builtin__\nfrozenset\np12\n((lp13\ntp14\nRp15\ng12\n((lp16\ntp17\nRp18\nVnew-arg\np19\nt"
                 b"p20\nRp21\nsg6\nNsb.",
    "4": b"\x80\x04\x95^\x00\x00\x00\x00\x00\x00\x00\x8c\x1ctoolwire.stream._accumulator\x94\x8c\x07restore"
         b"\x94\x93\x94K\n\x85\x94R\x94}\x94(\x8c\x07_format\x94K\n\x8c\x05_core\x94\x8c\x08_handler\x94"
         b"\x87\x94h\x07Nh\x08Nub.",
    "4-changed": b"\x80\x04\x95\xa6\x00\x00\x00\x00\x00\x00\x00\x8c\x1ctoolwire.stream._accumulator\x94\x8c\x07rest"
                 b"ore\x94\x93\x94K\n\x85\x94R\x94}\x94(\x8c\x07_format\x94K\n\x8c\x05_core\x94\x8c\x08_handler\x94"
                 b"\x87\x94h\x07\x8c\x10toolwire._finish\x94\x8c\x05Words\x94\x93\x94(]\x94\x8c\ntool_calls\x94a}"
                 b"\x94h\x0eh\x0es(\x91\x94(\x91\x94\x8c\x07new-arg\x94t\x94R\x94h\x08Nub.",
}


@pytest.mark.parametrize("name", FUTURE)
def test_a_future_revision_is_refused_before_any_part_is_built(name: str) -> None:
    """A checkpoint of a later revision is refused with ``DecodeError`` naming both revisions,
    before any of its parts is built: a part whose class changed (a checkpoint of this version
    loaded by 7e685cbf raised ``TypeError`` in ``Words.__new__``) is never reached."""
    with pytest.raises(DecodeError, match=ERROR + r".*revision 10.*reads revision " + str(REVISION)):
        pickle.loads(FUTURE[name])


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_checkpoint_gives_its_revision_before_any_part(protocol: int) -> None:
    """The format: the first thing a checkpoint builds is ``restore(REVISION)``; the state
    (every part) comes after it, so a later version's parts are never built by this one."""
    data = pickle.dumps(_open_call(), protocol=protocol)
    names = []
    for op, arg, _ in pickletools.genops(data):
        if op.name == "REDUCE":
            break
        if op.name == "GLOBAL":
            names.append(tuple(arg.split(" ")))
        elif op.name in ("SHORT_BINUNICODE", "BINUNICODE", "UNICODE"):
            names.append(arg)
        assert op.name not in ("NEWOBJ", "NEWOBJ_EX", "BUILD", "INST", "OBJ", "DICT", "EMPTY_DICT"), op.name
    assert names in ([("toolwire.stream._accumulator", "restore")], ["toolwire.stream._accumulator", "restore"])
    assert restore(REVISION).__class__ is Accumulator
    again = pickle.loads(data)
    assert again.close() == _open_call().close()


def test_a_past_revision_is_refused_naming_it() -> None:
    """A checkpoint of the format before (revision 8: ``Accumulator`` rebuilt by ``copyreg``,
    its state read by ``__setstate__``) is refused naming its revision."""
    state = _open_call().__getstate__()
    state["_format"] = (8,) + state["_format"][1:]
    with pytest.raises(DecodeError, match=ERROR + r".*revision 8.*reads revision " + str(REVISION)):
        Accumulator.__new__(Accumulator).__setstate__(state)


class _Logged(Accumulator):
    """A subclass that adds methods only (review revFinish9: ``restore`` built a plain
    ``Accumulator``, so its overrides were dropped on every pickle and copy)."""

    def feed(self, chunk: Any) -> Any:
        self.fed = True  # (an attribute of its own, set after the checkpoint only)
        return super().feed(chunk)


@pytest.mark.parametrize("way", [*range(pickle.HIGHEST_PROTOCOL + 1), "copy", "deepcopy"])
def test_a_subclass_of_accumulator_stays_itself_through_a_checkpoint(way: Any) -> None:
    acc = _Logged("openai.chat")
    if way == "copy":
        back = copy.copy(acc)
    elif way == "deepcopy":
        back = copy.deepcopy(acc)
    else:
        back = pickle.loads(pickle.dumps(acc, way))
    assert type(back) is _Logged
    back.feed({"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [
        {"index": 0, "delta": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}]})
    assert back.fed is True
