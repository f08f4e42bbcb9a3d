"""Mutation score of the core modules and of each provider package, with mutmut.

Not run in CI (minutes to hours). Install the extra first: ``pip install -e ".[mutation]"``.

    nice -n 19 python tools/mutation.py                # every target, smallest first
    nice -n 19 python tools/mutation.py _ids gemini    # some targets
    python tools/mutation.py --list                    # the targets and their tests

Each target runs in its own copy of the repository under ``--work`` (default
``/tmp/toolwire-mutation/<target>``), with a ``[tool.mutmut]`` section written for it: the
files to mutate and the tests that may kill them (a per-target selection, so a mutant of
``_ids.py`` does not wait on the whole suite; mutmut narrows further to the tests that
reach the mutated function). The copy has no ``../shared/corpus``: the score is the one a
fresh clone gets. Hypothesis runs the ``mutation`` profile (few examples, derandomized).

Prints one row per target: mutants, killed (incl. timeouts), survived, no tests, score;
``--json FILE`` writes the rows and the survivors' names; ``--rerun`` runs the survivors
of the last run again with today's tests (after adding tests to kill them). ``mutmut show NAME`` in the
target's copy shows a survivor's diff. ``--sample N`` runs a uniform random sample of N
mutants per target (``--seed``), for the large packages: the score is then an estimate,
printed with its 95% interval. Results: docs/testing.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

ROOT = Path(__file__).resolve().parent.parent
PKG = "src/toolwire"

_CORE_TESTS = ["tests/goldens", "tests/test_contracts.py", "tests/test_entry_points.py"]
_DECODE_TESTS = [  # the behaviours every decoder shares (#15)
    "tests/test_wrong_dialect.py",
    "tests/test_cut_off_calls.py",
    "tests/test_empty_arguments_reencoded.py",
    "tests/test_invalid_calls_encoded.py",
    "tests/test_several_choices.py",
]
_PROVIDER_TESTS = [  # what reaches a provider package's stream, response and history modules
    "tests/dialects/test_names.py",
    "tests/dialects/test_convert.py",
    "tests/stream",
    "tests/schema/test_response_and_retry.py",
    "tests/conversation/test_history_fields.py",
    "tests/conversation/test_conversation_rules.py",
]
_SLOW = [  # hypothesis agreement tests that reach every function: minutes per mutant
    "--deselect=tests/dialects/test_chat_like_calls.py::test_corrupted_calls_agree_with_the_reference",
    "--deselect=tests/dialects/test_mcp_calls.py::test_corrupted_calls_agree",
]


def _provider(name: str, *tests: str) -> Tuple[List[str], List[str]]:
    return [f"{PKG}/dialects/{name}/*"], [
        f"tests/dialects/{name}", *_CORE_TESTS, *_DECODE_TESTS, *_PROVIDER_TESTS, *tests
    ]


# target -> (files to mutate, tests that run)
TARGETS: Dict[str, Tuple[List[str], List[str]]] = {
    "_ids": (
        [f"{PKG}/_ids.py", f"{PKG}/_id_rule.py"],
        [*_CORE_TESTS, "tests/dialects/test_third_party.py"],
    ),
    "_access": (
        [f"{PKG}/_access.py"],
        [
            *_CORE_TESTS,
            "tests/test_mockvalser.py",
            "tests/test_access.py",
            "tests/dialects/test_sdk_objects_anthropic_gemini.py",
            "tests/dialects/test_sdk_objects_mistral_cohere_ollama.py",
            "tests/dialects/openai/test_openai_sdk.py",
        ],
    ),
    "_args": (
        [f"{PKG}/_args.py"],
        [
            *_CORE_TESTS,
            *_DECODE_TESTS,
            "tests/test_args.py",
            "tests/test_values.py",
            "tests/test_non_utf8_bytes.py",
            "tests/fuzz/test_hardening.py",
            "tests/dialects/openai/test_openai_dialects.py",
        ],
    ),
    "_registry": (
        [f"{PKG}/_registry.py", f"{PKG}/_one_step.py", f"{PKG}/_dialect_check.py"],
        [
            *_CORE_TESTS,
            *_DECODE_TESTS,
            "tests/test_dialect_fields.py",
            "tests/test_decode_plan.py",
            "tests/test_registry.py",
            "tests/test_package.py",
            "tests/dialects/test_sdk_objects_anthropic_gemini.py",
            "tests/test_idless_calls.py",
            "tests/test_boundary.py",
            "tests/dialects/test_third_party.py",
        ],
    ),
    "_codec": (
        [f"{PKG}/_codec.py", f"{PKG}/_decode_tools.py", f"{PKG}/_encode.py"],
        [
            *_CORE_TESTS,
            *_DECODE_TESTS,
            "tests/test_boundary.py",
            "tests/test_values.py",
            "tests/test_args.py",
            "tests/test_package.py",
            "tests/test_registry.py",
            "tests/test_entry_points.py",
            "tests/test_idless_calls.py",
            "tests/dialects/test_third_party.py",
            "tests/dialects/test_convert.py",
        ],
    ),
    "_walk": (  # the walk over containers and the collecting of their calls (``decode_all``)
        [f"{PKG}/_walk.py", f"{PKG}/_collect.py", f"{PKG}/_finish.py", f"{PKG}/_finish_reasons.py"],
        [
            *_CORE_TESTS,
            *_DECODE_TESTS,
            "tests/test_keep_unreadable_items.py",
            "tests/test_walk.py",
            "tests/test_boundary.py",
            "tests/test_registry.py",
            "tests/test_idless_calls.py",
            "tests/schema/test_response_and_retry.py",
            "tests/dialects/test_third_party.py",
            "tests/test_failed_replies.py",
        ],
    ),
    "stream": (  # the dialect-agnostic stream core and the front doors
        [f"{PKG}/stream/_core.py", f"{PKG}/stream/_replies.py", f"{PKG}/stream/_accumulate.py",
         f"{PKG}/stream/_accumulator.py", f"{PKG}/stream/_accumulator_reads.py"],
        [*_CORE_TESTS, *_DECODE_TESTS, "tests/stream", "tests/dialects/test_third_party.py",
         "tests/test_failed_replies.py", "tests/schema/test_request_edits.py"],
    ),
    "text": (  # the text-format machinery (model output: hostile input), not the nine format modules
        [f"{PKG}/text/_*.py"],
        [*_CORE_TESTS, "tests/text"],
    ),
    "response": (  # reading replies (content, reasoning, finish reason) and the retry plan
        [f"{PKG}/response.py", f"{PKG}/_think.py", f"{PKG}/retry.py"],
        [
            *_CORE_TESTS,
            "tests/schema/test_response_and_retry.py",
            "tests/schema/test_retry_details.py",
            "tests/schema/test_json_extraction.py",
            "tests/test_linear_scans.py",
            "tests/schema/test_retry_real_sdk_requests.py",
            "tests/test_several_choices.py",
            "tests/test_cut_off_calls.py",
            "tests/test_keep_unreadable_items.py",
            "tests/test_wrong_dialect.py",
            "tests/dialects/test_third_party.py",
            "tests/dialects/openai/test_openai_response.py",
            "tests/dialects/gemini/test_gemini_response.py",
        ],
    ),
    "validate": (  # validating a reply against a caller's schema (hostile schema, hostile reply)
        [f"{PKG}/schema/_validate.py", f"{PKG}/schema/_validate_scalars.py", f"{PKG}/schema/_issues.py",
         f"{PKG}/schema/_pattern.py", f"{PKG}/schema/_formats.py"],
        [
            *_CORE_TESTS,
            "tests/schema/test_properties.py",
            "tests/schema/test_validation_issues.py",
            "tests/schema/test_hostile_schemas.py",
            "tests/schema/test_validate_scaling.py",
            "tests/schema/test_differential.py",
            "tests/schema/test_keyword_fidelity.py",
            "tests/conversation/test_validate_call.py",
        ],
    ),
    "render": (  # a caller's schema rendered per provider, and the answer mapped back
        [f"{PKG}/schema/_render.py", f"{PKG}/schema/_rewrite.py", f"{PKG}/schema/_rewrite_shapes.py",
         f"{PKG}/schema/_rewrite_objects.py", f"{PKG}/schema/_rewrite_keywords.py", f"{PKG}/schema/_rewrite_refs.py",
         f"{PKG}/schema/_mapback.py", f"{PKG}/schema/_limits.py"],
        [*_CORE_TESTS, "tests/schema"],
    ),
    "conversation": (  # histories read, checked, fixed and written back
        [f"{PKG}/conversation/*.py"],
        [*_CORE_TESTS, "tests/conversation", "tests/dialects/test_third_party.py"],
    ),
    "repair": (  # opt-in argument repair and JSON found in model text
        [f"{PKG}/_repair.py", f"{PKG}/_lenient.py", f"{PKG}/_json_extract.py"],
        [
            *_CORE_TESTS,
            "tests/test_args.py",
            "tests/test_repair_tiers.py",
            "tests/test_cut_off_calls.py",
            "tests/test_linear_scans.py",
            "tests/fuzz/test_hardening.py",
            "tests/schema/test_json_extraction.py",
            "tests/schema/test_response_and_retry.py",
            "tests/dialects/openai/test_openai_dialects.py",
        ],
    ),
    "pydantic": (  # a caller's JSON Schema as a pydantic model (``to_pydantic``)
        [f"{PKG}/schema/_pydantic.py", f"{PKG}/schema/_pydantic_nodes.py", f"{PKG}/schema/_pydantic_types.py"],
        [
            *_CORE_TESTS,
            "tests/schema/test_properties.py",
            "tests/schema/test_keyword_fidelity.py",
            "tests/schema/test_differential.py",
            "tests/schema/test_schema_fidelity.py",
            "tests/schema/test_hostile_schemas.py",
            "tests/schema/test_pydantic_details.py",
        ],
    ),
    "formats": (  # the text-format families (one module each) on the machinery of ``text``
        [f"{PKG}/text/[a-z]*.py"],
        [*_CORE_TESTS, "tests/text"],
    ),
    "requests": (  # the per-target request edits of structured output (budgets, corrections, prompt mode)
        [f"{PKG}/schema/_requests.py", f"{PKG}/schema/_prompt.py", f"{PKG}/schema/_capabilities.py",
         f"{PKG}/_target.py", f"{PKG}/dialects/*/structured.py"],
        [*_CORE_TESTS, "tests/schema/test_response_and_retry.py", "tests/schema/test_retry_details.py",
         "tests/schema/test_retry_real_sdk_requests.py", "tests/schema/test_request_shapes.py",
         "tests/test_failed_replies.py", "tests/schema/test_request_edits.py"],
    ),
    "normalize": (  # a caller's JSON Schema read (drafts, $ref, allOf) before anything uses it
        [f"{PKG}/schema/_normalize.py", f"{PKG}/schema/_refs.py"],
        [*_CORE_TESTS, "tests/schema"],
    ),
    "values": (  # the canonical values: constructors, checks, equality, copies, pickling
        [f"{PKG}/_types.py", f"{PKG}/_value.py", f"{PKG}/_json_equality.py", f"{PKG}/_deep_values.py",
         f"{PKG}/_value_checks.py", f"{PKG}/_json_values.py"],
        [*_CORE_TESTS, "tests/test_values.py", "tests/test_package.py", "tests/test_args.py",
         "tests/test_mockvalser.py", "tests/test_invalid_calls_encoded.py"],
    ),
    "cli": (  # the command line (the main job): entry points, arguments, each command's job, the run
        [f"{PKG}/cli.py", f"{PKG}/_cli_args.py", f"{PKG}/_cli_jobs.py", f"{PKG}/_cli_run.py"],
        [*_CORE_TESTS, "tests/cli"],
    ),
    "convert": (  # one dialect's calls, tools and results written for another (ids and names mapped)
        [f"{PKG}/_convert.py", f"{PKG}/_names.py"],
        [*_CORE_TESTS, "tests/dialects/test_convert.py", "tests/dialects/test_names.py",
         "tests/test_invalid_calls_encoded.py", "tests/cli/test_cli_convert.py"],
    ),
    "policy": (  # the arguments policy: limits, empty-equivalents, cut-off replies
        [f"{PKG}/_policy.py"],
        [*_CORE_TESTS, "tests/test_args.py", "tests/test_cut_off_calls.py", "tests/test_empty_arguments_reencoded.py",
         "tests/test_failed_replies.py", "tests/test_idless_calls.py"],
    ),
    "mcp": _provider("mcp", "tests/dialects/test_mcp_calls.py"),
    "mistral": _provider("mistral", "tests/dialects/test_chat_like_calls.py"),
    "ollama": _provider("ollama", "tests/dialects/test_chat_like_calls.py", "tests/test_decode_plan.py"),
    "cohere": _provider("cohere", "tests/dialects/test_chat_like_calls.py"),
    "anthropic": _provider("anthropic", "tests/dialects/test_sdk_objects_anthropic_gemini.py"),
    "bedrock": _provider("bedrock"),
    "gemini": _provider("gemini", "tests/dialects/test_sdk_objects_anthropic_gemini.py"),
    "openai": _provider("openai"),
}

_KILLED = {1, 3, 36, -24, 24, 152, 255}  # a failing test, or a timeout (an endless loop)


def _copy(target: str, work: Path) -> Path:
    dest = work / target
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for part in ("src", "tests", "examples", "docs"):
        shutil.copytree(ROOT / part, dest / part, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    globs, tests = TARGETS[target]
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    text += "\n[tool.mutmut]\n"
    text += f"source_paths = {json.dumps([PKG])}\n"
    text += f"only_mutate = {json.dumps(globs)}\n"
    text += f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
    text += f"pytest_add_cli_args = {json.dumps(['-p', 'no:randomly', '-q', *_SLOW])}\n"
    text += "use_git_change_detection = false\n"
    text += 'also_copy = ["examples", "docs"]\n'  # beside tests/: payload examples, docs some tests read
    (dest / "pyproject.toml").write_text(text, "utf-8")
    return dest


def _codes(dest: Path) -> Dict[str, Optional[int]]:
    codes: Dict[str, Optional[int]] = {}
    for meta in sorted((dest / "mutants").rglob("*.meta")):
        codes.update(json.loads(meta.read_text("utf-8")).get("exit_code_by_key", {}))
    return codes


def _sampled(dest: Path) -> Optional[Set[str]]:
    path = dest / "sample.json"
    return set(json.loads(path.read_text("utf-8"))) if path.exists() else None


def _tally(dest: Path) -> Dict[str, object]:
    killed = survived = untested = other = 0
    survivors: List[str] = []
    sample = _sampled(dest)
    codes = _codes(dest)
    for name, code in sorted(codes.items()):
        if sample is None or name in sample:
            if code in _KILLED:
                killed += 1
            elif code == 0:
                survived += 1
                survivors.append(name)
            elif code in (5, 33):
                untested += 1
                survivors.append(name + " (no tests)")
            elif code is None:  # not run yet (a run stopped early): run by --rerun
                other += 1
                survivors.append(name + " (not run)")
            else:
                other += 1
    total = killed + survived + untested + other
    score = round(100.0 * killed / total, 1) if total else 0.0
    row: Dict[str, object] = {}
    if sample is not None and total:  # Wilson's 95% interval of a sampled score
        p, z = killed / total, 1.96
        mid, half = p + z * z / (2 * total), z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
        row = {"of": len(codes), "interval": [round(100 * (mid - half) / (1 + z * z / total), 1),
                                              round(100 * (mid + half) / (1 + z * z / total), 1)]}
    return {
        **row,
        "mutants": total,
        "killed": killed,
        "survived": survived,
        "no_tests": untested,
        "other": other,
        "score": score,
        "survivors": survivors,
    }


def _refresh(target: str, work: Path) -> Tuple[Path, List[str]]:
    """The target's earlier copy with today's tests, and its mutants not yet killed (or
    not yet run)."""
    dest = work / target
    row = _tally(dest)
    for tests in (dest / "tests", dest / "mutants" / "tests"):
        shutil.rmtree(tests)
        shutil.copytree(ROOT / "tests", tests, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    (dest / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)  # which tests reach what: again
    names = [str(n).split(" ")[0] for n in row["survivors"]]  # type: ignore[attr-defined]
    return dest, names


def run(target: str, work: Path, children: int, rerun: bool = False, sample: int = 0, seed: int = 0
        ) -> Dict[str, object]:
    names: List[str] = []
    env = dict(os.environ, TOOLWIRE_HYPOTHESIS_PROFILE="mutation")
    started = time.monotonic()
    if rerun:
        dest, names = _refresh(target, work)
        if not names:
            return {**_tally(dest), "target": target, "seconds": 0}
    else:
        dest = _copy(target, work)
    env["TOOLWIRE_CORPUS"] = str(dest / "no-corpus")
    log = (dest / "mutmut.log").open("a" if rerun else "w")
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children)]
    if sample and not rerun:  # generate the mutants and the stats (a name that matches none), then draw
        subprocess.run([*cmd, "toolwire-no-such-mutant"], cwd=dest, env=env, stdout=log, stderr=subprocess.STDOUT,
                       check=False)
        every = sorted(_codes(dest))
        names = sorted(random.Random(seed).sample(every, min(sample, len(every))))
        (dest / "sample.json").write_text(json.dumps(names), "utf-8")
    cmd += names
    subprocess.run(cmd, cwd=dest, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    row = _tally(dest)
    row["target"] = target
    row["seconds"] = round(time.monotonic() - started)
    return row


def _of(row: Dict[str, object]) -> str:
    return f" (sample of {row['of']}, 95% {row['interval']})" if "of" in row else ""


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="*", help="targets (default: all, smallest first)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/toolwire-mutation"))
    ap.add_argument("--children", type=int, default=1, help="parallel mutants (the machine is shared)")
    ap.add_argument("--json", type=Path, help="write the rows and survivors here")
    ap.add_argument("--list", action="store_true", help="print the targets and their tests")
    ap.add_argument("--rerun", action="store_true", help="run the survivors of the last run again, with today's tests")
    ap.add_argument("--sample", type=int, default=0, help="run a uniform random sample of N mutants per target")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed")
    ns = ap.parse_args(argv)
    if ns.list:
        for name, (globs, tests) in TARGETS.items():
            print(f"{name}: mutate {' '.join(globs)}; tests {' '.join(tests)}")
        return 0
    unknown = [t for t in ns.targets if t not in TARGETS]
    if unknown:
        ap.error(f"unknown target(s) {unknown}; known: {sorted(TARGETS)}")
    rows = []
    for target in ns.targets or list(TARGETS):
        row = run(target, ns.work, ns.children, ns.rerun, ns.sample, ns.seed)
        rows.append(row)
        print(
            f"{target:10} mutants {row['mutants']:5}  killed {row['killed']:5}  survived {row['survived']:4}  "
            f"no tests {row['no_tests']:3}  score {row['score']:5}%{_of(row)}  ({row['seconds']} s)",
            flush=True,
        )
        if ns.json:
            ns.json.write_text(json.dumps(rows, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
