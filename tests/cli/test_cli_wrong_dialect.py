"""#15 class 1 on the command line: ``decode --dialect D`` on another dialect's
payload that holds calls fails (exit code 3), never prints ``[]``."""

from __future__ import annotations

import json

from toolwire.cli import EXIT_FAILED, EXIT_OK

MESSAGE = {
    "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
    "content": [{"type": "tool_use", "id": "toolu_01A", "name": "delete_files", "input": {"glob": "*.tmp"}}],
    "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 2},
}


def test_wrong_dialect_cli_exits_nonzero(cli) -> None:
    run = cli("decode", "--dialect", "openai", "-", stdin=json.dumps(MESSAGE).encode())
    assert run.code == EXIT_FAILED
    assert run.out == b""
    assert "it looks like anthropic.messages" in run.err


def test_wrong_dialect_cli_empty_message_of_the_dialect(cli) -> None:
    run = cli("decode", "--dialect", "openai", "-", stdin=b'{"role": "assistant", "content": "Done."}')
    assert (run.code, run.lines) == (EXIT_OK, [[]])
