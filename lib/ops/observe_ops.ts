/** Page views for every door: a frame's content, one element's properties, ARIA YAML or tree. */
import type * as v from "valibot";
import { AriaInput, ContentInput, ElementInput } from "../protocol/schemas_observe.ts";
import type { ReadsHost } from "../session/core/hosts.ts";
import { aria, content, element } from "../session/observe/views.ts";
import { defineOp, inSession, type OutputOf } from "./define.ts";
import { AriaResult, ContentResult, ElementResult } from "../protocol/results_page.ts";

/** A read of the session's page at `POST /v1/sessions/{id}/<name>`: the three views share this shape. */
function view<const N extends string, S extends v.GenericSchema, O extends v.GenericSchema>(
  name: N,
  input: S,
  output: O,
  description: string,
  read: (s: ReadsHost, input: v.InferOutput<S>, signal: AbortSignal) => Promise<OutputOf<O>>,
) {
  return defineOp({
    name,
    readOnly: true,
    description,
    method: "POST",
    path: `/v1/sessions/:sessionId/${name}`,
    input,
    output,
    run: inSession(read),
  });
}

export const OBSERVE_OPS = [
  view(
    "content",
    ContentInput,
    ContentResult,
    "Read a frame's document as HTML (credential fields, secret attributes and URLs redacted), text or Markdown",
    content,
  ),
  view(
    "element",
    ElementInput,
    ElementResult,
    "Read properties (visible, enabled, checked, text, value, boundingBox, attributes, computedStyle) of the one element a locator names",
    element,
  ),
  view(
    "aria",
    AriaInput,
    AriaResult,
    "A frame, or the element a locator names, as ARIA snapshot YAML or a tree of role/name nodes",
    aria,
  ),
];
