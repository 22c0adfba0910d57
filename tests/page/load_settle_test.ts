/**
 * After a navigation's load, the first observation waits (within a bounded budget) for what the
 * document's loading set in motion: the short timers its scripts set, and what their callbacks render.
 * A consent box or a toast a page shows 100 ms after it loaded is in that observation; a longer timer,
 * an interval and a timer loop never hold it; a script's redirect is followed to the new document.
 */
import assert from "node:assert/strict";
import { assertCaptured, browserTest, refOf } from "../support/harness.ts";
import { siteAndPorthole } from "../support/bap_fixture.ts";
import { MAX_DEPTH } from "../../lib/snapshot/timers.ts";

/** An interval that renders every 30 ms, and sets a short timer of its own on each tick. */
const POLLER = `let ticks = 0;
setInterval(() => {
  document.querySelector("h1").dataset.ticks = String(++ticks);
  setTimeout(() => { document.querySelector("h1").title = "tick " + ticks; }, 20);
}, 30);`;

/** A page that shows a consent box `delay` ms after its script ran (and, with `poll`, ticks forever). */
const lateBox = (delay: number, poll = false) =>
  `<!doctype html><title>Late box</title>
<main><h1>Daily digest</h1><button>Subscribe</button></main>
<script>
${poll ? POLLER : ""}
setTimeout(() => {
  const box = document.createElement("div");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "We use cookies");
  box.innerHTML = "<button>Accept all</button>";
  document.body.append(box);
}, ${delay});
</script>`;

/** A page of 400 links, so that reading it takes a while. */
const longPage = (title: string, script: string) =>
  `<!doctype html><title>${title}</title><ul>${
    Array.from({ length: 400 }, (_, i) => `<li><a href="#${i}">Item ${i}</a></li>`).join("")
  }</ul>${script}`;

const { site, ph } = await siteAndPorthole({
  "/late100": lateBox(100),
  "/late400": lateBox(400),
  "/late2000": lateBox(2000),
  "/poll": lateBox(100, true),
  "/link": `<!doctype html><title>Start</title><a href="/late100">Read the digest</a>`,
  // A script's redirect after the load, to a page that shows its box late too.
  "/hop": `<!doctype html><title>Hop</title><h1>Moving</h1>
    <script>setTimeout(() => location.replace("/late100"), 100);</script>`,
  // An app that renders after DOMContentLoaded, in an animation frame and then a short timer, as
  // script-built pages do.
  "/app": `<!doctype html><title>App</title><div id="root"></div><script>
    addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(() => {
      root.innerHTML = "<main><h2>Inbox</h2><button>Compose</button></main>";
    }, 60)));
  </script>`,
  "/to-app": `<!doctype html><title>Start</title><a href="/app">Open the app</a>`,
  // A page that sends itself on, again and again.
  "/spin": `<!doctype html><title>Spin</title><h1>Spinning</h1>
    <script>setTimeout(() => location.replace("/spin?" + Date.now()), 150);</script>`,
  // A long page that replaces itself 120 ms after its script ran, with another as long.
  "/leaving": longPage("Leaving", `<script>setTimeout(() => location.replace("/arrived"), 120);</script>`),
  "/arrived": longPage("Arrived", ""),
  // A loop of short timers from the load, each setting the next: counted only to a bounded depth.
  "/loop": `<!doctype html><title>Loop</title><p id="n">0</p><script>
    let n = 0;
    const tick = () => { document.getElementById("n").textContent = String(++n); setTimeout(tick, 10); };
    tick();
  </script>`,
});

/** A session of the test's own, deleted when the test ends. */
async function ownSession() {
  const sid = await ph.session();
  return { sid, [Symbol.asyncDispose]: async () => void await ph.request("DELETE", `/v1/sessions/${sid}`) };
}

