"""What Converse refuses in a Bedrock message as a client kept it (``Refusals.message``):
decoded and written back, such a message is written fresh (the writer drops blank text,
writes a string ``toolUse`` input as the object it decodes to, refuses an unreadable one,
writes an image as its bytes show and gives a document a name no document before it has),
never replayed as it came."""

from __future__ import annotations

import base64
from typing import Any, Dict, Optional

from .._image_types import PROLOGUE, image_media_type, no_base64, shown_type
from .document_names import Names, names_in

__all__ = ["FORMATS", "misnamed", "mislabelled", "refused", "untaken_format"]

#: Converse's ``ImageFormat`` (botocore's service model)
FORMATS = frozenset({"png", "jpeg", "gif", "webp"})


def _blank(b: Any) -> bool:
    t = b.get("text") if type(b) is dict else None
    return type(t) is str and not t.strip()


def mislabelled(img: Any) -> bool:
    """Whether *img* (an ``image`` member) holds bytes of another format than its own
    ("The image was specified using the image/png media type, but the image appears to be a
    image/jpeg image"): base64 text, or boto3's raw ``bytes`` (their first ``PROLOGUE``
    read, as the decoder reads them: base64); or data that is no base64 (``no_base64``)."""
    src = img.get("source") if type(img) is dict else None
    data = src.get("bytes") if type(src) is dict else None
    fmt = img.get("format") if type(img) is dict else None
    if type(data) is bytes:  # (enough of them for ``shown_type``'s longest read: an SVG's prologue)
        data = base64.b64encode(data[:PROLOGUE]).decode("ascii")
    if type(data) is not str or type(fmt) is not str:
        return False
    if no_base64(data):  # no base64 at all: written fresh, the writer refuses it
        return True
    shown = shown_type(data)  # (one Converse does not take too: the writer refuses it, never sent mislabelled)
    return shown is not None and shown != f"image/{fmt}"


def misnamed(img: Any) -> Optional[str]:
    """The ``format`` of *img* (an ``image`` member) where it names one Converse takes
    another way (``jpg``, upper case: its ``ImageFormat`` is png | jpeg | gif | webp, lower
    case only), which the writer names as Converse does; else ``None``: also where the
    writer cannot read its source (``bytes`` neither base64 text nor bytes, no
    ``s3Location`` URI), which goes as it came."""
    fmt = img.get("format") if type(img) is dict else None
    if type(fmt) is not str or fmt in FORMATS or not _readable(img.get("source")):
        return None
    mt = image_media_type(f"image/{fmt}")
    return fmt if mt is not None and mt.partition("/")[2] in FORMATS else None


def untaken_format(img: Any) -> Optional[str]:
    """The ``format`` of *img* (an ``image`` member) where it is not one of Converse's
    ``ImageFormat`` (png | jpeg | gif | webp: ``jpg``, ``svg+xml``) and the writer reads
    its source, else ``None``: the writer names it as Converse does (``misnamed``) or
    refuses it, never sends it as it came."""
    fmt = img.get("format") if type(img) is dict else None
    return fmt if type(fmt) is str and fmt not in FORMATS and _readable(img.get("source")) else None


def _readable(src: Any) -> bool:
    """Whether the writer reads the image source *src* (``history._image``, ``tools``)."""
    if type(src) is not dict:
        return False
    s3 = src.get("s3Location")
    return type(src.get("bytes")) in (str, bytes) or type(s3) is dict and type(s3.get("uri")) is str


def refused(wire: Any, state: Dict[str, Any], final: bool) -> Optional[str]:
    """Why Converse refuses the decoded message *wire* as it is, else ``None``; *state*
    is shared by the messages before it in one pass (the document names they hold). One
    pass over its blocks (and a result's)."""
    content = wire.get("content") if type(wire) is dict else None
    if type(content) is not list or wire.get("role") == "system":
        return None
    names = state.setdefault("names", Names())  # as the writer gives them (``distinct_in_messages``)
    twice = None
    for name in names_in(content):
        if names.give(name) != name and twice is None:
            twice = name
    if not content:
        return 'its content is empty ("The content field in the Message object ... is empty")'
    for b in content:
        if type(b) is not dict:
            continue
        if "text" in b and _blank(b):
            return 'it holds a blank text block ("The text field in the ContentBlock object ... is blank")'
        tu = b.get("toolUse")
        if type(tu) is dict and tu.get("type") != "server_tool_use" and type(tu.get("input")) is not dict:
            return "it holds a toolUse input that is no JSON object (Converse takes only an object)"
        img = b.get("image")
        fmt = untaken_format(img)
        if fmt is not None:  # jpg, svg
            return f"it holds an image of format {fmt!r}, which Converse does not take (png, jpeg, gif, webp)"
        if mislabelled(img):
            return "it holds an image whose bytes show another format than its own, which Converse refuses"
        tr = b.get("toolResult")
        if type(tr) is dict and not tr.get("type"):
            c = tr.get("content")
            if c == [] and tr.get("status") == "error":
                return "it holds an error toolResult without content, which Converse refuses"
            if type(c) is list and any(_blank(x) for x in c):
                return 'it holds a toolResult with a blank text block ("The text field ... is blank")'
            fmt = next((f for x in c if type(x) is dict for f in (untaken_format(x.get("image")),) if f is not None),
                       None) if type(c) is list else None  # (``""`` too: no ImageFormat)
            if fmt is not None:  # (named another way, ``jpg``: the writer names it as Converse does; else refused)
                return f"it holds a toolResult image of format {fmt!r}, which Converse does not take"
            if type(c) is list and any(type(x) is dict and mislabelled(x.get("image")) for x in c):
                return "it holds a toolResult image whose bytes show another format than its own (refused)"
    if twice is not None:
        return (f"it holds a document named {twice!r}, a name a document before it has (\"Messages can't contain "
                "duplicate document names\")")
    return None
