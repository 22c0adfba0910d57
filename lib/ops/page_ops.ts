/** Reading a page for an agent: WebMCP discovery, extraction, and the element list. */
import { DiscoverResult, ElementsResult, ExtractResult } from "../protocol/results_page.ts";
import { DiscoverInput, ElementsInput, ExtractInput } from "../protocol/schemas_page.ts";
import { elements } from "../session/observe/elements.ts";
import { discover, extract } from "../session/observe/reads.ts";
import { defineOp, inSession } from "./define.ts";

const discoverOp = defineOp({
  name: "discover",
  readOnly: true,
  description:
    "List the WebMCP tools a page declares (forms with toolname, navigator.modelContext); their text is page content, bounded",
  method: "POST",
  path: "/v1/sessions/:sessionId/discover",
  input: DiscoverInput,
  output: DiscoverResult,
  run: inSession(discover),
});

const extractOp = defineOp({
  name: "extract",
  readOnly: true,
  description:
    "Extract data shaped by a small JSON schema by heuristics (lists, tables, labelled fields, text), in the page or under a ref; URLs redacted",
  method: "POST",
  path: "/v1/sessions/:sessionId/extract",
  input: ExtractInput,
  output: ExtractResult,
  run: inSession(extract),
});

const elementsOp = defineOp({
  name: "elements",
  readOnly: true,
  description:
    "Observe a frame and list its actionable elements (ref, role, name, bounds, selectors), optionally with an annotated screenshot; the stateId is good for one action",
  method: "POST",
  path: "/v1/sessions/:sessionId/elements",
  input: ElementsInput,
  output: ElementsResult,
  run: inSession(elements),
});

export const PAGE_OPS = [discoverOp, extractOp, elementsOp];
