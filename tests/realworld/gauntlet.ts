/**
 * The real-world gauntlet: component libraries agents meet every day, installed from npm as
 * test-only dependencies (`tests/realworld/libs/package.json`, never part of Porthole's runtime),
 * bundled with esbuild into fixture pages served on loopback, each with a task a person does
 * there. The page itself reports its outcome (it POSTs what the app's state is to `outcome`);
 * the scripted policy only drives Porthole as an agent would, through HTTP observe and act.
 *
 * `runGauntlet` returns one row per task; `deno task realworld` prints them and writes
 * bench/realworld.md, and realworld_test.ts runs the same tasks inside `deno task test`. With
 * `GAUNTLET_TRACE=1` in the environment, every reply a policy reads is printed as it is counted.
 */
import * as esbuild from "esbuild";
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { type Json, Porthole, Site } from "../support/harness.ts";
import { ensureLibraries, LOCK, MODULES, sha256 } from "../support/test_libs.ts";
import type { McpAgent } from "./playwright_mcp.ts";

export const HERE = import.meta.dirname!;
const CACHE = join(HERE, ".cache");

/**
 * What a policy can do: what an agent does over HTTP, counted. It keeps its own view of the page: the
 * last whole tree with every change since applied (refs are stable for unchanged nodes, so a ref of
 * that view acts on the newest state). Added lines join the view at its end, as an agent that reads
 * them knows them without their place; where a question needs the tree's nesting and the view cannot
 * answer it, the agent observes the whole tree again.
 *
 * Its acts go on blind (`fresh: "stateId"`): the fresh state is captured and checked as always, and
 * the agent is sent its id alone. It reads the page (`observe {since}` the state it last read) when it
 * needs to: a ref its view lacks, a result to check, an act refused before dispatch. An act whose result
 * the policy means to read (`look`) asks for its changes instead (`fresh: "changes"`), when the view is
 * of the state it acts on; otherwise the agent looks after it. An act on a ref
 * of a view that is out of date is checked against the fresh state like any other.
 */
export class Agent {
  state: Json = null;
  /** The agent's view of the page's tree, line by line. */
  #view: string[] = [];
  /** The state the view was last brought to: what `observe {since}` answers against. */
  #seen: string | null = null;
  /** An act came after the view was last brought up to date: its fresh state was not read. */
  #stale = false;
  acts = 0;
  bytes = 0;
  /** Of `bytes`, those of the trees the observations carried. */
  treeBytes = 0;
  observations = 0;
  /** The first act refused or failed, as `code: message` (not a transient refusal: see `act`). */
  firstError: string | null = null;
  readonly #ph: Porthole;
  readonly #sid: string;

  constructor(ph: Porthole, sid: string) {
    this.#ph = ph;
    this.#sid = sid;
  }

