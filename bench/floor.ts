/**
 * The raw CDP floor: a page of its own in Porthole's Chromium (a separate context leased from
 * the same BrowserPool), driven over an already-open puppeteer-core CDP session with the
 * least a click-then-look can cost: two `Input.dispatchMouseEvent` and one
 * `Accessibility.getFullAXTree`.
 */
import type { ContextLease } from "../lib/driver/pool.ts";

type Lease = ContextLease;
type Page = Awaited<ReturnType<Lease["context"]["newPage"]>>;
type Cdp = Awaited<ReturnType<Page["createCDPSession"]>>;

interface AXNode {
  name?: { value?: unknown };
}

/**
 * A page of its own in the leased context with Porthole's viewport and focus emulation, loaded to its
 * DOMContentLoaded, and a CDP session on it. `pageEvents`: the Page domain's events on that session (a
 * link's DOMContentLoaded). `guarded`: the page's documents intercepted at the request stage as Porthole's
 * navigation guard does (session/page/guard.ts), each let go on: what that interception costs the page's
 * other requests is then the floor's too.
 */
async function openPage(
  lease: Lease,
  url: string,
  viewport: { width: number; height: number },
  { pageEvents = false, guarded = false } = {},
): Promise<{ page: Page; cdp: Cdp }> {
  const page = await lease.context.newPage();
  const cdp = await page.createCDPSession();
  await Promise.all([
    cdp.send("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false }),
    cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true }),
    ...pageEvents ? [cdp.send("Page.enable")] : [],
  ]);
  if (guarded) {
    cdp.on("Fetch.requestPaused", (e) => {
      cdp.send("Fetch.continueRequest", { requestId: e.requestId }).catch(() => {});
    });
    await cdp.send("Fetch.enable", { patterns: [{ resourceType: "Document", requestStage: "Request" }] });
  }
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 20_000 });
  return { page, cdp };
}

/** The centre of the first element `selector` matches, in the viewport's CSS pixels. */
async function centreOf(cdp: Cdp, selector: string): Promise<{ x: number; y: number }> {
  const { result } = await cdp.send("Runtime.evaluate", {
    expression: `(() => { const r = document.querySelector(${
      JSON.stringify(selector)
    }).getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`,
    returnByValue: true,
  });
  return result.value as { x: number; y: number };
}

/** Press and release the left button at `at`, each event awaited. */
async function pressAt(cdp: Cdp, { x, y }: { x: number; y: number }): Promise<void> {
  const at = { x, y, button: "left" as const, clickCount: 1 };
  await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...at, buttons: 1 });
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at, buttons: 0 });
}

/** Press a link at `at`, wait for the new document's DOMContentLoaded, read the whole tree: its root's name. */
async function follow(cdp: Cdp, at: { x: number; y: number }): Promise<string> {
  const loaded = new Promise<void>((resolve) => cdp.once("Page.domContentEventFired", () => resolve()));
  await pressAt(cdp, at);
  await loaded;
  const tree = await cdp.send("Accessibility.getFullAXTree", {});
  const root = (tree.nodes as (AXNode & { role?: { value?: unknown } })[]).find((n) =>
    n.role?.value === "RootWebArea"
  );
  return String(root?.name?.value ?? "");
}

async function closePage(page: Page, cdp: Cdp): Promise<void> {
  await cdp.detach().catch(() => {});
  await page.close({ runBeforeUnload: false }).catch(() => {});
}

export class FloorPage {
  readonly #page: Page;
  readonly #cdp: Cdp;
  readonly #x: number;
  readonly #y: number;

  private constructor(page: Page, cdp: Cdp, x: number, y: number) {
    this.#page = page;
    this.#cdp = cdp;
    this.#x = x;
    this.#y = y;
  }

  /** Open `url` (see `openPage`), and read where its button is. */
  static async open(
    lease: Lease,
    url: string,
    viewport: { width: number; height: number },
    guarded = false,
  ): Promise<FloorPage> {
    const { page, cdp } = await openPage(lease, url, viewport, { guarded });
    const { x, y } = await centreOf(cdp, "#inc");
    return new FloorPage(page, cdp, x, y);
  }

  /** Press and release at the button's centre, then read the whole AX tree: returns ms and the tree's names. */
  async click(): Promise<{ ms: number; names: string[] }> {
    const t0 = performance.now();
    await pressAt(this.#cdp, { x: this.#x, y: this.#y });
    const tree = await this.#cdp.send("Accessibility.getFullAXTree", {});
    const ms = performance.now() - t0;
    return { ms, names: namesOf(tree.nodes as AXNode[]) };
  }

  /**
   * The same click, then the page's own change before the tree: an observer on the counter is armed in the
   * same pipe as the press (CDP keeps their order), and the tree is read once it saw a mutation. The least a
   * correct answer costs on a page that fetches first, for a client that knows what will change (Porthole
   * does not: it waits for the requests the click started, then a quiet DOM).
   */
  async clickUntilChanged(): Promise<{ ms: number; names: string[] }> {
    const t0 = performance.now();
    const armed = this.#cdp.send("Runtime.evaluate", {
      expression: `globalThis.__floorChanged = new Promise((resolve) => {
        const o = new MutationObserver(() => { o.disconnect(); resolve(true); });
        o.observe(document.getElementById("count"), { childList: true, characterData: true, subtree: true });
      }), 0`,
    });
    await pressAt(this.#cdp, { x: this.#x, y: this.#y });
    await armed;
    await this.#cdp.send("Runtime.evaluate", { expression: "globalThis.__floorChanged", awaitPromise: true });
    const tree = await this.#cdp.send("Accessibility.getFullAXTree", {});
    const ms = performance.now() - t0;
    return { ms, names: namesOf(tree.nodes as AXNode[]) };
  }

