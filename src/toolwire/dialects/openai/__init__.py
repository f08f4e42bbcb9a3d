"""OpenAI: Chat Completions (``openai.chat``: ``chat``, ``chat_sniff``, ``chat_tools``,
``chat_stream``, ``chat_plain``, ``chat_history``) and Responses (``openai.responses``:
``responses``, ``responses_tools``, ``responses_stream``, ``responses_feed``,
``responses_input``); whole responses and finish reasons of both (``response``), image
parts of both (``media``), Batch API result lines (``batch``); the openai SDK's objects
read by attribute (``sdk``).

https://platform.openai.com/docs/api-reference/chat
https://platform.openai.com/docs/api-reference/responses
"""

from .chat import DIALECT as CHAT
from .responses import DIALECT as RESPONSES

__all__ = ["CHAT", "RESPONSES"]
