/** `porthole journal verify FILE`: check an exported journal's hash chain offline. */
import { verifyJournalText } from "../protocol/journal.ts";

/** Exit 0 when the chain holds, 1 naming the first broken entry, 2 when the file cannot be read. */
export async function runJournal(args: string[]): Promise<number> {
  const [verb, file, ...extra] = args;
  if (verb !== "verify" || !file || extra.length) {
    console.error("porthole: usage: porthole journal verify FILE (a journal as JSON or JSONL)");
    return 2;
  }
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (err) {
    console.error(`porthole: cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const r = await verifyJournalText(text);
  if (r.ok) {
    console.log(
      `journal ok: ${r.entries} entries${r.sessionId ? ` of session ${r.sessionId}` : ""}, chain intact`,
    );
    return 0;
  }
  const ids = [r.seq !== undefined ? `seq ${r.seq}` : "", r.actionId ?? ""].filter(Boolean).join(", ");
  const which = r.index === 0 ? "the header" : `entry ${r.index}${ids ? ` (${ids})` : ""}`;
  console.log(`journal broken at ${which}: ${r.reason}`);
  return 1;
}
