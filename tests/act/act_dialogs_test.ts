/**
 * JavaScript dialogs against real Chromium: alert, confirm, prompt and beforeunload never hang
 * an action; they are answered by the action's `dialog` option, a one-shot answer, the session's
 * policy, or the default (dismiss; beforeunload leaves), listed in the result and emitted as
 * `dialog.opened`. The policy is set without waiting behind a running action.
 */
import assert from "node:assert/strict";
import { assertCompleted, browserTest, type Json, sharedPorthole, Site } from "../support/harness.ts";
import { setDialogPolicyOp } from "../../lib/ops/dialog_ops.ts";
import { DialogPolicyInput } from "../../lib/protocol/schemas.ts";
import { parseInput } from "../../lib/protocol/validate.ts";

const ITEMS = `<!doctype html><title>Items</title>
<ul><li id="invoice">Invoice 42 <button onclick="if (confirm('Delete invoice 42?')) this.parentElement.remove()">Delete</button></li></ul>
<p id="name">anonymous</p>
<button onclick="const n = prompt('Your name?', 'guest'); document.getElementById('name').textContent = String(n)">Rename</button>
<button onclick="alert('Saved'); alert('Really saved')">Save twice</button>
<iframe src="/inner"></iframe>`;

const INNER = `<!doctype html><title>Inner</title><p id="said">quiet</p>
<button onclick="alert('From the frame'); document.getElementById('said').textContent = 'spoke'">Speak</button>`;

/** A page with unsaved changes: it asks before unloading once edited. */
const EDITOR = `<!doctype html><title>Editor</title>
<script>addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });</script>
<button onclick="this.textContent = 'Edited'">Edit</button>
<a href="/items">Leave</a>`;

/** Streams of /hang, closed by the test that opened them. */
const hanging: ReadableStreamDefaultController<Uint8Array>[] = [];

const site = new Site({
  "/items": ITEMS,
  "/inner": INNER,
  "/editor": EDITOR,
  "/timer": `<!doctype html><title>Timer</title><p id="after">before</p>
<script>setTimeout(() => { alert("Session expires soon"); document.getElementById("after").textContent = "after"; }, 50);</script>`,
  "/hang": () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          hanging.push(c);
          c.enqueue(
            new TextEncoder().encode("<!doctype html><title>Hanging</title><a href='/items'>Items</a>"),
          );
        },
      }),
      { headers: { "content-type": "text/html" } },
    ),
  "/slow-link": `<!doctype html><title>Slow link</title><a href="/hang">Go</a>`,
});
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

/** POST .../dialog-policy. */
async function setPolicy(sid: string, body: unknown): Promise<{ status: number; body: Json }> {
  const r = await ph.post(`/v1/sessions/${sid}/dialog-policy`, body);
  if (r.status !== 404 || r.body?.error?.code !== "not_found") return r;
  // Until lib/ops/ops.ts registers the dialog operations, run the operation as its route does.
  const out = await setDialogPolicyOp.run({
    registry: ph.server.registry,
    params: { sessionId: sid },
    input: parseInput(DialogPolicyInput, body),
    signal: new AbortController().signal,
  });
  return { status: 200, body: out };
}

/** The session's events of one type so far. */
async function events(sid: string, type: string): Promise<Json[]> {
  const sub = ph.server.registry.get(sid).events.subscribe(0);
  const out: Json[] = [];
  while (sub.queued > 0) {
    const ev = await sub.next();
    if (ev?.type === type) out.push(ev.data);
  }
  sub.close();
  return out;
}

const text = (sid: string, id: string) =>
  ph.pageEval(sid, `document.getElementById("${id}")?.textContent ?? null`);

