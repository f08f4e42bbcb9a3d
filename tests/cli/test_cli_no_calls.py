"""``toolwire decode`` leaves a canonical server call out; ``toolwire convert`` gives
no calls for a record that holds none, as ``decode`` does (docs/cli.md "Input")."""

from __future__ import annotations

import json
from typing import Any

from toolwire.cli import EXIT_OK

REFUSAL = {"role": "assistant", "content": None, "refusal": "I can't help with that."}
CHAT_CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def test_cli_decode_leaves_a_canonical_server_call_out(cli: Any) -> None:
    line = b'{"name":"web_search","args":{},"id":"s","server":true}\n'
    run = cli("decode", stdin=line)
    assert (run.code, run.lines) == (EXIT_OK, [[]])
    run = cli("decode", "--server", stdin=line)
    assert run.code == EXIT_OK and [c["name"] for c in run.lines[0]] == ["web_search"]


def test_cli_convert_gives_no_calls_for_records_without_calls(cli: Any) -> None:
    records = [CHAT_CALL, REFUSAL, None, {}, "", [], {"role": "assistant", "content": None},
               {"role": "assistant", "content": "hello"}, {"type": "text", "text": "hi"}]
    stdin = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    run = cli("convert", "--to", "anthropic", stdin=stdin)
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == [{"type": "tool_use", "id": "call_1", "name": "f", "input": {}}] + [[]] * (len(records) - 1)
    decoded = cli("decode", stdin=stdin)
    assert decoded.lines[1:] == [[]] * (len(records) - 1)
