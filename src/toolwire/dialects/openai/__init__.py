"""OpenAI: Chat Completions (``openai.chat``: ``chat``, ``chat_sniff``, ``chat_tools``,
``chat_results``, ``chat_stream``, ``chat_stream_feed``, ``chat_plain``, ``chat_history``)
and Responses (``openai.responses``: ``responses``, ``responses_sniff``,
``responses_calls``, ``responses_tools``, ``responses_results``, ``responses_stream``,
``responses_feed``, ``responses_feed_builtin``, ``responses_input``, ``responses_input_encode``); what both share:
custom tools (``custom_tools``) and strict mode's schema rules (``strict_mode``); whole
responses and finish reasons (``chat_response``, ``responses_response``), image parts
of both (``media``), Batch API result lines (``batch``); the openai SDK's objects read
by attribute (``sdk``).

https://platform.openai.com/docs/api-reference/chat
https://platform.openai.com/docs/api-reference/responses
"""

from .chat import DIALECT as CHAT
from .responses import DIALECT as RESPONSES

__all__ = ["CHAT", "RESPONSES"]
