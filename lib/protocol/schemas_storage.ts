/**
 * Cookies and storage state as input: their own file, because CreateSessionInput (schemas.ts)
 * takes a storage state and the context operations (schemas_context.ts) take both.
 */
import * as v from "valibot";

const AbsoluteUrl = (what: string) =>
  v.pipe(
    v.string(),
    v.maxLength(8192),
    v.check((u) => URL.canParse(u), "must be an absolute URL"),
    v.description(what),
  );

/** One cookie to write: a `url`, or a `domain` (with `path`, default `/`). */
export const CookieInput = v.pipe(
  v.strictObject({
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(4096), v.description("Cookie name")),
    value: v.pipe(v.string(), v.maxLength(4096), v.description("Cookie value")),
    url: v.optional(AbsoluteUrl("URL the cookie is set for (its host and path); instead of domain")),
    domain: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(253),
        v.regex(/^\.?[A-Za-z0-9.:[\]-]+$/, "must be a host name, optionally with a leading dot"),
        v.description("Host the cookie is for; a leading dot includes its subdomains"),
      ),
    ),
    path: v.optional(
      v.pipe(v.string(), v.regex(/^\//, "must start with /"), v.maxLength(1024), v.description("Default: /")),
    ),
    expires: v.optional(
      v.pipe(
        v.number(),
        v.finite(),
        v.description("Expiry in seconds since the epoch; -1 or absent = a session cookie"),
      ),
    ),
    httpOnly: v.optional(v.pipe(v.boolean(), v.description("Hidden from page scripts"))),
    secure: v.optional(v.pipe(v.boolean(), v.description("Sent over https (and to localhost) only"))),
    sameSite: v.optional(
      v.pipe(v.picklist(["Strict", "Lax", "None"]), v.description("SameSite attribute")),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.url !== undefined || dataset.value.domain !== undefined) return;
    addIssue({
      message: "a cookie needs a url or a domain",
      path: [{ type: "object", origin: "value", input: dataset.value, key: "url", value: undefined }],
    });
  }),
);

export const CookieList = v.pipe(
  v.array(CookieInput),
  v.maxLength(512, "at most 512 cookies at once"),
  v.description("Cookies to write; a cookie for a host outside the session's allowedOrigins is refused"),
);

/** Playwright's storageState shape: what GET …/storage-state returns can be given back as it is. */
export const StorageStateInput = v.pipe(
  v.strictObject({
    cookies: v.optional(CookieList),
    origins: v.optional(
      v.pipe(
        v.array(v.strictObject({
          origin: v.pipe(
            v.string(),
            v.maxLength(512),
            v.description("Origin whose localStorage to write, e.g. https://example.com"),
          ),
          localStorage: v.optional(
            v.pipe(
              v.array(v.strictObject({
                name: v.pipe(v.string(), v.maxLength(4096), v.description("Key")),
                value: v.pipe(v.string(), v.maxLength(1 << 20), v.description("Value")),
              })),
              v.maxLength(1024),
              v.description("Items to set"),
            ),
          ),
        })),
        v.maxLength(64),
        v.description("localStorage per origin; each origin goes through the navigation policy"),
      ),
    ),
  }),
  v.description("Cookies and localStorage, as GET /v1/sessions/{id}/storage-state returns them"),
);
export type StorageStateInput = v.InferOutput<typeof StorageStateInput>;
