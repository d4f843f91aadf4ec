"""The web table (issue 12): a front end like the console, served by FastAPI.

It parses a typed line, calls the command layer with the signed-in principal, and
streams committed events, filtered by what that principal may see, over a WebSocket.
It holds no rule and no authorisation (``docs/design-issue12-web.md``).
"""
