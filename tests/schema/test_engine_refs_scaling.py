"""The walks session 44 added over a caller's schema visit each node once: counted, not
timed (n against 4n).

- ``_engine_refs.cyclic_ref_moves`` (``_engine_cycles``' replay since session 45) follows each ``$ref`` as llguidance resolves it: a
  definition met again is not walked again (n definitions each naming the next twice
  would be 2^n walks);
- ``_rewrite_objects._barred`` reads the schema's nodes of no value once per rendering,
  however many objects leave a ``patternProperties`` out beside a required name.
"""

from __future__ import annotations

from typing import Any, Dict

from toolwire import schema as S


def _chain(n: int) -> Dict[str, Any]:
    """n definitions, each naming the next twice and the first (closing a cycle, beside
    ``minProperties``: moved) once."""
    defs: Dict[str, Any] = {}
    for i in range(n):
        nxt = f"#/$defs/D{(i + 1) % n}"
        defs[f"D{i}"] = {"type": "object", "properties": {"next": {"$ref": nxt}, "again": {"$ref": nxt, "title": "t"},
                                                           "up": {"$ref": "#/$defs/D0", "minProperties": 1}}}
    return {"$defs": defs, "$ref": "#/$defs/D0"}


def test_the_cyclic_ref_walk_visits_each_node_once(monkeypatch: Any) -> None:
    from toolwire.schema import _engine_cycles

    def visits(n: int) -> int:
        count = [0]
        real = _engine_cycles._Replay._node

        def counted(self: Any, node: Any, ptr: str) -> Any:
            count[0] += 1
            return real(self, node, ptr)
        with monkeypatch.context() as m:  # (session 45: the replay of llguidance's order walks the schema)
            m.setattr(_engine_cycles._Replay, "_node", counted)
            r = S.render(_chain(n), "vllm", on_error="report")
        moved = [c for c in r.report if c.action == "moved" and c.keyword == "minProperties"]
        assert len(moved) == n, (len(moved), n)  # every "up" closes a cycle through D0
        return count[0]

    small, big = visits(50), visits(200)
    assert small >= 3 * 50 and big <= 4.2 * small, (small, big)


def _objects(n: int) -> Dict[str, Any]:
    """n objects, each a patternProperties (left out by Gemini) beside a required name."""
    sub = {"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"^z": {"enum": []}},
           "required": ["ab"]}
    props = {f"o{i}": dict(sub) for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props)}


def test_the_pattern_properties_of_no_value_are_read_once(monkeypatch: Any) -> None:
    from toolwire.schema import _rewrite_objects

    def walks(n: int) -> int:
        count = [0]
        real = _rewrite_objects.no_value_nodes

        def counted(root: Any) -> Any:
            count[0] += 1
            return real(root)
        with monkeypatch.context() as m:
            m.setattr(_rewrite_objects, "no_value_nodes", counted)
            r = S.render(_objects(n), "gemini", on_error="report")
        assert not r.errors  # (no regex takes the required name: every object has values)
        return count[0]

    assert walks(50) == walks(200) == 1


def _no_cycle(n: int) -> Dict[str, Any]:
    """n properties, every fourth a ``$ref`` to one definition (no cycle), no ``false``
    subschema: neither vLLM rule of ``_engine_refs`` has anything to do."""
    props: Dict[str, Any] = {}
    for i in range(n):
        props[f"p{i}"] = {"$ref": "#/$defs/Item"} if i % 4 == 3 else {"type": "string", "maxLength": 40}
    return {"type": "object", "properties": props, "required": list(props)[::2], "additionalProperties": False,
            "$defs": {"Item": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}}}


def test_the_vllm_rules_make_no_walk_of_a_schema_with_nothing_for_them(monkeypatch: Any) -> None:
    """The recursion pass (no recursive ``$ref``: no cycle to close) and the rewriter's
    count of nodes (no ``false`` subschema) already know: no walk of their own."""
    from toolwire.schema import _engine_refs

    count = {"resolve": 0, "walk": 0}
    real_resolve, real_walk = _engine_refs.resolve_local, _engine_refs.iter_subschemas

    def resolve(root: Any, ref: str) -> Any:
        count["resolve"] += 1
        return real_resolve(root, ref)

    def walk(node: Any, ptr: str = "") -> Any:
        count["walk"] += 1
        return real_walk(node, ptr)
    monkeypatch.setattr(_engine_refs, "resolve_local", resolve)
    monkeypatch.setattr(_engine_refs, "iter_subschemas", walk)
    r = S.render(_no_cycle(200), "vllm", on_error="report")
    assert not r.errors and not [c for c in r.report if c.action == "moved"]
    assert count == {"resolve": 0, "walk": 0}, count
    # (a schema with both still gets both rules: a cycle's sibling moved, a false property left out)
    cyclic = {"type": "object", "properties": {"next": {"$ref": "#", "required": ["a"]}, "gone": False,
                                               "a": {"type": "string"}}}
    r = S.render(cyclic, "vllm", on_error="report")
    assert {(c.keyword, c.action) for c in r.report} >= {("required", "moved"), ("properties", "rewritten")}, r.report
    assert r.wire_schema["properties"].keys() == {"next", "a"}, r.wire_schema


def _falses(n: int) -> Dict[str, Any]:
    """n objects, each with a false property and a false anyOf branch, and a $ref into one."""
    sub = {"type": "object", "properties": {"gone": False, "u": {"anyOf": [False, {"type": "string"}]}}}
    props: Dict[str, Any] = {f"o{i}": {**sub, "properties": dict(sub["properties"])} for i in range(n)}
    props.update({f"r{i}": {"$ref": f"#/properties/o{i}/properties/u"} for i in range(n)})
    return {"type": "object", "properties": props}


def test_the_false_walk_reads_each_node_and_each_ref_step_once(monkeypatch: Any) -> None:
    from toolwire.schema import _engine_refs

    def steps(n: int) -> int:
        count = [0]
        real_walk, real_decode = _engine_refs.iter_subschemas, _engine_refs.decode_pointer

        def walk(node: Any, ptr: str = "") -> Any:
            for item in real_walk(node, ptr):
                count[0] += 1
                yield item

        def decode(fragment: str) -> Any:
            tokens = real_decode(fragment)
            count[0] += len(tokens)
            return tokens
        with monkeypatch.context() as m:
            m.setattr(_engine_refs, "iter_subschemas", walk)
            m.setattr(_engine_refs, "decode_pointer", decode)
            r = S.render(_falses(n), "vllm", on_error="report")
        assert len([c for c in r.report if c.keyword == "anyOf" and c.action == "rewritten"]) == n
        return count[0]

    small, big = steps(50), steps(200)
    assert small >= 8 * 50 and 3.8 * small <= big <= 4.2 * small, (small, big)
