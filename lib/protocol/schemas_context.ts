/** Input schemas of the context operations: cookies, storage state, emulation, frames, history. */
import * as v from "valibot";
import { LoadSettleMs, NavigateInput, ObserveInput, TimeoutMs, UserAgent, Viewport } from "./schemas.ts";
import { picked } from "./loose.ts";
import { LocatorSchema } from "./locator.ts";
import { CookieList, StorageStateInput } from "./schemas_storage.ts";
import { ColorScheme, Geolocation, Offline } from "./schemas_emulation.ts";

export { StorageStateInput };

const PageId = v.optional(
  v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.description("Default: the active page")),
);

const Urls = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.maxLength(8192),
        v.check((u) => URL.canParse(u), "must be an absolute URL"),
      ),
    ),
    v.maxLength(64),
    v.description("Only the cookies a request to one of these URLs would carry"),
  ),
);

/** Body of POST /v1/sessions/{sid}/cookies/get. */
export const CookiesGetInput = v.strictObject({ urls: Urls });
export type CookiesGetInput = v.InferOutput<typeof CookiesGetInput>;

/** Body of DELETE /v1/sessions/{sid}/cookies (none: every cookie). */
export const CookiesClearInput = CookiesGetInput;

/** Query of GET /v1/sessions/{sid}/storage-state. */
export const StorageStateGetInput = v.strictObject({
  sessionStorage: v.optional(
    v.pipe(
      v.boolean(),
      v.description("Also export each origin's sessionStorage, as the open page showing it has it"),
    ),
  ),
});
export type StorageStateGetInput = v.InferOutput<typeof StorageStateGetInput>;

/** Body of POST /v1/sessions/{sid}/cookies. */
export const CookiesSetInput = v.strictObject({ cookies: CookieList });
export type CookiesSetInput = v.InferOutput<typeof CookiesSetInput>;

const EMULATION_FIELDS = [
  "viewport",
  "userAgent",
  "geolocation",
  "offline",
  "colorScheme",
  "timezoneId",
  "locale",
  "deviceScaleFactor",
  "isMobile",
  "hasTouch",
  "platform",
  "acceptLanguage",
];

/** A value that goes into a request header: no control characters. */
const Header = (max: number) =>
  // deno-lint-ignore no-control-regex
  v.pipe(v.string(), v.maxLength(max), v.regex(/^[^\x00-\x1f\x7f]*$/, "no control characters"));

/** Body of POST /v1/sessions/{sid}/emulation: at least one field. */
export const EmulateInput = v.pipe(
  v.strictObject({
    pageId: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(128),
        v.description("Only this page, now; the session's emulation and its other pages stay as they are"),
      ),
    ),
    viewport: v.optional(v.pipe(Viewport, v.description("Viewport in CSS pixels"))),
    userAgent: v.optional(
      v.pipe(UserAgent, v.description("User-Agent string (header and navigator.userAgent)")),
    ),
    deviceScaleFactor: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.1),
        v.maxValue(10),
        v.description("Device pixels per CSS pixel, with viewport"),
      ),
    ),
    isMobile: v.optional(v.pipe(v.boolean(), v.description("A mobile device's viewport, with viewport"))),
    hasTouch: v.optional(v.pipe(v.boolean(), v.description("Touch events and (pointer: coarse)"))),
    platform: v.optional(v.pipe(Header(64), v.description("navigator.platform, e.g. Linux x86_64"))),
    acceptLanguage: v.optional(
      v.pipe(
        Header(256),
        v.description("Accept-Language header and navigator.languages, e.g. de-DE,de;q=0.9"),
      ),
    ),
    geolocation: v.optional(Geolocation),
    offline: v.optional(Offline),
    colorScheme: v.optional(ColorScheme),
    timezoneId: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(64),
        v.check((id) => {
          try {
            new Intl.DateTimeFormat("en", { timeZone: id });
            return id !== "";
          } catch {
            return false;
          }
        }, "not an IANA time zone (examples: UTC, Europe/Berlin)"),
        v.description("IANA time zone, e.g. Europe/Berlin"),
      ),
    ),
    locale: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "not a BCP 47 locale"),
        v.description("BCP 47 locale, e.g. de-DE"),
      ),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (
      !dataset.typed ||
      EMULATION_FIELDS.some((k) => (dataset.value as Record<string, unknown>)[k] !== undefined)
    ) {
      return;
    }
    addIssue({
      message: `give at least one of ${EMULATION_FIELDS.join(", ")}`,
      path: [{ type: "object", origin: "value", input: dataset.value, key: "viewport", value: undefined }],
    });
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.viewport) return;
    // Both belong to the device metrics, which a viewport sets.
    const key = (["deviceScaleFactor", "isMobile"] as const).find((k) => dataset.value[k] !== undefined);
    if (!key) return;
    addIssue({
      message: `${key} goes with a viewport`,
      path: [{ type: "object", origin: "value", input: dataset.value, key, value: dataset.value[key] }],
    });
  }),
);
export type EmulateInput = v.InferOutput<typeof EmulateInput>;

/** Body of POST /v1/sessions/{sid}/frames: every frame, or those the filters name. */
export const FramesInput = v.strictObject({
  pageId: PageId,
  url: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(8192),
      v.description("Only frames whose URL, as listed (redacted), contains this"),
    ),
  ),
  locator: v.optional(
    v.pipe(
      LocatorSchema,
      v.description(
        "Only the frame of the iframe element this names in the main frame (refs: of the current state)",
      ),
    ),
  ),
});
export type FramesInput = v.InferOutput<typeof FramesInput>;

/** Body of POST /v1/sessions/{sid}/reload, …/back, …/forward. */
export const TraverseInput = v.strictObject({
  pageId: PageId,
  waitUntil: v.optional(
    v.pipe(
      v.picklist(["domcontentloaded", "load", "networkidle"]),
      v.description(
        "What to wait for (default domcontentloaded); networkidle: the load, then 500 ms without a request",
      ),
    ),
  ),
  settleMs: v.optional(LoadSettleMs),
  timeoutMs: v.optional(TimeoutMs),
  observe: v.optional(
    v.pipe(
      v.union([v.boolean(), v.pick(ObserveInput, ["tier", "maxDepth"])]),
      v.description("Observe the new document and return it as state"),
    ),
  ),
});
export type TraverseInput = v.InferOutput<typeof TraverseInput>;

/** Body of POST /v1/sessions/{sid}/pages: the page's own emulation, and where it starts. */
export const PageOpenInput = v.strictObject({
  url: v.optional(v.pipe(
    NavigateInput.entries.url,
    v.description("Load this http(s) URL and wait for its load (default: about:blank)"),
  )),
  ...picked(EmulateInput, ["viewport", "userAgent", "geolocation"]).entries,
});
export type PageOpenInput = v.InferOutput<typeof PageOpenInput>;
