"""``render``: the exact structured-output request fragment for one provider API.

Everything about a provider comes from its ``Target`` (``Dialect.structured``, in its
package under ``dialects/``): the profile of keywords the rewrite follows, the limits,
the request fragment. This module runs the rewrite and reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from .._errors import DecodeError, EncodeError, SchemaError, excerpt
from .._flags import check_flag
from .._target import PERMISSIVE, Ask, Limits, Target
from ._issues import located, too_deep
from ._limits import resolve_limits, wire_limits
from ._mapback import map_back
from ._normalize import iter_subschemas, normalize
from ._pattern import searcher
from ._report import LOSSY_ACTIONS, Change, Lint
from ._rewrite import Rewriter
from ._rewrite_shapes import ANNOTATIONS, Options
from ._targets import get_target
from ._util import path_of
from ._validate import ValidationIssue, _TooDeep, check, stack_room

__all__ = ["Rendered", "render", "sanitize_name"]


def sanitize_name(name: str) -> str:
    """A response-format name matching ``^[A-Za-z0-9_-]{1,64}$``."""
    clean = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_")
    return (clean or "response")[:64]


@dataclass(frozen=True)
class Rendered:
    """One schema rendered for one target.

    ``request`` is the fragment to merge into the request body and ``headers`` the
    headers it needs. ``schema`` is the original in normal form (the validation schema)
    and ``wire_schema`` what the provider sees. ``report`` says what happened to each
    keyword, ``lints`` what is wrong, ``lossless`` whether the provider enforces
    everything the original says. ``decode`` maps an answer back to the original's
    shape; ``validate`` does that and checks it against the original.
    """

    target: str
    name: str
    # the schemas and the fragment are left out of the repr: their size is the caller's
    # (an integer of over 4,300 digits could not even be written by ``repr``)
    schema: Any = field(repr=False)
    wire_schema: Any = field(repr=False)
    request: Dict[str, Any] = field(repr=False)
    headers: Dict[str, str] = field(default_factory=dict)
    report: Tuple[Change, ...] = ()
    lints: Tuple[Lint, ...] = ()
    strict: bool = False
    instruction: Optional[str] = None
    wrapped: bool = False
    options: Options = field(default_factory=Options, repr=False, compare=False)

    @property
    def lossless(self) -> bool:
        """True when nothing the original constrains was dropped, moved, unsupported or
        left unenforced, and no lint error was found."""
        return not any(c.action in LOSSY_ACTIONS and c.keyword not in ANNOTATIONS for c in self.report) and not any(
            lint.severity == "error" for lint in self.lints
        )

    @property
    def errors(self) -> Tuple[Lint, ...]:
        return tuple(lint for lint in self.lints if lint.severity == "error")

    def decode(self, answer: Any) -> Any:
        """The answer in the original schema's shape (unwrapped, nulls removed again, ...).

        ``DecodeError`` where the answer is nested deeper than the stack allows (where
        ``validate`` gives its one ``depth`` issue): the part below would keep the
        rendering's own nulls."""
        try:  # the room measured here, as ``validate`` does: what it takes, ``decode`` maps back
            return map_back(answer, self.schema, self.options, wrapped=self.wrapped, room=stack_room())
        except (_TooDeep, RecursionError) as stop:
            loc = path_of(getattr(stop, "ptr", ""), self._unwrapped(answer))
            raise DecodeError(f"Answer is nested too deeply to map back at {loc}", dialect=self.target,
                              loc=loc) from None

    def validate(self, answer: Any, *, formats: bool = False) -> List[ValidationIssue]:
        """``decode`` then check against the original schema; an empty list means valid.
        The map-back and the check share one depth limit: an answer nested deeper than the
        stack allows gets one ``depth`` issue, wherever it runs out."""
        room = stack_room()
        try:
            value = map_back(answer, self.schema, self.options, wrapped=self.wrapped, room=room)
        except (_TooDeep, RecursionError) as stop:
            return located([too_deep(getattr(stop, "ptr", ""), "")], self._unwrapped(answer))
        return check(value, self.schema, formats=formats, room=room)

    def _unwrapped(self, answer: Any) -> Any:
        """*answer* without the root wrapper, as the map-back reads it."""
        if self.wrapped and isinstance(answer, dict) and set(answer) == {"result"}:
            return answer["result"]
        return answer


