/**
 * Keys for `press` and `type`: KeyboardEvent.key names, chords joined by `+` (`Control+A`),
 * and how a text is typed, one user-perceived character at a time.
 */

export const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "ControlOrMeta"]);

const NAMED_KEYS = [
  "Enter",
  "Tab",
  "Escape",
  "Backspace",
  "Delete",
  "Insert",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Space",
  "ContextMenu",
  "CapsLock",
  "NumLock",
  "ScrollLock",
  "Pause",
  "PrintScreen",
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
  ...MODIFIERS,
];

/** Named keys by their lowercase spelling, so `enter` and `ENTER` are Enter. */
const BY_LOWER = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));

/** Spellings agents commonly use for a key or modifier (lowercase) → the KeyboardEvent.key name. */
const ALIASES: Record<string, string> = {
  ctrl: "Control",
  control: "Control",
  cmd: "Meta",
  command: "Meta",
  super: "Meta",
  win: "Meta",
  option: "Alt",
  opt: "Alt",
  esc: "Escape",
  return: "Enter",
  del: "Delete",
  ins: "Insert",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
  spacebar: "Space",
  pgup: "PageUp",
  pgdn: "PageDown",
};

export interface Chord {
  modifiers: string[];
  key: string;
  /** The key would type a character into the focused field. */
  printable: boolean;
}

/** A key name as written (`enter`, `Esc`, `Ctrl`) → its KeyboardEvent.key name, or null. */
function keyName(part: string): string | null {
  if ([...part].length === 1) return part; // a character is itself, case and all
  const lower = part.toLowerCase();
  return ALIASES[lower] ?? BY_LOWER.get(lower) ?? null;
}

/** Parse `Control+Shift+A`; returns an error text when a part is not a key. */
export function parseChord(text: string): Chord | { error: string } {
  const parts = text === "+" ? ["+"] : text.split(/\+(?!$)/);
  const last = parts.pop()!;
  const mods: string[] = [];
  for (const m of parts) {
    const name = keyName(m);
    if (!name || !MODIFIERS.has(name)) {
      return { error: `"${m}" is not a modifier (Shift, Control, Alt, Meta)` };
    }
    mods.push(name);
  }
  const key = keyName(last);
  if (!key) return { error: `"${last}" is not a key name (e.g. Enter, Tab, ArrowDown, a)` };
  if (outsideKeyboardLayout(key) && mods.some((m) => m !== "Shift")) {
    return { error: `"${key}" can be pressed alone or with Shift, not with ${parts.join("+")}` };
  }
  const modifiers = mods.map((m) =>
    m === "ControlOrMeta" ? (Deno.build.os === "darwin" ? "Meta" : "Control") : m
  );
  const printable = ([...key].length === 1 || key === "Space") &&
    !modifiers.some((m) => m === "Control" || m === "Meta" || m === "Alt");
  return { modifiers, key: key === "Space" ? " " : key, printable };
}

/** A single character that no key of the US keyboard layout produces (é, €, 日): typed as text. */
export function outsideKeyboardLayout(key: string): boolean {
  return [...key].length === 1 && !/^[\x20-\x7e]$/.test(key);
}

/** One step of typing: a key of the US layout pressed, or a character entered as text (no IME). */
export type Keystroke = { key: string } | { text: string };

/** Made on first use: loading the segmenter's data costs a cold start about 15 ms. */
let graphemes: Intl.Segmenter | null = null;

/**
 * How `type` enters a text: one step per user-perceived character. Characters of the US layout
 * are real key presses (keydown, keypress, input, keyup); a line break is Enter; anything else
 * (é, 日本, emoji, RTL letters, a tab) is entered as text, the way an input method commits it.
 */
export function keystrokes(text: string): Keystroke[] {
  const out: Keystroke[] = [];
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of graphemes.segment(text)) {
    if (segment === "\n" || segment === "\r\n" || segment === "\r") out.push({ key: "Enter" });
    else if (/^[\x20-\x7e]$/.test(segment)) out.push({ key: segment });
    else out.push({ text: segment });
  }
  return out;
}
