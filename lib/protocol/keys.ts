/** Key names for `press`: KeyboardEvent.key names, chords joined by `+` (`Control+A`). */

export const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "ControlOrMeta"]);

const NAMED_KEYS = new Set([
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
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  ...MODIFIERS,
]);

export interface Chord {
  modifiers: string[];
  key: string;
  /** The key would type a character into the focused field. */
  printable: boolean;
}

/** Parse `Control+Shift+A`; returns an error text when a part is not a key. */
export function parseChord(text: string): Chord | { error: string } {
  const parts = text === "+" ? ["+"] : text.split(/\+(?!$)/);
  const key = parts.pop()!;
  for (const m of parts) {
    if (!MODIFIERS.has(m)) return { error: `"${m}" is not a modifier (Shift, Control, Alt, Meta)` };
  }
  if (!(NAMED_KEYS.has(key) || [...key].length === 1)) {
    return { error: `"${key}" is not a key name (e.g. Enter, Tab, ArrowDown, a)` };
  }
  if (outsideKeyboardLayout(key) && parts.some((m) => m !== "Shift")) {
    return { error: `"${key}" can be pressed alone or with Shift, not with ${parts.join("+")}` };
  }
  const modifiers = parts.map((m) =>
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