def _check_options(
    key: str, name: Any, description: Any, strict: Any, thinking: Any, span: Any, maps: Any, free_form: Any
) -> None:
    """Refuses options of the wrong type (``strict="no"`` is truthy) and option values
    no rewrite knows (``maps="pair"`` was ignored, as if not given)."""
    check_flag("strict", strict)  # a flag: a ``TypeError``, as ``allow_lossy``'s
    check_flag("thinking", thinking)
    for label, text in (("name", name), ("description", description)):
        if text is not None and type(text) is not str:
            raise EncodeError(f"{label} must be a string or None, got {excerpt(text)}", dialect=key)
    if type(span) is not int or span < 0:
        raise EncodeError(f"int_range_as_enum must be an int of 0 or more, got {excerpt(span)}", dialect=key)
    for label, value, known in (("maps", maps, "pairs"), ("free_form", free_form, "string")):
        if value is not None and value != known:
            raise EncodeError(f"{label} must be {known!r} or None, got {excerpt(value)}", dialect=key)


def render(
    schema: Any,
    target: Union[str, Target],
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    strict: bool = True,
    on_error: str = "raise",
    on_lossy: str = "report",
    maps: Optional[str] = None,
    free_form: Optional[str] = None,
    int_range_as_enum: int = 0,
    thinking: bool = False,
    limits: Optional[Union[Limits, Dict[str, Any]]] = None,
) -> Rendered:
    """Render *schema* for *target*: an id or alias of ``schema.targets()``
    (``openai.chat``, ``openai.responses``, ``anthropic.messages``,
    ``anthropic.messages.beta``, ``anthropic.tool``, ``gemini``, ``gemini.openapi``,
    ``bedrock.converse``, ``ollama``, ``vllm``, ``prompt``), or a ``Target``.

    ``strict=False`` sends the schema untouched with ``strict: false`` where the target
    has such a flag (OpenAI). ``on_error="raise"`` raises ``EncodeError`` when a lint
    error was found (a limit, an unsatisfiable node, a construct the target cannot
    represent); ``"report"`` returns it in ``lints``. ``on_lossy="raise"`` raises when the
    wire schema does not enforce everything. Opt-in rewrites: ``maps="pairs"``,
    ``free_form="string"``, ``int_range_as_enum=<span cap>`` (24 is ALTK's cap).
    ``thinking=True`` with ``anthropic.tool`` downgrades the forced tool choice to
    ``auto`` (reported), because the API rejects forced tools with thinking.
    """
    spec = get_target(target)
    key, profile = spec.id, spec.profile
    if on_error not in ("raise", "report") or on_lossy not in ("raise", "report"):
        raise EncodeError("on_error and on_lossy must be 'raise' or 'report'", dialect=key)
    _check_options(key, name, description, strict, thinking, int_range_as_enum, maps, free_form)
    resolve_limits(spec, limits)  # a limit that is no count is refused whatever the schema
    root = normalize(schema)
    options = Options(maps=maps, free_form=free_form, int_range_as_enum=int_range_as_enum)
    if not strict and spec.strict_flag:
        # ``strict: false``: the schema goes as it is; a tool's input schema (the answer
        # comes as a tool call) is an object all the same (Anthropic's ``input_schema``:
        # ``type: Required[Literal["object"]]``), so a non-object root is still wrapped
        profile = replace(PERMISSIVE, object_root=True) if spec.tool_answer else PERMISSIVE
    rw = Rewriter(root, profile, options)
    wire = rw.run()
    report = list(rw.report)
    if not strict and spec.strict_flag and not _accepts_anything(root):
        # OpenAI's ``strict``: "If set to true, the model will always follow the exact
        # schema"; false promises nothing (Anthropic's tool ``strict`` the same)
        report.append(Change("", "strict", "unenforced", "strict: false: the provider does not guarantee the schema; "
                             "checked locally only"))
    lints = list(rw.lints) + _unchecked_patterns(root)
    options.nulls = any(c.keyword == "required" and c.action == "rewritten" for c in report)
    if isinstance(wire, dict):
        lints += wire_limits(wire, spec, limits)
    title = root.get("title") if isinstance(root, dict) else None
    final_name = sanitize_name(name or (title if isinstance(title, str) else "") or "response")
    desc = description or (root.get("description") if isinstance(root, dict) else None)
    errors = [lint for lint in lints if lint.severity == "error"]
    if on_error == "raise" and errors:  # before the fragment, which may not be writable then
        _refuse(key, errors)
    fragment = spec.fragment(Ask(final_name, wire, bool(strict), desc, thinking, root))
    for keyword, code, why in fragment.changed:
        report.append(Change("", keyword, "rewritten", why))
        lints.append(Lint(code, "", why, "warning"))
    out = Rendered(
        target=key,
        name=final_name,
        schema=root,
        wire_schema=wire,
        request=fragment.request,
        headers=dict(fragment.headers),
        report=tuple(report),
        lints=tuple(lints),
        strict=bool(strict) and spec.strict_flag,
        instruction=fragment.instruction,
        wrapped=rw.wrapped,
        options=options,
    )
    if on_error == "raise" and out.errors:
        _refuse(key, list(out.errors))
    if on_lossy == "raise" and not out.lossless:
        lossy = [c for c in out.report if c.action in LOSSY_ACTIONS and c.keyword not in ANNOTATIONS]
        listed = ", ".join(f"{c.keyword} at {_path(c.pointer)} ({c.action})" for c in lossy[:5])
        raise EncodeError(f"Schema would be sent lossily to {key}: {listed}", dialect=key)
    return out