  /** Every call asks for the minimal answer (`Prefer: return=minimal`): an agent reads no bookkeeping. */
  #post(path: string, body: unknown) {
    return this.#ph.request("POST", path, body, { prefer: "return=minimal" });
  }

  #count(body: unknown): void {
    if (Deno.env.get("GAUNTLET_TRACE")) console.log("<<", JSON.stringify(body));
    this.bytes += new TextEncoder().encode(JSON.stringify(body)).length;
  }

  /** An observation read (a whole tree or its changes): the state the policy continues from. */
  #saw(state: Json): void {
    // A lean state says only what changed: the rest is the state the agent held.
    this.state = state.changes && this.state ? { ...this.state, ...state } : state;
    this.observations++;
    this.#seen = state.stateId;
    this.#stale = false;
    // A minimal answer leaves out a list that is empty.
    const lists = state.changes as { added?: string[]; removed?: string[]; changed?: string[] } | undefined;
    const changes = lists &&
      { added: lists.added ?? [], removed: lists.removed ?? [], changed: lists.changed ?? [] };
    const read = changes ? [...changes.added, ...changes.removed, ...changes.changed].join("\n") : state.tree;
    this.treeBytes += new TextEncoder().encode(String(read ?? "")).length;
    if (changes) this.#apply(changes);
    else this.#view = String(state.tree ?? "").split("\n").filter((l) => l !== "");
  }

  /**
   * Changes against the state the view was last brought to: removed lines go with the lines nested
   * under them, changed lines are replaced by ref.
   */
  #apply(changes: { added: string[]; removed: string[]; changed: string[] }): void {
    const refOf = (l: string) => l.match(/\[ref=(@[^\]]+)\]/)?.[1];
    // A removed line that had a ref comes as the ref alone (`@e12`); any other as its text. It takes
    // along the lines nested under it in the view.
    const indent = (l: string) => l.length - l.trimStart().length;
    for (const line of changes.removed) {
      const ref = line.startsWith("@") ? line : undefined;
      const at = this.#view.findIndex((l) => ref ? refOf(l) === ref : l === line);
      if (at < 0) continue;
      let end = at + 1;
      while (end < this.#view.length && indent(this.#view[end]) > indent(this.#view[at])) end++;
      this.#view.splice(at, end - at);
    }
    for (const line of changes.changed) {
      const ref = refOf(line);
      const at = this.#view.findIndex((l) => refOf(l) === ref);
      if (at >= 0) this.#view[at] = line;
      else this.#view.push(line);
    }
    this.#view.push(...changes.added);
  }

  /** The agent's view of the tree: the last whole tree with the changes since applied. */
  get tree(): string {
    return this.#view.join("\n");
  }

  /** Navigate with an observation; when `ready` is given, observe again until a line matches it. */
  async open(url: string, ready?: RegExp): Promise<void> {
    const r = await this.#post(`/v1/sessions/${this.#sid}/navigate`, { url, observe: true });
    if (r.status !== 200) throw new Error(`navigate answered ${r.status}: ${JSON.stringify(r.body)}`);
    this.#count(r.body);
    this.#saw(r.body.state);
    if (ready) await this.until(ready);
  }

  /** Observe again: the changes since the state the view was brought to, or (`whole`) the whole tree. */
  async observe(whole = false): Promise<void> {
    const since = !whole && this.#seen ? { since: this.#seen } : {};
    const r = await this.#post(`/v1/sessions/${this.#sid}/observe`, since);
    if (r.status !== 200) throw new Error(`observe answered ${r.status}: ${JSON.stringify(r.body)}`);
    this.#count(r.body);
    this.#saw(r.body);
  }

  /**
   * Find lines by role, name or text (`POST find`): what an agent asks when it knows what it wants
   * and a look would read a long list. The answer, a state of the matches alone, is the one the
   * next act quotes; the view keeps the matched lines, and stays a base for `observe {since}` as
   * it was (a find answer is none). Returns the first match's ref; with `orNone`, null when nothing
   * with a ref matched (the agent goes on looking), else that is the policy's error.
   */
  async find(query: { role?: string; name?: string; text?: string }): Promise<string>;
  async find(query: { role?: string; name?: string; text?: string }, orNone: true): Promise<string | null>;
  async find(query: { role?: string; name?: string; text?: string }, orNone = false): Promise<string | null> {
    const r = await this.#post(`/v1/sessions/${this.#sid}/find`, { ...query, limit: 1 });
    if (r.status !== 200) throw new Error(`find answered ${r.status}: ${JSON.stringify(r.body)}`);
    this.#count(r.body);
    this.observations++;
    this.treeBytes += new TextEncoder().encode(String(r.body.tree ?? "")).length;
    this.state = { ...this.state, ...r.body };
    // A minimal answer's tree has a line a match (its path, then the line and its ref).
    const ref = String(r.body.tree ?? "").match(/\[ref=(@[^\]]+)\]/)?.[1];
    if (!ref && orNone) return null;
    if (!ref) throw new PolicyError(`find ${JSON.stringify(query)} matched nothing with a ref`);
    return ref;
  }

  /** Bring the view up to date when an act came after it: before checking a result. */
  async look(): Promise<void> {
    if (this.#stale) await this.observe();
  }

  /** The first tree line matching `pattern`, or null. */
  line(pattern: RegExp): string | null {
    return this.tree.split("\n").find((l) => pattern.test(l)) ?? null;
  }

  /**
   * The ref of the first tree line with a ref that matches `pattern`. A ref of the view is used as it
   * is; when the view lacks it and an act came since, the agent looks first, as it must to see what
   * its act revealed.
   */
  async ref(pattern: RegExp): Promise<string> {
    const found = this.#ref(pattern);
    if (found || !this.#stale) return found ?? this.#noRef(pattern);
    await this.look();
    return this.#ref(pattern) ?? this.#noRef(pattern);
  }

  #ref(pattern: RegExp): string | null {
    for (const line of this.tree.split("\n")) {
      if (!pattern.test(line)) continue;
      const m = line.match(/\[ref=(@[^\]]+)\]/);
      if (m) return m[1];
    }
    return null;
  }

  #noRef(pattern: RegExp): never {
    throw new PolicyError(`no ref for ${pattern} in the observation`);
  }

  /**
   * The ref of the first line matching `pattern` nested under the first line matching `container`.
   * Nesting is a whole tree's: when the view cannot say, the agent looks (when it acted since), then
   * observes the whole tree (each counted).
   */
  async refIn(container: RegExp, pattern: RegExp): Promise<string> {
    for (const next of ["look", "whole", null] as const) {
      try {
        return this.#refIn(container, pattern);
      } catch (e) {
        if (!(e instanceof PolicyError) || next === null) throw e;
        if (next === "look" && this.#stale) await this.look();
        else if (next === "whole") await this.observe(true);
      }
    }
    throw new PolicyError("unreachable");
  }

  #refIn(container: RegExp, pattern: RegExp): string {
    const lines = this.tree.split("\n");
    const at = lines.findIndex((l) => container.test(l));
    if (at >= 0) {
      const indent = (l: string) => l.length - l.trimStart().length;
      for (let i = at + 1; i < lines.length && indent(lines[i]) > indent(lines[at]); i++) {
        const m = pattern.test(lines[i]) && lines[i].match(/\[ref=(@[^\]]+)\]/);
        if (m) return m[1];
      }
    }
    throw new PolicyError(`no ref for ${pattern} under ${container} in the observation`);
  }

  has(pattern: RegExp): boolean {
    return this.tree.split("\n").some((l) => pattern.test(l));
  }

  /**
   * Observe again (each observation counted) until a line matches `pattern`: what an agent does
   * when the page is still loading its options.
   */
  async until(pattern: RegExp, tries = 6, pauseMs = 250): Promise<void> {
    await this.look();
    for (let i = 0; i < tries; i++) {
      if (this.has(pattern)) return;
      await new Promise((r) => setTimeout(r, pauseMs));
      await this.observe();
    }
    if (!this.has(pattern)) throw new PolicyError(`${pattern} never appeared in the observation`);
  }

  /**
   * One act on the current state; continues from its fresh state. Throws when refused or failed,
   * except for what the contract tells an agent to do itself: a cover or clip Porthole says is transient
   * (an animation, a list still scrolling), or a refusal before dispatch of an act aimed from a view
   * that was out of date, is met by observing again and acting on the fresh state (three tries in all).
   * `rest`'s patterns (`toRef`) are refs found as the target is.
   */
  async act(
    action: string,
    target: RegExp | string | null,
    rest: Record<string, unknown> = {},
  ): Promise<Json> {
    for (let tries = 1;; tries++) {
      const blind = this.#stale;
      try {
        return await this.#actOnce(action, target, rest);
      } catch (e) {
        if (!(e instanceof ActError) || tries >= 3) throw e;
        if (!e.transient && !(blind && e.notDispatched)) throw e;
        // A refusal that passes by itself is the contract at work, not a failure: it is told, not counted.
        if (e.transient) console.error(`gauntlet: transient refusal, observing again: ${e.message}`);
        else this.firstError ??= e.message;
        if (e.transient) await new Promise((r) => setTimeout(r, 300));
        await this.observe();
      }
    }
  }

  async #actOnce(
    action: string,
    target: RegExp | string | null,
    rest: Record<string, unknown>,
  ): Promise<Json> {
    const ref = target === null ? undefined : typeof target === "string" ? target : await this.ref(target);
    const { look, ...others } = rest;
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(others)) args[k] = v instanceof RegExp ? await this.ref(v) : v;
    // An agent that means to read what its act does asks for the changes with it, when its view is of the
    // state it acts on (the changes are against that state).
    const reading = look === true && !this.#stale;
    const body: Record<string, unknown> = {
      stateId: this.state.stateId,
      targetId: this.state.targetId,
      action,
      fresh: reading ? "changes" : "stateId",
      ...args,
    };
    if (ref) body.ref = ref;
    const r = await this.#post(`/v1/sessions/${this.#sid}/act`, body);
    this.acts++;
    this.#count(r.body);
    if (r.status !== 200) {
      const e = r.body?.error;
      throw new ActError(e?.code ?? String(r.status), e?.message ?? JSON.stringify(r.body));
    }
    const result = r.body;
    if (result.freshState && reading) {
      // The changes against the state acted on (or, in another document, the whole tree): the view is read.
      this.#saw(result.freshState);
    } else if (result.freshState) {
      // Its id (and what differs from the state acted on) only: the view is now out of date.
      this.state = { ...this.state, ...result.freshState };
      this.#stale = true;
    }
    if (result.error) {
      throw new ActError(
        result.error.code,
        result.error.message,
        result.error.details?.transient === true,
        result.execution === "not_dispatched",
      );
    }
    if (!result.freshState) await this.observe();
    // Its view was out of date, so the changes would have been against a state it never read: it looks now.
    else if (look === true && !reading) await this.look();
    return result;
  }
}

