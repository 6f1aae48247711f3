"""`chronos mcp`: the memory served to MCP clients (Claude Desktop, Cursor, agent frameworks).

``memory.Memory`` answers the six tools and reads the sessions without the SDK; ``server``
wraps it in the official ``mcp`` SDK's ``MCPServer`` (stdio, or streamable HTTP). Importing
this package is light: the SDK loads only when a server is built.
"""
