"""Thirteen hand-picked mutations of important behaviours (issue #21 and after), each applied alone
to a copy of the repository; the tests are run there without ../shared/corpus and the
failing tests counted. Each mutation must be caught by at least two tests.

    nice -n 19 python tools/mutation_classes.py            # all thirteen
    nice -n 19 python tools/mutation_classes.py id-hash    # some
    python tools/mutation_classes.py --list

Each mutation names the test paths run for it (generous: a count over them is a lower
bound of the suite's). Hypothesis runs the ``mutation`` profile. Not run in CI.
Results: docs/testing.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class Mutation(NamedTuple):
    path: str
    old: str
    new: str
    tests: List[str]
    what: str


_CORE = ["tests/goldens", "tests/test_contracts.py", "tests/test_values.py", "tests/test_args.py"]
_DIALECTS = ["tests/dialects", *_CORE]

MUTATIONS: Dict[str, Mutation] = {
    "id-hash": Mutation(
        "src/toolwire/_id_rule.py",
        'b"toolwire.ids.v1"',
        'b"toolwire.ids.v2"',
        [*_DIALECTS, "tests/stream", "tests/cli"],
        "the id-mapping hash changes (every mapped and synthesized id changes)",
    ),
    "mockvalser-not-fully-defined": Mutation(
        "src/toolwire/_access.py",
        ' or "not fully defined" in text',
        "",
        ["tests/test_mockvalser.py", *_DIALECTS],
        'the MockValSer fallback loses its "not fully defined" clause',
    ),
    "gemini-schema-map-unrewritten": Mutation(
        "src/toolwire/schema/_rewrite_objects.py",
        'addl if not isinstance(addl, dict) else self.node(addl, f"{ptr}/additionalProperties", True)',
        "addl",
        ["tests/schema", *_CORE],
        "a schema-valued additionalProperties goes to Gemini without its own rewrite",
    ),
    "gemini-signature-lost-with-id": Mutation(
        "src/toolwire/dialects/gemini/call_parts.py",
        '    out.update(pd.get("part", ()))\n',
        '    out.update(pd.get("part", ()) if call.id is None else ())\n',
        [*_DIALECTS, "tests/stream"],
        "a Gemini call with an id loses its part's thoughtSignature on re-encode",
    ),
    "synthesized-id-ignores-position": Mutation(
        "src/toolwire/_id_rule.py",
        "json.dumps([name, args, *place]",
        "json.dumps([name, args, *[0 for _ in place]]",
        [*_DIALECTS, "tests/stream"],
        "two identical calls without ids get the same synthesized id",
    ),
    "truncated-arguments-accepted": Mutation(
        "src/toolwire/_repair.py",
        "    if policy.allow_truncated:\n",
        "    if True:\n",
        [*_DIALECTS, "tests/stream", "tests/fuzz/test_hardening.py"],
        "arguments cut off by a token limit are closed and handed over",
    ),
    "double-encoding-unrecorded": Mutation(
        "src/toolwire/_policy.py",
        'return unwrapped, text, ("double-encoded",)',
        "return unwrapped, text, ()",
        _DIALECTS,
        "unwrapping double-encoded arguments is no longer recorded as a repair",
    ),
    "responses-item-id-dropped": Mutation(
        "src/toolwire/dialects/openai/responses_calls.py",
        'if k not in ("arguments", "no_type", "native_id"))',
        'if k not in ("arguments", "no_type", "native_id", "id"))',
        [*_DIALECTS, "tests/stream"],
        "a Responses function_call loses its fc_ item id on re-encode",
    ),
    "anthropic-is-error-dropped": Mutation(
        "src/toolwire/dialects/anthropic/tools.py",
        '    if result.is_error:\n        out["is_error"] = True\n',
        "    if result.is_error:\n        pass\n",
        _DIALECTS,
        "an error tool result goes to Anthropic without is_error",
    ),
    "server-calls-returned": Mutation(
        "src/toolwire/_codec.py",
        "    include_server: bool = False,\n    choice: int = 0,\n    registry: Optional[Registry] = None,\n"
        "    **policy: Any,\n) -> List[Any]:",
        "    include_server: bool = True,\n    choice: int = 0,\n    registry: Optional[Registry] = None,\n"
        "    **policy: Any,\n) -> List[Any]:",
        [*_DIALECTS, "tests/test_boundary.py"],
        "decode_all returns the calls the provider runs itself by default",
    ),
    "mistral-long-ids-pass": Mutation(
        "src/toolwire/dialects/mistral/calls.py",
        'rule(r"[a-zA-Z0-9]{9}", required=True',
        'rule(r"[a-zA-Z0-9]{9,}", required=True',
        _DIALECTS,
        "Mistral takes alphanumeric ids longer than 9 characters unmapped",
    ),
    "cohere-tool-plan-dropped": Mutation(
        "src/toolwire/dialects/cohere/response.py",
        '        msg["tool_plan"] = content\n',
        "        pass\n",
        _DIALECTS,
        "Cohere's tool_plan is dropped from the assistant message",
    ),
    "failed-reply-calls-run": Mutation(
        "src/toolwire/_policy.py",
        'FAILED = "error"',
        'FAILED = "no such finish"',
        ["tests/test_failed_replies.py", "tests/dialects/test_third_party.py", "tests/stream", *_CORE],
        "the calls of a reply the provider reports as failed are handed over as runnable",
    ),
}


def _apply(dest: Path, m: Mutation) -> None:
    f = dest / m.path
    text = f.read_text("utf-8")
    count = text.count(m.old)
    if count != 1:
        raise SystemExit(f"{m.path}: the text to mutate occurs {count} times (want 1): {m.old!r}")
    f.write_text(text.replace(m.old, m.new), "utf-8")


def run(name: str, work: Path) -> Dict[str, object]:
    m = MUTATIONS[name]
    dest = work / name
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for part in ("src", "tests", "examples"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, dest / part, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    _apply(dest, m)
    env = dict(
        os.environ,
        PYTHONPATH=str(dest / "src"),
        TOOLWIRE_HYPOTHESIS_PROFILE="mutation",
        TOOLWIRE_CORPUS=str(dest / "no-corpus"),
    )
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-rf", "--no-header", *m.tests]
    started = time.monotonic()
    proc = subprocess.run(cmd, cwd=dest, env=env, capture_output=True, text=True, check=False)
    failed = sorted(set(re.findall(r"^FAILED (\S+)", proc.stdout, re.M)))
    errors = re.findall(r"^ERROR (\S+)", proc.stdout, re.M)
    return {
        "mutation": name,
        "what": m.what,
        "caught_by": len(failed),
        "errors": len(errors),
        "tests": failed,
        "seconds": round(time.monotonic() - started),
        "tail": proc.stdout.strip().splitlines()[-1:] if proc.stdout.strip() else [],
    }


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--work", type=Path, default=Path("/tmp/toolwire-mutation-classes"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the catching tests")
    ns = ap.parse_args(argv)
    if ns.list:
        for name, m in MUTATIONS.items():
            print(f"{name}: {m.what} ({m.path})")
        return 0
    weak = 0
    for name in ns.names or list(MUTATIONS):
        row = run(name, ns.work)
        weak += int(row["caught_by"]) < 2  # type: ignore[call-overload]
        print(f"{name:34} caught by {row['caught_by']:3} tests  ({row['seconds']} s)  {row['tail']}", flush=True)
        if ns.show:
            for t in row["tests"]:  # type: ignore[attr-defined]
                print(f"    {t}")
    return 1 if weak else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
