/**
 * HAR 1.2, the part Porthole writes and replays: one entry per request a session's pages made,
 * with the response's status, headers and body (text, or base64). Cookies and credentials are
 * never in it (lib/session/page/har.ts drops them).
 */
import * as v from "valibot";

const Header = v.object({ name: v.string(), value: v.string() });

const Entry = v.object({
  startedDateTime: v.string(),
  time: v.number(),
  request: v.object({
    method: v.string(),
    url: v.pipe(v.string(), v.url()),
    httpVersion: v.string(),
    headers: v.array(Header),
  }),
  response: v.object({
    status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(999)),
    statusText: v.string(),
    headers: v.array(Header),
    content: v.object({
      size: v.number(),
      mimeType: v.string(),
      text: v.optional(v.string()),
      encoding: v.optional(v.literal("base64")),
    }),
  }),
});

/** What a replayed HAR must hold (other HAR members are allowed and ignored). */
export const HarFile = v.object({
  log: v.object({ version: v.string(), entries: v.array(Entry) }),
});

export type HarHeader = v.InferOutput<typeof Header>;
/** One entry as Porthole writes it: the replayed fields and the rest HAR 1.2 requires. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  pageref?: string;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    queryString: { name: string; value: string }[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; encoding?: "base64"; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

/** A replayable entry as read from a file (the members replay uses). */
export type HarReplayEntry = v.InferOutput<typeof Entry>;
