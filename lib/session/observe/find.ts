/**
 * `find`: the lines of the whole document (every page, not only the first) that match a text, a
 * role or a name, each with its ancestors' path, answered as a new state whose refs act like any
 * observation's. The search runs in the page, during the walk (walker.ts WalkSearch): only the
 * records that may match come back, with their subtrees and ancestors, and `findLines` decides on
 * their rendered lines exactly as on a whole observation. Refs are given as an observe gives them.
 */
import type { FindInput } from "../../protocol/schemas.ts";
import type { FindResult } from "../../protocol/types.ts";
import { PortholeError } from "../../protocol/errors.ts";
import { findLines } from "../../snapshot/pages.ts";
import { captureFrame } from "./capture.ts";
import { searchCore } from "../../snapshot/walker.ts";
import type { PageRecord } from "../core/page_record.ts";
import { whileResponsive } from "../core/page_health.ts";
import type { ObservationHost } from "./observation.ts";

/** Find searches the lines a default observe renders (its tier and depth, every page of it). */
const FIND_DEPTH = 12;
const DEFAULT_LIMIT = 20;

export async function findInPage(
  host: ObservationHost,
  rec: PageRecord,
  input: Omit<FindInput, "pageId" | "timeoutMs">,
  signal: AbortSignal,
): Promise<FindResult> {
  if (input.text === undefined && input.role === undefined && input.name === undefined) {
    throw new PortholeError("invalid_params", "Invalid text: give text, role or name to find", {
      details: { field: "text" },
    });
  }
  const captured = await whileResponsive(rec, signal, (sig) =>
    captureFrame(rec, {
      frameId: input.frameId,
      maxDepth: FIND_DEPTH,
      maxBytes: host.snapshotMaxBytes,
      tier: "full",
      find: {
        maxDepth: FIND_DEPTH,
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.name !== undefined ? { name: searchCore(input.name) } : {}),
        ...(input.text !== undefined ? { text: searchCore(input.text) } : {}),
      },
    }, sig));
  const { state, observation, lines } = captured;
  const { found, total } = findLines(lines, input, input.limit ?? DEFAULT_LIMIT);
  // One line a match: its path, then the line as the tree shows it; cut on whole lines at the cap.
  const enc = new TextEncoder();
  let tree = "";
  let bytes = 0;
  let shown = 0;
  for (const f of found) {
    const text = `- ${f.path ? `${f.path} > ` : ""}${f.line.replace(/^- /, "")}\n`;
    const size = enc.encode(text).length;
    if (bytes + size > host.snapshotMaxBytes) break;
    tree += text;
    bytes += size;
    shown++;
  }
  const matches = found.slice(0, shown);
  state.tree = tree;
  state.pages = undefined;
  state.truncated = shown < total || state.walkCut;
  const result: FindResult = {
    ...observation,
    tree,
    bytes,
    refCount: matches.filter((m) => m.ref).length,
    truncated: state.truncated,
    matches,
    total,
  };
  delete result.nextCursor;
  delete result.page;
  if (host.secrets) {
    const s = host.secrets;
    result.tree = s.scrub(result.tree);
    result.title = s.scrub(result.title);
    for (const m of result.matches) {
      m.line = s.scrub(m.line);
      m.path = s.scrub(m.path);
    }
  }
  // The agent holds the state this one replaces: a minimal answer need not repeat what they share.
  const replaced = host.states.current?.stateId;
  if (replaced !== undefined) result.replaced = replaced;
  host.states.publish(state);
  return result;
}
