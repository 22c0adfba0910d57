/** A BAP context (a Porthole session) and a page of one: what BAP's methods act on. */
import type { Session } from "../session/session.ts";
import type { PageRecord } from "../session/page_record.ts";

export interface ContextEntry {
  id: string;
  session: Session;
  created: number;
  /** The options as given at creation (context/list echoes them). */
  options?: Record<string, unknown>;
}

export interface PageTarget {
  pageId: string;
  ctx: ContextEntry;
  session: Session;
  rec: PageRecord;
}