/** A refusal or failure of an act, as the agent sees it. */
export class ActError extends Error {
  readonly code: string;
  /** Porthole said the refusal will pass by itself (`details.transient`): observe again. */
  readonly transient: boolean;
  /** Refused before anything was dispatched: the page is as it was. */
  readonly notDispatched: boolean;
  constructor(code: string, message: string, transient = false, notDispatched = false) {
    super(`${code}: ${message}`);
    this.code = code;
    this.transient = transient;
    this.notDispatched = notDispatched;
  }
}

/** The policy could not go on with what it observed. */
export class PolicyError extends Error {}

/** One task of the gauntlet. */
export interface Task {
  /** The npm package the page is built on. */
  library: string;
  /** The kind of widget (MUI, shadow DOM, rich text, ...). */
  kind: string;
  /** What a person does there. */
  task: string;
  /** Fixture entry, relative to tests/realworld/fixtures. */
  entry: string;
  /** Title of the page. */
  title: string;
  /** The agent's script. */
  policy: (agent: Agent, url: string) => Promise<void>;
  /**
   * The same steps through Playwright MCP's tools (the bench's peer column): what an agent does
   * there for the same task, neither handicapped nor helped.
   */
  peer: (agent: McpAgent, url: string) => Promise<void>;
  /** Whether the page's reported outcome means the task is done. */
  solved: (outcome: Json) => boolean;
}