def _unchecked_patterns(root: Any) -> List[Lint]:
    """An error for each ``pattern`` (or ``patternProperties`` key) of the original that the
    local check cannot run (look-around, a back-reference, past the engine's size limit):
    ``validate`` and ``decode`` would raise ``SchemaError`` on the first answer, after the
    request was spent (docs/structured-output.md), so it is said before, as
    ``retry.prepare`` does. Each pattern compiled once (the engine's cache)."""
    out: List[Lint] = []
    for ptr, node in iter_subschemas(root):
        if not isinstance(node, dict):
            continue
        pattern = node.get("pattern")
        for pat, where in ([(pattern, ".pattern")] if isinstance(pattern, str) else []) + [
                (key, ".patternProperties") for key in node.get("patternProperties") or ()]:
            try:
                searcher(pat, _spelled(ptr, where))
            except SchemaError as exc:
                out.append(Lint("unchecked-pattern", ptr, f"{exc.message}: no answer can be checked against it "
                                "(validate and decode raise SchemaError)", "warning"))
    return out


def _spelled(ptr: str, where: str) -> Callable[[], str]:
    """The ``$.path`` of *ptr* and *where*, spelled when an error asks for it (one per node
    would take O(depth) steps each)."""
    return lambda: path_of(ptr) + where


def _accepts_anything(root: Any) -> bool:
    return root is True or (isinstance(root, dict) and all(k in ANNOTATIONS or k == "$defs" for k in root))


def _refuse(key: str, errors: List[Lint]) -> None:
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    raise EncodeError(
        f"Schema cannot be rendered for {key}: {first.message} at {_path(first.pointer)} [{first.code}]{more}",
        dialect=key,
        loc=_path(first.pointer),
    )


def _path(pointer: str) -> str:
    return path_of(pointer)
