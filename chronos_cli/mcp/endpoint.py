"""`--http HOST:PORT`: where the streamable-HTTP server listens. Loopback unless told otherwise:
the server has no authentication, so anyone who can reach the port can read the archives."""

from __future__ import annotations

import ipaddress

from pydantic import BaseModel


class Endpoint(BaseModel):
    host: str
    port: int

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/mcp"


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False


def parse_endpoint(value: str, *, allow_remote: bool = False) -> Endpoint:
    """``HOST:PORT``, ``[IPv6]:PORT`` or ``:PORT`` (127.0.0.1). Raises ValueError with one line."""
    text = value.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep or not port_text.isdigit():
        raise ValueError(f"--http {value!r}: expected HOST:PORT, e.g. 127.0.0.1:8765")
    host = host.strip("[]") or "127.0.0.1"
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise ValueError(f"--http {value!r}: the port must be 1-65535")
    if not is_loopback(host) and not allow_remote:
        raise ValueError(
            f"--http {value!r}: {host} is not a loopback address, and the server has no authentication; "
            "add --allow-remote to serve it beyond this machine"
        )
    return Endpoint(host=host, port=port)
