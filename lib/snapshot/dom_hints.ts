/**
 * Reading a `DOMSnapshot.captureSnapshot` result (computed style `cursor`) into the hints the
 * ARIA snapshot needs: click handlers, pointer cursors, link targets and credential fields.
 * Pure: works on the CDP result object.
 */
import type { Protocol } from "devtools-protocol";
import { credentialReason } from "../policy/sensitive.ts";
import type { AXNodeLike, DomHints } from "./ax_tree.ts";

export const SNAPSHOT_STYLES = ["cursor"];

export function domHints(
  snap: Protocol.DOMSnapshot.CaptureSnapshotResponse,
  frameId: string,
  axNodes: AXNodeLike[],
): DomHints {
  const hints: DomHints = {
    clickable: new Set(),
    pointer: new Set(),
    hrefs: new Map(),
    sensitive: new Set(),
  };
  const s = snap.strings;
  const doc = snap.documents.find((d) => s[d.frameId] === frameId);
  if (!doc) return hints;
  const nodes = doc.nodes;
  const backend = nodes.backendNodeId ?? [];
  const parent = nodes.parentIndex ?? [];
  const names = nodes.nodeName ?? [];
  const types = nodes.nodeType ?? [];
  for (const i of nodes.isClickable?.index ?? []) hints.clickable.add(backend[i]);

  const cursor = new Map<number, string>();
  const layout = doc.layout;
  for (let j = 0; j < layout.nodeIndex.length; j++) {
    const styleIdx = layout.styles[j]?.[0];
    if (styleIdx !== undefined) cursor.set(layout.nodeIndex[j], s[styleIdx]);
  }
  const parentElementCursor = (i: number): string | undefined => {
    for (let p = parent[i]; p !== undefined && p >= 0; p = parent[p]) {
      if (types[p] === 1) return cursor.get(p);
    }
    return undefined;
  };

  const axName = new Map<number, string>();
  for (const n of axNodes) {
    if (n.backendDOMNodeId !== undefined && typeof n.name?.value === "string") {
      axName.set(n.backendDOMNodeId, n.name.value);
    }
  }

  const base = s[doc.baseURL] || s[doc.documentURL];
  for (let i = 0; i < backend.length; i++) {
    if (types[i] !== 1) continue;
    if (cursor.get(i) === "pointer" && parentElementCursor(i) !== "pointer") hints.pointer.add(backend[i]);
    const tag = s[names[i]]?.toLowerCase();
    if (tag !== "a" && tag !== "area" && tag !== "input" && tag !== "textarea" && tag !== "select") continue;
    const attrs = new Map<string, string>();
    const list = nodes.attributes?.[i] ?? [];
    for (let k = 0; k + 1 < list.length; k += 2) attrs.set(s[list[k]].toLowerCase(), s[list[k + 1]]);
    if ((tag === "a" || tag === "area") && attrs.has("href")) {
      try {
        hints.hrefs.set(backend[i], new URL(attrs.get("href")!, base).href);
      } catch { /* unresolvable href: no /url line */ }
    } else if (tag !== "a" && tag !== "area") {
      const reason = credentialReason({
        tag,
        type: attrs.get("type"),
        autocomplete: attrs.get("autocomplete"),
        name: attrs.get("name"),
        id: attrs.get("id"),
        placeholder: attrs.get("placeholder"),
        ariaLabel: attrs.get("aria-label"),
        accessibleName: axName.get(backend[i]),
      });
      if (reason) hints.sensitive.add(backend[i]);
    }
  }
  return hints;
}
