import assert from "node:assert/strict";
import {
  assertCaptured,
  assertError,
  browserTest,
  type Pages,
  Porthole,
  refOf,
  Site,
} from "../support/harness.ts";
import { fixtureTest, openedPorthole } from "../support/fixtures.ts";
import { MUTATION_QUIET, SETTLE_ARM, SETTLE_DISARM } from "../../lib/snapshot/page_lib.ts";

const FETCH_PAGE = `<!doctype html><title>Fetch</title>
<button onclick="load()">Load</button><p id="out">none</p>
<script>
let n = 0;
async function load() {
  const r = await fetch("/data?n=" + (++n));
  const t = await r.text();
  document.getElementById("out").textContent = "Result " + t;
}
</script>`;

/** A reply that arrives a little later, at a different delay each time. */
const slowData = async (req: Request) => {
  await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 40)));
  return new Response(new URL(req.url).searchParams.get("n") ?? "?");
};

fixtureTest(
  "act: the fresh state shows what a click's fetch rendered, in every run",
  () => openedPorthole({ "/": FETCH_PAGE, "/data": slowData }),
  async ({ ph, sid, state: opened }) => {
    let state = opened;
    for (let i = 1; i <= 10; i++) {
      const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Load"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, new RegExp(`Result ${i}\\b`), `run ${i}:\n${r.freshState.tree}`);
      assert.equal(r.settle.state, "quiet");
      assert.equal(r.settle.pending, 0);
      state = r.freshState;
    }
  },
);

/**
 * After its fetch, the page renders in steps: a first row at once, a second in the next task,
 * a third 2 ms after that.
 */
const STEPPED_PAGE = `<!doctype html><title>Stepped</title>
<button onclick="load()">Load</button><ul id="list" aria-label="Rows"></ul>
<script>
let n = 0;
async function load() {
  const r = await fetch("/data?n=" + (++n));
  const t = await r.text();
  const list = document.getElementById("list");
  const row = (text) => { const li = document.createElement("li"); li.textContent = text; list.append(li); };
  list.replaceChildren();
  row("First " + t);
  setTimeout(() => {
    row("Second " + t);
    setTimeout(() => row("Third " + t), 2);
  }, 0);
}
</script>`;

Deno.test(
  "act: a render after a click's fetch that goes on in later tasks is shown whole in the fresh state",
  browserTest,
  async () => {
    await using site = new Site({ "/": STEPPED_PAGE, "/data": slowData });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    let state = await ph.open(sid, site.url("/"));
    for (let i = 1; i <= 5; i++) {
      const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Load"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, new RegExp(`First ${i}\\b`), `run ${i}:\n${r.freshState.tree}`);
      assert.match(r.freshState.tree, new RegExp(`Second ${i}\\b`), `run ${i}:\n${r.freshState.tree}`);
      assert.match(r.freshState.tree, new RegExp(`Third ${i}\\b`), `run ${i}:\n${r.freshState.tree}`);
      assert.equal(r.settle.state, "quiet");
      state = r.freshState;
    }
  },
);

fixtureTest(
  "act: settleMs 0 observes at once and says the settle was skipped",
  () => openedPorthole({ "/": FETCH_PAGE, "/data": slowData }),
  async ({ ph, sid, state }) => {
    const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Load"/), settleMs: 0 });
    assertCaptured(r);
    assert.equal(r.settle.state, "skipped");
    assert.equal(r.settle.ms, 0);
    const bad = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: r.freshState.stateId,
      targetId: r.freshState.targetId,
      action: "click",
      ref: "@e1",
      settleMs: 20_000,
    });
    assertError(bad, 400, "invalid_params");
    assert.match(JSON.stringify(bad.body.error), /settleMs/);
  },
);

/** A reply that outlasts any settle budget of the test (but not the test's own server shutdown). */
const hang = (req: Request) =>
  new Promise<Response>((resolve) => {
    const t = setTimeout(() => resolve(new Response("late")), 3000);
    req.signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve(new Response("gone"));
    });
  });

