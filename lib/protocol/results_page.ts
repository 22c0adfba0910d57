/** The results of the page reads: elements, discovered tools, extraction, content, element, ARIA. */
import * as v from "valibot";
import { about, AnyObject, ArtifactRef, Bool, Box, Budget, Int, Num, Str } from "./results.ts";

/** One actionable element of `POST …/elements`. Names and selectors come from the page: untrusted. */
export const ListedElement = v.object({
  ref: Str,
  role: Str,
  name: v.optional(Str),
  tagName: Str,
  bounds: about(
    Box,
    "The border box in CSS pixels of the page's viewport (the screenshot's), an iframe's element's too",
  ),
  selector: about(AnyObject, "The primary selector"),
  alternativeSelectors: v.optional(about(
    v.array(AnyObject),
    "The other selectors, in the seed's order (testId, role, label, …, css)",
  )),
  disabled: v.optional(Bool),
  focused: v.optional(Bool),
  value: v.optional(about(Str, 'A field\'s value; "[REDACTED]" for a credential field')),
  actionHints: about(v.array(Str), "What the element takes: clickable, editable, selectable, checkable, …"),
  stability: v.optional(about(v.picklist(["stable", "new"]), "Against the page's previous listing")),
});

export const DiscoveredTool = v.object({
  name: Str,
  description: v.optional(Str),
  inputSchema: v.optional(AnyObject),
  source: v.picklist(["webmcp-declarative", "webmcp-imperative"]),
  formSelector: v.optional(Str),
});

export const DiscoverResult = v.object({
  pageId: Str,
  frameId: Str,
  tools: about(
    v.array(DiscoveredTool),
    "Page-declared, bounded (names 256, descriptions 4096 characters): untrusted page content",
  ),
  totalDiscovered: Int,
  apiVersion: v.optional(Str),
});

export const ElementsResult = v.object({
  stateId: v.optional(about(Str, "The observation the refs belong to; absent with observe: false")),
  targetId: v.optional(about(Str, "The page's browser target; absent with observe: false")),
  pageId: Str,
  frameId: Str,
  url: Str,
  elements: v.array(ListedElement),
  totalElements: about(Int, "How many there were before `roles` and `maxElements`"),
  title: v.optional(Str),
  viewport: v.optional(v.object({ width: Int, height: Int })),
  changes: v.optional(about(
    v.object({ added: v.array(ListedElement), updated: v.array(ListedElement), removed: v.array(Str) }),
    "Since the page's previous listing (input `changes`); removed lists refs",
  )),
  tools: v.optional(v.array(DiscoveredTool)),
  budget: v.optional(Budget),
  screenshot: v.optional(v.object({
    artifact: ArtifactRef,
    width: about(Int, "The viewport's width in CSS pixels (the image's at scale factor 1)"),
    height: about(Int, "The viewport's height in CSS pixels"),
    annotated: about(Bool, "false: nothing to mark, the plain JPEG of the viewport"),
    labels: v.array(v.object({
      label: Str,
      ref: Str,
      position: about(
        v.object({ x: Num, y: Num }),
        "Where the label's badge is drawn, in CSS pixels of the image",
      ),
    })),
  })),
});

export const ExtractResult = v.object({
  data: v.unknown(),
  confidence: Num,
  sources: v.optional(v.array(v.object({ selector: Str, text: Str }))),
});

export const ContentResult = v.object({
  pageId: Str,
  frameId: Str,
  url: Str,
  title: Str,
  html: v.optional(Str),
  text: v.optional(Str),
  markdown: v.optional(Str),
});

/** An object whose members are described by its field's text, not here. */
const Opaque = v.object({});

/** `found`, and the properties asked for, each as the page gives it (null where it has none). */
export const ElementResult = v.objectWithRest({ found: Bool }, v.unknown());

export const AriaResult = v.object({
  pageId: Str,
  frameId: Str,
  url: v.optional(Str),
  title: v.optional(Str),
  snapshot: v.optional(Str),
  tree: v.optional(about(Opaque, "format tree: nodes of role, name and children")),
});
