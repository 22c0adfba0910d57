/**
 * Page text made safe for one snapshot line. Everything taken from the page (names, text,
 * values, link targets) is untrusted: it is cleaned of anything a reader could take for a line
 * break and written so that it can never look like Porthole's own `[ref=…]` marker. Pure.
 */

/** Longest name, text or value shown on one line, in UTF-16 units (the rest becomes `…`). */
export const MAX_TEXT = 2000;

// Every character some reader treats as a line or record break (C0, DEL, C1 incl. NEL,
// U+2028/2029), so page text can never start a line of its own.
// deno-lint-ignore no-control-regex
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text that is not printable ASCII as it stands: a non-ASCII or control character, or spaces to collapse. */
const NOT_PLAIN = /[^\x20-\x7e]|^ | $| {2}/;

/** Page text made safe for one line: well-formed, no breaks, whitespace collapsed, bounded. */
export function cleanText(text: string): string {
  // Printable ASCII without a leading, trailing or doubled space is clean already (most names and text).
  if (text.length <= MAX_TEXT && !NOT_PLAIN.test(text)) return text;
  let out = text.toWellFormed().replace(BREAKING, " ").replace(/\s+/g, " ").trim();
  if (out.length > MAX_TEXT) {
    let cut = MAX_TEXT;
    const last = out.charCodeAt(cut - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut--;
    out = out.slice(0, cut) + "…";
  }
  return out;
}

/** A `[` that would open something looking like Porthole's ref marker. */
const REF_LOOKALIKE = /\[(?=\s*ref)/gi;

/** A JSON (and YAML) double-quoted string of clean text that cannot pass for a ref marker. */
export function quote(clean: string): string {
  return JSON.stringify(clean).replace(REF_LOOKALIKE, "\\u005b");
}

/** Clean text as a YAML value: plain when that reads the same, quoted otherwise. */
export function yamlText(clean: string): string {
  if (
    clean === "" ||
    /^[\-?:,[\]{}#&*!|>'"%@`]|: | #|:$|\[\s*ref/i.test(clean) ||
    /^(true|false|yes|no|on|off|null|~|[-+]?(\.?\d[\d._]*([eE][-+]?\d+)?|0x[\da-f]+|\.inf|\.nan))$/i.test(
      clean,
    )
  ) {
    return quote(clean);
  }
  return clean;
}

/** The UTF-8 size of a string in bytes, without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2;
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}
