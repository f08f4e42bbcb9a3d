"""Google Gemini / Vertex AI ``generateContent`` (``gemini``): calls (``calls``),
declarations and function responses (``tools``), streamed candidates and ``partialArgs``
(``stream``), whole responses and finish reasons (``response``).

https://ai.google.dev/api/caching#FunctionCall
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
