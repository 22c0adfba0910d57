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
export interface NetworkEntry {
  seq: number;
  method: string;
  resourceType: string;
  status: number | null;
  url: string;
  failed?: boolean;
}
export type DiagEntry = ConsoleEntry | ErrorEntry | NetworkEntry;

export const RING_SIZE = 256;
export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_TEXT = 4096;

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
      level,
      text: text.slice(0, MAX_TEXT),
      url,
      line,
    }));
  }
  error(message: string, url?: string): void {
    this.#rings.errors.push((seq) => ({
      seq,
      time: new Date().toISOString(),
      message: message.slice(0, MAX_TEXT),
      url,
    }));
  }
  network(entry: Omit<NetworkEntry, "seq">): void {
    this.#rings.network.push((seq) => ({ seq, ...entry }));
  }

  /** Entries after `afterSeq` (default: the oldest kept), at most `limit` and 64 KiB. */
  read(kind: DiagKind, limit: number, afterSeq?: number): InspectResult {
    const ring = this.#rings[kind];
    const oldest = ring.items[0]?.seq ?? ring.seq + 1;
    const after = afterSeq ?? oldest - 1;
    const dropped = afterSeq !== undefined && after < oldest - 1 ? oldest - 1 - after : 0;
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
    const nextSeq = entries.length ? entries[entries.length - 1].seq : Math.max(after, 0);
    const result: InspectResult = { entries, nextSeq, dropped };
    if (truncated) result.truncated = true;
    return result;
  }
}
