"""Porthole's Python client: one file, standard library only.

    from porthole import Porthole

    with Porthole("http://127.0.0.1:9222", token=None) as ph:
        with ph.create_session() as s:
            state = s.navigate("https://example.com", observe=True)["state"]
            result = s.act(state, "click", ref="@e1", expect={"selector": "h1", "text": "IANA"})
            state = result.get("freshState")     # good for the next action
            png = s.screenshot(format="png")["data"]

Every error answer of the server is raised as a PortholeError subclass carrying the error code
(`e.code`, e.g. "session_not_found"), whether it may be retried, and its details. An act that
was refused (e.g. a stale state) is not an HTTP error: its result says so in `execution` and
`error`, as the server answers it.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Iterator, Optional

__all__ = [
    "Porthole", "Session", "Event", "PortholeError", "InvalidParams", "Unauthorized", "Forbidden",
    "NotFound", "Conflict", "TooLarge", "RateLimited", "Unavailable", "Timeout", "ServerError",
]


class PortholeError(Exception):
    """An error answer: `code` names it (see the README's error table)."""

    def __init__(self, status: int, body: Dict[str, Any]):
        err = body.get("error", {}) if isinstance(body, dict) else {}
        self.status = status
        self.code: str = err.get("code", "internal")
        self.message: str = err.get("message", "")
        self.retryable: bool = bool(err.get("retryable", False))
        self.retry_after_ms: Optional[int] = err.get("retryAfterMs")
        self.recovery_hint: Optional[str] = err.get("recoveryHint")
        self.details: Dict[str, Any] = err.get("details") or {}
        super().__init__(f"{self.code}: {self.message}")


class InvalidParams(PortholeError):
    """400: `details["field"]` names the failing field."""


class Unauthorized(PortholeError):
    """401: no token, or the wrong one."""


class Forbidden(PortholeError):
    """403: the Host, the Origin or the policy refused it."""


class NotFound(PortholeError):
    """404: session_not_found, page_not_found, artifact_not_found …"""


class Conflict(PortholeError):
    """409: e.g. artifact_limit."""


class TooLarge(PortholeError):
    """413: body_too_large, artifact_too_large."""


class RateLimited(PortholeError):
    """429: context_limit, page_limit, queue_full; wait `retry_after_ms`."""


class Unavailable(PortholeError):
    """503: browser_not_installed, browser_disconnected, session_disposed."""


class Timeout(PortholeError):
    """504: the operation's deadline passed."""


class ServerError(PortholeError):
    """500, 502 and anything else."""


_BY_STATUS = {400: InvalidParams, 401: Unauthorized, 403: Forbidden, 404: NotFound, 409: Conflict,
              413: TooLarge, 429: RateLimited, 503: Unavailable, 504: Timeout}


class Event:
    """One server-sent event: `id` (None for a `dropped` notice), `type`, `data` (a dict)."""

    def __init__(self, id: Optional[int], type: str, data: Dict[str, Any]):
        self.id, self.type, self.data = id, type, data

    def __repr__(self) -> str:
        return f"Event(id={self.id!r}, type={self.type!r}, data={self.data!r})"


class Porthole:
    """A Porthole server at `url` (e.g. http://127.0.0.1:9222), with its token if it has one.
    With minimal=True every call asks for the minimal answer (Prefer: return=minimal): observations
    without their bookkeeping (pageId, frameId, document, origin, refCount, bytes, ...), fewer tokens."""

    def __init__(self, url: str, token: Optional[str] = None, timeout: float = 120.0, minimal: bool = False):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.minimal = minimal

    def __enter__(self) -> "Porthole":
        return self

    def __exit__(self, *exc: Any) -> None:
        pass

    def _open(self, method: str, path: str, body: Any = None, headers: Optional[Dict[str, str]] = None,
              timeout: Optional[float] = None):
        h = {"accept": "application/json", **(headers or {})}
        if self.token:
            h["authorization"] = f"Bearer {self.token}"
        if self.minimal:
            h["prefer"] = "return=minimal"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["content-type"] = "application/json"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=h)
        try:
            return urllib.request.urlopen(req, timeout=timeout or self.timeout)
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = {"error": {"code": "internal", "message": raw.decode(errors="replace")[:500]}}
            raise _BY_STATUS.get(e.code, ServerError)(e.code, parsed) from None

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """One call of the HTTP API; the parsed JSON answer, or None for 204."""
        with self._open(method, path, body) as res:
            raw = res.read()
            return json.loads(raw) if raw else None

    def bytes(self, path: str) -> bytes:
        with self._open("GET", path, headers={"accept": "*/*"}) as res:
            return res.read()

    def health(self) -> Dict[str, Any]:
        return self.request("GET", "/health")

    def create_session(self, **opts: Any) -> "Session":
        """A new session (an isolated browser context); `opts` as POST /v1/sessions takes them."""
        view = self.request("POST", "/v1/sessions", opts)
        return Session(self, view)

    def session(self, session_id: str) -> "Session":
        return Session(self, self.request("GET", f"/v1/sessions/{session_id}"))

    def sessions(self) -> list:
        return self.request("GET", "/v1/sessions")["sessions"]


