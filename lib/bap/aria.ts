/**
 * Accessibility views of a page for `observe/accessibility` (a nested node tree) and
 * `observe/ariaSnapshot` (Playwright-style YAML lines), both from Chromium's accessibility
 * tree of the selected frame. Credential fields never show their values; page text is
 * written quoted on one line, so it cannot pose as structure.
 */
import type { Protocol } from "devtools-protocol";
import type { FrameInfo } from "../driver/page_driver.ts";
import { credentialReason, type FieldFacts } from "../policy/sensitive.ts";
import { notFound, resolve, selectedFrame, type Selector } from "./selectors.ts";
import type { BapState, PageTarget } from "./state.ts";
import { arrayItems, backendOf } from "./world.ts";

type AXNode = Protocol.Accessibility.AXNode;

const FIELDS = `function () { return [...document.querySelectorAll("input, textarea")]; }`;
const FACTS = `function () {
  return this.map((el) => ({
    tag: el.localName, type: el.localName === "input" ? (el.getAttribute("type") || "").toLowerCase() : null,
    autocomplete: el.getAttribute("autocomplete"), name: el.getAttribute("name"), id: el.id || null,
    placeholder: el.getAttribute("placeholder"), ariaLabel: el.getAttribute("aria-label"),
    dataSensitive: el.hasAttribute("data-sensitive"),
  }));
}`;

/** Backend ids of the frame's credential fields (by the same rules as everywhere in Porthole). */
async function sensitiveFields(t: PageTarget, frame: FrameInfo, signal: AbortSignal): Promise<Set<number>> {
  const driver = t.rec.driver;
  const contextId = await driver.world(frame, signal);
  const list = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    functionDeclaration: FIELDS,
    executionContextId: contextId,
    returnByValue: false,
  }, signal);
  const arrayId = list.result.objectId!;
  try {
    const facts = await driver.callOn<(FieldFacts & { dataSensitive: boolean })[]>(
      arrayId,
      FACTS,
      [],
      signal,
    );
    const items = await arrayItems(driver, arrayId, signal);
    const out = new Set<number>();
    for (let i = 0; i < items.length; i++) {
      if (facts[i] && (facts[i].dataSensitive || credentialReason(facts[i]))) {
        out.add(await backendOf(driver, items[i], signal));
      }
      driver.release(items[i]);
    }
    return out;
  } finally {
    driver.release(arrayId);
  }
}

async function capture(state: BapState, t: PageTarget, root: Selector | undefined, signal: AbortSignal) {
  const frame = await selectedFrame(state, t, signal);
  const [ax, sensitive] = await Promise.all([
    t.rec.driver.send<Protocol.Accessibility.GetFullAXTreeResponse>(
      "Accessibility.getFullAXTree",
      { frameId: frame.frameId },
      signal,
    ),
    sensitiveFields(t, frame, signal),
  ]);
  const byId = new Map(ax.nodes.map((n) => [n.nodeId, n]));
  let start = ax.nodes[0];
  if (root) {
    const target = await resolve(state, t, root, signal);
    if (!target) throw notFound(root);
    const node = ax.nodes.find((n) => n.backendDOMNodeId === target.backendNodeId);
    if (!node) throw notFound(root, "The element has no accessibility node");
    start = node;
  }
  return { frame, byId, start, sensitive, title: String(ax.nodes[0]?.name?.value ?? "") };
}

function prop(n: AXNode, name: string): unknown {
  return n.properties?.find((p) => p.name === name)?.value?.value;
}

const TRANSPARENT = new Set(["generic", "none", "presentation", "GenericContainer", "Section", "LabelText"]);
const SKIP = new Set(["InlineTextBox", "ListMarker"]);
const FIELDS_ROLES = new Set(["textbox", "searchbox", "spinbutton"]);

export interface AccessibilityNode {
  role: string;
  name?: string;
  value?: string;
  description?: string;
  checked?: boolean | "mixed";
  disabled?: boolean;
  expanded?: boolean;
  focused?: boolean;
  selected?: boolean;
  required?: boolean;
  level?: number;
  children?: AccessibilityNode[];
}

