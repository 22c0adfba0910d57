/** Page views for every door: a frame's content, one element's properties, ARIA YAML or tree. */
import { AriaInput, ContentInput, ElementInput } from "../protocol/schemas_observe.ts";
import { aria, content, element } from "../session/page_views.ts";
import { defineOp, inSession } from "./define.ts";

const contentOp = defineOp({
  name: "content",
  readOnly: true,
  description:
    "Read a frame's document as HTML (credential fields, secret attributes and URLs redacted), text or Markdown",
  method: "POST",
  path: "/v1/sessions/:sessionId/content",
  input: ContentInput,
  run: inSession((s, input, sig) => content(s, input, sig)),
});

const elementOp = defineOp({
  name: "element",
  readOnly: true,
  description:
    "Read properties (visible, enabled, checked, text, value, boundingBox, attributes, computedStyle) of the one element a locator names",
  method: "POST",
  path: "/v1/sessions/:sessionId/element",
  input: ElementInput,
  run: inSession((s, input, sig) => element(s, input, sig)),
});

const ariaOp = defineOp({
  name: "aria",
  readOnly: true,
  description: "A frame, or the element a locator names, as ARIA snapshot YAML or a tree of role/name nodes",
  method: "POST",
  path: "/v1/sessions/:sessionId/aria",
  input: AriaInput,
  run: inSession((s, input, sig) => aria(s, input, sig)),
});

export const OBSERVE_OPS = [contentOp, elementOp, ariaOp];
