"""Images and documents inside tool results, rewritten for the target by the result
encoders of Anthropic, Responses, Bedrock, MCP and Gemini (``rewrite_media``), whatever
the path: ``encode_result``, ``convert``, ``encode_conversation``.

A decoded tool result keeps each media part in its provider's shape: images under
``"type": "image"`` (Anthropic ``{"source": {"type": "base64" | "url", ...}}``, Responses
``{"image_url": url | data URL, "detail"}``, Bedrock ``{"image": {"format", "source"}}``,
MCP ``{"data", "mimeType"}``, Gemini ``{"inlineData": ...}``, Ollama ``{"image":
base64}``) or ``"type": "image_url"`` (Chat and Mistral ``{"image_url": {"url"} | url}``),
documents under ``document``
(Anthropic ``{"source", "title"}``, Bedrock ``{"document": {"format", "name",
"source"}}``), ``file`` (Responses ``{"file_data" | "file_url", "filename"}``, a Gemini
blob that is no image) or ``resource`` (MCP ``{"resource": {"uri", "mimeType", "blob" |
"text"}}``). ``read_media`` reads any of them into one ``ResultMedia``; each target's encoder
passes its own test for its own shape and its own writer (in its package's ``tools``
module), so a part of another shape is written in the target's, or refused with an
``EncodeError`` when the target cannot hold it (an upload to another provider, a file
type it does not take, a document by URL where it takes data). A part no reader knows
is left to the encoder, which says it cannot hold it.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

from .._errors import EncodeError, excerpt
from .._types import ToolResult, evolve
from ._base64_head import base64_text

__all__ = [
    "DOCUMENT_TYPES",
    "GEMINI_PARTS",
    "ResultMedia",
    "blank_text",
    "data_url",
    "details",
    "extension",
    "gemini_upload",
    "image_data_url",
    "of_scheme",
    "read_media",
    "rewrite_media",
    "sniff_image",
    "text_of",
    "web",
]

# the members of a Gemini FunctionResponsePart (either spelling)
GEMINI_PARTS = ("inlineData", "inline_data", "fileData", "file_data")
# parts that name an upload to one provider (a Responses file id, a Gemini file URI): no other reads them
_UPLOADS = ("file_id", "fileData", "file_data")
# the URIs of the Gemini API's Files API (``File.uri``, https://ai.google.dev/api/files:
# ``https://generativelanguage.googleapis.com/v1beta/files/<id>``): "Files are stored for 48
# hours and can be accessed with your API key" (Gemini cookbook, File API quickstart), so no
# other provider can fetch one (Vertex AI has no Files API: its ``gs://`` URIs no other
# provider takes either)
_GEMINI_API = "https://generativelanguage.googleapis.com/"
# the part types that may hold an image or a document
_MEDIA = frozenset({"image", "image_url", "document", "file", "resource"})

#: Document file extensions and their media types (Bedrock's ``DocumentFormat`` values
#: are these extensions)
DOCUMENT_TYPES = {
    "pdf": "application/pdf",
    "csv": "text/csv",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "html": "text/html",
    "txt": "text/plain",
    "md": "text/markdown",
}
_EXTENSIONS = {mt: ext for ext, mt in DOCUMENT_TYPES.items()}


class ResultMedia(NamedTuple):
    """An image or a document inside a tool result, whatever shape it came in (not the
    public ``toolwire.conversation.Media``, an image outside a tool result, which holds
    exactly one of URL and data and no name)."""

    kind: str  # "image" or "document"
    media_type: Optional[str]
    url: Optional[str]  # where it lives (an http(s), s3 or file URI), when known
    data: Optional[str]  # its bytes in base64, when carried
    name: Optional[str]  # a title or file name, when given
    detail: Optional[str] = None  # an OpenAI-style image's ``detail`` (Responses, Chat, Mistral), when given


def blank_text(part: Dict[str, Any]) -> bool:
    """Whether the tool-result *part* is a text part of no text but whitespace (``""``
    too): what Anthropic ("text content blocks must be non-empty", "... must contain
    non-whitespace text") and Bedrock ("The text field in the ContentBlock object ... is
    blank") refuse."""
    text = part.get("text")
    return part.get("type") == "text" and (text is None or (type(text) is str and not text.strip()))


def of_scheme(url: Optional[str], *prefixes: str) -> bool:
    """Whether *url* starts with one of *prefixes* (a scheme and what follows it, of at
    most 8 characters: ``"https://"``, ``"gs://"``, ``"data:"``), its scheme in any case:
    "schemes are case-insensitive" (RFC 3986 section 3.1), so ``HTTPS://`` is as
    ``https://``. The URL itself is kept as given."""
    return url is not None and url[:8].lower().startswith(prefixes)


def web(url: Optional[str]) -> bool:
    """Whether *url* is an http(s) URL (what providers fetch themselves), its scheme in
    any case (``of_scheme``)."""
    return of_scheme(url, "http://", "https://")


def gemini_upload(url: Optional[str]) -> bool:
    """Whether *url* is a Gemini Files API upload's URI."""
    return url is not None and url[:len(_GEMINI_API)].lower() == _GEMINI_API and "/files/" in url


def extension(media_type: Optional[str]) -> Optional[str]:
    """The file extension of a document media type (``DOCUMENT_TYPES``; any case, its
    parameters passed over: ``text/plain; charset=utf-8``), or ``None``."""
    return None if media_type is None else _EXTENSIONS.get(media_type.partition(";")[0].strip().lower())


def text_of(data: str) -> Optional[str]:
    """Base64 *data* as UTF-8 text, or ``None`` when it is not."""
    try:
        return base64.b64decode(data, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8", "surrogatepass")).decode("ascii")


def _str(value: Any) -> Optional[str]:
    return value if type(value) is str and value else None


def _type_of(name: Optional[str]) -> Optional[str]:
    """The document media type a file name's extension says, or ``None``."""
    return None if name is None else DOCUMENT_TYPES.get(name.rpartition(".")[2].lower())


# the first base64 characters of each image type Anthropic, Bedrock and Gemini take (its magic bytes)
_MAGIC = (("iVBORw0KGgo", "image/png"), ("/9j/", "image/jpeg"), ("R0lGOD", "image/gif"))


def sniff_image(data: str, start: int = 0) -> Optional[str]:
    """The media type base64 image *data* shows by its first bytes (PNG, JPEG, GIF,
    WebP), or ``None``. ASCII white space in the base64 text is no part of the bytes (RFC
    2045 §6.8), before the first character as after a line (as ``_image_types.shown_type``
    reads it, ``_base64_head``); one outside ASCII is no base64. *start*: where the base64
    text starts in *data* (a ``data:`` URL's, read without a copy)."""
    data = base64_text(data, 16, start)  # (from *start*, ASCII white space passed over: ``_base64_head``)
    for head, mt in _MAGIC:
        if data.startswith(head):
            return mt
    # "RIFF" <4 bytes> "WEBP": "WEBP" is bytes 8-11, so "EBP" is characters 12-15 ("RUJQ")
    # and the "W" ends character 11 ("X": the last six bits of 0x57)
    if data.startswith("UklGR") and data[11:16] == "XRUJQ":
        return "image/webp"
    return None


def image_data_url(m: ResultMedia) -> Optional[str]:
    """A ``data:`` URL of image *m*'s data, or ``None`` when it has no data or no type
    (``read_media`` gives the type its bytes show where none is stated)."""
    if m.data is None or m.media_type is None:
        return None
    return f"data:{m.media_type};base64,{m.data}"


def data_url(url: str) -> Optional[Tuple[Optional[str], str]]:
    """``(media type, base64 data)`` of a ``data:`` URL in base64, else ``None``. Read as
    RFC 2397 writes it, ``data:[<type>/<subtype>][;<parameter>]*;base64,<data>``: the
    parameters (``charset=utf-8``) are passed over and the type is read in lower case (RFC
    2045 §5.1: case-insensitive); ``None`` for the type where none is given."""
    head, sep, data = url[5:].partition(",")
    if not sep:
        return None
    first, _, rest = head.partition(";")
    if rest.rpartition(";")[2].strip().lower() != "base64":
        return None
    mt = first.strip().lower()
    return (mt if mt.partition("/")[2] else None, data)  # (a type/subtype; a parameter alone is no type)


def read_media(part: Dict[str, Any]) -> Optional[ResultMedia]:
    """The image or document a tool-result part holds, in any of the shapes above;
    ``None`` for any other part, and for uploads only one provider reads."""
    kind = "image" if part.get("type") == "image" else "document"
    src = part.get("source")
    if type(src) is dict:  # Anthropic
        title = _str(part.get("title"))
        st, data = src.get("type"), src.get("data")
        if st == "base64" and type(data) is str:
            return ResultMedia(kind, _str(src.get("media_type")), None, data, title)
        if st == "url" and type(src.get("url")) is str:  # (an Anthropic document by URL is a PDF)
            return ResultMedia(kind, "application/pdf" if kind == "document" else None, src["url"], None, title)
        if st == "text" and kind == "document" and type(data) is str:
            return ResultMedia(kind, _str(src.get("media_type")) or "text/plain", None, _b64(data), title)
        return None
    url = part.get("image_url")  # a Responses image (a URL), a Chat or Mistral one (``{"url"}`` or a URL)
    detail = part.get("detail")
    if type(url) is dict and part.get("type") == "image_url":
        detail = url.get("detail")
        url = url.get("url")
    if type(url) is str:
        detail = detail if type(detail) is str else None
        if of_scheme(url, "data:"):
            got = data_url(url)
            if got is None:
                return None  # (a data URL of no stated type: the type its bytes show, as for Ollama's)
            return ResultMedia("image", got[0] or sniff_image(got[1]), None, got[1], None, detail)
        return ResultMedia("image", None, url, None, None, detail)
    name = _str(part.get("filename"))
    file_data = part.get("file_data")  # Responses file (a Gemini ``file_data`` is a dict: an upload)
    if type(file_data) is str:
        if of_scheme(file_data, "data:"):
            got = data_url(file_data)
            return None if got is None else ResultMedia(kind, got[0] or _type_of(name), None, got[1], name)
        return ResultMedia(kind, _type_of(name), None, file_data, name)
    if type(part.get("file_url")) is str:
        return ResultMedia(kind, _type_of(name), part["file_url"], None, name)
    fd = part.get("fileData", part.get("file_data"))  # a Gemini function response part by URI
    if type(fd) is dict:
        uri = fd.get("fileUri", fd.get("file_uri"))
        # a public http(s) URL, as a user message's ``fileData`` (``_history_write.no_upload``);
        # a Files API upload or a ``gs://`` URI only Google reads: ``None`` (refused as an upload)
        if type(uri) is not str or not web(uri) or gemini_upload(uri):
            return None
        return ResultMedia(kind, _str(fd.get("mimeType", fd.get("mime_type"))), uri, None,
                           _str(fd.get("displayName", fd.get("display_name"))))
    mime = part.get("mimeType")
    if type(mime) is str and type(part.get("data")) is str:  # MCP image content
        return ResultMedia("image", mime, None, part["data"], None)
    res = part.get("resource")  # MCP embedded resource
    if type(res) is dict and type(res.get("uri")) is str:
        uri, rmime = res["uri"], _str(res.get("mimeType"))
        rkind = "image" if rmime is not None and rmime.startswith("image/") else "document"
        label = _str(uri.rstrip("/").rpartition("/")[2])
        if type(res.get("blob")) is str:
            return ResultMedia(rkind, rmime or _type_of(label), uri, res["blob"], label)
        if type(res.get("text")) is str:
            return ResultMedia("document", rmime or "text/plain", uri, _b64(res["text"]), label)
        return None
    blob = part.get("inlineData", part.get("inline_data"))  # a Gemini function response part
    if type(blob) is dict and type(blob.get("data")) is str:
        return ResultMedia(kind, _str(blob.get("mimeType", blob.get("mime_type"))), None, blob["data"], None)
    img = part.get("image")
    if type(img) is str:  # Ollama: an image of a tool message's ``images``, base64 of no stated type
        return ResultMedia("image", sniff_image(img), None, img, None)
    # Bedrock image
    if type(img) is dict and type(img.get("source")) is dict and type(img.get("format")) is str:
        s, mt = img["source"], "image/" + img["format"]
        if type(s.get("bytes")) is str:
            return ResultMedia("image", mt, None, s["bytes"], None)
        s3 = s.get("s3Location")
        if type(s3) is dict and type(s3.get("uri")) is str:
            return ResultMedia("image", mt, s3["uri"], None, None)
        return None
    doc = part.get("document")  # Bedrock document
    if type(doc) is dict and type(doc.get("source")) is dict and type(doc.get("format")) is str:
        s, mt, label = doc["source"], DOCUMENT_TYPES.get(doc["format"]), _str(doc.get("name"))
        if type(s.get("bytes")) is str:
            return ResultMedia("document", mt, None, s["bytes"], label)
        if type(s.get("text")) is str:
            return ResultMedia("document", mt or "text/plain", None, _b64(s["text"]), label)
        s3 = s.get("s3Location")
        if type(s3) is dict and type(s3.get("uri")) is str:
            return ResultMedia("document", mt, s3["uri"], None, label)
    return None


def details(content: Any) -> List[str]:
    """The ``detail`` of each image in a tool result's *content* that asks for one (an
    OpenAI-style image: Responses, Chat, Mistral; ``"auto"``, the default, asks for none)."""
    if type(content) is not list:
        return []
    out = []
    for part in content:
        if type(part) is dict and part.get("type") in ("image", "image_url"):
            m = read_media(part)
            if m is not None and m.detail is not None and m.detail != "auto":
                out.append(m.detail)
    return out


def _fetched_by_none(part: Dict[str, Any]) -> Optional[str]:
    """The ``fileUri`` of a Gemini ``fileData`` *part* that is no Files API URI, no
    ``gs://`` URI and no http(s) URL (``file://``, ``s3://``): no provider fetches it, so
    it is no upload either. Gemini takes those three
    (https://ai.google.dev/gemini-api/docs/file-input-methods, checked 2026-12-06)."""
    fd = part.get("fileData", part.get("file_data"))
    uri = fd.get("fileUri", fd.get("file_uri")) if type(fd) is dict else None
    if type(uri) is not str or web(uri) or gemini_upload(uri) or of_scheme(uri, "gs://"):
        return None
    return uri


def rewrite_media(
    r: ToolResult,
    target: str,
    own: Callable[[Dict[str, Any]], bool],
    write: Callable[[ResultMedia], Optional[Dict[str, Any]]],
    ctx: Any = None,
) -> ToolResult:
    """*r* with its image and document parts in *target*'s shape: a part *own* says is
    already so is kept; another is read (``read_media``) and written by *write*, which
    gives ``None`` for what the target cannot hold (an ``EncodeError`` then). A name
    (a title, a file name) the written part does not hold as given is noted on *ctx*
    (an ``EncodeContext``)."""
    if isinstance(r.content, str):
        return r
    out: List[Dict[str, Any]] = []
    changed = False
    for part in r.content:
        if part.get("type") in _MEDIA and not own(part):
            m = read_media(part)
            if m is None:
                # (a Responses ``file_data`` is a string, a Gemini one a dict: only that one is an upload)
                upload = any(k in part and (k != "file_data" or type(part[k]) is dict) for k in _UPLOADS)
                if part.get("type") == "image" or upload:
                    what = "An image" if part.get("type") == "image" else "A file"
                    uri = _fetched_by_none(part)
                    if uri is not None:
                        raise EncodeError(
                            f"{what} in a tool result cannot be written for {target}: its fileData URI "
                            f"{excerpt(uri)} has a scheme Gemini does not fetch (a fileData part takes a Files "
                            "API URI, a gs:// URI or a public http(s) URL)", dialect=target)
                    what += " by file id (an upload to another provider)" if upload else " part of no known shape"
                    raise EncodeError(f"{what} in a tool result cannot be written for {target}: {excerpt(part)}",
                                      dialect=target)
            else:
                new = write(m)
                if new is None:
                    what = "An image" if m.kind == "image" else f"A document ({m.media_type or 'of no known type'})"
                    raise EncodeError(
                        f"{what} {'by URL' if m.data is None else 'as data'} in a tool result cannot be written "
                        f"for {target}" + (f" (its type: {m.media_type!r})" if m.kind == "image" and m.data else ""),
                        dialect=target,
                    )
                if ctx is not None and ctx.notes is not None and (
                        m.name is not None or (m.data is None and m.media_type is not None)):
                    _noted(m, new, target, ctx)
                part = new
                changed = True
        out.append(part)
    return evolve(r, content=out) if changed else r


def _noted(m: ResultMedia, new: Dict[str, Any], target: str, ctx: Any) -> None:
    """Notes the name of *m* where *new*, its part written for *target*, holds it no
    longer (``dropped``: Gemini's blobs have none) or holds another (``converted``:
    Bedrock's ``DocumentBlock`` name takes a few characters only); and the media type
    of *m* by URL where *new* holds none (``dropped``: a Gemini ``fileData`` part's
    ``mimeType`` as an Anthropic, Responses or Mistral image URL, as in a user message)."""
    back = read_media(new)
    a = "an image" if m.kind == "image" else "a document"
    if m.name is not None:
        name = back.name if back is not None else None
        what = f"The name {m.name!r} of {a} in"
        if name is None:
            ctx.note("dropped", what, f"is not sent to {ctx.named(target)}: its part there has no name")
        elif name != m.name:
            ctx.note("converted", what, f"is sent to {ctx.named(target)} as {name!r}")
    if m.data is None and m.media_type is not None and (back is None or back.media_type is None):
        ctx.note("dropped", f"The MIME type {m.media_type!r} of {a} URL in",
                 f"is not sent to {ctx.named(target)}: its part there has no media type")