Deno.test(
  "act: a request that never ends costs the budget, and the result says so",
  browserTest,
  async () => {
    const page = `<!doctype html><title>Hang</title>
<button onclick="fetch('/hang'); document.getElementById('s').textContent = 'asked'">Ask</button>
<p id="s">idle</p>`;
    await using site = new Site({ "/": page, "/hang": hang }), ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Ask"/), settleMs: 300 });
    assertCaptured(r);
    assert.equal(r.settle.state, "budget");
    assert.equal(r.settle.pending, 1);
    assert.ok(r.settle.ms >= 290 && r.settle.ms < 1500, `ms ${r.settle.ms}`);
    assert.match(r.freshState.tree, /asked/);
  },
);

/**
 * Types `text` into the textbox `field` of the page `pages` serve, in a Porthole of its own; the
 * act must have captured a fresh observation, whose tree is the answer.
 */
async function typeInto(pages: Pages, field: string, text: string): Promise<string> {
  await using t = await openedPorthole(pages);
  const ref = refOf(t.state, new RegExp(`textbox "${field}"`));
  const r = await t.ph.act(t.sid, t.state, { action: "type", ref, text });
  assertCaptured(r);
  return r.freshState.tree;
}

const AUTOCOMPLETE = `<!doctype html><title>Search</title>
<label>City <input id="q" oninput="setTimeout(suggest, 0)"></label>
<ul id="menu" role="listbox" aria-label="Suggestions"></ul>
<script>
async function suggest() {
  const q = document.getElementById("q").value;
  const r = await fetch("/suggest?q=" + encodeURIComponent(q));
  const items = await r.json();
  if (q !== document.getElementById("q").value) return;
  const menu = document.getElementById("menu");
  menu.replaceChildren(...items.map((t) => {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.textContent = t;
    return li;
  }));
}
</script>`;

Deno.test(
  "act: after type, an autocomplete's fresh menu is the one for the full text",
  browserTest,
  async () => {
    const suggest = async (req: Request) => {
      const q = new URL(req.url).searchParams.get("q") ?? "";
      // Shorter prefixes answer later, as a busy server may: the last keystroke must still win.
      await new Promise((r) => setTimeout(r, Math.max(5, 40 - q.length * 6)));
      return Response.json([`${q} one`, `${q} two`]);
    };
    const tree = await typeInto({ "/": AUTOCOMPLETE, "/suggest": suggest }, "City", "Lond");
    assert.match(tree, /option "Lond one"/, tree);
    assert.match(tree, /option "Lond two"/);
    assert.doesNotMatch(tree, /option "Lon one"/);
  },
);

Deno.test("act: a poll that runs forever does not cost the whole settle budget", browserTest, async () => {
  const page = `<!doctype html><title>Poll</title>
<p id="tick">0</p><button onclick="document.getElementById('b').textContent = 'clicked'">Go</button>
<p id="b">waiting</p>
<script>
let ticks = 0;
setInterval(async () => {
  const r = await fetch("/poll");
  document.getElementById("tick").textContent = String(++ticks) + (await r.text());
}, 100);
</script>`;
  await using site = new Site({ "/": page, "/poll": () => new Response("") }), ph = await Porthole.start();
  const sid = await ph.session();
  let state = await ph.open(sid, site.url("/"));
  for (let i = 0; i < 3; i++) {
    const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Go"/) });
    assertCaptured(r);
    assert.match(r.freshState.tree, /clicked/);
    assert.ok(r.settle.ms < 750, `settle took ${r.settle.ms} ms of 1500: ${JSON.stringify(r.settle)}`);
    state = r.freshState;
  }
});

Deno.test("act: a page fed by a WebSocket settles without waiting for the socket", browserTest, async () => {
  const page = `<!doctype html><title>Live</title>
<p id="feed">none</p><button onclick="document.getElementById('b').textContent = 'pressed'">Press</button>
<p id="b">idle</p>
<script>
const ws = new WebSocket("ws://" + location.host + "/ws");
ws.onmessage = (e) => { document.getElementById("feed").textContent = e.data; };
</script>`;
  const ws = (req: Request) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    let n = 0;
    const timer = setInterval(() => socket.readyState === 1 && socket.send(`tick ${++n}`), 50);
    socket.onclose = () => clearInterval(timer);
    return response;
  };
  await using site = new Site({ "/": page, "/ws": ws }), ph = await Porthole.start();
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Press"/) });
  assertCaptured(r);
  assert.match(r.freshState.tree, /pressed/);
  assert.equal(r.settle.state, "quiet");
  assert.ok(r.settle.ms < 750, `settle took ${r.settle.ms} ms`);
});

