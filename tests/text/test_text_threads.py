"""First use of the text formats from many threads, in fresh processes: every thread
finds its format (the name table is published whole, never seen half-filled)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys, threading, toolwire
sys.setswitchinterval(1e-6)  # switch threads as often as possible: widen any race window
names = ["text.hermes", "text.qwen3-xml", "text.llama", "text.mistral", "text.deepseek",
         "text.gemma", "text.glm", "text.kimi", "text.harmony"] * 4
errors = []
barrier = threading.Barrier(len(names))
def use(name):
    barrier.wait()
    try:
        toolwire.decode_text("hello", name)
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=use, args=(n,)) for n in names]
[t.start() for t in threads]
[t.join() for t in threads]
print(len(errors), errors[:1])
"""


def test_first_use_from_many_threads_in_fresh_processes() -> None:
    procs = [subprocess.Popen([sys.executable, "-c", CODE], stdout=subprocess.PIPE, text=True) for _ in range(12)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert outs == ["0 []"] * len(procs)
