/**
 * `upload`: files sent as bytes, put into a file input. Chromium takes files by path, so they
 * are written to a temporary folder of the session that only the browser's user can read, and
 * never from a path a client names. They stay while the page may still read them (a form
 * submitted later reads them then): until the page's main frame loads another document, the
 * page closes, or the session ends; the oldest go first past a per-session bound.
 */
import type { Protocol } from "devtools-protocol";
import type { PageDriver } from "../../driver/page_driver.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import { Stop, type UploadFile } from "./params.ts";
import type { PageRecord } from "../core/page_record.ts";
import type { LeaseHost, LifeHost } from "../core/hosts.ts";

/** What staging files needs of its session: its life bounds the folder, its lease the owner. */
export interface UploadHost extends LeaseHost, LifeHost {}

/** The file input this node stands for: itself, the control of a label, or the one file input inside it. */
const FILE_INPUT = `function (count) {
  const el = this;
  const isFile = (n) => n && n.localName === "input" && n.type === "file";
  let input = isFile(el) ? el : el.localName === "label" && isFile(el.control) ? el.control : null;
  if (!input) {
    const inside = el.querySelectorAll('input[type="file" i]');
    if (inside.length === 1) input = inside[0];
    else return inside.length ? "several" : "none";
  }
  if (input.disabled) return "disabled";
  if (count > 1 && !input.multiple) return "single";
  return input;
}`;

/** Step 4: the file input to fill (its object id, which the caller releases). */
export async function fileInputOf(
  driver: PageDriver,
  objectId: string,
  ref: RefTarget,
  count: number,
  signal: AbortSignal,
): Promise<string> {
  const r = await driver.send<Protocol.Runtime.CallFunctionOnResponse>("Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: FILE_INPUT,
    arguments: [{ value: count }],
    returnByValue: false,
  }, signal);
  if (r.result.objectId) return r.result.objectId;
  const what = ref.ref; // its role and name are the page's: details only
  switch (r.result.value) {
    case "disabled":
      throw new Stop("element_not_enabled", `The file input of ${what} is disabled`, {
        ref: ref.ref,
        role: ref.role,
        name: ref.name,
      });
    case "single":
      throw new Stop("invalid_params", `The file input of ${what} takes one file, not ${count}`, {
        field: "files",
      });
    case "several":
      throw new Stop("invalid_params", `${what} holds several file inputs; upload to one of them`, {
        field: "ref",
      });
    default:
      throw new Stop("invalid_params", `${what} is not a file input, nor the label or container of one`, {
        field: "ref",
      });
  }
}

/** Files written for one upload. */
export interface StagedFiles {
  paths: string[];
}

/** What a session keeps on disk for uploads at most; older uploads are deleted first. */
const SESSION_MAX_BYTES = 64 * 1024 * 1024;

interface Batch {
  dir: string;
  bytes: number;
  off: () => void;
}

/** One session's upload folder. */
class UploadFolder {
  #dir: Promise<string> | null = null;
  #batches: Batch[] = [];
  #next = 0;
  #closed = false;

  constructor(signal: AbortSignal) {
    signal.addEventListener("abort", () => this.close(), { once: true });
  }

  async stage(rec: PageRecord, files: UploadFile[], owner: Owner | null): Promise<StagedFiles> {
    if (this.#closed) throw new Stop("session_disposed", "The session was closed");
    if (files.length === 0) return { paths: [] };
    const root = await (this.#dir ??= makeDir(null, owner));
    const dir = await makeDir(`${root}/${this.#next++}`, owner);
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
    const paths: string[] = [];
    try {
      for (const [i, f] of files.entries()) {
        // One folder per file: two files of one upload may share a name.
        const path = `${await makeDir(`${dir}/${i}`, owner)}/${f.name}`;
        await Deno.writeFile(path, f.bytes, { mode: owner ? 0o400 : 0o600, createNew: true });
        if (owner) await Deno.chown(path, owner.uid, owner.gid);
        paths.push(path);
      }
    } catch (err) {
      await remove(dir);
      throw err;
    }
    // The page's current document holds the files; once the main frame loads another, they go.
    const loader = (await rec.driver.frames()).find((f) => f.parentId === null)?.loaderId;
    const offNav = rec.driver.on("Page.frameNavigated", (e: Protocol.Page.FrameNavigatedEvent) => {
      if (!e.frame.parentId && e.frame.loaderId !== loader) this.#drop(batch);
    });
    const onClose = () => this.#drop(batch);
    rec.driver.page.once("close", onClose);
    const batch: Batch = { dir, bytes, off: () => (offNav(), rec.driver.page.off("close", onClose)) };
    this.#batches.push(batch);
    let total = this.#batches.reduce((n, b) => n + b.bytes, 0);
    while (total > SESSION_MAX_BYTES && this.#batches.length > 1) {
      total -= this.#batches[0].bytes;
      this.#drop(this.#batches[0]);
    }
    return { paths };
  }

  #drop(batch: Batch): void {
    const i = this.#batches.indexOf(batch);
    if (i < 0) return;
    this.#batches.splice(i, 1);
    batch.off();
    remove(batch.dir);
  }

  close(): void {
    this.#closed = true;
    for (const b of this.#batches.splice(0)) b.off();
    this.#dir?.then(remove, () => {});
  }
}

const FOLDERS = new WeakMap<UploadHost, UploadFolder>();

/** Step 4 (it sends nothing to the page): write the files where the browser can read them. */
export function stageFiles(session: UploadHost, rec: PageRecord, files: UploadFile[]): Promise<StagedFiles> {
  let folder = FOLDERS.get(session);
  if (!folder) FOLDERS.set(session, folder = new UploadFolder(session.signal));
  // Files are given to the account the browser runs as, when Porthole (root) made it another.
  return folder.stage(rec, files, session.lease?.runsAs ?? null);
}

/** Empty a file input as a user's "remove" would, with input and change events. */
const CLEAR_FILES = `function () {
  this.value = "";
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
}`;

/** Step 5: put the files into the input (Chromium fires input and change), or empty it. */
export async function setFiles(
  driver: PageDriver,
  inputId: string,
  staged: StagedFiles,
  signal: AbortSignal,
): Promise<void> {
  if (staged.paths.length === 0) await driver.callOn(inputId, CLEAR_FILES, [], signal);
  else await driver.send("DOM.setFileInputFiles", { files: staged.paths, objectId: inputId }, signal);
}

interface Owner {
  uid: number;
  gid: number;
}

/**
 * With an owner (Porthole is root, Chromium another account), files are given to that account;
 * folders stay root's and are only traversable, so nothing else can list, read or replace them.
 */
async function makeDir(path: string | null, owner: Owner | null): Promise<string> {
  const mode = owner ? 0o711 : 0o700;
  const dir = path ?? await Deno.makeTempDir({ prefix: "porthole-upload-" });
  if (path) await Deno.mkdir(path, { mode });
  await Deno.chmod(dir, mode);
  return dir;
}

function remove(path: string): Promise<void> {
  return Deno.remove(path, { recursive: true }).catch(() => {});
}