export interface Row {
  library: string;
  kind: string;
  task: string;
  solved: boolean;
  acts: number;
  bytes: number;
  treeBytes: number;
  observations: number;
  ms: number;
  error: string | null;
  outcome: Json;
  /** The last tree the policy saw. */
  tree: string;
}

export interface Bundle {
  js: string;
  css: string;
}

/**
 * A fixture bundled with esbuild, cached under tests/realworld/.cache by the hash of the lock
 * file and the fixture's sources, so reruns are fast.
 */
export async function bundle(entry: string): Promise<Bundle> {
  // An entry in a folder of its own may import its neighbours: they key the cache too.
  const folder = dirname(entry);
  const neighbours = folder === "." ? [] : [...Deno.readDirSync(join(HERE, "fixtures", folder))]
    .filter((f) => f.isFile && f.name !== basename(entry)).map((f) => join(HERE, "fixtures", folder, f.name))
    .sort();
  const sources = [join(HERE, "fixtures", entry), join(HERE, "fixtures", "report.js"), ...neighbours];
  const key = await sha256(
    (await Deno.readTextFile(LOCK)) +
      (await Promise.all(sources.map((s) => Deno.readTextFile(s)))).join("\0"),
  );
  const dir = join(CACHE, entry.replace(/\W/g, "_") + "-" + key.slice(0, 16));
  if (existsSync(join(dir, "done"))) {
    return {
      js: await Deno.readTextFile(join(dir, "out.js")),
      css: await Deno.readTextFile(join(dir, "out.css")),
    };
  }
  const result = await esbuild.build({
    absWorkingDir: HERE,
    nodePaths: [MODULES],
    entryPoints: [join(HERE, "fixtures", entry)],
    bundle: true,
    write: false,
    outdir: dir,
    entryNames: "out",
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    loader: {
      ".woff": "empty",
      ".woff2": "empty",
      ".ttf": "empty",
      ".svg": "dataurl",
      ".png": "dataurl",
      ".webp": "dataurl",
    },
    legalComments: "none",
    logLevel: "error",
  });
  const js = result.outputFiles.find((f) => f.path.endsWith(".js"))?.text ?? "";
  const css = result.outputFiles.find((f) => f.path.endsWith(".css"))?.text ?? "";
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "out.js"), js);
  await Deno.writeTextFile(join(dir, "out.css"), css);
  await Deno.writeTextFile(join(dir, "done"), "");
  return { js, css };
}

