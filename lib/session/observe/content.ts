/**
 * A frame's document read whole: HTML with credential fields (by the one credential rule),
 * secret attributes and JWTs redacted, its rendered text, or a Markdown rendering; every URL
 * in it redacted. Read on the frame's own target, so a cross-site (out-of-process) frame reads
 * as a same-origin one does.
 */
import { callInFrame, type FrameDoor } from "../core/frame_doors.ts";
import { type FieldFacts, refuseTyping } from "../../policy/sensitive.ts";
import { redactUrl } from "../../policy/url.ts";
import { FIELD_LIST, MARKDOWN, SERIALIZE } from "../../snapshot/content_scripts.ts";

/** Replace the URL placeholders of a serialization with redacted URLs. */
function fillUrls(text: string, urls: string[], escape: (s: string) => string = (s) => s): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/\u0000URL(\d+)\u0000/g, (_, i) => escape(redactUrl(urls[Number(i)] ?? "")));
}

const escAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export interface PageDocument {
  html: string;
  text: string;
  title: string;
  /** The frame's URL, redacted. */
  url: string;
}

/** The document's HTML (redacted), its body text and title. */
export async function pageDocument(door: FrameDoor, signal?: AbortSignal): Promise<PageDocument> {
  const fields = await callInFrame<FieldFacts[]>(door, FIELD_LIST, [], signal);
  const redact = fields.flatMap((f, i) => (refuseTyping(f) ? [i] : []));
  const r = await callInFrame<{ html: string; urls: string[]; text: string; title: string }>(
    door,
    SERIALIZE,
    [redact],
    signal,
  );
  return {
    html: fillUrls(r.html, r.urls, escAttr),
    text: r.text,
    title: r.title,
    url: redactUrl(door.info.url),
  };
}

/** The body as light Markdown, links redacted. */
export async function pageMarkdown(door: FrameDoor, signal?: AbortSignal): Promise<string> {
  const m = await callInFrame<{ markdown: string; urls: string[] }>(door, MARKDOWN, [], signal);
  return fillUrls(m.markdown, m.urls);
}
