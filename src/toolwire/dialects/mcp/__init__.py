"""Model Context Protocol ``tools/call`` (``mcp``): requests (``calls``), results and tool
definitions (``tools``).

https://modelcontextprotocol.io/specification/2025-06-18/server/tools
"""

from .calls import DIALECT

__all__ = ["DIALECT"]
