"""OpenAI: Chat Completions (``openai.chat``: ``chat``, ``chat_tools``, ``chat_stream``)
and Responses (``openai.responses``: ``responses``, ``responses_tools``,
``responses_stream``); whole responses and finish reasons of both (``response``),
Batch API result lines (``batch``); the openai SDK's objects read by attribute (``sdk``).

https://platform.openai.com/docs/api-reference/chat
https://platform.openai.com/docs/api-reference/responses
"""

from .chat import DIALECT as CHAT
from .responses import DIALECT as RESPONSES

__all__ = ["CHAT", "RESPONSES"]
