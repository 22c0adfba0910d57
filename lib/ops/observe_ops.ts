/** Page views for every door: a frame's content, one element's properties, ARIA YAML or tree. */
import type * as v from "valibot";
import { AriaInput, ContentInput, ElementInput } from "../protocol/schemas_observe.ts";
import type { ReadsHost } from "../session/core/hosts.ts";
import { aria, content, element } from "../session/observe/views.ts";
import { defineOp, inSession } from "./define.ts";

/** A read of the session's page at `POST /v1/sessions/{id}/<name>`: the three views share this shape. */
function view<S extends v.GenericSchema>(
  name: string,
  input: S,
  description: string,
  read: (s: ReadsHost, input: v.InferOutput<S>, signal: AbortSignal) => Promise<unknown>,
) {
  return defineOp({
    name,
    readOnly: true,
    description,
    method: "POST",
    path: `/v1/sessions/:sessionId/${name}`,
    input,
    run: inSession(read),
  });
}

export const OBSERVE_OPS = [
  view(
    "content",
    ContentInput,
    "Read a frame's document as HTML (credential fields, secret attributes and URLs redacted), text or Markdown",
    content,
  ),
  view(
    "element",
    ElementInput,
    "Read properties (visible, enabled, checked, text, value, boundingBox, attributes, computedStyle) of the one element a locator names",
    element,
  ),
  view(
    "aria",
    AriaInput,
    "A frame, or the element a locator names, as ARIA snapshot YAML or a tree of role/name nodes",
    aria,
  ),
];
