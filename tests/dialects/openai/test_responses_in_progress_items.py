"""A Responses item whose own ``status`` is ``in_progress`` is not finished (wire-formats
§2a: ``status`` in ``in_progress | completed | incomplete``; §2e: the item of
``response.output_item.added`` is ``{"status": "in_progress", "arguments": ""}``, and a
client finalises on ``output_item.done``). Such an item comes from a stream's added
event, a ``response.created`` / ``response.in_progress`` snapshot or a background
response polled while it runs: it is read as cut off, as an ``incomplete`` item is,
never as a call to run."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import response

ADDED = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_all",
         "arguments": "", "status": "in_progress"}
PARTIAL = {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "write",
           "arguments": '{"path": "/a"}', "status": "in_progress"}
CUSTOM = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_3", "name": "shell",
          "input": "rm -rf /tmp/bu", "status": "in_progress"}
SHELL = {"type": "shell_call", "id": "sh_1", "call_id": "call_4", "status": "in_progress",
         "action": {"commands": ["rm -rf /tmp/bu"]}}


@pytest.mark.parametrize("item", [ADDED, CUSTOM, SHELL], ids=["function_call", "custom_tool_call", "shell_call"])
def test_in_progress_item_is_not_a_call_to_run(item: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode(item)
    assert err.value.truncated
    (invalid,) = toolwire.decode_all([item], invalid="keep")
    assert isinstance(invalid, toolwire.InvalidToolCall) and invalid.truncated


def test_in_progress_item_whole_json_is_read() -> None:
    """Arguments that are a whole object cannot grow: read as they are (as an
    ``incomplete`` item's are)."""
    call = toolwire.decode(PARTIAL)
    assert call.args == {"path": "/a"} and call.id == "call_2"


def test_in_progress_snapshot_lists_unfinished_items_as_invalid() -> None:
    snap = {"id": "resp_1", "object": "response", "status": "in_progress", "output": [ADDED, CUSTOM]}
    r = response.normalize(snap)
    assert r.tool_calls == () or list(r.tool_calls) == []
    assert [c.name for c in r.invalid_tool_calls] == ["delete_all", "shell"]
    assert all(c.truncated for c in r.invalid_tool_calls)


def test_completed_item_still_runs() -> None:
    done = dict(ADDED, arguments='{"a": 1}', status="completed")
    assert toolwire.decode(done).args == {"a": 1}
