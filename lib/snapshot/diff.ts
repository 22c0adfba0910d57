/**
 * `observe {since}`: what changed between two snapshots of the same document, as lines.
 * A line with a ref is followed by its ref (the same element keeps its ref within a document):
 * present only now → added, only before → removed, different text → changed. Lines without a
 * ref are compared by their text (with indentation) as multisets. A removed line with a ref is
 * given as its ref alone (`@e12`): whoever holds the earlier tree holds the line; a removed line
 * without one is given whole, as that is what names it. A removed line whose nested lines all went
 * too stands for its subtree: they are not listed (a dialog that closed is one line, not its every
 * cell). Of repeated lines without a ref, the first ones in the earlier tree are the removed ones.
 * Pure.
 */

export interface Changes {
  added: string[];
  /**
   * Lines gone: a line that had a ref as the ref alone (`@e12`), any other as its text. A line listed
   * here takes along the lines nested under it in the earlier tree when they all went: those are not
   * listed.
   */
  removed: string[];
  /** The new text of lines whose element is the same but whose line changed. */
  changed: string[];
}

const REF = /\[ref=(@[a-z0-9]+)\](?::|$)/;

function split(tree: string): string[] {
  return tree === "" ? [] : tree.replace(/\n$/, "").split("\n");
}

function refOf(line: string): string | null {
  return line.match(REF)?.[1] ?? null;
}

/** The changes that turn tree `before` into tree `after`, in `after`'s order (removed in `before`'s). */
export function diffTrees(before: string, after: string): Changes {
  const old = split(before);
  const now = split(after);
  const oldByRef = new Map<string, string>();
  const oldPlain = new Map<string, number>();
  for (const line of old) {
    const ref = refOf(line);
    if (ref) oldByRef.set(ref, line);
    else oldPlain.set(line, (oldPlain.get(line) ?? 0) + 1);
  }
  const changes: Changes = { added: [], removed: [], changed: [] };
  const nowRefs = new Set<string>();
  for (const line of now) {
    const ref = refOf(line);
    if (ref) {
      nowRefs.add(ref);
      const was = oldByRef.get(ref);
      if (was === undefined) changes.added.push(line);
      else if (was !== line) changes.changed.push(line);
      continue;
    }
    const left = oldPlain.get(line) ?? 0;
    if (left > 0) oldPlain.set(line, left - 1);
    else changes.added.push(line);
  }
  const gone = old.map((line) => {
    const ref = refOf(line);
    if (ref) return !nowRefs.has(ref);
    const left = oldPlain.get(line) ?? 0;
    if (left > 0) oldPlain.set(line, left - 1);
    return left > 0;
  });
  for (let i = 0; i < old.length; i++) {
    if (!gone[i]) continue;
    changes.removed.push(refOf(old[i]) ?? old[i]);
    let end = i + 1;
    while (end < old.length && indent(old[end]) > indent(old[i]) && gone[end]) end++;
    // Every nested line went too: the line stands for them.
    if (end === old.length || indent(old[end]) <= indent(old[i])) i = end - 1;
  }
  return changes;
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}
