"""Google Gemini / Vertex AI ``generateContent`` (``gemini``): calls (``calls``), call parts
read and written (``call_parts``), a whole reply's nameless argument parts
(``nameless_args``) and argument fragments (``fragments``), claims and containers
(``sniff``), candidates (``candidates``),
declarations (``tools``), function responses (``results``), histories read and written
(``history``, ``history_encode``), structured-output targets and requests (``structured``,
``request``), streamed candidates (``stream``), stream chunks written (``stream_encode``)
and the JSON paths of ``partialArgs`` (``partial_args``), whole responses and finish
reasons (``response``).

https://ai.google.dev/api/caching#FunctionCall
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
