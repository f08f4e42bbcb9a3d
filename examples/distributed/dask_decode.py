"""Decode a directory of JSONL files with Dask bags, writing canonical JSONL.

    python examples/distributed/dask_decode.py SRC_DIR DST_DIR [--scheduler sync|threads|processes]

Each ``SRC_DIR/*.jsonl`` file is one partition (so line numbers are exact) and gives
``DST_DIR/<same name>.jsonl`` with one record per non-blank line (see ``normalize``).
On a cluster, create a ``dask.distributed.Client`` first and leave ``--scheduler``
out; toolwire's functions pickle by reference and keep no global state, so workers
need only ``toolwire`` installed (and ``normalize.py`` shipped, e.g.
``client.upload_file``). Files larger than memory: pass ``blocksize="256MiB"`` to
``read_text`` and drop ``include_path`` line numbering (records then carry ``line: null``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from normalize import Row, decode_partition  # noqa: E402


def _numbered(part: Iterable[Tuple[str, str]]) -> Iterator[Row]:
    for n, (text, path) in enumerate(part, start=1):
        yield os.path.basename(path), n, text


def decode_directory(src: str, dst: str, *, scheduler: Optional[str] = None) -> List[str]:
    """Decode every ``src/*.jsonl`` into ``dst/``; returns the written paths."""
    import dask
    import dask.bag as db

    files = sorted(str(p) for p in Path(src).glob("*.jsonl"))
    if not files:
        return []
    Path(dst).mkdir(parents=True, exist_ok=True)
    bag = db.read_text(files, blocksize=None, include_path=True)  # one partition per file
    lines = bag.map_partitions(_numbered).map_partitions(decode_partition)
    names = [Path(f).stem for f in files]
    config: Any = {"scheduler": scheduler} if scheduler else {}
    with dask.config.set(**config):
        written = lines.to_textfiles(os.path.join(dst, "*.jsonl"), name_function=names.__getitem__, last_endline=True)
    return [str(p) for p in written]


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--scheduler", default=None, help="sync, threads or processes (default: dask's)")
    a = ap.parse_args(argv)
    try:
        import dask.bag  # noqa: F401
    except ImportError:
        print("this example needs dask (pip install 'dask[bag]')")
        return 0
    for path in decode_directory(a.src, a.dst, scheduler=a.scheduler):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
