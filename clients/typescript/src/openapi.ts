// Generated from Porthole's /openapi.json by `deno task client:types` (openapi-typescript).
// Do not edit: change the operations or routes/openapi*.ts, then regenerate.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: open without a token and with any Host */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format 0.0.4) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events of every session */
        get: operations["events_all"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events of one session */
        get: operations["session_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/pages/{pageId}/screencast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream a page's live frames as server-sent events `frame` (JSON: data = base64 JPEG of the viewport, deviceWidth, deviceHeight, timestamp), about 6 a second; frames are taken only while someone reads a stream, and `end` closes it when the page or session goes */
        get: operations["page_screencast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP: the server-to-client event stream of an MCP session */
        get: operations["mcp_get"];
        put?: never;
        /** MCP over Streamable HTTP: a JSON-RPC 2.0 message (`?tools=` narrows the tools) */
        post: operations["mcp_post"];
        /** MCP: end the MCP session named by Mcp-Session-Id */
        delete: operations["mcp_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** BAP 0.9.0: JSON-RPC 2.0 over a WebSocket (send Upgrade: websocket) */
        get: operations["bap_websocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List open sessions */
        get: operations["session_list"];
        put?: never;
        /** Create a session: an isolated, temporary browser context */
        post: operations["session_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe one session */
        get: operations["session_get"];
        put?: never;
        /** Change a session's mode: execute, or plan (observe, wait, inspect, screenshot and reads only) */
        post: operations["session_update"];
        /** Close a session: cancels queued and running operations, then releases its context */
        delete: operations["session_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the session's pages */
        get: operations["page_list"];
        put?: never;
        /** Open a page (about:blank, or at `url`, checked as navigate does) and make it active */
        post: operations["page_open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/pages/{pageId}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a page the session's active page */
        post: operations["page_activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/pages/{pageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Close a page */
        delete: operations["page_close"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/navigate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Navigate a page to an http(s) URL and wait for its DOMContentLoaded and short load timers; authorises the origin on commit */
        post: operations["navigate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/observe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Observe a page as an ARIA snapshot with refs; the returned stateId is good for one action */
        post: operations["observe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Find lines of the whole document (every page) by text, role or name, each with its ancestors' path; the answer is a new state whose refs act like an observation's */
        post: operations["find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/act": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Act once on an observed state by ref; the state is consumed. The result says whether input was dispatched, whether a fresh state was captured, and whether `expect` held. Nothing is retried: observe before acting again */
        post: operations["act"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/wait": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Wait for one condition (text, textGone, url substring, loadState, or timeMs); {met:false} on timeout */
        post: operations["wait"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a page's console, errors or network entries (latest 256 each), paged by afterSeq */
        post: operations["inspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Screenshot the viewport, the full page, or one element by ref (JPEG by default) into the session's store */
        post: operations["screenshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Print the page to PDF into the session's store */
        post: operations["pdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/artifacts/{artifactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bytes of an artifact, with its Content-Type */
        get: operations["artifact_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List actions waiting for a human decision */
        get: operations["approval_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals/{approvalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or deny an action waiting for a decision; an approved action is checked again before it runs */
        post: operations["approval_decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/dialog-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the session answers JavaScript dialogs, and the one-shot answer armed for the next one */
        get: operations["dialog_policy_get"];
        put?: never;
        /** Set how JavaScript dialogs (alert, confirm, prompt, beforeunload) are answered: accept or dismiss, the text a prompt gets, or (once) only the next dialog. Takes effect at once, also for a running action; the default dismisses alert/confirm/prompt and accepts beforeunload */
        post: operations["dialog_policy_set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/trace/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a Chrome trace (DevTools performance format) of the session's pages; one at a time per session */
        post: operations["trace_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/trace/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the session's trace and store it (JSON, URLs redacted) as an artifact; artifact is null when none ran */
        post: operations["trace_stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/cookies/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the session's cookies, or only those a request to one of `urls` would carry */
        post: operations["cookies_get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/cookies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set cookies; one for a host outside the session's allowedOrigins is refused and none is set */
        post: operations["cookies_set"];
        /** Delete the session's cookies, or only those a request to one of `urls` would carry */
        delete: operations["cookies_clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/storage-state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export cookies and the localStorage of the origins open pages show, in Playwright's storageState shape (with sessionStorage too when asked); give it to POST /v1/sessions as storageState to start logged in */
        get: operations["storage_state_get"];
        put?: never;
        /** Import a storage state: cookies, and each origin's localStorage through a temporary page that navigates there under the session's origin policy */
        post: operations["storage_state_set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/emulation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Emulate a viewport, user agent, geolocation (granted), offline network, color scheme, time zone or locale: on every open page now and on pages opened later, or with pageId a device and user agent on that page only; unset fields stay as they are */
        post: operations["emulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/frames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List a page's frames (frameId, parentId, name, redacted url and origin, whether the session may reach it), parents first; or only the frame of an iframe element, or those whose url contains a text */
        post: operations["frames"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reload a page and wait for the new document's DOMContentLoaded (or load); the destination goes through the same origin policy as navigate and is refused before anything is sent */
        post: operations["reload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Go back one history entry (nothing happens when there is none) and wait for the new document's DOMContentLoaded (or load); the destination goes through the same origin policy as navigate and is refused before anything is sent */
        post: operations["go_back"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/forward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Go forward one history entry (nothing happens when there is none) and wait for the new document's DOMContentLoaded (or load); the destination goes through the same origin policy as navigate and is refused before anything is sent */
        post: operations["go_forward"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List the WebMCP tools a page declares (forms with toolname, navigator.modelContext); their text is page content, bounded */
        post: operations["discover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Extract data shaped by a small JSON schema by heuristics (lists, tables, labelled fields, text), in the page or under a ref; URLs redacted */
        post: operations["extract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/elements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Observe a frame and list its actionable elements (ref, role, name, bounds, selectors), optionally with an annotated screenshot; the stateId is good for one action */
        post: operations["elements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a frame's document as HTML (credential fields, secret attributes and URLs redacted), text or Markdown */
        post: operations["content"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/element": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read properties (visible, enabled, checked, text, value, boundingBox, attributes, computedStyle) of the one element a locator names */
        post: operations["element"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/aria": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A frame, or the element a locator names, as ARIA snapshot YAML or a tree of role/name nodes */
        post: operations["aria"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agent's latest observation (tree, refs with their boxes now, whether it is still current); a read that neither consumes nor replaces a state */
        get: operations["state_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the session's artifacts (screenshots, PDFs, traces), oldest first */
        get: operations["artifact_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/recording": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's recording as one JSON document: its pages' frames (base64 JPEG, 2 a second at most) its timeline events and its action journal; for a session created with record: true or a Porthole started with --record */
        get: operations["recording_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's action journal: one hash-chained entry per navigate, act, fill_form field, approval, takeover, hand-back, plan-mode refusal and page open/close; format jsonl for one entry per line */
        get: operations["journal_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** After an act answered dispatched_unknown or without an observation: observe (never act) and report, as yes/no/unknown with the reason, whether its navigation committed, the field holds what was typed, the target is still there and the page made a request after the input; with a fresh state */
        post: operations["reconcile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/takeover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is in control of the session, if a person is (without the takeover id) */
        get: operations["takeover_get"];
        put?: never;
        /** A person takes control of the session: the agent's operations are refused with 409 human_in_control until it is handed back; the reply's takeoverId is the person's pass */
        post: operations["takeover_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/takeover/{takeoverId}/input": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forward the person's pointer, wheel and keyboard input to a page as real input, in order; the timeline records it (keystrokes into credential fields as counts only) */
        post: operations["takeover_input"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/takeover/{takeoverId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Hand the session back to the agent: emits takeover.ended and makes the current state stale, so the agent observes afresh */
        delete: operations["takeover_end"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The test browser's `session_list`: the same operation, on its own registry and Chromium */
        get: operations["test_browser_session_list"];
        put?: never;
        /** The test browser's `session_create`: the same operation, on its own registry and Chromium */
        post: operations["test_browser_session_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The test browser's `session_get`: the same operation, on its own registry and Chromium */
        get: operations["test_browser_session_get"];
        put?: never;
        post?: never;
        /** The test browser's `session_delete`: the same operation, on its own registry and Chromium */
        delete: operations["test_browser_session_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The test browser's `page_list`: the same operation, on its own registry and Chromium */
        get: operations["test_browser_page_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/navigate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test browser's `navigate`: the same operation, on its own registry and Chromium */
        post: operations["test_browser_navigate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/observe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test browser's `observe`: the same operation, on its own registry and Chromium */
        post: operations["test_browser_observe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/act": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test browser's `act`: the same operation, on its own registry and Chromium */
        post: operations["test_browser_act"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test browser's `screenshot`: the same operation, on its own registry and Chromium */
        post: operations["test_browser_screenshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-browser/sessions/{sessionId}/artifacts/{artifactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The test browser's `artifact_get`: the same operation, on its own registry and Chromium */
        get: operations["test_browser_artifact_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SessionCreateResult: components["schemas"]["SessionView"];
        SessionCreateInput: {
            viewport?: {
                width: number;
                height: number;
            };
            /** @description User-Agent string for every page of the session */
            userAgent?: string;
            /** @description BCP 47 locale, e.g. de-DE */
            locale?: string;
            /** @description IANA time zone, e.g. Europe/Berlin */
            timezoneId?: string;
            allowedOrigins?: string[];
            /** @description Cookies and localStorage, as GET /v1/sessions/{id}/storage-state returns them */
            storageState?: {
                /** @description Cookies to write; a cookie for a host outside the session's allowedOrigins is refused */
                cookies?: {
                    /** @description Cookie name */
                    name: string;
                    /** @description Cookie value */
                    value: string;
                    /** @description URL the cookie is set for (its host and path); instead of domain */
                    url?: string;
                    /** @description Host the cookie is for; a leading dot includes its subdomains */
                    domain?: string;
                    /** @description Default: / */
                    path?: string;
                    /** @description Expiry in seconds since the epoch; -1 or absent = a session cookie */
                    expires?: number;
                    /** @description Hidden from page scripts */
                    httpOnly?: boolean;
                    /** @description Sent over https (and to localhost) only */
                    secure?: boolean;
                    /**
                     * @description SameSite attribute
                     * @enum {string}
                     */
                    sameSite?: "Strict" | "Lax" | "None";
                }[];
                /** @description localStorage per origin; each origin goes through the navigation policy */
                origins?: {
                    /** @description Origin whose localStorage to write, e.g. https://example.com */
                    origin: string;
                    /** @description Items to set */
                    localStorage?: {
                        /** @description Key */
                        name: string;
                        /** @description Value */
                        value: string;
                    }[];
                }[];
            };
            /**
             * @description execute (default): every operation; plan: only observe, wait, inspect, screenshot and reads, everything else is 409 plan_mode
             * @enum {string}
             */
            mode?: "execute" | "plan";
            /** @description Record the session: its pages' frames (2 a second at most) and its timeline events, read with GET /v1/sessions/:sessionId/recording */
            record?: boolean;
            /** @description Position pages read; grants the geolocation permission */
            geolocation?: {
                /** @description Degrees, -90..90 */
                latitude: number;
                /** @description Degrees, -180..180 */
                longitude: number;
                /** @description Metres, default 0 */
                accuracy?: number;
            };
            /** @description Cut the pages' network (navigator.onLine false) */
            offline?: boolean;
            /**
             * @description prefers-color-scheme
             * @enum {string}
             */
            colorScheme?: "light" | "dark" | "no-preference";
            /** @description Chromium permissions granted to every origin of the session (geolocation, notifications, …) */
            permissions?: ("ar" | "audioCapture" | "automaticFullscreen" | "backgroundFetch" | "backgroundSync" | "cameraPanTiltZoom" | "capturedSurfaceControl" | "clipboardReadWrite" | "clipboardSanitizedWrite" | "displayCapture" | "durableStorage" | "geolocation" | "handTracking" | "idleDetection" | "keyboardLock" | "localFonts" | "midi" | "midiSysex" | "nfc" | "notifications" | "paymentHandler" | "periodicBackgroundSync" | "pointerLock" | "protectedMediaIdentifier" | "sensors" | "smartCard" | "speakerSelection" | "storageAccess" | "topLevelStorageAccess" | "videoCapture" | "vr" | "wakeLockScreen" | "wakeLockSystem" | "webAppInstallation" | "webPrinting" | "windowManagement")[];
        };
        SessionListResult: {
            sessions: components["schemas"]["SessionView"][];
        };
        SessionGetResult: components["schemas"]["SessionView"];
        SessionUpdateResult: components["schemas"]["SessionView"];
        SessionUpdateInput: {
            /**
             * @description execute (default): every operation; plan: only observe, wait, inspect, screenshot and reads, everything else is 409 plan_mode
             * @enum {string}
             */
            mode: "execute" | "plan";
        };
        PageListResult: {
            pages: components["schemas"]["PageView"][];
        };
        PageOpenResult: components["schemas"]["PageView"];
        PageOpenInput: {
            /** @description Load this http(s) URL and wait for its load (default: about:blank) */
            url?: string;
            /** @description Viewport in CSS pixels */
            viewport?: {
                width: number;
                height: number;
            };
            /** @description User-Agent string (header and navigator.userAgent) */
            userAgent?: string;
            /** @description Position pages read; grants the geolocation permission */
            geolocation?: {
                /** @description Degrees, -90..90 */
                latitude: number;
                /** @description Degrees, -180..180 */
                longitude: number;
                /** @description Metres, default 0 */
                accuracy?: number;
            };
        };
        PageActivateResult: components["schemas"]["PageView"];
        PageActivateInput: Record<string, never>;
        NavigateResult: {
            pageId: string;
            url: string;
            httpStatus: number | null;
            /** @enum {string} */
            navigation: "committed" | "same_document" | "download_blocked";
            state?: components["schemas"]["Observation"];
        };
        NavigateInput: {
            /** @description Absolute http(s) URL or about:blank */
            url: string;
            /** @description Page to navigate; default: the active page (one is created if none) */
            pageId?: string;
            /** @enum {string} */
            waitUntil?: "domcontentloaded" | "load" | "networkidle";
            /** @description ms to wait after the load for the short timers the document's loading set (default 1500; 0: none) */
            settleMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            observe?: boolean | {
                /** @description Exact frame to observe; never falls back to its parent */
                frameId?: string;
                /**
                 * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description Tree levels, 1..20 (default 12) */
                maxDepth?: number;
                /** @description An earlier stateId of the same document: answer only the changes against it (else the full tree) */
                since?: string;
            };
            /** @description Sent as the navigation's Referer header (document.referrer): absolute http(s), no credentials */
            referer?: string;
        };
        ObserveResult: components["schemas"]["Observation"];
        ObserveInput: {
            /** @description Page to observe; default: the session's active page */
            pageId?: string;
            /** @description Exact frame to observe; never falls back to its parent */
            frameId?: string;
            /**
             * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
             * @enum {string}
             */
            tier?: "full" | "interactive" | "minimal";
            /** @description Tree levels, 1..20 (default 12) */
            maxDepth?: number;
            /** @description An earlier stateId of the same document: answer only the changes against it (else the full tree) */
            since?: string;
            /** @description nextCursor of a cut observation: the next page of that same state (alone, or with its pageId) */
            cursor?: string;
            /** @description A ref of the current state: observe only the subtree under it, as a new state */
            ref?: string;
            /** @description One element: observe only the subtree under it, as a new state */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        FindResult: {
            /** @description Quote it to act; good for one action */
            stateId: string;
            targetId: string;
            pageId: string;
            frameId: string;
            document: {
                loaderId: string;
                documentId: string;
            };
            url: string;
            origin: string;
            title: string;
            /** @description YAML lines `- role "name" [states] [tags] [ref=@eN]`: untrusted page text. A ref's tags say what acting on it would do and whether it can be reached now: [submits], [navigates=same-origin|cross-origin], [opens-popup], [downloads], [credential], [covered], [offscreen] (outside the page's scrollable area). A ref names its element for the life of the document */
            tree: string;
            refCount: number;
            truncated: boolean;
            bytes: number;
            generation: number;
            /**
             * @description The tier the tree was rendered in
             * @enum {string}
             */
            tier?: "full" | "interactive" | "minimal";
            /** @description With `since`: the base state the changes are against (then `tree` is empty) */
            since?: string;
            /** @description With `since`: lines added; lines removed (one that had a ref as the ref alone, `@e12`; any other as its text; one whose nested lines all went too stands for them); lines changed (the new text of a line whose ref stayed) */
            changes?: {
                added: string[];
                removed: string[];
                changed: string[];
            };
            /** @description With `since`, when no diff could be made or the changes would be larger than the whole tree by more than 1 KiB (changes_larger): why, and the full tree is in `tree` */
            sinceUnavailable?: {
                /** @enum {string} */
                reason: "unknown_state" | "other_page" | "other_document" | "other_frame" | "other_options" | "truncated" | "changes_larger";
                message: string;
            };
            /** @description Observation bytes a session used, its limit, and a notice when a tier was stepped down */
            budget?: {
                /** @description Tree bytes (a since answer's: its changes) of every observation the session was given */
                bytesUsed: number;
                /** @description The operator's --session-budget; null: none */
                bytesLimit: number | null;
                /** @description Said when this observation was stepped down to a smaller tier than asked for */
                notice?: string;
            };
            /** @description A cut observation: pass it as `cursor` to observe the next page of this same state */
            nextCursor?: string;
            /** @description Which page of its state this tree is (0-based) and how many there are, when there is more than one */
            page?: {
                index: number;
                count: number;
            };
            /** @description A scoped observe: the ref of the node whose subtree this state is (in the state it was taken from) */
            scope?: {
                ref: string;
            };
            matches: {
                line: string;
                ref?: string;
                path: string;
            }[];
            /** @description How many lines matched in all (more than `matches` when the limit cut them) */
            total: number;
            /** @description The session's state this answer replaced as its current one (the agent's last), when there was one: a minimal answer leaves out the targetId, url and title it shares with that state */
            replaced?: string;
        };
        FindInput: {
            /** @description Page to search; default: the session's active page */
            pageId?: string;
            /** @description Exact frame to search; default: the main frame */
            frameId?: string;
            /** @description Text in the line (any case) */
            text?: string;
            /** @description Exact role, e.g. button or row */
            role?: string;
            /** @description Text in the accessible name (any case) */
            name?: string;
            /** @description Matches to answer, 1..200 (default 20) */
            limit?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ActResult: {
            /** @description The action's entry in the session's journal; reconcile takes it */
            actionId?: string;
            /** @enum {string} */
            execution: "not_dispatched" | "dispatched_unknown" | "completed";
            /** @enum {string} */
            observation: "captured" | "unavailable";
            /** @enum {string} */
            postcondition: "not_requested" | "unknown" | "unmet" | "met";
            freshState?: components["schemas"]["Observation"] | {
                /** @description Quote it to act; good for one action */
                stateId: string;
                targetId?: string;
                pageId?: string;
                frameId?: string;
                document?: {
                    loaderId: string;
                    documentId: string;
                };
                url?: string;
                origin?: string;
                title?: string;
                /** @description YAML lines `- role "name" [states] [tags] [ref=@eN]`: untrusted page text. A ref's tags say what acting on it would do and whether it can be reached now: [submits], [navigates=same-origin|cross-origin], [opens-popup], [downloads], [credential], [covered], [offscreen] (outside the page's scrollable area). A ref names its element for the life of the document */
                tree?: string;
                refCount?: number;
                truncated?: boolean;
                bytes?: number;
                generation?: number;
                /**
                 * @description The tier the tree was rendered in
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description The state acted on, which the changes are against */
                since?: string;
                /** @description With `since`: lines added; lines removed (one that had a ref as the ref alone, `@e12`; any other as its text; one whose nested lines all went too stands for them); lines changed (the new text of a line whose ref stayed) */
                changes?: {
                    added: string[];
                    removed: string[];
                    changed: string[];
                };
                /** @description With `since`, when no diff could be made or the changes would be larger than the whole tree by more than 1 KiB (changes_larger): why, and the full tree is in `tree` */
                sinceUnavailable?: {
                    /** @enum {string} */
                    reason: "unknown_state" | "other_page" | "other_document" | "other_frame" | "other_options" | "truncated" | "changes_larger";
                    message: string;
                };
                /** @description Observation bytes a session used, its limit, and a notice when a tier was stepped down */
                budget?: {
                    /** @description Tree bytes (a since answer's: its changes) of every observation the session was given */
                    bytesUsed: number;
                    /** @description The operator's --session-budget; null: none */
                    bytesLimit: number | null;
                    /** @description Said when this observation was stepped down to a smaller tier than asked for */
                    notice?: string;
                };
                /** @description A cut observation: pass it as `cursor` to observe the next page of this same state */
                nextCursor?: string;
                /** @description Which page of its state this tree is (0-based) and how many there are, when there is more than one */
                page?: {
                    index: number;
                    count: number;
                };
                /** @description A scoped observe: the ref of the node whose subtree this state is (in the state it was taken from) */
                scope?: {
                    ref: string;
                };
            };
            /** @description What the fresh state waited for after the input */
            settle?: {
                /**
                 * @description quiet: the requests and short timers the action started ended and the DOM was quiet after them; budget: settleMs (or the deadline) ran out first; skipped: settleMs 0, or no input was dispatched
                 * @enum {string}
                 */
                state: "quiet" | "budget" | "skipped";
                /** @description Time spent settling, in ms, from the input's acknowledgement */
                ms: number;
                /** @description Requests the action started that were still running */
                pending: number;
                /** @description Short timers (setTimeout of at most 500 ms, as a debounce) the page set after the input, which the settle waited for as for requests; absent when none (or the budget ended first) */
                timers?: number;
            };
            /** @description fill_form: what happened to each field, in order */
            fields?: {
                ref: string;
                /** @description The single-field action the field took: fill, clear, check, … */
                action: string;
                /** @enum {string} */
                outcome: "completed" | "noop" | "refused" | "failed" | "skipped";
                error?: components["schemas"]["ErrorBody"];
            }[];
            dialogs?: {
                type: string;
                message: string;
                /** @enum {string} */
                handled: "accepted" | "dismissed";
            }[];
            noop?: boolean;
            /** @description --downloads artifacts: the files this action downloaded, kept in the artifact store */
            downloads?: components["schemas"]["ArtifactRef"][];
            /** @description The session's budget when there is no freshState (else it is in freshState) */
            budget?: {
                /** @description Tree bytes (a since answer's: its changes) of every observation the session was given */
                bytesUsed: number;
                /** @description The operator's --session-budget; null: none */
                bytesLimit: number | null;
                /** @description Said when this observation was stepped down to a smaller tier than asked for */
                notice?: string;
            };
            error?: components["schemas"]["ErrorBody"];
        };
        ActInput: {
            /** @description The observation's stateId */
            stateId: string;
            /** @description That observation's targetId */
            targetId: string;
            /** @enum {string} */
            action: "click" | "dblclick" | "hover" | "type" | "fill" | "clear" | "press" | "select" | "check" | "uncheck" | "scroll" | "upload" | "drag" | "navigate" | "fill_form";
            /** @description A ref from that observation, e.g. @e3 */
            ref?: string;
            text?: string;
            secretRef?: string;
            url?: string;
            key?: string;
            /** @description select: each option's value or label */
            values?: string[];
            /** @description upload: files for a file input; [] clears it */
            files?: {
                /** @description File name the page sees */
                name: string;
                /** @description Media type, e.g. text/csv */
                mimeType: string;
                /** @description base64, at most 8 MiB decoded */
                buffer: string;
            }[];
            /** @description drag: a ref of the same observation to drop on */
            toRef?: string;
            /** @description scroll or drag by, in px */
            deltaX?: number;
            /** @description scroll or drag by, in px */
            deltaY?: number;
            /**
             * @description scroll: which way
             * @enum {string}
             */
            direction?: "up" | "down" | "left" | "right";
            /** @description scroll: px or "page" (default) */
            amount?: number | "page";
            /** @description drag: viewport point to drop on */
            toPoint?: {
                x: number;
                y: number;
            };
            /** @description Answers to this action's dialogs; unset: the session's policy */
            dialog?: {
                /**
                 * @description For alert, confirm and prompt
                 * @enum {string}
                 */
                action?: "accept" | "dismiss";
                /** @description What an accepted prompt() returns */
                promptText?: string;
                /**
                 * @description beforeunload: accept leaves (default), dismiss stays
                 * @enum {string}
                 */
                beforeunload?: "accept" | "dismiss";
            };
            /**
             * @description click, dblclick: mouse button (default left)
             * @enum {string}
             */
            button?: "left" | "right" | "middle";
            /** @description click, dblclick, press: keys held down */
            modifiers?: ("Alt" | "Control" | "Meta" | "Shift")[];
            /** @description click, dblclick, hover: px from the element's top-left (default center) */
            position?: {
                x: number;
                y: number;
            };
            /** @description click: clicks in a row (default 1) */
            clickCount?: number;
            /** @description ms a click's button stays down, or between typed keys */
            delayMs?: number;
            /** @description type: empty the field first */
            clear?: boolean;
            /** @description type: caret to the end first */
            append?: boolean;
            expect?: {
                selector: string;
                text: string;
            };
            expectedOrigin?: string;
            /** @description fill_form: in order; the first refusal stops */
            fields?: {
                ref: string;
                /** @description text ("" clears), true/false, or options */
                value: string | boolean | string[];
            }[];
            /** @description ms for the action's requests and DOM to settle (default 1500) */
            settleMs?: number;
            /**
             * @description tree (default): freshState holds the whole tree; changes: only its changes against the state acted on (as observe since), lean: only the fields that differ from that state's (absent: unchanged); or the whole state and sinceUnavailable when the document changed; stateId: the fresh state is captured and checked as always but not sent: its stateId and the fields that differ, no tree or changes (observe since the state last read to see the page)
             * @enum {string}
             */
            fresh?: "tree" | "changes" | "stateId";
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        WaitResult: {
            met: boolean;
            elapsedMs: number;
        };
        WaitInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Until this text is on the page */
            text?: string;
            /** @description Until this text is gone */
            textGone?: string;
            /** @description Until the real URL contains this */
            url?: string;
            /** @enum {string} */
            loadState?: "load" | "networkidle";
            /** @description Wait this long */
            timeMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            /** @description Until the one element this names is in `state`; a ref: one of the current state (another is 400 invalid_params at once) */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /**
             * @description With locator (default visible); hidden: also when nothing matches
             * @enum {string}
             */
            state?: "visible" | "hidden" | "enabled" | "disabled" | "exists";
            /** @description With locator: the frame it looks in */
            frameId?: string;
        };
        InspectResult: {
            /** @description Console, error or network entries (with their own fields), oldest first */
            entries: {
                seq: number;
            }[];
            nextSeq: number;
            dropped: number;
            truncated?: boolean;
        };
        InspectInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @enum {string} */
            kind: "console" | "errors" | "network";
            limit?: number;
            afterSeq?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ScreenshotResult: {
            artifact: components["schemas"]["ArtifactRef"];
            /** @description The image's width in pixels (device pixels: CSS pixels × scale factor) */
            width: number;
            /** @description The image's height in pixels */
            height: number;
        };
        ScreenshotInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description A ref of the session's current state (not consumed) */
            ref?: string;
            stateId?: string;
            fullPage?: boolean;
            /** @description A rectangle of the page in CSS pixels, document coordinates */
            clip?: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /**
             * @description Image encoding (default jpeg)
             * @enum {string}
             */
            format?: "jpeg" | "png" | "webp";
            /** @description Compression quality for jpeg and webp (default 80) */
            quality?: number;
            /**
             * @description device (default): the page's device pixels; css: one image pixel per CSS pixel
             * @enum {string}
             */
            scale?: "device" | "css";
            /** @description Locators whose every match in the page's frames (iframes, cross-site ones too) is covered by an opaque #FF00FF box in the image (the page is left as it was) */
            mask?: ({
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            })[];
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        PdfResult: components["schemas"]["Artifact"];
        PdfInput: {
            /** @description Default: the active page */
            pageId?: string;
            /**
             * @description A paper size by name (Letter, Legal, Tabloid, A4, A3, A5); paperWidth and paperHeight win
             * @enum {string}
             */
            paper?: "Letter" | "Legal" | "Tabloid" | "A4" | "A3" | "A5";
            /** @description Paper width in inches (default 8.5) */
            paperWidth?: number;
            /** @description Paper height in inches (default 11) */
            paperHeight?: number;
            landscape?: boolean;
            scale?: number;
            /** @description Default true */
            printBackground?: boolean;
            /** @description Each side in inches, or as a CSS length such as "1cm" */
            margin?: {
                top?: number | string;
                right?: number | string;
                bottom?: number | string;
                left?: number | string;
            };
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ApprovalListResult: {
            approvals: components["schemas"]["Approval"][];
        };
        ApprovalDecideResult: {
            approval: components["schemas"]["Approval"];
            decision: string;
        };
        ApprovalDecideInput: {
            /**
             * @description approve lets the action go on; deny refuses it
             * @enum {string}
             */
            decision: "approve" | "deny";
        };
        DialogPolicySetResult: components["schemas"]["DialogPolicy"];
        DialogPolicySetInput: {
            /**
             * @description Answer to alert, confirm and prompt (the default policy dismisses them)
             * @enum {string}
             */
            action: "accept" | "dismiss";
            /** @description What an accepted prompt() returns */
            promptText?: string;
            /**
             * @description beforeunload: accept leaves (default), dismiss stays
             * @enum {string}
             */
            beforeunload?: "accept" | "dismiss";
            /** @description Answer only the next dialog this way, then follow the standing policy */
            once?: boolean;
        };
        DialogPolicyGetResult: components["schemas"]["DialogPolicy"];
        TraceStartResult: {
            tracing: boolean;
            pageId: string;
        };
        TraceStartInput: {
            /** @description Page whose DevTools session records the trace; default: the active page */
            pageId?: string;
            /** @description Record screenshots in the trace too */
            screenshots?: boolean;
        };
        TraceStopResult: {
            /** @description The trace; null when Chromium gave none */
            artifact: components["schemas"]["ArtifactRef"] | null;
        };
        TraceStopInput: Record<string, never>;
        CookiesGetResult: {
            cookies: components["schemas"]["Cookie"][];
        };
        CookiesGetInput: {
            /** @description Only the cookies a request to one of these URLs would carry */
            urls?: string[];
        };
        CookiesSetResult: {
            set: number;
        };
        CookiesSetInput: {
            /** @description Cookies to write; a cookie for a host outside the session's allowedOrigins is refused */
            cookies: {
                /** @description Cookie name */
                name: string;
                /** @description Cookie value */
                value: string;
                /** @description URL the cookie is set for (its host and path); instead of domain */
                url?: string;
                /** @description Host the cookie is for; a leading dot includes its subdomains */
                domain?: string;
                /** @description Default: / */
                path?: string;
                /** @description Expiry in seconds since the epoch; -1 or absent = a session cookie */
                expires?: number;
                /** @description Hidden from page scripts */
                httpOnly?: boolean;
                /** @description Sent over https (and to localhost) only */
                secure?: boolean;
                /**
                 * @description SameSite attribute
                 * @enum {string}
                 */
                sameSite?: "Strict" | "Lax" | "None";
            }[];
        };
        CookiesClearResult: {
            cleared: number;
        };
        CookiesClearInput: {
            /** @description Only the cookies a request to one of these URLs would carry */
            urls?: string[];
        };
        StorageStateGetResult: components["schemas"]["StorageState"];
        StorageStateSetResult: {
            cookies: number;
            origins: number;
        };
        /** @description Cookies and localStorage, as GET /v1/sessions/{id}/storage-state returns them */
        StorageStateSetInput: {
            /** @description Cookies to write; a cookie for a host outside the session's allowedOrigins is refused */
            cookies?: {
                /** @description Cookie name */
                name: string;
                /** @description Cookie value */
                value: string;
                /** @description URL the cookie is set for (its host and path); instead of domain */
                url?: string;
                /** @description Host the cookie is for; a leading dot includes its subdomains */
                domain?: string;
                /** @description Default: / */
                path?: string;
                /** @description Expiry in seconds since the epoch; -1 or absent = a session cookie */
                expires?: number;
                /** @description Hidden from page scripts */
                httpOnly?: boolean;
                /** @description Sent over https (and to localhost) only */
                secure?: boolean;
                /**
                 * @description SameSite attribute
                 * @enum {string}
                 */
                sameSite?: "Strict" | "Lax" | "None";
            }[];
            /** @description localStorage per origin; each origin goes through the navigation policy */
            origins?: {
                /** @description Origin whose localStorage to write, e.g. https://example.com */
                origin: string;
                /** @description Items to set */
                localStorage?: {
                    /** @description Key */
                    name: string;
                    /** @description Value */
                    value: string;
                }[];
            }[];
        };
        EmulateResult: {
            /** @description The session's emulation now; with pageId, what that page was given */
            emulation: Record<string, never>;
            pageId?: string;
        };
        EmulateInput: {
            /** @description Only this page, now; the session's emulation and its other pages stay as they are */
            pageId?: string;
            /** @description Viewport in CSS pixels */
            viewport?: {
                width: number;
                height: number;
            };
            /** @description User-Agent string (header and navigator.userAgent) */
            userAgent?: string;
            /** @description Device pixels per CSS pixel, with viewport */
            deviceScaleFactor?: number;
            /** @description A mobile device's viewport, with viewport */
            isMobile?: boolean;
            /** @description Touch events and (pointer: coarse) */
            hasTouch?: boolean;
            /** @description navigator.platform, e.g. Linux x86_64 */
            platform?: string;
            /** @description Accept-Language header and navigator.languages, e.g. de-DE,de;q=0.9 */
            acceptLanguage?: string;
            /** @description Position pages read; grants the geolocation permission */
            geolocation?: {
                /** @description Degrees, -90..90 */
                latitude: number;
                /** @description Degrees, -180..180 */
                longitude: number;
                /** @description Metres, default 0 */
                accuracy?: number;
            };
            /** @description Cut the pages' network (navigator.onLine false) */
            offline?: boolean;
            /**
             * @description prefers-color-scheme
             * @enum {string}
             */
            colorScheme?: "light" | "dark" | "no-preference";
            /** @description IANA time zone, e.g. Europe/Berlin */
            timezoneId?: string;
            /** @description BCP 47 locale, e.g. de-DE */
            locale?: string;
        };
        FramesResult: {
            frames: {
                frameId: string;
                /** @description null for the main frame */
                parentId: string | null;
                name: string;
                /** @description Redacted, as every URL Porthole emits */
                url: string;
                origin: string;
                /** @description Whether the session's origin policy lets it reach the frame's URL */
                allowed: boolean;
            }[];
        };
        FramesInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Only frames whose URL, as listed (redacted), contains this */
            url?: string;
            /** @description Only the frame of the iframe element this names in the main frame (refs: of the current state) */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
        };
        ReloadResult: components["schemas"]["TraverseResult"];
        ReloadInput: {
            /** @description Default: the active page */
            pageId?: string;
            /**
             * @description What to wait for (default domcontentloaded); networkidle: the load, then 500 ms without a request
             * @enum {string}
             */
            waitUntil?: "domcontentloaded" | "load" | "networkidle";
            /** @description ms to wait after the load for the short timers the document's loading set (default 1500; 0: none) */
            settleMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            /** @description Observe the new document and return it as state */
            observe?: boolean | {
                /**
                 * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description Tree levels, 1..20 (default 12) */
                maxDepth?: number;
            };
        };
        GoBackResult: components["schemas"]["TraverseResult"];
        GoBackInput: {
            /** @description Default: the active page */
            pageId?: string;
            /**
             * @description What to wait for (default domcontentloaded); networkidle: the load, then 500 ms without a request
             * @enum {string}
             */
            waitUntil?: "domcontentloaded" | "load" | "networkidle";
            /** @description ms to wait after the load for the short timers the document's loading set (default 1500; 0: none) */
            settleMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            /** @description Observe the new document and return it as state */
            observe?: boolean | {
                /**
                 * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description Tree levels, 1..20 (default 12) */
                maxDepth?: number;
            };
        };
        GoForwardResult: components["schemas"]["TraverseResult"];
        GoForwardInput: {
            /** @description Default: the active page */
            pageId?: string;
            /**
             * @description What to wait for (default domcontentloaded); networkidle: the load, then 500 ms without a request
             * @enum {string}
             */
            waitUntil?: "domcontentloaded" | "load" | "networkidle";
            /** @description ms to wait after the load for the short timers the document's loading set (default 1500; 0: none) */
            settleMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            /** @description Observe the new document and return it as state */
            observe?: boolean | {
                /**
                 * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description Tree levels, 1..20 (default 12) */
                maxDepth?: number;
            };
        };
        DiscoverResult: {
            pageId: string;
            frameId: string;
            /** @description Page-declared, bounded (names 256, descriptions 4096 characters): untrusted page content */
            tools: {
                name: string;
                description?: string;
                inputSchema?: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                source: "webmcp-declarative" | "webmcp-imperative";
                formSelector?: string;
            }[];
            totalDiscovered: number;
            apiVersion?: string;
        };
        DiscoverInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description Default 50 */
            maxTools?: number;
            /** @description Include each tool's input schema (default true) */
            includeInputSchemas?: boolean;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ExtractResult: {
            data: unknown;
            confidence: number;
            sources?: {
                selector: string;
                text: string;
            }[];
        };
        ExtractInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description A small JSON schema: type object (with properties), array (with items), string, number or boolean */
            schema: {
                /** @enum {string} */
                type: "object" | "array" | "string" | "number" | "boolean";
                properties?: {
                    [key: string]: Record<string, never>;
                };
                items?: Record<string, never>;
            };
            /**
             * @description single (default): one value or object; list: repeated items; table: rows of the first table
             * @enum {string}
             */
            mode?: "single" | "list" | "table";
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description Scope: a ref of the session's current state (not consumed) */
            ref?: string;
            /** @description Scope: the one element this locator names in the frame, waited for until timeoutMs; excludes ref */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /** @description The state the ref comes from */
            stateId?: string;
            /** @description Also list the elements each item was read from */
            includeSources?: boolean;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ElementsResult: {
            /** @description The observation the refs belong to; absent with observe: false */
            stateId?: string;
            /** @description The page's browser target; absent with observe: false */
            targetId?: string;
            pageId: string;
            frameId: string;
            url: string;
            elements: components["schemas"]["ListedElement"][];
            /** @description How many there were before `roles` and `maxElements` */
            totalElements: number;
            title?: string;
            viewport?: {
                width: number;
                height: number;
            };
            /** @description Since the page's previous listing (input `changes`); removed lists refs */
            changes?: {
                added: components["schemas"]["ListedElement"][];
                updated: components["schemas"]["ListedElement"][];
                removed: string[];
            };
            tools?: {
                name: string;
                description?: string;
                inputSchema?: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                source: "webmcp-declarative" | "webmcp-imperative";
                formSelector?: string;
            }[];
            /** @description Observation bytes a session used, its limit, and a notice when a tier was stepped down */
            budget?: {
                /** @description Tree bytes (a since answer's: its changes) of every observation the session was given */
                bytesUsed: number;
                /** @description The operator's --session-budget; null: none */
                bytesLimit: number | null;
                /** @description Said when this observation was stepped down to a smaller tier than asked for */
                notice?: string;
            };
            screenshot?: {
                artifact: components["schemas"]["ArtifactRef"];
                /** @description The viewport's width in CSS pixels (the image's at scale factor 1) */
                width: number;
                /** @description The viewport's height in CSS pixels */
                height: number;
                /** @description false: nothing to mark, the plain JPEG of the viewport */
                annotated: boolean;
                labels: {
                    label: string;
                    ref: string;
                    /** @description Where the label's badge is drawn, in CSS pixels of the image */
                    position: {
                        x: number;
                        y: number;
                    };
                }[];
            };
        };
        ElementsInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description At most this many elements (default 100; 0 lists none but still observes) */
            maxElements?: number;
            /** @description List only elements of these roles (totalElements still counts all) */
            roles?: string[];
            /**
             * @description true, or Set-of-Marks options with enabled: true: also store a PNG of the viewport with numbered boxes over the listed elements
             * @default false
             */
            annotate: boolean | {
                enabled?: boolean;
                /** @default 50 */
                maxLabels: number;
                /**
                 * @default number
                 * @enum {string}
                 */
                labelFormat: "number" | "ref" | "both";
                useStableRefs?: boolean;
                /** @default {} */
                style: {
                    /** @default {} */
                    badge: {
                        /** @default #FF0000 */
                        color: string;
                        /** @default #FFFFFF */
                        textColor: string;
                        /** @default 20 */
                        size: number;
                        /** @default bold 12px sans-serif */
                        font: string;
                    };
                    /** @default {} */
                    box: {
                        /** @default #FF0000 */
                        color: string;
                        /** @default 2 */
                        width: number;
                        /**
                         * @default solid
                         * @enum {string}
                         */
                        style: "solid" | "dashed";
                    };
                    /** @default true */
                    showBoundingBox: boolean;
                    /** @default 0.8 */
                    opacity: number;
                };
            };
            /** @description Also store a screenshot of the viewport (JPEG; the annotated PNG when annotate is on) */
            screenshot?: boolean;
            /** @description Also give the frame's title and the viewport's size */
            metadata?: boolean;
            /** @description Mark each element stable or new against this page's previous listing with stability, and remember this one */
            stability?: boolean;
            /** @description With stability: also list the elements added, updated (new name) and removed since that previous listing */
            changes?: boolean;
            /** @description With stability: forget the previous listing first, so every element is new */
            refresh?: boolean;
            /** @description Also list the WebMCP tools the frame declares (as discover does) */
            tools?: boolean;
            /** @description false: observe nothing (no stateId, no elements, the current state stays); only metadata, tools and the plain screenshot; excludes annotate and stability */
            observe?: boolean;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ContentResult: {
            pageId: string;
            frameId: string;
            url: string;
            title: string;
            html?: string;
            text?: string;
            markdown?: string;
        };
        ContentInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description Any of html (credential fields and secret attributes redacted), text, markdown; default [text] */
            formats?: ("html" | "text" | "markdown")[];
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        ElementResult: {
            found: boolean;
        } & {
            [key: string]: unknown;
        };
        ElementInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description The one element to read (refs: of the current state) */
            locator: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /** @description What to read; a sensitive field's value is never shown */
            properties: ("visible" | "enabled" | "checked" | "text" | "value" | "boundingBox" | "attributes" | "computedStyle")[];
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        AriaResult: {
            pageId: string;
            frameId: string;
            url?: string;
            title?: string;
            snapshot?: string;
            /** @description format tree: nodes of role, name and children */
            tree?: Record<string, never>;
        };
        AriaInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description Exact frame to read; default: the main frame */
            frameId?: string;
            /** @description Only this element's subtree, itself included; default the frame */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /**
             * @description yaml (default): ARIA snapshot lines; tree: nested role/name nodes
             * @enum {string}
             */
            format?: "yaml" | "tree";
            /** @description tree only; default 200 */
            maxDepth?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        StateGetResult: {
            /** @description null before any observation */
            state: components["schemas"]["CurrentState"] | null;
        };
        ArtifactListResult: {
            artifacts: components["schemas"]["ArtifactRef"][];
        };
        RecordingGetResult: {
            /** @constant */
            format: "porthole-recording/1";
            sessionId: string;
            startedAt: string;
            /** @description Set once the session has closed */
            endedAt?: string;
            limits: {
                fps: number;
                maxBytes: number;
                maxEvents: number;
            };
            bytes: number;
            /** @description Frames and events left out because a bound was reached */
            dropped: {
                frames: number;
                events: number;
            };
            frames: {
                /** @description Milliseconds since the epoch */
                t: number;
                pageId: string;
                /** @description The page's layout viewport in CSS pixels (the image may be larger) */
                width: number;
                height: number;
                /** @description Base64 JPEG */
                jpeg: string;
            }[];
            /** @description Timeline events, as GET /v1/sessions/{id}/events sends them */
            events: {
                id: number;
                type: string;
                sessionId: string;
                time: string;
                data: unknown;
                /** @constant */
                test?: true;
            }[];
            /** @description The session's action journal, in chain order */
            journal: {
                /** @description 1, 2, 3… in the session; entries are only ever dropped from the front */
                seq: number;
                actionId: string;
                time: string;
                /** @enum {string} */
                kind: "navigate" | "act" | "field" | "approval" | "takeover" | "handback" | "plan_refusal" | "page_open" | "page_close";
                pageId?: string;
                /** @description The state the action consumed (or named) */
                stateId?: string;
                action?: string;
                /** @description A fill_form field's entry: the form's own actionId */
                of?: string;
                /** @description A fill_form field's entry: the field's index */
                field?: number;
                /** @description The element acted on, as the client saw it: never a value typed into it */
                target?: {
                    role: string;
                    name: string;
                };
                outcome?: {
                    execution: string;
                    observation: string;
                    postcondition: string;
                };
                settle?: {
                    state: string;
                    ms: number;
                    pending: number;
                };
                /** @description The error code of the answer, if any */
                error?: string;
                /** @description The page's URL before, redacted */
                urlBefore?: string;
                /** @description The page's URL after, redacted */
                urlAfter?: string;
                /** @description Short facts of the entry's kind: an approval's decision, who took over, the refused operation */
                detail?: {
                    [key: string]: string | number | boolean;
                };
                /** @description The hash of the entry before (the anchor for the first kept) */
                prevHash: string;
                /** @description SHA-256 (hex) of the entry's canonical JSON without hash */
                hash: string;
            }[];
        };
        JournalGetResult: {
            /** @constant */
            format: "porthole-journal";
            /** @constant */
            version: 1;
            sessionId: string;
            /** @description Entries kept; past it the oldest are dropped */
            bound: number;
            dropped: number;
            /** @description Hash of the last dropped entry (64 zeros if none) */
            anchor: string;
            entries: {
                /** @description 1, 2, 3… in the session; entries are only ever dropped from the front */
                seq: number;
                actionId: string;
                time: string;
                /** @enum {string} */
                kind: "navigate" | "act" | "field" | "approval" | "takeover" | "handback" | "plan_refusal" | "page_open" | "page_close";
                pageId?: string;
                /** @description The state the action consumed (or named) */
                stateId?: string;
                action?: string;
                /** @description A fill_form field's entry: the form's own actionId */
                of?: string;
                /** @description A fill_form field's entry: the field's index */
                field?: number;
                /** @description The element acted on, as the client saw it: never a value typed into it */
                target?: {
                    role: string;
                    name: string;
                };
                outcome?: {
                    execution: string;
                    observation: string;
                    postcondition: string;
                };
                settle?: {
                    state: string;
                    ms: number;
                    pending: number;
                };
                /** @description The error code of the answer, if any */
                error?: string;
                /** @description The page's URL before, redacted */
                urlBefore?: string;
                /** @description The page's URL after, redacted */
                urlAfter?: string;
                /** @description Short facts of the entry's kind: an approval's decision, who took over, the refused operation */
                detail?: {
                    [key: string]: string | number | boolean;
                };
                /** @description The hash of the entry before (the anchor for the first kept) */
                prevHash: string;
                /** @description SHA-256 (hex) of the entry's canonical JSON without hash */
                hash: string;
            }[];
        };
        ReconcileResult: {
            actionId: string;
            action: string;
            /** @description A navigation committed in the acted-on frame since (and the redacted URL it shows) */
            navigation: {
                /** @enum {string} */
                answer: "yes" | "no" | "unknown";
                reason: string;
                url?: string;
            };
            /** @description The target field's value now equals (type: contains) what was typed */
            value: {
                /** @enum {string} */
                answer: "yes" | "no" | "unknown";
                reason: string;
            };
            /** @description The target element is still connected in the document it was observed in */
            target: {
                /** @enum {string} */
                answer: "yes" | "no" | "unknown";
                reason: string;
            };
            /** @description The page made a request after the input (the first one's method and redacted URL) */
            request: {
                /** @enum {string} */
                answer: "yes" | "no" | "unknown";
                reason: string;
                method?: string;
                url?: string;
            };
            /** @enum {string} */
            observation: "captured" | "unavailable";
            freshState?: components["schemas"]["Observation"];
            error?: components["schemas"]["ErrorBody"];
        };
        ReconcileInput: {
            /** @description The actionId of an act result whose outcome was uncertain */
            actionId: string;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        TakeoverStartResult: components["schemas"]["Takeover"];
        TakeoverStartInput: {
            /** @description Who takes control, as the timeline shows it (a name or a label) */
            who: string;
            /** @description Hand back on its own after this long without input (default 300000) */
            idleMs?: number;
        };
        TakeoverGetResult: {
            takeover: {
                sessionId: string;
                who: string;
                /** Format: date-time */
                startedAt: string;
                idleMs: number;
                clicks: number;
                keys: number;
            } | null;
        };
        TakeoverInputResult: {
            pageId: string;
            events: number;
            clicks: number;
            keys: number;
        };
        TakeoverInputInput: {
            /** @description Default: the active page */
            pageId?: string;
            events: ({
                /** @constant */
                type: "mouse";
                /** @enum {string} */
                action: "move" | "down" | "up";
                /** @description x in CSS pixels */
                x: number;
                /** @description y in CSS pixels */
                y: number;
                /** @enum {string} */
                button?: "left" | "middle" | "right";
                clickCount?: number;
                /** @description Modifier keys held during the event */
                modifiers?: ("Alt" | "Control" | "Meta" | "Shift")[];
            } | {
                /** @constant */
                type: "wheel";
                /** @description x in CSS pixels */
                x: number;
                /** @description y in CSS pixels */
                y: number;
                /** @description Horizontal scroll in CSS pixels */
                deltaX?: number;
                /** @description Vertical scroll in CSS pixels */
                deltaY?: number;
                /** @description Modifier keys held during the event */
                modifiers?: ("Alt" | "Control" | "Meta" | "Shift")[];
            } | {
                /** @constant */
                type: "key";
                /** @enum {string} */
                action: "down" | "up";
                /** @description KeyboardEvent.key of the person's keyboard: a character, or a name such as Enter */
                key: string;
            } | {
                /** @constant */
                type: "text";
                /** @description Text an input method committed */
                text: string;
            })[];
        };
        TakeoverEndResult: components["schemas"]["Takeover"];
        TestBrowserSessionCreateResult: components["schemas"]["SessionView"];
        TestBrowserSessionCreateInput: {
            viewport?: {
                width: number;
                height: number;
            };
            /** @description User-Agent string for every page of the session */
            userAgent?: string;
            /** @description BCP 47 locale, e.g. de-DE */
            locale?: string;
            /** @description IANA time zone, e.g. Europe/Berlin */
            timezoneId?: string;
            allowedOrigins?: string[];
            /** @description Cookies and localStorage, as GET /v1/sessions/{id}/storage-state returns them */
            storageState?: {
                /** @description Cookies to write; a cookie for a host outside the session's allowedOrigins is refused */
                cookies?: {
                    /** @description Cookie name */
                    name: string;
                    /** @description Cookie value */
                    value: string;
                    /** @description URL the cookie is set for (its host and path); instead of domain */
                    url?: string;
                    /** @description Host the cookie is for; a leading dot includes its subdomains */
                    domain?: string;
                    /** @description Default: / */
                    path?: string;
                    /** @description Expiry in seconds since the epoch; -1 or absent = a session cookie */
                    expires?: number;
                    /** @description Hidden from page scripts */
                    httpOnly?: boolean;
                    /** @description Sent over https (and to localhost) only */
                    secure?: boolean;
                    /**
                     * @description SameSite attribute
                     * @enum {string}
                     */
                    sameSite?: "Strict" | "Lax" | "None";
                }[];
                /** @description localStorage per origin; each origin goes through the navigation policy */
                origins?: {
                    /** @description Origin whose localStorage to write, e.g. https://example.com */
                    origin: string;
                    /** @description Items to set */
                    localStorage?: {
                        /** @description Key */
                        name: string;
                        /** @description Value */
                        value: string;
                    }[];
                }[];
            };
            /**
             * @description execute (default): every operation; plan: only observe, wait, inspect, screenshot and reads, everything else is 409 plan_mode
             * @enum {string}
             */
            mode?: "execute" | "plan";
            /** @description Record the session: its pages' frames (2 a second at most) and its timeline events, read with GET /v1/sessions/:sessionId/recording */
            record?: boolean;
            /** @description Position pages read; grants the geolocation permission */
            geolocation?: {
                /** @description Degrees, -90..90 */
                latitude: number;
                /** @description Degrees, -180..180 */
                longitude: number;
                /** @description Metres, default 0 */
                accuracy?: number;
            };
            /** @description Cut the pages' network (navigator.onLine false) */
            offline?: boolean;
            /**
             * @description prefers-color-scheme
             * @enum {string}
             */
            colorScheme?: "light" | "dark" | "no-preference";
            /** @description Chromium permissions granted to every origin of the session (geolocation, notifications, …) */
            permissions?: ("ar" | "audioCapture" | "automaticFullscreen" | "backgroundFetch" | "backgroundSync" | "cameraPanTiltZoom" | "capturedSurfaceControl" | "clipboardReadWrite" | "clipboardSanitizedWrite" | "displayCapture" | "durableStorage" | "geolocation" | "handTracking" | "idleDetection" | "keyboardLock" | "localFonts" | "midi" | "midiSysex" | "nfc" | "notifications" | "paymentHandler" | "periodicBackgroundSync" | "pointerLock" | "protectedMediaIdentifier" | "sensors" | "smartCard" | "speakerSelection" | "storageAccess" | "topLevelStorageAccess" | "videoCapture" | "vr" | "wakeLockScreen" | "wakeLockSystem" | "webAppInstallation" | "webPrinting" | "windowManagement")[];
        };
        TestBrowserSessionListResult: {
            sessions: components["schemas"]["SessionView"][];
        };
        TestBrowserSessionGetResult: components["schemas"]["SessionView"];
        TestBrowserPageListResult: {
            pages: components["schemas"]["PageView"][];
        };
        TestBrowserNavigateResult: components["schemas"]["NavigateResult"];
        TestBrowserNavigateInput: {
            /** @description Absolute http(s) URL or about:blank */
            url: string;
            /** @description Page to navigate; default: the active page (one is created if none) */
            pageId?: string;
            /** @enum {string} */
            waitUntil?: "domcontentloaded" | "load" | "networkidle";
            /** @description ms to wait after the load for the short timers the document's loading set (default 1500; 0: none) */
            settleMs?: number;
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
            observe?: boolean | {
                /** @description Exact frame to observe; never falls back to its parent */
                frameId?: string;
                /**
                 * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
                 * @enum {string}
                 */
                tier?: "full" | "interactive" | "minimal";
                /** @description Tree levels, 1..20 (default 12) */
                maxDepth?: number;
                /** @description An earlier stateId of the same document: answer only the changes against it (else the full tree) */
                since?: string;
            };
            /** @description Sent as the navigation's Referer header (document.referrer): absolute http(s), no credentials */
            referer?: string;
        };
        TestBrowserObserveResult: components["schemas"]["Observation"];
        TestBrowserObserveInput: {
            /** @description Page to observe; default: the session's active page */
            pageId?: string;
            /** @description Exact frame to observe; never falls back to its parent */
            frameId?: string;
            /**
             * @description full (default): the whole tree; interactive: actionable nodes with the headings, landmarks and frames that place them; minimal: one line per actionable node. Refs are the same in every tier
             * @enum {string}
             */
            tier?: "full" | "interactive" | "minimal";
            /** @description Tree levels, 1..20 (default 12) */
            maxDepth?: number;
            /** @description An earlier stateId of the same document: answer only the changes against it (else the full tree) */
            since?: string;
            /** @description nextCursor of a cut observation: the next page of that same state (alone, or with its pageId) */
            cursor?: string;
            /** @description A ref of the current state: observe only the subtree under it, as a new state */
            ref?: string;
            /** @description One element: observe only the subtree under it, as a new state */
            locator?: {
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            };
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        TestBrowserActResult: components["schemas"]["ActResult"];
        TestBrowserActInput: {
            /** @description The observation's stateId */
            stateId: string;
            /** @description That observation's targetId */
            targetId: string;
            /** @enum {string} */
            action: "click" | "dblclick" | "hover" | "type" | "fill" | "clear" | "press" | "select" | "check" | "uncheck" | "scroll" | "upload" | "drag" | "navigate" | "fill_form";
            /** @description A ref from that observation, e.g. @e3 */
            ref?: string;
            text?: string;
            secretRef?: string;
            url?: string;
            key?: string;
            /** @description select: each option's value or label */
            values?: string[];
            /** @description upload: files for a file input; [] clears it */
            files?: {
                /** @description File name the page sees */
                name: string;
                /** @description Media type, e.g. text/csv */
                mimeType: string;
                /** @description base64, at most 8 MiB decoded */
                buffer: string;
            }[];
            /** @description drag: a ref of the same observation to drop on */
            toRef?: string;
            /** @description scroll or drag by, in px */
            deltaX?: number;
            /** @description scroll or drag by, in px */
            deltaY?: number;
            /**
             * @description scroll: which way
             * @enum {string}
             */
            direction?: "up" | "down" | "left" | "right";
            /** @description scroll: px or "page" (default) */
            amount?: number | "page";
            /** @description drag: viewport point to drop on */
            toPoint?: {
                x: number;
                y: number;
            };
            /** @description Answers to this action's dialogs; unset: the session's policy */
            dialog?: {
                /**
                 * @description For alert, confirm and prompt
                 * @enum {string}
                 */
                action?: "accept" | "dismiss";
                /** @description What an accepted prompt() returns */
                promptText?: string;
                /**
                 * @description beforeunload: accept leaves (default), dismiss stays
                 * @enum {string}
                 */
                beforeunload?: "accept" | "dismiss";
            };
            /**
             * @description click, dblclick: mouse button (default left)
             * @enum {string}
             */
            button?: "left" | "right" | "middle";
            /** @description click, dblclick, press: keys held down */
            modifiers?: ("Alt" | "Control" | "Meta" | "Shift")[];
            /** @description click, dblclick, hover: px from the element's top-left (default center) */
            position?: {
                x: number;
                y: number;
            };
            /** @description click: clicks in a row (default 1) */
            clickCount?: number;
            /** @description ms a click's button stays down, or between typed keys */
            delayMs?: number;
            /** @description type: empty the field first */
            clear?: boolean;
            /** @description type: caret to the end first */
            append?: boolean;
            expect?: {
                selector: string;
                text: string;
            };
            expectedOrigin?: string;
            /** @description fill_form: in order; the first refusal stops */
            fields?: {
                ref: string;
                /** @description text ("" clears), true/false, or options */
                value: string | boolean | string[];
            }[];
            /** @description ms for the action's requests and DOM to settle (default 1500) */
            settleMs?: number;
            /**
             * @description tree (default): freshState holds the whole tree; changes: only its changes against the state acted on (as observe since), lean: only the fields that differ from that state's (absent: unchanged); or the whole state and sinceUnavailable when the document changed; stateId: the fresh state is captured and checked as always but not sent: its stateId and the fields that differ, no tree or changes (observe since the state last read to see the page)
             * @enum {string}
             */
            fresh?: "tree" | "changes" | "stateId";
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        TestBrowserScreenshotResult: {
            artifact: components["schemas"]["ArtifactRef"];
            /** @description The image's width in pixels (device pixels: CSS pixels × scale factor) */
            width: number;
            /** @description The image's height in pixels */
            height: number;
        };
        TestBrowserScreenshotInput: {
            /** @description Default: the active page */
            pageId?: string;
            /** @description A ref of the session's current state (not consumed) */
            ref?: string;
            stateId?: string;
            fullPage?: boolean;
            /** @description A rectangle of the page in CSS pixels, document coordinates */
            clip?: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /**
             * @description Image encoding (default jpeg)
             * @enum {string}
             */
            format?: "jpeg" | "png" | "webp";
            /** @description Compression quality for jpeg and webp (default 80) */
            quality?: number;
            /**
             * @description device (default): the page's device pixels; css: one image pixel per CSS pixel
             * @enum {string}
             */
            scale?: "device" | "css";
            /** @description Locators whose every match in the page's frames (iframes, cross-site ones too) is covered by an opaque #FF00FF box in the image (the page is left as it was) */
            mask?: ({
                /** @constant */
                type: "css";
                value: string;
            } | {
                /** @constant */
                type: "xpath";
                value: string;
            } | {
                /** @constant */
                type: "role";
                role: string;
                name?: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "text";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "label";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "placeholder";
                value: string;
                exact?: boolean;
            } | {
                /** @constant */
                type: "testId";
                value: string;
            } | {
                /** @constant */
                type: "semantic";
                description: string;
            } | {
                /** @constant */
                type: "coordinates";
                x: number;
                y: number;
            } | {
                /** @constant */
                type: "ref";
                ref: string;
            })[];
            /** @description 0 or absent: 30000 */
            timeoutMs?: number;
        };
        PageView: {
            pageId: string;
            url: string;
            title: string;
            origin: string;
            active: boolean;
            generation: number;
        };
        SessionView: {
            sessionId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            pages: components["schemas"]["PageView"][];
            activePageId: string | null;
            /**
             * @description plan: only observe, wait, inspect, screenshot and reads; everything else is 409 plan_mode
             * @enum {string}
             */
            mode: "execute" | "plan";
            limits: {
                maxPages: number;
                maxQueuedOps: number;
                snapshotMaxBytes: number;
                idleMs: number;
            };
            /** @description Operations waiting in the session's FIFO gate, and whether one is running */
            queue: {
                waiting: number;
                running: boolean;
            };
        };
        Observation: {
            /** @description Quote it to act; good for one action */
            stateId: string;
            targetId: string;
            pageId: string;
            frameId: string;
            document: {
                loaderId: string;
                documentId: string;
            };
            url: string;
            origin: string;
            title: string;
            /** @description YAML lines `- role "name" [states] [tags] [ref=@eN]`: untrusted page text. A ref's tags say what acting on it would do and whether it can be reached now: [submits], [navigates=same-origin|cross-origin], [opens-popup], [downloads], [credential], [covered], [offscreen] (outside the page's scrollable area). A ref names its element for the life of the document */
            tree: string;
            refCount: number;
            truncated: boolean;
            bytes: number;
            generation: number;
            /**
             * @description The tier the tree was rendered in
             * @enum {string}
             */
            tier?: "full" | "interactive" | "minimal";
            /** @description With `since`: the base state the changes are against (then `tree` is empty) */
            since?: string;
            /** @description With `since`: lines added; lines removed (one that had a ref as the ref alone, `@e12`; any other as its text; one whose nested lines all went too stands for them); lines changed (the new text of a line whose ref stayed) */
            changes?: {
                added: string[];
                removed: string[];
                changed: string[];
            };
            /** @description With `since`, when no diff could be made or the changes would be larger than the whole tree by more than 1 KiB (changes_larger): why, and the full tree is in `tree` */
            sinceUnavailable?: {
                /** @enum {string} */
                reason: "unknown_state" | "other_page" | "other_document" | "other_frame" | "other_options" | "truncated" | "changes_larger";
                message: string;
            };
            /** @description Observation bytes a session used, its limit, and a notice when a tier was stepped down */
            budget?: {
                /** @description Tree bytes (a since answer's: its changes) of every observation the session was given */
                bytesUsed: number;
                /** @description The operator's --session-budget; null: none */
                bytesLimit: number | null;
                /** @description Said when this observation was stepped down to a smaller tier than asked for */
                notice?: string;
            };
            /** @description A cut observation: pass it as `cursor` to observe the next page of this same state */
            nextCursor?: string;
            /** @description Which page of its state this tree is (0-based) and how many there are, when there is more than one */
            page?: {
                index: number;
                count: number;
            };
            /** @description A scoped observe: the ref of the node whose subtree this state is (in the state it was taken from) */
            scope?: {
                ref: string;
            };
        };
        TraverseResult: {
            pageId: string;
            url: string;
            httpStatus: number | null;
            /**
             * @description none: there is no history entry that way, and nothing was done
             * @enum {string}
             */
            navigation: "committed" | "same_document" | "none";
            state?: components["schemas"]["Observation"];
        };
        CurrentState: {
            stateId: string;
            pageId: string;
            frameId: string;
            url: string;
            origin: string;
            /** @description Untrusted page text */
            tree: string;
            truncated: boolean;
            /** @description Still the session's current state (not consumed, replaced or invalidated) */
            current: boolean;
            refs: {
                ref: string;
                role: string;
                name: string;
                /** @description CSS pixels in the top-level viewport; null without a box or in a subframe */
                bounds: {
                    x: number;
                    y: number;
                    width: number;
                    height: number;
                } | null;
            }[];
        };
        ArtifactRef: {
            id: string;
            sha256: string;
            mimeType: string;
            bytes: number;
            /** @description GET it (same token) for the bytes */
            href: string;
        };
        Artifact: {
            artifact: components["schemas"]["ArtifactRef"];
        };
        Cookie: {
            name: string;
            value: string;
            domain: string;
            path: string;
            /** @description Seconds since the epoch; -1 for a session cookie */
            expires: number;
            httpOnly: boolean;
            secure: boolean;
            /** @enum {string} */
            sameSite?: "Strict" | "Lax" | "None";
        };
        StorageState: {
            cookies: components["schemas"]["Cookie"][];
            origins: {
                origin: string;
                localStorage: {
                    name: string;
                    value: string;
                }[];
                /** @description Only when asked for: sessionStorage belongs to one tab and is not carried over */
                sessionStorage?: {
                    name: string;
                    value: string;
                }[];
            }[];
        };
        DialogPolicy: {
            /** @enum {string} */
            action: "accept" | "dismiss";
            /** @enum {string} */
            beforeunload: "accept" | "dismiss";
            promptText?: string;
            /** @description A one-shot answer armed for the next dialog, if any */
            next: {
                /** @enum {string} */
                action?: "accept" | "dismiss";
                promptText?: string;
                /** @enum {string} */
                beforeunload?: "accept" | "dismiss";
            } | null;
        };
        Approval: {
            approvalId: string;
            sessionId: string;
            /** @description The page the action would run on */
            pageId: string;
            /** @description That page's URL, redacted */
            url: string;
            /** @description That page's title when it was last observed */
            title: string;
            action: string;
            origin: string;
            target?: string;
            /** @description The element the action targets: its role and accessible name (the `target` text joins them) */
            element?: {
                role: string;
                name: string;
            };
            description?: string;
            requestedAt: string;
            expiresAt: string;
            /** @description Once decided, who decided: "api" (HTTP and the UI), "bap", "mcp-elicitation", or "timeout" */
            decidedBy?: string;
        };
        Takeover: {
            /** @description The person's pass: send it as X-Porthole-Takeover */
            takeoverId: string;
            sessionId: string;
            who: string;
            /** Format: date-time */
            startedAt: string;
            idleMs: number;
            clicks: number;
            keys: number;
        };
        ListedElement: {
            ref: string;
            role: string;
            name?: string;
            tagName: string;
            /** @description The border box in CSS pixels of the page's viewport (the screenshot's), an iframe's element's too */
            bounds: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /** @description The primary selector */
            selector: {
                [key: string]: unknown;
            };
            /** @description The other selectors, in the seed's order (testId, role, label, …, css) */
            alternativeSelectors?: {
                [key: string]: unknown;
            }[];
            disabled?: boolean;
            focused?: boolean;
            /** @description A field's value; "[REDACTED]" for a credential field */
            value?: string;
            /** @description What the element takes: clickable, editable, selectable, checkable, … */
            actionHints: string[];
            /**
             * @description Against the page's previous listing
             * @enum {string}
             */
            stability?: "stable" | "new";
        };
        ErrorBody: {
            /** @enum {string} */
            code: "invalid_params" | "unauthorized" | "host_not_allowed" | "request_origin_not_allowed" | "not_found" | "session_not_found" | "page_not_found" | "artifact_not_found" | "not_recorded" | "frame_not_found" | "body_too_large" | "artifact_too_large" | "context_limit" | "page_limit" | "queue_full" | "artifact_limit" | "human_in_control" | "takeover_not_found" | "plan_mode" | "session_budget_exhausted" | "action_not_found" | "browser_not_installed" | "browser_disconnected" | "session_disposed" | "unknown_state" | "stale_state" | "stale_cursor" | "target_changed" | "document_changed" | "element_detached" | "element_changed" | "element_not_found" | "no_ref" | "element_not_visible" | "element_not_enabled" | "element_not_editable" | "obscured" | "focus_lost" | "selector_ambiguous" | "origin_mismatch" | "frame_cross_origin" | "sensitive_field" | "secret_not_allowed" | "origin_not_allowed" | "scheme_not_allowed" | "address_not_allowed" | "navigation_blocked" | "popup_blocked" | "download_blocked" | "navigation_failed" | "timeout" | "approval_denied" | "approval_timeout" | "observation_failed" | "page_unresponsive" | "accessibility_unavailable" | "snapshot_invalid" | "cancelled" | "internal";
            message: string;
            retryable: boolean;
            retryAfterMs?: number;
            recoveryHint?: string;
            /** @description Facts of the error: `field` for invalid_params; for obscured, `coveredBy` (what is on top) and `transient: true` when the cover is of the moment (the node ignores pointer events now, or its cover is animating): observe again and act on the fresh state */
            details?: {
                [key: string]: unknown;
            };
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "invalid_params" | "unauthorized" | "host_not_allowed" | "request_origin_not_allowed" | "not_found" | "session_not_found" | "page_not_found" | "artifact_not_found" | "not_recorded" | "frame_not_found" | "body_too_large" | "artifact_too_large" | "context_limit" | "page_limit" | "queue_full" | "artifact_limit" | "human_in_control" | "takeover_not_found" | "plan_mode" | "session_budget_exhausted" | "action_not_found" | "browser_not_installed" | "browser_disconnected" | "session_disposed" | "unknown_state" | "stale_state" | "stale_cursor" | "target_changed" | "document_changed" | "element_detached" | "element_changed" | "element_not_found" | "no_ref" | "element_not_visible" | "element_not_enabled" | "element_not_editable" | "obscured" | "focus_lost" | "selector_ambiguous" | "origin_mismatch" | "frame_cross_origin" | "sensitive_field" | "secret_not_allowed" | "origin_not_allowed" | "scheme_not_allowed" | "address_not_allowed" | "navigation_blocked" | "popup_blocked" | "download_blocked" | "navigation_failed" | "timeout" | "approval_denied" | "approval_timeout" | "observation_failed" | "page_unresponsive" | "accessibility_unavailable" | "snapshot_invalid" | "cancelled" | "internal";
                message: string;
                retryable: boolean;
                retryAfterMs?: number;
                recoveryHint?: string;
                /** @description Facts of the error: `field` for invalid_params; for obscured, `coveredBy` (what is on top) and `transient: true` when the cover is of the moment (the node ignores pointer events now, or its cover is animating): observe again and act on the fresh state */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: never;
    parameters: {
        /** @description The takeoverId of the person in control: their calls pass the session's gate */
        TakeoverPass: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sidecar is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                        /**
                         * @description BAP protocol version
                         * @constant
                         */
                        version: "0.9.0";
                        /** @description Porthole's own version */
                        porthole: string;
                    };
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    events_all: {
        parameters: {
            query?: {
                lastEventId?: string;
            };
            header?: {
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events. Each event has `id` (rising; send it back as `Last-Event-ID` to replay what you missed), `event` (its type, e.g. `navigation.committed`, `action.finished`) and `data`, a JSON object `{sessionId, time, …fields of the type}`. A `dropped` event (no id) says how many events a slow reader lost. Comment lines keep an idle stream alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id: 7
                     *     event: page.load
                     *     data: {"sessionId":"s_…","time":"…","pageId":"p_…","state":"load","url":"https://example.com/"}
                     */
                    "text/event-stream": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_events: {
        parameters: {
            query?: {
                lastEventId?: string;
            };
            header?: {
                "Last-Event-ID"?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events. Each event has `id` (rising; send it back as `Last-Event-ID` to replay what you missed), `event` (its type, e.g. `navigation.committed`, `action.finished`) and `data`, a JSON object `{sessionId, time, …fields of the type}`. A `dropped` event (no id) says how many events a slow reader lost. Comment lines keep an idle stream alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id: 7
                     *     event: page.load
                     *     data: {"sessionId":"s_…","time":"…","pageId":"p_…","state":"load","url":"https://example.com/"}
                     */
                    "text/event-stream": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    page_screencast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                pageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found or page_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                };
            };
        };
        responses: {
            /** @description A JSON-RPC response, as JSON or as a text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                    };
                    "text/event-stream": string;
                };
            };
            /** @description A notification or response was accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bap_websocket: {
        parameters: {
            query?: never;
            header: {
                Upgrade: "websocket";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching protocols; a bad token closes the socket with 1008 */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionCreateInput"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionCreateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionUpdateInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionUpdateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    session_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    page_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    page_open: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PageOpenInput"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageOpenResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    page_activate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                pageId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PageActivateInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageActivateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    page_close: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                pageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    navigate: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com",
                 *       "observe": true
                 *     }
                 */
                "application/json": components["schemas"]["NavigateInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pageId": "p_0d0q431i2z162x",
                     *       "url": "https://example.com/",
                     *       "httpStatus": 200,
                     *       "navigation": "committed",
                     *       "state": {
                     *         "stateId": "st_1l384g2u0v625u",
                     *         "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "pageId": "p_0d0q431i2z162x",
                     *         "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "document": {
                     *           "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *           "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *         },
                     *         "url": "https://example.com/",
                     *         "origin": "https://example.com",
                     *         "title": "Example Domain",
                     *         "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *         "refCount": 1,
                     *         "truncated": false,
                     *         "bytes": 136,
                     *         "generation": 1,
                     *         "tier": "full"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NavigateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    observe: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "tier": "interactive"
                 *     }
                 */
                "application/json": components["schemas"]["ObserveInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "stateId": "st_1l384g2u0v625u",
                     *       "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *       "pageId": "p_0d0q431i2z162x",
                     *       "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *       "document": {
                     *         "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *         "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *       },
                     *       "url": "https://example.com/",
                     *       "origin": "https://example.com",
                     *       "title": "Example Domain",
                     *       "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *       "refCount": 1,
                     *       "truncated": false,
                     *       "bytes": 136,
                     *       "generation": 1,
                     *       "tier": "full"
                     *     }
                     */
                    "application/json": components["schemas"]["ObserveResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    find: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FindInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    act: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stateId": "st_1l384g2u0v625u",
                 *       "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                 *       "action": "click",
                 *       "ref": "@e1",
                 *       "expect": {
                 *         "selector": "h1",
                 *         "text": "IANA"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ActInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "execution": "completed",
                     *       "observation": "captured",
                     *       "postcondition": "met",
                     *       "freshState": {
                     *         "stateId": "st_4r3i336n1w3a2q",
                     *         "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "pageId": "p_0d0q431i2z162x",
                     *         "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "document": {
                     *           "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *           "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *         },
                     *         "url": "https://iana.org/domains/example",
                     *         "origin": "https://example.com",
                     *         "title": "Example Domain",
                     *         "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *         "refCount": 1,
                     *         "truncated": false,
                     *         "bytes": 136,
                     *         "generation": 2,
                     *         "tier": "full"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    wait: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WaitInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InspectInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InspectResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    screenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ScreenshotInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreenshotResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PdfInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PdfResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    artifact_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                artifactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artifact's bytes (image/png, image/jpeg, image/webp, application/pdf or a JSON trace) */
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: If-None-Match named this artifact */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approval_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approval_decide: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                approvalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalDecideInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalDecideResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dialog_policy_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogPolicyGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dialog_policy_set: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DialogPolicySetInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogPolicySetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trace_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TraceStartInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceStartResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trace_stop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TraceStopInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceStopResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cookies_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CookiesGetInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CookiesGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cookies_set: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CookiesSetInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CookiesSetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cookies_clear: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CookiesClearInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CookiesClearResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    storage_state_get: {
        parameters: {
            query?: {
                /** @description Also export each origin's sessionStorage, as the open page showing it has it */
                sessionStorage?: boolean;
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageStateGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    storage_state_set: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StorageStateSetInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageStateSetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    emulate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmulateInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmulateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    frames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FramesInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FramesResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reload: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReloadInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReloadResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    go_back: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GoBackInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GoBackResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    go_forward: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GoForwardInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GoForwardResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    discover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DiscoverInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscoverResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    extract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExtractInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    elements: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ElementsInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ElementsResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    content: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ContentInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    element: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ElementInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ElementResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    aria: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AriaInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AriaResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    state_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    artifact_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArtifactListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recording_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordingGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    journal_get: {
        parameters: {
            query?: {
                /** @description json (default): one document; jsonl: a header line, then one entry per line */
                format?: "json" | "jsonl";
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reconcile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconcileInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconcileResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    takeover_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TakeoverGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    takeover_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TakeoverStartInput"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TakeoverStartResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    takeover_input: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                takeoverId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TakeoverInputInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TakeoverInputResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    takeover_end: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                takeoverId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TakeoverEndResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_session_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestBrowserSessionListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_session_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestBrowserSessionCreateInput"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestBrowserSessionCreateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_session_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestBrowserSessionGetResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_session_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_page_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestBrowserPageListResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_navigate: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestBrowserNavigateInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pageId": "p_0d0q431i2z162x",
                     *       "url": "https://example.com/",
                     *       "httpStatus": 200,
                     *       "navigation": "committed",
                     *       "state": {
                     *         "stateId": "st_1l384g2u0v625u",
                     *         "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "pageId": "p_0d0q431i2z162x",
                     *         "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "document": {
                     *           "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *           "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *         },
                     *         "url": "https://example.com/",
                     *         "origin": "https://example.com",
                     *         "title": "Example Domain",
                     *         "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *         "refCount": 1,
                     *         "truncated": false,
                     *         "bytes": 136,
                     *         "generation": 1,
                     *         "tier": "full"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TestBrowserNavigateResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_observe: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestBrowserObserveInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "stateId": "st_1l384g2u0v625u",
                     *       "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *       "pageId": "p_0d0q431i2z162x",
                     *       "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *       "document": {
                     *         "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *         "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *       },
                     *       "url": "https://example.com/",
                     *       "origin": "https://example.com",
                     *       "title": "Example Domain",
                     *       "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *       "refCount": 1,
                     *       "truncated": false,
                     *       "bytes": 136,
                     *       "generation": 1,
                     *       "tier": "full"
                     *     }
                     */
                    "application/json": components["schemas"]["TestBrowserObserveResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_act: {
        parameters: {
            query?: never;
            header?: {
                /** @description return=minimal (RFC 7240): the answer without its bookkeeping (README, Minimal answers); the response then says Preference-Applied: return=minimal */
                Prefer?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestBrowserActInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "execution": "completed",
                     *       "observation": "captured",
                     *       "postcondition": "met",
                     *       "freshState": {
                     *         "stateId": "st_4r3i336n1w3a2q",
                     *         "targetId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "pageId": "p_0d0q431i2z162x",
                     *         "frameId": "C6DCC66241DD35F7D8F8FD0A27DA19F1",
                     *         "document": {
                     *           "loaderId": "BEECD85559C9079D4AD4ACDCEA7C914B",
                     *           "documentId": "C6DCC66241DD35F7D8F8FD0A27DA19F1.BEECD85559C9079D4AD4ACDCEA7C914B.2"
                     *         },
                     *         "url": "https://iana.org/domains/example",
                     *         "origin": "https://example.com",
                     *         "title": "Example Domain",
                     *         "tree": "- heading \"Example Domain\" [level=1]\n- link \"Learn more\" [navigates=cross-origin] [ref=@e1]:\n  - /url: https://iana.org/domains/example\n",
                     *         "refCount": 1,
                     *         "truncated": false,
                     *         "bytes": 136,
                     *         "generation": 2,
                     *         "tier": "full"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TestBrowserActResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_screenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestBrowserScreenshotInput"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestBrowserScreenshotResult"];
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_browser_artifact_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
                artifactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artifact's bytes (image/png, image/jpeg, image/webp, application/pdf or a JSON trace) */
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Not modified: If-None-Match named this artifact */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description invalid_params: the failing field is in error.details.field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description host_not_allowed, request_origin_not_allowed, or a policy refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description session_not_found, page_not_found, or another unknown id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description body_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description context_limit, page_limit or queue_full; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description browser_not_installed, browser_disconnected or session_disposed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
