"""Model Context Protocol ``tools/call`` (``mcp``): requests (``calls``), results
(``results``) and tool definitions (``tools``).

https://modelcontextprotocol.io/specification/2025-11-25/server/tools
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
