"""Model Context Protocol ``tools/call`` (``mcp``): requests, results and tool definitions
(``calls``).

https://modelcontextprotocol.io/specification/2025-06-18/server/tools
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