  /**
   * The same click with a `mouseMoved` to the point first, as Porthole sends it: each event
   * awaited in turn, or all three sent at once (CDP keeps their order). Returns ms to the tree.
   */
  async clickAfterMove(mode: "awaited" | "pipelined"): Promise<number> {
    const at = { x: this.#x, y: this.#y };
    const events = [
      { type: "mouseMoved" as const, ...at, button: "none" as const },
      { type: "mousePressed" as const, ...at, button: "left" as const, buttons: 1, clickCount: 1 },
      { type: "mouseReleased" as const, ...at, button: "left" as const, buttons: 0, clickCount: 1 },
    ];
    const t0 = performance.now();
    if (mode === "awaited") {
      for (const e of events) await this.#cdp.send("Input.dispatchMouseEvent", e);
    } else {
      await Promise.all(events.map((e) => this.#cdp.send("Input.dispatchMouseEvent", e)));
    }
    await this.#cdp.send("Accessibility.getFullAXTree", {});
    return performance.now() - t0;
  }

  /** Only the tree: the floor under an observation. */
  async tree(): Promise<number> {
    const t0 = performance.now();
    await this.#cdp.send("Accessibility.getFullAXTree", {});
    return performance.now() - t0;
  }

  /** The counter as the page itself shows it. */
  async count(): Promise<string> {
    const { result } = await this.#cdp.send("Runtime.evaluate", {
      expression: `document.getElementById("count").textContent`,
      returnByValue: true,
    });
    return String(result.value);
  }

  close(): Promise<void> {
    return closePage(this.#page, this.#cdp);
  }
}

/**
 * The floor of a click that navigates: a page whose one link leads to another page of the same
 * origin, which links back (the soak's loop). Press and release on the link, wait for the new
 * document's DOMContentLoaded in the main frame, then read the whole AX tree. `step` is the soak's
 * whole loop over raw CDP: click Add, fill Note, follow Next, follow Back, each read as an agent
 * acts on what it last saw: where the control is (one `Runtime.evaluate`, as Porthole's preflight
 * reads its node), the input (fill presses the field and inserts the text), for a link the new
 * document's DOMContentLoaded, then the whole AX tree.
 */
export class FloorNavPage {
  readonly #page: Page;
  readonly #cdp: Cdp;

  private constructor(page: Page, cdp: Cdp) {
    this.#page = page;
    this.#cdp = cdp;
  }

  static async open(
    lease: Lease,
    url: string,
    viewport: { width: number; height: number },
  ): Promise<FloorNavPage> {
    const { page, cdp } = await openPage(lease, url, viewport, { pageEvents: true });
    return new FloorNavPage(page, cdp);
  }

  /** Click the page's link and read the next page's tree: returns ms and the new page's title. */
  async click(): Promise<{ ms: number; title: string }> {
    // Where the link is, read before the clock starts (an agent holds it from its last look).
    const at = await centreOf(this.#cdp, "a");
    const t0 = performance.now();
    const title = await follow(this.#cdp, at);
    return { ms: performance.now() - t0, title };
  }

  /** Act `step` of the loop (0 to 3); throws when a link did not land on the other page. */
  async step(step: number, round: number): Promise<void> {
    const at = await centreOf(this.#cdp, step === 0 ? "button" : step === 1 ? "#note" : "a");
    if (step >= 2) {
      const title = await follow(this.#cdp, at);
      if (title !== (step === 2 ? "Next" : "Loop")) throw new Error(`the floor's link landed on "${title}"`);
      return;
    }
    await pressAt(this.#cdp, at);
    if (step === 1) await this.#cdp.send("Input.insertText", { text: `note ${round}` });
    await this.#cdp.send("Accessibility.getFullAXTree", {});
  }

  close(): Promise<void> {
    return closePage(this.#page, this.#cdp);
  }
}

function namesOf(nodes: AXNode[]): string[] {
  const out: string[] = [];
  for (const n of nodes) if (typeof n.name?.value === "string" && n.name.value) out.push(n.name.value);
  return out;
}

/**
 * The floor of a cold start: Chromium launched with Porthole's own launch code, then, over a bare
 * DevTools WebSocket, one page made and attached, navigated to `url` until its DOM is loaded, and
 * its whole AX tree read. Returns ms from the launch to the tree (the browser is closed after).
 */
export async function coldFloor(executable: string, url: string): Promise<number> {
  const { launchChromium } = await import("../lib/driver/launch.ts");
  const t0 = performance.now();
  const launched = await launchChromium(executable);
  const ws = new WebSocket(launched.wsEndpoint);
  try {
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", reject, { once: true });
    });
    let next = 0;
    const waiting = new Map<number, (r: Record<string, unknown>) => void>();
    const events: ((method: string, sessionId?: string) => void)[] = [];
    ws.addEventListener("message", (e) => {
      const m = JSON.parse(e.data as string);
      if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? m);
      else for (const on of events) on(m.method, m.sessionId);
    });
    const send = (method: string, params: unknown = {}, sessionId?: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true }) as {
      sessionId: string;
    };
    await send("Page.enable", {}, sessionId);
    const loaded = new Promise<void>((resolve) =>
      events.push((method, sid) => {
        if (sid === sessionId && method === "Page.domContentEventFired") resolve();
      })
    );
    await send("Page.navigate", { url }, sessionId);
    await loaded;
    const tree = await send("Accessibility.getFullAXTree", {}, sessionId) as { nodes?: unknown[] };
    if (!tree.nodes?.length) throw new Error("the floor read no AX tree");
    return performance.now() - t0;
  } finally {
    ws.close();
    await launched.dispose();
  }
}