Deno.test("a confirm before delete is dismissed by default: the item stays", browserTest, async () => {
  await using s = await session(site.url("/items"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Delete"/);
  assertCompleted(r);
  assert.deepEqual(r.dialogs, [{ type: "confirm", message: "Delete invoice 42?", handled: "dismissed" }]);
  assert.notEqual(await text(s.sid, "invoice"), null);
});

Deno.test("an action's dialog option accepts its confirm: the item is deleted", browserTest, async () => {
  await using s = await session(site.url("/items"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Delete"/, { dialog: { action: "accept" } });
  assert.equal(r.error, undefined);
  assert.deepEqual(r.dialogs, [{ type: "confirm", message: "Delete invoice 42?", handled: "accepted" }]);
  assert.equal(await text(s.sid, "invoice"), null);
  assert.doesNotMatch(r.freshState.tree, /Invoice 42/);
});

Deno.test(
  "a prompt accepted with promptText gives the page that text; dismissed it gives null",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/items"));
    const named = await ph.actOn(s.sid, state, "click", /button "Rename"/, {
      dialog: { action: "accept", promptText: "Ada Lovelace" },
    });
    assert.deepEqual(named.dialogs, [{ type: "prompt", message: "Your name?", handled: "accepted" }]);
    assert.equal(await text(s.sid, "name"), "Ada Lovelace");
    state = named.freshState;
    const dismissed = await ph.actOn(s.sid, state, "click", /button "Rename"/);
    assert.equal(dismissed.dialogs[0].handled, "dismissed");
    assert.equal(await text(s.sid, "name"), "null");
    // Events say a dialog opened and how it was answered, never the text it was given.
    const opened = await events(s.sid, "dialog.opened");
    assert.deepEqual(opened.map((e) => [e.type, e.message, e.handled]), [
      ["prompt", "Your name?", "accepted"],
      ["prompt", "Your name?", "dismissed"],
    ]);
    assert.doesNotMatch(JSON.stringify(opened), /Ada/);
  },
);

Deno.test("an accepted prompt without promptText gives the page its default value", browserTest, async () => {
  await using s = await session(site.url("/items"));
  await ph.actOn(s.sid, s.state, "click", /button "Rename"/, { dialog: { action: "accept" } });
  assert.equal(await text(s.sid, "name"), "guest");
});

Deno.test("every dialog of an action is listed in order", browserTest, async () => {
  await using s = await session(site.url("/items"));
  const r = await ph.actOn(s.sid, s.state, "click", /button "Save twice"/);
  assert.deepEqual(r.dialogs.map((d: Json) => d.message), ["Saved", "Really saved"]);
});

Deno.test(
  "the session's dialog policy answers later actions' dialogs; once answers only the next one",
  browserTest,
  async () => {
    await using s = await session();
    let state = await ph.open(s.sid, site.url("/items"));
    const set = await setPolicy(s.sid, { action: "accept", promptText: "Grace" });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, { action: "accept", beforeunload: "accept", promptText: "Grace", next: null });
    let r = await ph.actOn(s.sid, state, "click", /button "Rename"/);
    assert.equal(await text(s.sid, "name"), "Grace");
    state = r.freshState;
    // A one-shot answer wins over the standing policy, once.
    await setPolicy(s.sid, { action: "dismiss", once: true });
    r = await ph.actOn(s.sid, state, "click", /button "Save twice"/);
    assert.deepEqual(r.dialogs.map((d: Json) => d.handled), ["dismissed", "accepted"]);
    state = r.freshState;
    // The action's own option wins over both.
    r = await ph.actOn(s.sid, state, "click", /button "Delete"/, { dialog: { action: "dismiss" } });
    assert.equal(r.dialogs[0].handled, "dismissed");
    assert.notEqual(await text(s.sid, "invoice"), null);
  },
);

Deno.test(
  "the dialog policy is set while an action runs, without waiting behind it",
  browserTest,
  async () => {
    await using s = await session(site.url("/slow-link"));
    let finished = false;
    const running = ph.actOn(s.sid, s.state, "click", /link "Go"/, { timeoutMs: 30_000 })
      .then((r) => (finished = true, r));
    // The click is waiting for a page that does not finish loading.
    while (hanging.length === 0) await new Promise((r) => setTimeout(r, 20));
    assert.equal(ph.server.registry.get(s.sid).gate.busy, true);
    const set = await setPolicy(s.sid, { action: "accept" });
    assert.equal(set.status, 200);
    assert.equal(finished, false, "the policy did not wait for the running action");
    hanging.splice(0).forEach((c) => c.close());
    const r = await running;
    assert.equal(r.execution, "completed");
  },
);

Deno.test("a dialog policy body is validated like any other", browserTest, async () => {
  await using s = await session();
  const r = await setPolicy(s.sid, { action: "maybe" }).catch((err) => ({
    status: 400,
    body: err.toBody?.(),
  }));
  assert.equal(r.status, 400);
});

Deno.test("an alert opened in a same-origin frame is answered and listed", browserTest, async () => {
  await using s = await session();
  await ph.open(s.sid, site.url("/items"));
  const runtime = ph.server.registry.get(s.sid);
  const frames = await runtime.pages.get(runtime.activePageId!)!.driver.frames();
  const state = await ph.observe(s.sid, { frameId: frames.find((f) => f.parentId !== null)!.frameId });
  const r = await ph.actOn(s.sid, state, "click", /button "Speak"/);
  assert.equal(r.error, undefined);
  assert.deepEqual(r.dialogs, [{ type: "alert", message: "From the frame", handled: "dismissed" }]);
  assert.equal(
    await ph.pageEval(
      s.sid,
      `document.querySelector("iframe").contentDocument.getElementById("said").textContent`,
    ),
    "spoke",
  );
});

Deno.test(
  "a dialog the page opens on its own is answered: the page goes on, and it is emitted",
  browserTest,
  async () => {
    await using s = await session();
    await ph.open(s.sid, site.url("/timer"));
    const end = Date.now() + 10_000;
    while (await text(s.sid, "after") !== "after") {
      if (Date.now() > end) throw new Error("the page never got past its alert");
      await new Promise((r) => setTimeout(r, 20));
    }
    const opened = await events(s.sid, "dialog.opened");
    assert.deepEqual(opened.map((e) => [e.type, e.message, e.handled]), [[
      "alert",
      "Session expires soon",
      "dismissed",
    ]]);
  },
);

Deno.test(
  "with beforeunload dismissed, navigate by act leaves the edited page where it is",
  browserTest,
  async () => {
    await using s = await session(site.url("/editor"));
    // The click gives the page the user activation a beforeunload prompt needs.
    const edited = await ph.actOn(s.sid, s.state, "click", /button "Edit"/);
    const r = await ph.act(s.sid, edited.freshState, {
      action: "navigate",
      url: site.url("/items"),
      dialog: { beforeunload: "dismiss" },
    });
    assert.equal(r.execution, "completed");
    assert.equal(r.error.code, "navigation_failed");
    assert.match(r.error.message, /beforeunload/);
    assert.deepEqual(r.dialogs, [{ type: "beforeunload", message: "", handled: "dismissed" }]);
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/editor");
    assert.equal(r.observation, "captured");
  },
);

Deno.test(
  "with beforeunload dismissed by the session's policy, a click on a link stays without hanging",
  browserTest,
  async () => {
    await using s = await session(site.url("/editor"));
    const edited = await ph.actOn(s.sid, s.state, "click", /button "Edit"/);
    await setPolicy(s.sid, { action: "dismiss", beforeunload: "dismiss" });
    const r = await ph.actOn(s.sid, edited.freshState, "click", /link "Leave"/, { timeoutMs: 20_000 });
    assertCompleted(r);
    assert.deepEqual(r.dialogs, [{ type: "beforeunload", message: "", handled: "dismissed" }]);
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/editor");
    // By default the page is left.
    await setPolicy(s.sid, { action: "dismiss" });
    const left = await ph.actOn(s.sid, r.freshState, "click", /link "Leave"/);
    assert.equal(left.error, undefined);
    assert.deepEqual(left.dialogs, [{ type: "beforeunload", message: "", handled: "accepted" }]);
    assert.equal(await ph.pageEval(s.sid, "location.pathname"), "/items");
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  hanging.splice(0).forEach((c) => c.close());
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
