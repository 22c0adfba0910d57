/**
 * The Referer a navigation is sent with: an absolute http(s) URL without credentials, bounded,
 * so a client can say where a visit came from without smuggling a secret or a header.
 */
import * as v from "valibot";

export const MAX_REFERER_LENGTH = 2048;

function parsed(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** The URL parser drops tabs and newlines; a header value must not have carried them. */
function hasControlOrSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) <= 0x20 || s.charCodeAt(i) === 0x7f) return true;
  return false;
}

export const Referer = v.pipe(
  v.string(),
  v.maxLength(MAX_REFERER_LENGTH, `is longer than ${MAX_REFERER_LENGTH} characters`),
  v.check((s) => {
    const u = parsed(s);
    return !!u && (u.protocol === "http:" || u.protocol === "https:") && !hasControlOrSpace(s);
  }, "must be an absolute http(s) URL"),
  v.check((s) => {
    const u = parsed(s);
    return !u || (u.username === "" && u.password === "");
  }, "must not carry a user name or password"),
  v.description(
    "Sent as the navigation's Referer header (document.referrer): absolute http(s), no credentials",
  ),
);
