"""Access to the real recorded payloads under ``../shared/corpus`` (read in place).

Tests that use it skip, with the reason "../shared/corpus is absent", only when the
folder is absent. New files are picked up by themselves.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

_HERE = Path(__file__).resolve().parent


def corpus_dir() -> Optional[Path]:
    env = os.environ.get("TOOLWIRE_CORPUS")
    candidates = [Path(env)] if env else []
    candidates += [_HERE.parent.parent / "shared" / "corpus", _HERE.parent / "shared" / "corpus"]
    for c in candidates:
        if c.is_dir():
            return c
    return None


CORPUS = corpus_dir()
SKIP_REASON = "../shared/corpus is absent"


def files(*subdirs: str, kinds: Optional[tuple] = None) -> List[Any]:
    """pytest params, one per corpus file in *subdirs* (all when empty) of the given kinds."""
    if CORPUS is None:
        return [pytest.param(None, marks=pytest.mark.skip(reason=SKIP_REASON), id="no-corpus")]
    out = []
    dirs = subdirs or tuple(sorted(p.name for p in CORPUS.iterdir() if p.is_dir()))
    for sub in dirs:
        folder = CORPUS / sub
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.json")):
            doc = load(path)
            if kinds is None or doc.get("kind") in kinds:
                out.append(pytest.param(path, id=f"{sub}/{path.stem}"))
    return out


def load(path: Path) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        doc: Dict[str, Any] = json.load(fh)
    return doc


DIALECT_OF_DIR = {
    "openai-chat": "openai.chat",
    "openai-compatible": "openai.chat",
    "openai-responses": "openai.responses",
    "anthropic-messages": "anthropic.messages",
    "gemini": "gemini",
    "bedrock-converse": "bedrock.converse",
    "mistral": "mistral",
    "cohere-v2": "cohere.v2",
    "ollama": "ollama",
}
