/**
 * Extraction by heuristics (no model): structured data shaped like a small JSON schema, read
 * from lists of repeated items, tables, labelled fields, or plain text, in a frame's document
 * or under one element. Every URL in the data is redacted.
 */
import { redactDeep } from "../../policy/redact_deep.ts";
import { callInFrame, callOnIn, type FrameDoor, onElementIn } from "../core/frame_doors.ts";

const EXTRACT = `function (schema, mode, scoped) {
  const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
  const textOf = (el) => norm(el.innerText !== undefined ? el.innerText : el.textContent);
  let root = scoped ? this : null;
  if (!root) {
    for (const s of ["main", "[role=main]", "#content", ".content", "#main", ".page", ".container", "[role=document]"]) {
      const el = document.querySelector(s);
      if (el && textOf(el).length > 100) { root = el; break; }
    }
    root = root || document.body;
  }
  const path = (el) => {
    const steps = [];
    for (let n = el; n && n.nodeType === 1 && n !== document.documentElement; n = n.parentElement) {
      const p = n.parentElement;
      steps.unshift(p ? n.localName + ":nth-child(" + ([...p.children].indexOf(n) + 1) + ")" : n.localName);
    }
    return steps.join(" > ");
  };
  const coerce = (v, type) => {
    if (v === null || v === undefined) return null;
    if (type === "number") { const m = String(v).replace(/,/g, "").match(/-?\\d+(\\.\\d+)?/); return m ? parseFloat(m[0]) : null; }
    if (type === "boolean") return /^(true|yes|1|in stock|available)$/i.test(norm(v));
    return norm(v);
  };
  const PRICE = /[$€£¥]\\s?\\d[\\d.,]*|\\d[\\d.,]*\\s?[$€£¥]/;
  const field = (item, key, spec) => {
    const k = key.toLowerCase();
    const byClass = item.querySelector('[class*="' + CSS.escape(k) + '" i], [data-' + CSS.escape(k) + '], [itemprop="' + CSS.escape(k) + '"]');
    if (byClass) return coerce(byClass.getAttribute("data-" + k) || textOf(byClass), spec.type);
    if (/title|name/.test(k)) { const h = item.querySelector("h1,h2,h3,h4,h5,h6,a,strong"); if (h) return coerce(textOf(h), spec.type); }
    if (/price|cost|amount/.test(k)) { const m = textOf(item).match(PRICE); if (m) return coerce(m[0], spec.type); }
    if (/url|link|href/.test(k)) { const a = item.querySelector("a[href]"); if (a) return a.href; }
    if (/image|img|thumbnail/.test(k)) { const i = item.querySelector("img[src]"); if (i) return i.src; }
    return null;
  };
  const itemsSpec = schema.items || {};
  const sources = [];
  const itemValue = (el) => {
    if (itemsSpec.type === "object" && itemsSpec.properties) {
      const o = {};
      for (const [key, spec] of Object.entries(itemsSpec.properties)) o[key] = field(el, key, spec || {});
      return o;
    }
    return coerce(textOf(el), itemsSpec.type || "string");
  };
  if (mode !== "table" && (schema.type === "array" || mode === "list")) {
    const PATTERNS = ["article", "[role=listitem]", ".product", ".card", ".item", ".listing", ".result", ".entry", ".post",
      "[class*=product]", "[class*=card]", "[class*=item]", "table tbody tr", "ol li", "ul li"];
    for (const p of PATTERNS) {
      const found = [...root.querySelectorAll(p)].filter((el) => { const r = el.getBoundingClientRect(); return r.width >= 10 && r.height >= 10; });
      if (found.length >= 2) {
        const items = found.slice(0, 100);
        items.forEach((el) => sources.push({ selector: path(el), text: textOf(el).slice(0, 200) }));
        return { data: items.map(itemValue), confidence: 0.8, sources };
      }
    }
    return { data: [], confidence: 0.3, sources };
  }
  if (mode === "table") {
    const table = root.querySelector("table");
    if (!table) return { data: [], confidence: 0.3, sources };
    const headers = [...table.querySelectorAll("th")].map((th) => textOf(th).toLowerCase());
    const rows = [...table.querySelectorAll("tbody tr")].filter((tr) => tr.querySelector("td")).slice(0, 100);
    const keys = itemsSpec.properties ? Object.keys(itemsSpec.properties) : null;
    const data = rows.map((tr) => {
      const cells = [...tr.querySelectorAll("td")].map(textOf);
      const o = {};
      if (keys) for (const k of keys) { const i = headers.findIndex((h) => h.includes(k.toLowerCase())); o[k] = i >= 0 ? coerce(cells[i], itemsSpec.properties[k].type) : null; }
      else cells.forEach((c, i) => { o[headers[i] || "col" + i] = c; });
      sources.push({ selector: path(tr), text: cells.join(" ").slice(0, 200) });
      return o;
    });
    return { data, confidence: data.length ? 0.8 : 0.3, sources };
  }
  if (schema.type === "object" && schema.properties) {
    const o = {};
    let found = 0;
    for (const [key, spec] of Object.entries(schema.properties)) {
      const k = key.toLowerCase();
      const d = (spec && spec.description || "").toLowerCase();
      let v = null;
      for (const lab of root.querySelectorAll("label, th, dt, [class]")) {
        const t = textOf(lab).toLowerCase();
        const cls = typeof lab.className === "string" ? lab.className.toLowerCase() : "";
        if (lab.matches("label, th, dt") && (t === k || t.replace(/:$/, "") === k || (d && t.includes(d)))) {
          const next = lab.nextElementSibling || (lab.control || null);
          if (next) { v = coerce("value" in next && next.localName !== "li" ? next.value : textOf(next), spec.type); break; }
        } else if (cls.split(/\\s+/).includes(k)) { v = coerce(textOf(lab), spec.type); break; }
      }
      if (v === null && /title|name/.test(k)) v = document.title;
      if (v === null && k === "description") { const m = document.querySelector('meta[name="description"]'); if (m) v = m.content; }
      if (v === null && k === "url") v = location.origin + location.pathname;
      if (v !== null) found++;
      o[key] = v;
    }
    if (!found) return { data: { raw: textOf(root).slice(0, 1000) }, confidence: 0.2, sources };
    return { data: o, confidence: 0.7, sources };
  }
  return { data: coerce(textOf(root).slice(0, 5000), schema.type), confidence: 0.5, sources };
}`;

