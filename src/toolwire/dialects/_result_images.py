"""Images inside tool results, rewritten for the target by the result encoders of
Anthropic, Responses, Bedrock, MCP and Gemini (``rewrite_images``), whatever the path:
``encode_result``, ``convert``, ``encode_conversation``.

A decoded tool result keeps each image part in its provider's shape under
``"type": "image"``: Anthropic ``{"source": {"type": "base64" | "url", ...}}``,
Responses ``{"image_url": url | data URL, "detail"}`` (or ``file_id``), Bedrock
``{"image": {"format", "source": {"bytes" | "s3Location"}}}``, MCP ``{"data",
"mimeType"}``, Gemini ``{"inlineData" | "fileData": ...}`` (a part of
``functionResponse.parts``). Writing a result for another of these five, an image part of another
shape is rewritten into the target's (base64 everywhere, URLs where the target takes
them); one it cannot write, or of no known shape, raises ``EncodeError`` (the other
dialects' result encoders say which parts they cannot hold).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .._errors import EncodeError, excerpt
from .._types import ToolResult, evolve

__all__ = ["GEMINI_PARTS", "rewrite_images"]

# the members of a Gemini FunctionResponsePart (either spelling)
GEMINI_PARTS = ("inlineData", "inline_data", "fileData", "file_data")
# the keys that say an image part is already in the target's own shape
_OWN = {"anthropic.messages": ("source",), "openai.responses": ("image_url", "file_id"), "bedrock.converse": ("image",),
        "mcp": ("mimeType",), "gemini": GEMINI_PARTS}
# parts that name an upload to one provider (a Responses file id, a Gemini file URI): no other reads them
_UPLOADS = ("file_id", "fileData", "file_data")
_FORMATS = {"png", "jpeg", "gif", "webp"}


def _read(part: Dict[str, Any]) -> Optional[Tuple[Optional[str], Optional[str], Optional[str]]]:
    """``(media type, url, base64 data)`` of an image part of any of the three shapes."""
    src = part.get("source")
    if type(src) is dict:
        if src.get("type") == "base64" and type(src.get("data")) is str:
            return src.get("media_type"), None, src["data"]
        if src.get("type") == "url" and type(src.get("url")) is str:
            return None, src["url"], None
        return None
    url = part.get("image_url")
    if type(url) is str:
        if url.startswith("data:"):
            head, sep, data = url[5:].partition(",")
            mt, _, enc = head.partition(";")
            return (mt or None, None, data) if sep and enc == "base64" else None
        return None, url, None
    mime = part.get("mimeType")
    if type(mime) is str and type(part.get("data")) is str:  # MCP image content
        return mime, None, part["data"]
    blob = part.get("inlineData", part.get("inline_data"))  # a Gemini function response part
    if type(blob) is dict and type(blob.get("data")) is str:
        blob_type = blob.get("mimeType", blob.get("mime_type"))
        return blob_type if type(blob_type) is str else None, None, blob["data"]
    img = part.get("image")
    if type(img) is dict and type(img.get("source")) is dict and type(img.get("format")) is str:
        s = img["source"]
        mt = "image/" + img["format"]
        if type(s.get("bytes")) is str:
            return mt, None, s["bytes"]
        s3 = s.get("s3Location")
        if type(s3) is dict and type(s3.get("uri")) is str:
            return mt, s3["uri"], None
    return None


def _write(target: str, mt: Optional[str], url: Optional[str], data: Optional[str]) -> Dict[str, Any]:
    if target == "anthropic.messages":
        if data is not None:
            return {"type": "image", "source": {"type": "base64", "media_type": mt, "data": data}}
        if url is not None and url.startswith(("http://", "https://")):
            return {"type": "image", "source": {"type": "url", "url": url}}
    elif target == "openai.responses":
        if data is not None:
            return {"type": "image", "image_url": f"data:{mt};base64,{data}", "detail": "auto"}
        if url is not None and url.startswith(("http://", "https://")):
            return {"type": "image", "image_url": url, "detail": "auto"}
    elif target == "bedrock.converse":
        fmt = (mt or "").partition("/")[2]
        if fmt in _FORMATS and data is not None:
            return {"type": "image", "image": {"format": fmt, "source": {"bytes": data}}}
        if fmt in _FORMATS and url is not None and url.startswith("s3://"):
            return {"type": "image", "image": {"format": fmt, "source": {"s3Location": {"uri": url}}}}
    elif target == "mcp" and data is not None and mt is not None:  # MCP image content holds data only
        return {"type": "image", "data": data, "mimeType": mt}
    elif target == "gemini" and data is not None and mt is not None:  # a FunctionResponsePart's blob
        return {"type": "image", "inlineData": {"mimeType": mt, "data": data}}
    raise EncodeError(
        f"An image {'by URL' if data is None else 'as data'} in a tool result cannot be written for {target}",
        dialect=target,
    )


def rewrite_images(r: ToolResult, target: str) -> ToolResult:
    """*r* with its image parts in *target*'s shape (unchanged when already so)."""
    own = _OWN[target]
    if isinstance(r.content, str):
        return r
    out: List[Dict[str, Any]] = []
    changed = False
    for part in r.content:
        if part.get("type") == "image" and not any(k in part for k in own):
            got = _read(part)
            if got is None:
                what = "An image by file id (an upload to another provider)" if any(k in part for k in _UPLOADS) \
                    else "An image part of no known shape"
                raise EncodeError(f"{what} in a tool result cannot be written for {target}: {excerpt(part)}",
                                  dialect=target)
            part = _write(target, *got)
            changed = True
        out.append(part)
    return evolve(r, content=out) if changed else r
