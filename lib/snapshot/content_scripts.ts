/**
 * In-page functions for reading a document whole (BAP `observe/dom`, `observe/content`), run in
 * Porthole's isolated world.
 * The document is serialized by walking it (never cloned, so no page code runs); URLs in
 * href/src/action attributes and Markdown links come out as placeholders the caller replaces
 * with redacted URLs; the values of credential fields, sensitive data attributes and JWTs
 * are replaced.
 */

import { FIELD_FACTS } from "./page_lib.ts";

/** Facts of every input and textarea, in document order, for the credential rule. */
export const FIELD_LIST = `function () {
  const facts = ${FIELD_FACTS};
  // No accessible name here: the rule reads the field's labels (labelText) instead.
  return [...document.querySelectorAll("input, textarea")].map((el) => facts.call(el));
}`;

const COMMON = `
  const urls = [];
  const url = (raw) => {
    let abs = raw;
    try { abs = new URL(raw, document.baseURI).href; } catch (_) {}
    urls.push(abs);
    return "\\u0000URL" + (urls.length - 1) + "\\u0000";
  };
`;

/** Serialize the document: `(redact)` → {html, urls}; `redact` is the list of field indices to mask. */
export const SERIALIZE = `function (redact) {
  ${COMMON}
  const VOID = new Set(["area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr"]);
  const RAW = new Set(["script","style","xmp","iframe","noembed","noframes","plaintext","noscript"]);
  const SECRET_ATTRS = new Set(["data-password","data-secret","data-token","data-api-key","data-credential","data-auth"]);
  const URL_ATTRS = new Set(["href","src","action","formaction","poster","cite"]);
  const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const escAttr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const fields = [...document.querySelectorAll("input, textarea")];
  const masked = new Set(redact.map((i) => fields[i]));
  const out = [];
  const walk = (node, rawText) => {
    if (node.nodeType === 3) { out.push(rawText ? node.data : esc(node.data)); return; }
    if (node.nodeType === 8) { out.push("<!--" + node.data + "-->"); return; }
    if (node.nodeType === 10) { out.push("<!DOCTYPE " + node.name + ">"); return; }
    if (node.nodeType !== 1) return;
    const tag = node.localName;
    out.push("<" + tag);
    for (const a of node.attributes) {
      let v = a.value;
      if (SECRET_ATTRS.has(a.name) || (masked.has(node) && a.name === "value")) v = "[REDACTED]";
      else if (URL_ATTRS.has(a.name) && v.trim() !== "" && !/^(#|javascript:)/i.test(v.trim())) v = url(v);
      out.push(" " + a.name + '="' + escAttr(v) + '"');
    }
    out.push(">");
    if (VOID.has(tag)) return;
    if (masked.has(node) && tag === "textarea") out.push("[REDACTED]");
    else {
      const kids = tag === "template" ? node.content.childNodes : node.childNodes;
      for (const k of kids) walk(k, RAW.has(tag));
    }
    out.push("</" + tag + ">");
  };
  for (const n of document.childNodes) walk(n, false);
  const html = out.join("").replace(/eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*/g, "[REDACTED_JWT]");
  return { html, urls, text: document.body ? document.body.innerText : "", title: document.title };
}`;

/** A light HTML → Markdown conversion of the body (headings, paragraphs, links, emphasis, lists). */
export const MARKDOWN = `function () {
  ${COMMON}
  const SKIP = new Set(["script","style","noscript","template","head","svg","canvas"]);
  const inline = (node) => {
    if (node.nodeType === 3) return node.data.replace(/\\s+/g, " ");
    if (node.nodeType !== 1 || SKIP.has(node.localName)) return "";
    const inner = [...node.childNodes].map(inline).join("");
    switch (node.localName) {
      case "a": { const h = node.getAttribute("href"); return h && !/^(#|javascript:)/i.test(h) ? "[" + inner.trim() + "](" + url(h) + ")" : inner; }
      case "strong": case "b": return inner.trim() ? "**" + inner.trim() + "**" : "";
      case "em": case "i": return inner.trim() ? "*" + inner.trim() + "*" : "";
      case "br": return "\\n";
      default: return block(node);
    }
  };
  const BLOCKS = new Set(["p","div","section","article","main","header","footer","nav","aside","ul","ol","li","h1","h2","h3","h4","h5","h6","table","tr","form","blockquote","pre"]);
  const block = (node) => {
    const tag = node.localName;
    const text = [...node.childNodes].map(inline).join("");
    const t = text.replace(/[ \\t]+\\n/g, "\\n").trim();
    if (!t) return "";
    const m = /^h([1-6])$/.exec(tag);
    if (m) return "\\n\\n" + "#".repeat(Number(m[1])) + " " + t.replace(/\\s+/g, " ") + "\\n\\n";
    if (tag === "li") return "\\n- " + t + "\\n";
    if (BLOCKS.has(tag)) return "\\n\\n" + t + "\\n\\n";
    return text;
  };
  const body = document.body ? block(document.body) : "";
  const markdown = body.replace(/\\n{3,}/g, "\\n\\n").trim();
  return { markdown, urls, title: document.title };
}`;