export type ExtractMode = "single" | "list" | "table";

export interface Extracted {
  data: unknown;
  confidence: number;
  /** The elements items were read from: a CSS path and the start of their text. */
  sources: { selector: string; text: string }[];
}

/**
 * Read `schema`'s shape from `scope`: a frame's whole document (its main content when it has
 * one), an element by backend node in a frame, or an element Porthole holds (`objectId`, in
 * Porthole's world of the door's frame; the caller releases it). Read on the frame's own target,
 * so a cross-site frame reads as a same-origin one. Null when the element left the document.
 */
export async function extractData(
  scope: { door: FrameDoor; backendNodeId?: number } | { door: FrameDoor; objectId: string },
  spec: { schema: Record<string, unknown>; mode: ExtractMode },
  signal?: AbortSignal,
): Promise<Extracted | null> {
  const scoped = [spec.schema, spec.mode, true];
  const r = "objectId" in scope
    ? await callOnIn<Extracted>(scope.door, scope.objectId, EXTRACT, scoped, signal)
    : scope.backendNodeId !== undefined
    ? await onElementIn<Extracted | null>(
      scope.door,
      scope.backendNodeId,
      null,
      (call) => call<Extracted>(EXTRACT, scoped),
      signal,
    )
    : await callInFrame<Extracted>(scope.door, EXTRACT, [spec.schema, spec.mode, false], signal);
  if (!r) return null;
  return {
    data: redactDeep(r.data),
    confidence: r.confidence,
    sources: redactDeep(r.sources) as Extracted["sources"],
  };
}
