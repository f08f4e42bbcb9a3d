"""text.harmony: a header the end of the text cut inside its channel word (hunt
huntLlamacpp F5; docs/text-formats.md, "Nothing is lost")."""

from __future__ import annotations

import pytest

from toolwire import decode_text


# hunt huntLlamacpp F5: a header cut inside its channel word (``fin`` of ``final``) was
# content, markup and all; the whole word (``final``) or none was markup. Header words are
# markup (docs/text-formats.md, "Nothing is lost"), a word cut at the end of the text too,
# as at the start of the output (``_role_header``).
@pytest.mark.parametrize("finish", ["length", None, "stop"])
@pytest.mark.parametrize("cut", ["fin", "comm", "ana", "f"])
def test_a_header_cut_inside_its_channel_word_is_markup(cut: str, finish: str | None) -> None:
    text = "<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>" + cut
    r = decode_text(text, "text.harmony", finish_reason=finish)
    assert (r.content, r.reasoning, r.tool_calls) == (None, "think", ())
    # a word that starts no header word stays what it was
    r = decode_text(text[: -len(cut)] + "xyz", "text.harmony", finish_reason=finish)
    assert r.content == "<|start|>assistant<|channel|>xyz"
