"""Each corruption of ``corrupted`` changes a payload in the way docs/fuzzing.md says
(fuzzkit FK-2): one step of each kind, compared with the payload it was given.

``truncated`` was documented as "JSON text, an argument string or a chunk list cut
short" but cut any string or list: a type tag ``"function"`` to ``""``, an id, a model
name, a ``tool_calls`` list. Now it cuts JSON text only (the whole value's, or JSON text
of an object or array inside it), or a list given as data; a cut JSON text is never JSON.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Iterator, List, Tuple

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import toolwire
from toolwire import strategies as tws

Path = Tuple[Any, ...]
EMPTY = [None, "", " ", "null", "{}", "[]", {}, [], "None", "\n"]

ORIG = st.shared(tws.payloads(kind=tws.KINDS), key="orig")
STREAM = st.shared(tws.streams(transport=("dict", "json", "sse")), key="stream")
checked = settings(suppress_health_check=list(HealthCheck), deadline=None)


def _nodes(value: Any, path: Path = ()) -> Iterator[Tuple[Path, Any]]:
    yield path, value
    if type(value) is dict:
        for k, v in value.items():
            yield from _nodes(v, (*path, k))
    elif type(value) is list:
        for i, v in enumerate(value):
            yield from _nodes(v, (*path, i))


def _put(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    out = copy.deepcopy(value)
    cur = out
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = new
    return out


def _at(value: Any, path: Path) -> Any:
    for k in path:
        value = value[k]
    return value


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and json.dumps(a, sort_keys=True, default=repr) == json.dumps(b, sort_keys=True,
                                                                                           default=repr)


def _slots(orig: Any, bad: Any) -> List[Tuple[Path, Any, Any]]:
    """Every (path, old, new) such that *orig* with *new* at *path* is *bad*."""
    out = []
    for path, old in _nodes(orig):
        try:
            new = _at(bad, path)
        except (KeyError, IndexError, TypeError):
            continue
        if _same(_put(orig, path, new), bad):
            out.append((path, old, new))
    if type(bad) is not type(orig) or not out:
        out.append(((), orig, bad))
    return out


def _is_json(text: Any) -> bool:
    try:
        json.loads(text)
    except (ValueError, TypeError):
        return False
    return True


def _json_object_text(v: Any) -> bool:
    return type(v) is str and v[:1] in ("{", "[") and _is_json(v)


def _cut_text(old: str, new: Any) -> bool:
    return type(new) is str and 0 < len(new) < len(old.rstrip()) and old.startswith(new) and not _is_json(new)


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="empty", max_steps=1))
def test_empty_puts_an_empty_equivalent_in_one_slot(orig: Any, bad: Any) -> None:
    assert any(any(_same(new, e) for e in EMPTY) for _, _, new in _slots(orig, bad))


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="double-encoded", max_steps=1))
def test_double_encoded_writes_one_slot_as_its_json_text(orig: Any, bad: Any) -> None:
    assert any(type(new) is str and _is_json(new) and _same(json.loads(new), old) for _, old, new in _slots(orig, bad))


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="truncated", max_steps=1))
def test_truncated_cuts_json_text_only(orig: Any, bad: Any) -> None:
    if type(bad) is str:  # the whole value's JSON text cut short
        assert _cut_text(json.dumps(orig), bad)
        return
    if type(orig) is list and type(bad) is list and len(bad) < len(orig) and _same(bad, orig[: len(bad)]):
        assert bad, orig  # never to nothing (docs/fuzzing.md; review hunt R2-2: half the draws were [])
        return  # a list given as data (call items) cut to its first elements
    changed = [(old, new) for path, old, new in _slots(orig, bad) if path]
    assert any(_json_object_text(old) and _cut_text(old, new) for old, new in changed), (orig, bad)


@checked
@given(orig=STREAM, bad=tws.corrupted(STREAM, kinds="truncated", max_steps=1))
def test_truncated_cuts_a_chunk_list_or_a_chunk_s_json_text(orig: List[Any], bad: Any) -> None:
    assert type(bad) is list and len(bad) <= len(orig)
    assert bad, orig  # never to nothing (docs/fuzzing.md; review hunt R2-2: half the draws were [])
    if len(bad) < len(orig) and _same(bad, orig[: len(bad)]):
        return  # its first chunks
    n = len(bad) - 1
    last, was = bad[n], orig[n]
    if type(last) is str and type(was) is str and _same(bad[:n], orig[:n]) and 0 < len(last) < len(was.rstrip()):
        assert was.startswith(last)  # its first chunks, the next one cut (SSE text, JSON text)
        return
    changed = [(old, new) for path, old, new in _slots(orig, bad) if path]
    assert any(_json_object_text(old) and _cut_text(old, new) for old, new in changed), (orig, bad)


def test_truncated_leaves_type_tags_and_ids_whole() -> None:
    # fuzzkit FK-2: ``{"id": "0", "type": "", "function": {...}}`` was a "truncated" Chat item
    # that still decoded to the same call
    cut = tws.corrupted(tws.payloads("openai.chat", kind="item"), kinds="truncated")
    with pytest.raises(NoSuchExample):
        find(cut, lambda v: isinstance(v, dict) and (v.get("type") != "function" or not v.get("id")),
             settings=settings(database=None, max_examples=300, suppress_health_check=list(HealthCheck)))


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="wrong-types", max_steps=1))
def test_wrong_types_puts_a_value_of_another_type_in_one_slot(orig: Any, bad: Any) -> None:
    assert any(type(new) is not type(old) for _, old, new in _slots(orig, bad))


def _idish(key: Any) -> bool:
    return type(key) is str and (key == "id" or key.endswith("_id") or key.endswith("Id"))


def _removed(orig: Any, bad: Any, out: List[Any]) -> bool:
    """Whether *bad* is *orig* with keys left out of its dicts (collected in *out*)."""
    if type(orig) is dict and type(bad) is dict:
        if not set(bad) <= set(orig):
            return False
        out.extend(k for k in orig if k not in bad)
        return all(_removed(orig[k], bad[k], out) for k in bad)
    if type(orig) is list and type(bad) is list:
        return len(orig) == len(bad) and all(_removed(a, b, out) for a, b in zip(orig, bad))
    return _same(orig, bad)


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="missing-id", max_steps=1))
def test_missing_id_leaves_out_id_fields(orig: Any, bad: Any) -> None:
    gone: List[Any] = []
    assert _removed(orig, bad, gone) and gone
    if any(_idish(path[-1]) for path, _ in _nodes(orig) if path and type(path[-1]) is str):
        assert all(_idish(k) for k in gone)


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="extra-fields", max_steps=1))
def test_extra_fields_adds_one_to_three_keys_to_one_object(orig: Any, bad: Any) -> None:
    def added(old: Any, new: Any) -> bool:
        return (type(old) is dict and type(new) is dict and set(old) < set(new) and len(new) - len(old) <= 3
                and all(_same(new[k], v) for k, v in old.items()))

    assert any(added(old, new) for _, old, new in _slots(orig, bad)) or (
        type(orig) is not dict and type(bad) is dict and _same(bad.get("value"), orig))


@checked
@given(orig=ORIG, bad=tws.corrupted(ORIG, kinds="wrong-dialect", max_steps=1))
def test_wrong_dialect_grafts_or_renames_one_key_of_one_object(orig: Any, bad: Any) -> None:
    def one_key(old: Any, new: Any) -> bool:
        if type(old) is not dict or type(new) is not dict:
            return False
        gone, came = set(old) - set(new), set(new) - set(old)
        kept = [k for k in old if k in new and not _same(old[k], new[k])]
        if not gone and len(came) == 1 and not kept:  # a field grafted in
            return True
        if not gone and not came and len(kept) == 1:  # a field replaced by the other dialect's
            return True
        # a key renamed (the key it took may have been there: its value is replaced)
        return len(gone) == 1 and len(came) <= 1 and len(kept) <= 1 and any(
            _same(new[k], old[next(iter(gone))]) for k in (came or kept))

    # (where no field of another payload can be grafted, that payload in its place)
    assert any(one_key(old, new) for _, old, new in _slots(orig, bad)) or not _same(tws_detect(bad), tws_detect(orig))


def tws_detect(value: Any) -> Any:
    try:
        return toolwire.detect(value)
    except toolwire.ToolwireError:
        return None