Deno.test("the OpenAPI document describes settleMs and the settle report of act", async () => {
  await using ph = await Porthole.start();
  const doc = (await ph.request("GET", "/openapi.json")).body;
  const input = doc.components.schemas.ActInput.properties.settleMs;
  assert.equal(input.maximum, 10_000);
  const ok = doc.paths["/v1/sessions/{sessionId}/act"].post.responses["200"];
  const ref: string = ok.content["application/json"].schema.$ref;
  const settle = doc.components.schemas[ref.split("/").pop()!].properties.settle;
  assert.deepEqual(settle.properties.state.enum, ["quiet", "budget", "skipped"]);
});

Deno.test(
  "act: a local-source autocomplete that renders in a timer shows the full text's menu",
  browserTest,
  async () => {
    // As jQuery UI's autocomplete with delay 0 and an array source: each keystroke's search runs in a timer.
    const page = `<!doctype html><title>Local</title>
<label>Fruit <input id="q"></label><ul id="menu" role="listbox" aria-label="Suggestions"></ul>
<script>
const fruit = ["apple", "apricot", "banana", "blackberry", "blueberry"];
let timer = 0;
document.getElementById("q").addEventListener("keydown", () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const q = document.getElementById("q").value;
    document.getElementById("menu").replaceChildren(...fruit.filter((f) => f.startsWith(q)).map((f) => {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.textContent = f;
      return li;
    }));
  }, 0);
});
</script>`;
    const tree = await typeInto({ "/": page }, "Fruit", "blu");
    assert.match(tree, /option "blueberry"/, tree);
    assert.doesNotMatch(tree, /option "blackberry"/);
  },
);

