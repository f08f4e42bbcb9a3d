"""``python -m toolwire.fuzz``: its arguments and a short run."""

from __future__ import annotations

from typing import List

import pytest

from toolwire import fuzz


@pytest.mark.parametrize(("dialect", "message"), [
    # B8: a text format was run and counted as a fuzz failure ("EncodeError: text.hermes is a text format")
    ("text.hermes", "text.hermes is a text format, not a wire dialect; wire dialects: anthropic.messages, "
                    "bedrock.converse, gemini, openai.responses, mistral, cohere.v2, ollama, openai.chat, mcp, canonical\n"),
    ("nope", "Unknown dialect 'nope'; known dialects: "),  # was a traceback
])
def test_a_dialect_it_cannot_fuzz_is_a_usage_error(dialect: str, message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--examples", "1", "--dialect", "openai.chat", "--dialect", dialect]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"python -m toolwire.fuzz: {message}")


def test_a_short_run_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--examples", "6", "--dialect", "openai.chat", "--dialect", "mcp"]) == 0
    out = capsys.readouterr().out
    assert "total                       12" in out and "0 failure(s)" in out


@pytest.mark.parametrize(("argv", "message"), [
    # a CI job misconfigured this way ran nothing, printed "0 failure(s)" and passed
    (["--examples", "0"], "--examples must be 1 or more, got 0"),
    (["--examples", "-5"], "--examples must be 1 or more, got -5"),
    (["--batch", "0"], "--batch must be 1 or more, got 0"),
    (["--batch", "-1"], "--batch must be 1 or more, got -1"),
    (["--jobs", "0"], "--jobs must be 1 or more, got 0"),
    (["--jobs", "-1"], "--jobs must be 1 or more, got -1"),
])
def test_a_count_below_one_is_a_usage_error(argv: List[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main([*argv, "--dialect", "openai.chat"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"python -m toolwire.fuzz: {message}\n"
