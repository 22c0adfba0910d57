/** Porthole's ids: a prefix and 14 random base-36 characters (no schema library: a leaf every part may load). */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  const text = Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 14);
  return `${prefix}_${text}`;
}