for (const delay of [100, 400]) {
  Deno.test(
    `navigate: a box the page shows ${delay} ms after its script ran is in the navigation's observation`,
    browserTest,
    async () => {
      await using s = await ownSession();
      const state = await ph.open(s.sid, site.url(`/late${delay}`));
      assert.match(state.tree, /dialog "We use cookies"/, state.tree);
      assert.match(state.tree, /button "Accept all" \[ref=/, state.tree);
    },
  );
}

Deno.test(
  "navigate: settleMs 0 answers at DOMContentLoaded, before the late box; a settleMs out of range is refused",
  browserTest,
  async () => {
    await using s = await ownSession();
    const r = await ph.post(`/v1/sessions/${s.sid}/navigate`, {
      url: site.url("/late400"),
      observe: true,
      settleMs: 0,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.doesNotMatch(r.body.state.tree, /dialog/, r.body.state.tree);
    const bad = await ph.post(`/v1/sessions/${s.sid}/reload`, { settleMs: -1 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, "invalid_params");
    assert.match(bad.body.error.message, /settleMs/);
  },
);

Deno.test(
  "navigate: a timer longer than a short one is not waited for; the box shows up in a later look",
  browserTest,
  async () => {
    await using s = await ownSession();
    const state = await ph.open(s.sid, site.url("/late2000"));
    assert.doesNotMatch(state.tree, /dialog/, state.tree);
    assert.match(state.tree, /button "Subscribe"/);
  },
);

Deno.test(
  "navigate: an interval that ticks from the load does not hold the settle, and the short timer still counts",
  browserTest,
  async () => {
    await using s = await ownSession();
    const state = await ph.open(s.sid, site.url("/poll"));
    assert.match(state.tree, /dialog "We use cookies"/, state.tree);
  },
);

Deno.test(
  "navigate: a loop of short timers from the load ends the settle once its counted depth has run",
  browserTest,
  async () => {
    await using s = await ownSession();
    const state = await ph.open(s.sid, site.url("/loop"));
    // The loop's first MAX_DEPTH timers were waited for (the script's own tick is the first), and the
    // navigation answered though the loop goes on.
    const n = Number(/paragraph: "?(\d+)/.exec(state.tree)?.[1]);
    assert.ok(n >= 1 + MAX_DEPTH, state.tree);
  },
);

Deno.test(
  "navigate: a script's redirect after the load is followed, and the new document settles too",
  browserTest,
  async () => {
    await using s = await ownSession();
    const r = await ph.post(`/v1/sessions/${s.sid}/navigate`, { url: site.url("/hop"), observe: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // The navigation committed where it was sent; the page then went on by itself, which the state shows.
    assert.equal(r.body.url, site.url("/hop"));
    assert.equal(r.body.state.url, site.url("/late100"));
    assert.match(r.body.state.tree, /dialog "We use cookies"/, r.body.state.tree);
  },
);

Deno.test(
  "navigate: a page that redirects itself without end is followed a few documents, then observed",
  browserTest,
  async () => {
    await using s = await ownSession();
    const r = await ph.post(`/v1/sessions/${s.sid}/navigate`, { url: site.url("/spin"), observe: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.state.tree, /heading "Spinning"/);
    assert.match(r.body.state.url, /\/spin\?/, "the page went on by itself before it was observed");
  },
);

Deno.test(
  "reload: the reloaded document's late box is in the reload's observation",
  browserTest,
  async () => {
    await using s = await ownSession();
    await ph.open(s.sid, site.url("/late100"));
    const r = await ph.post(`/v1/sessions/${s.sid}/reload`, { observe: true });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.state.tree, /dialog "We use cookies"/, r.body.state.tree);
  },
);

Deno.test(
  "navigate and act: an app that renders after DOMContentLoaded is rendered in the first observation",
  browserTest,
  async () => {
    await using s = await ownSession();
    const direct = await ph.open(s.sid, site.url("/app"));
    assert.match(direct.tree, /button "Compose"/, direct.tree);
    const start = await ph.open(s.sid, site.url("/to-app"));
    const r = await ph.act(s.sid, start, { action: "click", ref: refOf(start, /link "Open the app"/) });
    assertCaptured(r);
    assert.match(r.freshState.tree, /heading "Inbox"/, r.freshState.tree);
    assert.match(r.freshState.tree, /button "Compose"/);
  },
);

Deno.test(
  "act: a click that navigates shows the new page's late box in its fresh observation",
  browserTest,
  async () => {
    await using s = await ownSession();
    const state = await ph.open(s.sid, site.url("/link"));
    const r = await ph.act(s.sid, state, { action: "click", ref: refOf(state, /link "Read the digest"/) });
    assertCaptured(r);
    assert.match(r.freshState.tree, /dialog "We use cookies"/, r.freshState.tree);
  },
);

Deno.test(
  "observe: while the page replaces its own document, an observation reads the new one; none fails",
  browserTest,
  async () => {
    await using s = await ownSession();
    const failures: string[] = [];
    for (let round = 0; round < 8; round++) {
      const nav = await ph.post(`/v1/sessions/${s.sid}/navigate`, { url: site.url("/leaving"), settleMs: 0 });
      assert.equal(nav.status, 200, JSON.stringify(nav.body));
      // Observe back to back until the page arrived: one of them meets the page's own navigation.
      let title = "";
      for (let i = 0; i < 300 && title !== "Arrived"; i++) {
        const r = await ph.post(`/v1/sessions/${s.sid}/observe`, {});
        if (r.status !== 200) failures.push(`${r.status} ${JSON.stringify(r.body)}`);
        else title = r.body.title;
      }
      assert.equal(title, "Arrived", `round ${round}`);
    }
    assert.deepEqual(failures, []);
  },
);
