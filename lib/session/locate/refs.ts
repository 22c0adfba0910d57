/** The pure part of `locate`: reading core refs and finding them in a state. No I/O. */
import type { RefTarget } from "../../snapshot/render.ts";
import type { StateRecord } from "../core/states.ts";

/** A ref as the state keys it: `@e5`, also from the bare form `e5` that CLIs print. */
export function coreRef(ref: string): string {
  return ref.startsWith("@") ? ref : `@${ref}`;
}

const REF = /^@(f\d+)?e(\d+)$/;

function prefixOf(ref: string): string | null {
  const m = REF.exec(ref);
  return m ? m[1] ?? "" : null;
}

/**
 * Where a well-formed ref the state may lack would live: its frame, that document's registry
 * token and the element's number. Null when the ref is malformed or its frame is not observed.
 */
export function refParts(
  state: StateRecord,
  ref: string,
): { frameId: string; token: string; n: number } | null {
  const m = REF.exec(ref);
  if (!m) return null;
  const prefix = m[1] ?? "";
  const n = Number(m[2]);
  for (const t of state.refs.values()) {
    if (prefixOf(t.ref) === prefix) return { frameId: t.frameId, token: t.token, n };
  }
  // A state without refs says nothing of its frame's prefix: take the observed frame itself.
  if (prefix === "" && state.refs.size === 0) return { frameId: state.frameId, token: state.token, n };
  return null;
}

/** The registry token of a frame's document in a state, from any of its refs. */
export function tokenOf(state: StateRecord, frameId: string): string | null {
  for (const t of state.refs.values()) if (t.frameId === frameId) return t.token;
  return null;
}

/** The first of an element's chain of registry numbers (itself, then its ancestors) that is a ref of the state. */
export function chainRef(
  state: StateRecord,
  frameId: string,
  token: string,
  chain: number[],
): RefTarget | null {
  const byN = new Map<number, RefTarget>();
  for (const t of state.refs.values()) if (t.frameId === frameId && t.token === token) byN.set(t.n, t);
  for (const n of chain) {
    const hit = byN.get(n);
    if (hit) return hit;
  }
  return null;
}