/** `observe/accessibility`: one root; with interestingOnly, ignored and unnamed generic nodes fold away. */
export async function accessibilityTree(
  state: BapState,
  t: PageTarget,
  opts: { root?: Selector; maxDepth?: number; interestingOnly: boolean },
  signal: AbortSignal,
): Promise<AccessibilityNode> {
  const { byId, start, sensitive } = await capture(state, t, opts.root, signal);
  if (!start) return { role: "none" };
  const convert = (n: AXNode, depth: number, isRoot = false): AccessibilityNode[] => {
    const role = String(n.role?.value ?? "");
    const name = String(n.name?.value ?? "");
    const kids = () =>
      // A field's inner text is its value: shown as `value`, never as children.
      depth >= (opts.maxDepth ?? Infinity) || role === "StaticText" || FIELDS_ROLES.has(role)
        ? []
        : (n.childIds ?? []).flatMap((id) => (byId.has(id) ? convert(byId.get(id)!, depth + 1) : []));
    if (SKIP.has(role)) return [];
    if (!isRoot && opts.interestingOnly && (n.ignored || (TRANSPARENT.has(role) && !name))) return kids();
    const out: AccessibilityNode = { role: role === "StaticText" ? "text" : role };
    if (name) out.name = name;
    const hidden = n.backendDOMNodeId !== undefined && sensitive.has(n.backendDOMNodeId);
    const value = n.value?.value;
    if (value !== undefined && value !== "" && !hidden) out.value = String(value);
    if (n.description?.value) out.description = String(n.description.value);
    const checked = prop(n, "checked");
    if (checked !== undefined) {
      out.checked = checked === "mixed" ? "mixed" : checked === "true" || checked === true;
    }
    for (const flag of ["disabled", "expanded", "focused", "selected", "required"] as const) {
      const v = prop(n, flag);
      if (v !== undefined) out[flag] = v === true || v === "true";
    }
    const level = prop(n, "level");
    if (typeof level === "number") out.level = level;
    const children = kids();
    if (children.length) out.children = children;
    return [out];
  };
  return convert(start, 0, true)[0] ?? { role: "none" };
}

/** Page text as one quoted YAML line. */
// deno-lint-ignore no-control-regex
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function q(text: string): string {
  return JSON.stringify(text.replace(BREAKS, " ").replace(/\s+/g, " ").trim());
}

/** `observe/ariaSnapshot`: the frame, or one element's subtree (the element included), as YAML. */
export async function ariaSnapshot(
  state: BapState,
  t: PageTarget,
  sel: Selector | undefined,
  signal: AbortSignal,
) {
  const { frame, byId, start, sensitive, title } = await capture(state, t, sel, signal);
  const lines: string[] = [];
  const emit = (n: AXNode, depth: number) => {
    if (depth > 20) return;
    const role = String(n.role?.value ?? "");
    if (SKIP.has(role)) return;
    const kids = (n.childIds ?? []).map((id) => byId.get(id)).filter((c): c is AXNode => !!c);
    const name = String(n.name?.value ?? "").trim();
    if (role === "StaticText" || role === "text") {
      if (!n.ignored && name) lines.push(`${"  ".repeat(depth)}- text: ${q(name)}`);
      return;
    }
    if (n.ignored || (TRANSPARENT.has(role) && !name) || role === "RootWebArea" || role === "LineBreak") {
      for (const c of kids) emit(c, depth);
      return;
    }
    let head = `${"  ".repeat(depth)}- ${role}`;
    if (name) head += ` ${q(name)}`;
    const level = prop(n, "level");
    if (role === "heading" && typeof level === "number") head += ` [level=${level}]`;
    const checked = prop(n, "checked");
    if (checked === "true" || checked === true) head += " [checked]";
    else if (checked === "mixed") head += " [checked=mixed]";
    for (const flag of ["disabled", "expanded", "selected", "pressed"]) {
      const v = prop(n, flag);
      if (v === true || v === "true") head += ` [${flag}]`;
    }
    const hidden = n.backendDOMNodeId !== undefined && sensitive.has(n.backendDOMNodeId);
    const value = String(n.value?.value ?? "");
    if (FIELDS_ROLES.has(role)) {
      lines.push(value && !hidden ? `${head}: ${q(value)}` : head);
      return;
    }
    const at = lines.push(head) - 1;
    for (const c of kids) emit(c, depth + 1);
    const added = lines.length - at - 1;
    const only = added === 1 ? /^\s*- text: (.*)$/.exec(lines[at + 1]) : null;
    if (only && JSON.parse(only[1]) === name) lines.length = at + 1;
    else if (only) {
      lines.length = at + 1;
      lines[at] += `: ${only[1]}`;
    } else if (added > 0) lines[at] += ":";
  };
  if (start) {
    if (sel) emit(start, 0);
    else for (const id of start.childIds ?? []) if (byId.has(id)) emit(byId.get(id)!, 0);
  }
  return { snapshot: lines.join("\n") + (lines.length ? "\n" : ""), url: frame.url, title };
}
