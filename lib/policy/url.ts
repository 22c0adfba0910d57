/** URL projection and origin rules. Pure: no I/O. */

/**
 * The redacted projection of a URL: query keys kept raw and in order, every value replaced
 * by `[redacted]`, fragment and userinfo dropped. Unparseable input yields "[invalid url]".
 */
export function redactUrl(raw: string): string {
  if (raw === "about:blank" || raw === "") return raw;
  const plain = plainBase(raw);
  if (plain !== null) return withKeys(plain, raw.split("#")[0]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "[invalid url]";
  }
  if (url.protocol === "data:" || url.protocol === "blob:" || url.protocol === "javascript:") {
    return `${url.protocol}[redacted]`;
  }
  url.username = "";
  url.password = "";
  url.hash = "";
  const base = url.href.split("?")[0].split("#")[0];
  const qIndex = raw.indexOf("?");
  if (qIndex < 0 || url.search === "") return base;
  return withKeys(base, raw);
}

/**
 * An http(s) URL the URL parser would give back unchanged up to its query: lower-case scheme and host
 * (no IPv4 shorthand, no punycode to check), no userinfo, a port that is neither default nor padded, and a
 * path of plain characters without dot segments, as a browser serialises a page's links. Returns its
 * scheme, host, port and path (what `new URL` would), or null when the parser has to decide.
 */
const PLAIN_URL =
  /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::([1-9]\d{0,4}))?(\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*)(?=[?#]|$)/;
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function plainBase(raw: string): string | null {
  const m = PLAIN_URL.exec(raw);
  // Tabs and line breaks anywhere, controls and spaces at the end, are dropped by the parser: its query may be empty.
  // deno-lint-ignore no-control-regex -- the controls the URL parser strips are what is looked for
  if (!m || /[\t\n\r]|[\x00-\x20]$/.test(raw)) return null;
  const [base, scheme, host, port, path] = m;
  // A host ending in a number is an IPv4 address to the parser (`1.2.3` is `1.2.0.3`): only the canonical form passes.
  const last = host.slice(host.lastIndexOf(".") + 1);
  if ((/^\d+$/.test(last) || /^0x/.test(last)) && !IPV4.test(host)) return null;
  if (host.startsWith("xn--") || host.includes(".xn--")) return null;
  if (port !== undefined && (Number(port) > 65535 || port === (scheme === "http" ? "80" : "443"))) {
    return null;
  }
  if (DOT_SEGMENT.test(path)) return null;
  return base;
}

/** `base` with the query keys of `raw` (up to its fragment), every value replaced. */
function withKeys(base: string, raw: string): string {
  const qIndex = raw.indexOf("?");
  if (qIndex < 0) return base;
  const query = raw.slice(qIndex + 1).split("#")[0];
  const parts = query.split("&").filter((p) => p !== "").map((pair) => {
    const key = pair.split("=")[0];
    return `${key}=[redacted]`;
  });
  return parts.length ? `${base}?${parts.join("&")}` : base;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Canonical origin with an explicit port (`https://example.com:443`), or "null" when opaque. */
export function canonicalOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "null";
  }
  const port = url.port || DEFAULT_PORTS[url.protocol];
  if (!port) return "null";
  return `${url.protocol}//${url.hostname}:${port}`;
}

/**
 * Parse an agent-supplied origin (`expectedOrigin`): only scheme, host and optional port.
 * Returns the canonical form, or an error text saying what was wrong.
 */
export function parseOriginInput(raw: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `"${raw}" is not an origin like https://example.com:443` };
  }
  if (!(url.protocol in DEFAULT_PORTS)) {
    return { error: `origin scheme must be http or https, got ${url.protocol}` };
  }
  if (url.username || url.password) return { error: "an origin has no userinfo" };
  if (url.search || url.hash || raw.includes("?") || raw.includes("#")) {
    return { error: "an origin has no query or fragment" };
  }
  if (url.pathname !== "/" || /\/\/[^/]+\/./.test(raw)) {
    return { error: "an origin has no path" };
  }
  return { origin: canonicalOrigin(url.href) };
}

export type SchemeVerdict = "ok" | "about_blank" | "refused";

/** Which destinations `navigate` may take: http, https and about:blank. */
export function checkScheme(raw: string): SchemeVerdict {
  if (raw === "about:blank") return "about_blank";
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? "ok" : "refused";
  } catch {
    return "refused";
  }
}

/** Whether `origin` (canonical) matches one of the allowed patterns (exact or `*.example.com`). */
export function originAllowed(origin: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  for (const pattern of allowed) {
    if (pattern === origin || (!pattern.includes("*") && canonicalOrigin(pattern) === origin)) return true;
    const m = pattern.match(/^(https?):\/\/\*\.([^:/]+)(?::(\d+))?$/);
    if (m) {
      const [, scheme, suffix, port] = m;
      const o = origin.match(/^(https?):\/\/([^:]+):(\d+)$/);
      if (!o) continue;
      const wantPort = port ?? (scheme === "https" ? "443" : "80");
      if (o[1] === scheme && o[3] === wantPort && o[2].endsWith(`.${suffix}`)) return true;
    }
  }
  return false;
}
