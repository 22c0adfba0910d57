/**
 * The names of refs on one page. Kept with the page's record (page_record.ts) so that every
 * observation of the page, whoever captures it, continues the same numbering.
 */
/**
 * Per-page bookkeeping of refs: a short, stable prefix per frame (`@f3e…`), and per document
 * the highest ref number given, so a lost isolated world can never make a ref string point at
 * another element of the same document. A new document starts again at `@e1`.
 */
export class RefBook {
  /** How many documents of one page are remembered (least recently observed are dropped). */
  static readonly KEEP = 64;
  #frames = new Map<string, string>();
  #docs = new Map<string, { next: number; documentNode?: number; token?: string }>();

  prefixFor(frameId: string, isMain: boolean): string {
    if (isMain) return "";
    let p = this.#frames.get(frameId);
    if (!p) {
      p = `f${this.#frames.size + 1}`;
      this.#frames.set(frameId, p);
    }
    return p;
  }

  doc(frameId: string, loaderId: string): { next: number; documentNode?: number; token?: string } {
    const key = `${frameId}|${loaderId}`;
    const doc = this.#docs.get(key) ?? { next: 1 };
    this.#docs.delete(key);
    this.#docs.set(key, doc);
    while (this.#docs.size > RefBook.KEEP) this.#docs.delete(this.#docs.keys().next().value!);
    return doc;
  }
}
