/** A page's console, error and network rings: the latest 256 of each, paged by sequence number. */

export type DiagKind = "console" | "errors" | "network";

export interface ConsoleEntry {
  seq: number;
  time: string;
  level: string;
  text: string;
  url?: string;
  line?: number;
}
export interface ErrorEntry {
  seq: number;
  time: string;
  message: string;
  url?: string;
}
/** What a request leaves behind: never headers, bodies, cookies or timings. */
export interface NetworkEntry {
  seq: number;
  method: string;
  resourceType: string;
  /** The response status; null when no response came (failed, blocked, cancelled). */
  status: number | null;
  /** The redacted URL. */
  url: string;
}
export type DiagEntry = ConsoleEntry | ErrorEntry | NetworkEntry;

export const RING_SIZE = 256;
export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_TEXT = 4096;
const MAX_URL = 2048;
const MAX_WORD = 64;

/** Cut a string to `max` UTF-16 units without leaving half a surrogate pair, marking the cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + "…";
}

class Ring<T extends { seq: number }> {
  items: T[] = [];
  seq = 0;
  push(make: (seq: number) => T): void {
    this.items.push(make(++this.seq));
    if (this.items.length > RING_SIZE) this.items.shift();
  }
}

export interface InspectResult {
  entries: DiagEntry[];
  nextSeq: number;
  dropped: number;
  truncated?: boolean;
}

export class Diagnostics {
  #rings: Record<DiagKind, Ring<DiagEntry>> = {
    console: new Ring(),
    errors: new Ring(),
    network: new Ring(),
  };

  console(level: string, text: string, url?: string, line?: number): void {
    this.#rings.console.push((seq) => ({
      seq,
      time: new Date().toISOString(),
      level: cut(level, MAX_WORD),
      text: cut(text, MAX_TEXT),
      url: url === undefined ? undefined : cut(url, MAX_URL),
      line,
    }));
  }
  error(message: string, url?: string): void {
    this.#rings.errors.push((seq) => ({
      seq,
      time: new Date().toISOString(),
      message: cut(message, MAX_TEXT),
      url: url === undefined ? undefined : cut(url, MAX_URL),
    }));
  }
  /** Record a request. Only these four facts are kept, whatever else the caller knows. */
  network(entry: Omit<NetworkEntry, "seq"> & { failed?: boolean }): void {
    const { method, resourceType, status, url } = entry;
    this.#rings.network.push((seq) => ({
      seq,
      method: cut(method, MAX_WORD),
      resourceType: cut(resourceType, MAX_WORD),
      status,
      url: cut(url, MAX_URL),
    }));
  }

  /** The sequence number of the newest entry of a kind (0 before any). */
  lastSeq(kind: DiagKind): number {
    return this.#rings[kind].seq;
  }

  /**
   * Entries after `afterSeq` (default 0: from the oldest kept), at most `limit` and 64 KiB.
   * `dropped` counts entries after `afterSeq` that the ring no longer holds; `nextSeq` is the
   * `afterSeq` of the next page.
   */
  read(kind: DiagKind, limit: number, afterSeq = 0): InspectResult {
    const ring = this.#rings[kind];
    const oldest = ring.items[0]?.seq ?? ring.seq + 1;
    const after = afterSeq;
    const dropped = after < oldest - 1 ? oldest - 1 - after : 0;
    const entries: DiagEntry[] = [];
    let bytes = 2;
    let truncated = false;
    for (const e of ring.items) {
      if (e.seq <= after) continue;
      if (entries.length >= limit) break;
      const size = new TextEncoder().encode(JSON.stringify(e)).length + 1;
      if (bytes + size > MAX_RESPONSE_BYTES - 256) {
        truncated = true;
        break;
      }
      bytes += size;
      entries.push(e);
    }
    // With nothing to return the cursor moves to the newest entry, also from a cursor past it.
    const nextSeq = entries.length
      ? entries[entries.length - 1].seq
      : Math.min(Math.max(after, oldest - 1), ring.seq);
    const result: InspectResult = { entries, nextSeq, dropped };
    if (truncated) result.truncated = true;
    return result;
  }
}
