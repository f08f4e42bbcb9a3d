"""Google Gemini / Vertex AI ``generateContent`` (``gemini``): calls (``calls``), claims
and containers (``sniff``), declarations (``tools``), function responses (``results``), streamed
candidates (``stream``) and the JSON paths of ``partialArgs`` (``partial_args``), whole
responses and finish reasons (``response``).

https://ai.google.dev/api/caching#FunctionCall
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
