/**
 * BAP element refs (`@save`, `@e1k2x9`): derived from an element's identity, kept per page,
 * reusable across calls. An entry remembers the exact node (frame, document, backend node) and
 * Chromium's role/name fingerprint; every use re-checks them and never moves a ref to another
 * node. Pure: no I/O.
 */
import type { Selector } from "./selectors.ts";

export interface Identity {
  testId?: string;
  id?: string;
  ariaLabel?: string;
  role: string;
  name?: string;
  tagName: string;
  parentRole?: string;
  siblingIndex?: number;
}

export interface RefEntry {
  ref: string;
  backendNodeId: number;
  frameId: string;
  loaderId: string;
  /** Chromium's role and name at observation time: the node's fingerprint. */
  axRole: string;
  axName: string;
  identity: Identity;
  selector: Selector;
  cssPath: string;
  lastSeen: number;
}

/** Entries unseen for this long are pruned at the next observation. */
const PRUNE_MS = 60_000;
const MAX_ENTRIES = 2000;

export class RefRegistry {
  readonly url: string;
  readonly entries = new Map<string, RefEntry>();

  constructor(url: string) {
    this.url = url;
  }

  /** Look a ref up, also in the CLI's bare form (`e15` for `@e15`). */
  get(ref: string): RefEntry | undefined {
    return this.entries.get(ref) ?? (ref.startsWith("@") ? undefined : this.entries.get(`@${ref}`));
  }

  prune(now: number): void {
    for (const [ref, e] of this.entries) if (now - e.lastSeen > PRUNE_MS) this.entries.delete(ref);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}

function normalize(text: string | undefined): string {
  return (text ?? "").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 12);
}

/** A 6-character base-36 hash of a string (FNV-1a). */
export function hash6(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 6).toString(36).padStart(6, "0");
}

/** The ref an identity gets before collisions are considered. */
export function baseRef(id: Identity): string {
  for (const source of [id.testId, id.id, id.ariaLabel]) {
    const n = normalize(source);
    if (n) return `@${n}`;
  }
  const key = [id.role, id.name ?? "", id.tagName, id.parentRole ?? "", id.siblingIndex ?? ""].join("|");
  return `@e${hash6(key)}`;
}

/** How alike two identities are, 0..1 (weighted: test id and id 3, label, role and name 2, the rest 1). */
export function similarity(a: Identity, b: Identity): number {
  let matched = 0;
  let possible = 0;
  const field = (x: unknown, y: unknown, weight: number, always = false) => {
    if (!always && x === undefined && y === undefined) return;
    possible += weight;
    if (x === y) matched += weight;
  };
  field(a.testId, b.testId, 3);
  field(a.id, b.id, 3);
  field(a.ariaLabel, b.ariaLabel, 2);
  field(a.role, b.role, 2, true);
  field(a.name, b.name, 2);
  field(a.tagName, b.tagName, 1, true);
  field(a.parentRole, b.parentRole, 1);
  field(a.siblingIndex, b.siblingIndex, 1);
  return possible ? matched / possible : 0;
}

/**
 * Refs for one observation's elements, in order: the base ref, or the base ref suffixed with
 * the element's 1-based position when another element of this observation has it, or when the
 * registry holds it for a different identity. Refs are unique within the observation.
 */
export function assignRefs(
  identities: Identity[],
  previous: ReadonlyMap<string, RefEntry>,
): { ref: string; stable: boolean }[] {
  const used = new Set<string>();
  return identities.map((identity, i) => {
    const base = baseRef(identity);
    const old = previous.get(base);
    let ref = base;
    if (used.has(base) || (old && similarity(old.identity, identity) <= 0.8)) ref = `${base}_${i + 1}`;
    while (used.has(ref)) ref = `${ref}_`;
    used.add(ref);
    const prior = previous.get(ref);
    return { ref, stable: !!prior && similarity(prior.identity, identity) > 0.8 };
  });
}