function shell(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<link rel="stylesheet" href="app.css"></head><body><div id="root"></div>` +
    `<script type="module" src="app.js"></script></body></html>`;
}

/** Each task's page at /t/<n>/, its bundle beside it, and the outcome the page posts. */
export class Fixtures implements AsyncDisposable {
  readonly outcomes = new Map<number, Json>();
  readonly #seq = new Map<number, number>();
  readonly site: Site;

  constructor(tasks: Task[], bundles: Bundle[]) {
    const pages: Record<string, (req: Request) => Response | Promise<Response>> = {};
    tasks.forEach((t, n) => {
      const base = `/t/${n}/`;
      pages[base] = () =>
        new Response(shell(t.title), { headers: { "content-type": "text/html; charset=utf-8" } });
      pages[base + "app.js"] = () =>
        new Response(bundles[n].js, { headers: { "content-type": "text/javascript; charset=utf-8" } });
      pages[base + "app.css"] = () =>
        new Response(bundles[n].css, { headers: { "content-type": "text/css; charset=utf-8" } });
      pages[base + "outcome"] = async (req) => {
        if (req.method === "POST") {
          // The latest report wins, whatever order the posts land in.
          const { seq, outcome } = JSON.parse(await req.text());
          if (seq > (this.#seq.get(n) ?? 0)) {
            this.#seq.set(n, seq);
            this.outcomes.set(n, outcome);
          }
        }
        return new Response(null, { status: 204 });
      };
    });
    this.site = new Site(pages);
  }

  /** The page of task `n`. */
  url(n: number): string {
    return this.site.url(`/t/${n}/`);
  }

  /** Forgets what task `n`'s page reported, before another run of it. */
  reset(n: number): void {
    this.outcomes.delete(n);
    this.#seq.delete(n);
  }

  /**
   * What task `n`'s page reported last. The page posts its outcome as the app changes; the last
   * post is given a moment to land.
   */
  async outcome(n: number, task: Task): Promise<Json> {
    let outcome: Json = this.outcomes.get(n) ?? null;
    for (let i = 0; i < 20 && !(outcome && task.solved(outcome)); i++) {
      await new Promise((r) => setTimeout(r, 50));
      outcome = this.outcomes.get(n) ?? null;
    }
    return outcome;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.site[Symbol.asyncDispose]();
  }
}

/** Installs the libraries, bundles every task's page and serves them on loopback. */
export async function serveFixtures(tasks: Task[]): Promise<Fixtures> {
  await ensureLibraries();
  const bundles: Bundle[] = [];
  try {
    for (const t of tasks) bundles.push(await bundle(t.entry));
  } finally {
    await esbuild.stop();
  }
  return new Fixtures(tasks, bundles);
}

/** What every runner's agent counts, whichever tool it drives. */
export interface Counted {
  acts: number;
  bytes: number;
  /** Of `bytes`, those of the trees (or snapshots) themselves, without the replies' other fields. */
  treeBytes: number;
  /** The trees (or snapshots) the policy read. */
  observations: number;
  firstError: string | null;
  /** The last tree (or snapshot) the policy saw. */
  readonly tree: string;
}

/**
 * Runs each task's policy with the agent `start` gives for it (closed after the task), and reads
 * the page's own outcome: a row per task.
 */
export async function runTasks<A extends Counted>(
  tasks: Task[],
  fixtures: Fixtures,
  start: () => Promise<{ agent: A; close: () => Promise<void> }>,
  policy: (task: Task, agent: A, url: string) => Promise<void>,
  log: (row: Row) => void = () => {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [n, t] of tasks.entries()) {
    fixtures.reset(n);
    const { agent, close } = await start();
    const t0 = performance.now();
    try {
      await policy(t, agent, fixtures.url(n));
    } catch (e) {
      agent.firstError ??= e instanceof Error ? e.message : String(e);
    }
    const outcome = await fixtures.outcome(n, t);
    const row: Row = {
      library: t.library,
      kind: t.kind,
      task: t.task,
      solved: outcome !== null && t.solved(outcome),
      acts: agent.acts,
      bytes: agent.bytes,
      treeBytes: agent.treeBytes,
      observations: agent.observations,
      ms: Math.round(performance.now() - t0),
      error: agent.firstError,
      outcome,
      tree: agent.tree,
    };
    rows.push(row);
    log(row);
    await close();
  }
  return rows;
}

/** Runs `tasks` through one Porthole server, one session each; returns a row per task. */
export async function runGauntlet(tasks: Task[], log: (row: Row) => void = () => {}): Promise<Row[]> {
  await using fixtures = await serveFixtures(tasks);
  return await runPorthole(tasks, fixtures, log);
}

/** The tasks' Porthole policies on pages already served, one session each. */
export async function runPorthole(
  tasks: Task[],
  fixtures: Fixtures,
  log: (row: Row) => void = () => {},
): Promise<Row[]> {
  await using ph = await Porthole.start();
  return await runTasks(
    tasks,
    fixtures,
    async () => {
      const sid = await ph.session();
      return {
        agent: new Agent(ph, sid),
        close: async () => void await ph.request("DELETE", `/v1/sessions/${sid}`),
      };
    },
    (t, agent, url) => t.policy(agent, url),
    log,
  );
}

/** The rows as a Markdown table. */
export function table(rows: Row[]): string {
  const out = [
    "| Library | Kind | Task | Solved | Acts | Bytes | First error |",
    "| --- | --- | --- | --- | ---: | ---: | --- |",
  ];
  for (const r of rows) {
    const err = r.error ? r.error.replace(/\|/g, "\\|").replace(/\s+/g, " ").slice(0, 160) : "";
    out.push(
      `| ${r.library} | ${r.kind} | ${r.task} | ${
        r.solved ? "yes" : "no"
      } | ${r.acts} | ${r.bytes} | ${err} |`,
    );
  }
  return out.join("\n");
}
