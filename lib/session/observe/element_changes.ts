/**
 * What the element list last listed on each page of a session, so a listing can say which
 * elements are stable and what was added, renamed or removed since. Refs of another document name
 * other elements: against a new document everything is new and everything there was is removed.
 */
import type { ListedElement } from "../../protocol/types.ts";

interface Listed {
  documentId: string;
  /** Each listed ref's name. */
  names: Map<string, string>;
}

/** Per session (keyed by its state authority, which lives as long as it), per page. */
const memory = new WeakMap<object, Map<string, Listed>>();

export interface Changes {
  added: ListedElement[];
  updated: ListedElement[];
  removed: string[];
}

/**
 * Mark `elements` stable or new against the page's previous listing and remember them; the
 * changes since that listing, when there was one and they are asked for.
 */
export function compareListing(
  owner: object,
  page: { pageId: string; documentId: string },
  elements: ListedElement[],
  o: { refresh?: boolean; changes?: boolean },
): Changes | undefined {
  const pages = memory.get(owner) ?? new Map<string, Listed>();
  memory.set(owner, pages);
  const before = pages.get(page.pageId);
  const sameDocument = before?.documentId === page.documentId;
  const old = sameDocument ? before!.names : new Map<string, string>();
  const known = o.refresh ? new Map<string, string>() : old;
  for (const e of elements) e.stability = known.has(e.ref) ? "stable" : "new";
  pages.set(page.pageId, {
    documentId: page.documentId,
    names: new Map(elements.map((e) => [e.ref, e.name ?? ""])),
  });
  if (!o.changes || !before) return undefined;
  const current = new Set(elements.map((e) => e.ref));
  return {
    added: elements.filter((e) => !old.has(e.ref)),
    updated: elements.filter((e) => old.has(e.ref) && old.get(e.ref) !== (e.name ?? "")),
    removed: [...before.names.keys()].filter((r) => !sameDocument || !current.has(r)),
  };
}
