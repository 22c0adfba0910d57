/**
 * A session's private artifact store: content-addressed by SHA-256, bounded in item size,
 * count and total bytes. Bytes live in memory only; no path is ever exposed.
 */
import { PortholeError } from "../protocol/errors.ts";

export interface ArtifactLimits {
  maxItemBytes: number;
  maxItems: number;
  maxTotalBytes: number;
}

export const DEFAULT_ARTIFACT_LIMITS: ArtifactLimits = {
  maxItemBytes: 8 * 1024 * 1024,
  maxItems: 32,
  maxTotalBytes: 64 * 1024 * 1024,
};

export interface Artifact {
  id: string;
  sha256: string;
  mimeType: string;
  bytes: number;
  href: string;
}

interface Stored {
  data: Uint8Array;
  mimeType: string;
  /** A download: served as an attachment, never rendered. */
  attachment?: boolean;
}

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export class ArtifactStore {
  #items = new Map<string, Stored>();
  #total = 0;
  readonly limits: ArtifactLimits;
  readonly hrefBase: string;

  constructor(hrefBase: string, limits: ArtifactLimits = DEFAULT_ARTIFACT_LIMITS) {
    this.hrefBase = hrefBase;
    this.limits = limits;
  }

  get totalBytes(): number {
    return this.#total;
  }
  get count(): number {
    return this.#items.size;
  }

  /** Store bytes; identical bytes are stored and counted once. */
  async put(data: Uint8Array, mimeType: string, attachment = false): Promise<Artifact> {
    if (data.length > this.limits.maxItemBytes) {
      throw new PortholeError(
        "artifact_too_large",
        `The artifact is ${data.length} bytes; the limit is ${this.limits.maxItemBytes}`,
        { details: { bytes: data.length, maxItemBytes: this.limits.maxItemBytes } },
      );
    }
    const id = await sha256Hex(data);
    if (!this.#items.has(id)) {
      if (this.#items.size >= this.limits.maxItems) {
        throw new PortholeError(
          "artifact_limit",
          `This session already holds ${this.#items.size} artifacts`,
          {
            details: { maxItems: this.limits.maxItems },
          },
        );
      }
      if (this.#total + data.length > this.limits.maxTotalBytes) {
        throw new PortholeError(
          "artifact_limit",
          `This session's artifacts would exceed ${this.limits.maxTotalBytes} bytes`,
          {
            details: { maxTotalBytes: this.limits.maxTotalBytes },
          },
        );
      }
      this.#items.set(id, { data, mimeType, attachment });
      this.#total += data.length;
    } else if (attachment) {
      this.#items.get(id)!.attachment = true;
    }
    return this.describe(id)!;
  }

  describe(id: string): Artifact | null {
    const item = this.#items.get(id);
    if (!item) return null;
    return {
      id,
      sha256: id,
      mimeType: item.mimeType,
      bytes: item.data.length,
      href: `${this.hrefBase}/${id}`,
    };
  }

  /** Every artifact, oldest first. */
  list(): Artifact[] {
    return [...this.#items.keys()].map((id) => this.describe(id)!);
  }

  /** The bytes of an artifact; ids are lowercase hex SHA-256 only, so nothing can traverse. */
  get(id: string): Stored {
    const item = /^[0-9a-f]{64}$/.test(id) ? this.#items.get(id) : undefined;
    if (!item) {
      throw new PortholeError("artifact_not_found", `No artifact ${id.slice(0, 80)} in this session`);
    }
    return item;
  }

  /** Forget an artifact (when its bytes were handed over inline and nobody was given its href). */
  delete(id: string): void {
    const item = this.#items.get(id);
    if (!item) return;
    this.#items.delete(id);
    this.#total -= item.data.length;
  }

  clear(): void {
    this.#items.clear();
    this.#total = 0;
  }
}