class Session:
    """One session. As a context manager it closes the session on the way out."""

    def __init__(self, client: Porthole, view: Dict[str, Any]):
        self.client = client
        self.id: str = view["sessionId"]
        self.view = view

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self.close()
        except NotFound:
            pass

    def _post(self, tool: str, body: Dict[str, Any]) -> Any:
        return self.client.request("POST", f"/v1/sessions/{self.id}/{tool}", body)

    def navigate(self, url: str, observe: bool = False, **opts: Any) -> Dict[str, Any]:
        """Go to `url`; with observe=True the result's `state` is an observation to act on."""
        return self._post("navigate", {"url": url, "observe": observe, **opts})

    def observe(self, **opts: Any) -> Dict[str, Any]:
        """The page as an observation: `tree` with refs, and the `stateId` to act with."""
        return self._post("observe", opts)

    def act(self, state: Dict[str, Any], action: str, **fields: Any) -> Dict[str, Any]:
        """One action on an observation (`ref=`, `text=`, `expect=` …). A state is good for one action:
        the result's `freshState` is the next one. With fresh="changes" that fresh state is lean (only
        what differs from `state`), with fresh="stateId" it is its id (and what differs) without tree or
        changes: go on from `{**state, **result["freshState"]}`."""
        if "targetId" not in state:
            raise ValueError(
                "state has no targetId: a lean fresh state (fresh=\"changes\") says only what changed; "
                "act on {**state, **result[\"freshState\"]}"
            )
        body = {"stateId": state["stateId"], "targetId": state["targetId"], "action": action, **fields}
        return self._post("act", body)

    def screenshot(self, **opts: Any) -> Dict[str, Any]:
        """A screenshot: the artifact's description, and its bytes under "data"."""
        result = self._post("screenshot", opts)
        result["data"] = self.client.bytes(result["artifact"]["href"])
        return result

    def events(self, last_event_id: Optional[int] = None, timeout: Optional[float] = None) -> Iterator[Event]:
        """The session's events as they come (SSE). `last_event_id` replays what came after it;
        `timeout` bounds the wait for each line. Ends when the session closes."""
        headers = {"accept": "text/event-stream"}
        if last_event_id is not None:
            headers["last-event-id"] = str(last_event_id)
        res = self.client._open("GET", f"/v1/sessions/{self.id}/events", headers=headers, timeout=timeout)
        with res:
            yield from _parse_sse(res)

    def close(self) -> None:
        """Close the session: cancels its operations and releases its browser context."""
        self.client.request("DELETE", f"/v1/sessions/{self.id}")


def _parse_sse(res: Any) -> Iterator[Event]:
    fields: Dict[str, str] = {}
    data: list = []
    while True:
        raw = res.readline()
        if not raw:
            return
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if data:
                ev_id = fields.get("id")
                yield Event(int(ev_id) if ev_id else None, fields.get("event", "message"),
                            json.loads("\n".join(data)))
            fields, data = {}, []
        elif line.startswith(":"):
            continue  # a comment: the stream's greeting or a keep-alive
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                data.append(value)
            else:
                fields[name] = value