fixtureTest(
  "act: a click stops its settle observer without a command, reads its node by value, and makes a node only to scroll it into view, let go in one command",
  () =>
    openedPorthole({
      "/": `<title>Tidy</title><button onclick="out.textContent = 'Clicked'">Go</button><p id="out">-</p>
        <div style="height: 3000px"></div><button onclick="out.textContent = 'Far'">Far</button>`,
    }),
  async ({ ph, sid, state }) => {
    const session = ph.server.registry.get(sid);
    const driver = session.pages.get(session.activePageId!)!.driver;
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const made: string[] = [];
    const original = driver.send;
    Object.defineProperty(driver, "send", {
      configurable: true,
      writable: true,
      value: (method: string, params: Record<string, unknown> = {}, signal?: AbortSignal) => {
        sent.push({ method, params });
        const p = original.call(driver, method, params, signal) as Promise<Record<string, unknown>>;
        p.then((r) => {
          const id = (r?.result as { objectId?: string })?.objectId ??
            (r?.object as { objectId?: string })?.objectId;
          if (id) made.push(id);
        }, () => {});
        return p;
      },
    });
    const releases = () => sent.filter((s) => s.method.startsWith("Runtime.release")).map((s) => s.method);
    let r, far;
    let inView: { made: number; releases: string[] };
    try {
      r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Go"/) });
      await new Promise((resolve) => setTimeout(resolve, 100)); // what is sent after the answer
      inView = { made: made.length, releases: releases() };
      far = await ph.act(sid, r.freshState, { action: "click", ref: refOf(r.freshState, /button "Far"/) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      delete (driver as unknown as Record<string, unknown>).send;
    }
    assertCaptured(r);
    assert.match(r.freshState.tree, /Clicked/);
    assert.equal(r.settle.state, "quiet");
    assert.deepEqual(inView, { made: 0, releases: [] }, "a click in view makes no node, so lets go of none");
    assertCaptured(far);
    assert.match(far.freshState.tree, /Far/);
    assert.ok(made.length > 0, "the click out of view made its button to scroll it into view");
    for (const objectId of made) {
      await assert.rejects(
        driver.send("Runtime.getProperties", { objectId }),
        /Could not find object/,
        `node ${objectId} was let go`,
      );
    }
    assert.deepEqual(releases(), ["Runtime.releaseObjectGroup"], "one group release, not one per node");
    const [main] = await driver.frames();
    assert.equal(
      await driver.evaluate(main, "!!globalThis.__portholeSettle"),
      false,
      "no observer left armed",
    );
    assert.deepEqual(
      sent.filter((s) => s.params.functionDeclaration === SETTLE_DISARM),
      [],
      "no command only to stop the observer",
    );
  },
);

fixtureTest(
  "act: the settle knows when a fetch ended though the page keeps no resource timing (a full or cleared buffer)",
  () =>
    openedPorthole({
      // A page of more than 250 resources has Chromium's default buffer full; this one keeps none at all.
      "/": FETCH_PAGE.replace("<script>", "<script>performance.setResourceTimingBufferSize(0);"),
      "/data": slowData,
    }),
  async ({ ph, sid, state }) => {
    // Through the act: the fresh state shows the render, every time.
    let s = state;
    for (let i = 1; i <= 3; i++) {
      const r = await ph.act(sid, s, { action: "click", ref: refOf(s, /button "Load"/) });
      assertCaptured(r);
      assert.match(r.freshState.tree, new RegExp(`Result ${i}\\b`), `run ${i}:\n${r.freshState.tree}`);
      assert.equal(r.settle.state, "quiet");
      s = r.freshState;
    }
    // The quiet check itself, with a long wait for a render that has not yet come: the render that followed
    // the fetch came before the check, and the check knows it from its own observer, so it answers at once
    // instead of waiting the 5 s for a render still to come.
    const session = ph.server.registry.get(sid);
    const driver = session.pages.get(session.activePageId!)!.driver;
    const [main] = await driver.frames();
    await driver.callIn(main, SETTLE_ARM);
    await driver.send("Runtime.evaluate", { expression: "load()", awaitPromise: true });
    assert.match(String(await ph.pageEval(sid, "out.textContent")), /Result 4/);
    const t0 = performance.now();
    const q = await driver.callIn<{ quiet: boolean }>(main, MUTATION_QUIET, [true, 5000, 4, 10_000, false]);
    const ms = performance.now() - t0;
    assert.equal(q.quiet, true);
    assert.ok(ms < 2500, `the check waited ${Math.round(ms)} ms for a render that had already come`);
  },
);

fixtureTest(
  "act: the page tells the settle of each request it begins while an action settles, and of none outside",
  () =>
    openedPorthole({
      "/": `<!doctype html><title>Marks</title>
<button onclick="fetch('/data?n=1')">Fetch</button>
<button onclick="const x = new XMLHttpRequest(); x.open('GET', '/data?n=2'); x.send()">Xhr</button>
<button onclick="out.textContent = 'plain'">Plain</button><p id="out">-</p>
<script>
  window.marks = 0;
  addEventListener("porthole:request", () => window.marks++);
</script>`,
      "/data": slowData,
    }),
  async ({ ph, sid, state }) => {
    const marks = () => ph.pageEval(sid, "window.marks");
    const fetched = await ph.actOn(sid, state, "click", /button "Fetch"/);
    assertCaptured(fetched);
    assert.equal(await marks(), 1, "a fetch the click began");
    const xhr = await ph.actOn(sid, fetched.freshState, "click", /button "Xhr"/);
    assertCaptured(xhr);
    assert.equal(await marks(), 2, "an XMLHttpRequest the click sent");
    const plain = await ph.actOn(sid, xhr.freshState, "click", /button "Plain"/);
    assertCaptured(plain);
    assert.match(plain.freshState.tree, /plain/);
    assert.equal(await marks(), 2, "a click that began no request");
    await ph.pageEval(sid, "fetch('/data?n=3').then(() => 'done')");
    assert.equal(await marks(), 2, "no settle was armed: the page's own fetch is not told");
  },
);

fixtureTest(
  "act: a link to another document is a request the page tells; a link within the document is none",
  () =>
    openedPorthole({
      "/": `<!doctype html><title>Links</title><a href="#below">Below</a> <a href="/next">Next</a>
<p id="below">Below</p>
<script>addEventListener("porthole:request", () => sessionStorage.marks = Number(sessionStorage.marks || 0) + 1);</script>`,
      "/next": `<!doctype html><title>Next</title><p>Next page</p>`,
    }),
  async ({ ph, sid, state }) => {
    const within = await ph.actOn(sid, state, "click", /link "Below"/);
    assertCaptured(within);
    assert.equal(await ph.pageEval(sid, "sessionStorage.marks ?? '0'"), "0");
    const away = await ph.actOn(sid, within.freshState, "click", /link "Next"/);
    assertCaptured(away);
    assert.match(away.freshState.tree, /Next page/);
    assert.equal(await ph.pageEval(sid, "sessionStorage.marks"), "1");
  },
);
