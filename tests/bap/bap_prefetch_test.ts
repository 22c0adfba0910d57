/**
 * BAP's speculative prefetch (fusion 6) against real Chromium: after a client's click or
 * navigate, the next `agent/observe` answers from a listing prepared in the background, and
 * never once the page changed since (a DOM mutation, a value set by script, a navigation, a
 * frame that navigated). The page record's prefetch counts prove which way each went; the test
 * changes the page behind Porthole's back (CDP evaluate), so no Porthole act re-arms it.
 */
import assert from "node:assert/strict";
import { browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";
import { BapClient, wsUrl } from "../support/bap_client.ts";
import { prefetchCounts } from "../../lib/session/observe/prefetch.ts";
import type { PageRecord } from "../../lib/session/core/page_record.ts";

const site = new Site({
  "/": `<!doctype html><title>Prefetch</title>
<button onclick="this.dataset.n = 1">Touch</button> <button>Quiet</button>
<input aria-label="Note" value="a"> <a href="/two">Two</a>
<iframe src="/child" title="Child"></iframe>`,
  "/two": `<!doctype html><title>Two</title><button>On two</button>`,
  "/child": `<!doctype html><button>In child</button>`,
  "/child2": `<!doctype html><button>In child two</button>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

/** A BAP client on a page of the site, and the core's record of that page. */
async function opened(ph: Porthole) {
  const c = await BapClient.connect(wsUrl(ph.url));
  await c.call("browser/launch", {});
  const page = await c.call("page/create", { url: site.url("/") });
  const session = ph.server.registry.list().find((s) => s.pages.has(page.id))!;
  const rec = session.pages.get(page.id) as PageRecord;
  return { c, rec, counts: () => ({ ...prefetchCounts(rec) }) };
}

/** The listing BAP clients ask for after an action (the `interactive` tier lists elements). */
const observe = (c: BapClient) =>
  c.call("agent/observe", { responseTier: "interactive", includeMetadata: true });
const names = (r: Json) => r.interactiveElements.map((e: Json) => e.name);
const click = (c: BapClient, name: string) =>
  c.call("action/click", { selector: { type: "role", role: "button", name } });
/** Wait for the listing the last action asked for to be ready. */
const prepared = (counts: () => Json, n: number) =>
  eventually("a prepared listing", counts, (x) => x.prepared >= n);

Deno.test(
  "a prefetch is served when nothing changed, and its state is the current one",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const { c, counts } = await opened(ph);
    await using _ = c;
    await click(c, "Quiet");
    await prepared(counts, 1);
    const r = await observe(c);
    assert.deepEqual(counts(), { prepared: 1, served: 1, read: 0, stale: 0, skipped: 0 });
    assert.ok(names(r).includes("Quiet"));
    // Served once: the next listing is made afresh.
    await observe(c);
    assert.equal(counts().served, 1);
    // Published as a fresh listing's state would be: its refs act.
    const quiet = r.interactiveElements.find((e: Json) => e.name === "Quiet");
    await c.call("action/click", { selector: { type: "ref", ref: quiet.ref } });
  },
);

Deno.test(
  "observe/ariaSnapshot and observe/accessibility read the prefetch and leave it for agent/observe",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const { c, rec, counts } = await opened(ph);
    await using _ = c;
    await click(c, "Quiet");
    await prepared(counts, 1);
    const yaml = await c.call("observe/ariaSnapshot", {});
    assert.match(yaml.snapshot, /- button "Quiet"/);
    const tree = await c.call("observe/accessibility", {});
    assert.equal(tree.tree.role, "RootWebArea");
    assert.deepEqual(counts(), { prepared: 1, served: 0, read: 2, stale: 0, skipped: 0 });
    await observe(c);
    assert.equal(counts().served, 1);
    // A view after a change reads the page afresh.
    await click(c, "Quiet");
    await prepared(counts, 2);
    await rec.driver.page.evaluate(
      `document.body.append(Object.assign(document.createElement("button"), { textContent: "Late" }))`,
    );
    assert.match((await c.call("observe/ariaSnapshot", {})).snapshot, /- button "Late"/);
    assert.equal(counts().stale, 1);
  },
);

Deno.test(
  "an observe that arrives while the prefetch runs waits for it and is served",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const { c, counts } = await opened(ph);
    await using _ = c;
    await click(c, "Quiet");
    await observe(c);
    const n = counts();
    // Either it was ready in time, or it was skipped for the observe: never stale.
    assert.equal(n.stale, 0);
    assert.equal(n.served + n.skipped, 1);
  },
);

Deno.test(
  "a prefetch is never served after a DOM mutation or a value set by script",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const { c, rec, counts } = await opened(ph);
    await using _ = c;
    await click(c, "Quiet");
    await prepared(counts, 1);
    await rec.driver.page.evaluate(
      `document.body.append(Object.assign(document.createElement("button"), { textContent: "Late" }))`,
    );
    const r = await observe(c);
    assert.ok(names(r).includes("Late"), "the listing is fresh");
    assert.deepEqual(counts(), { prepared: 1, served: 0, read: 0, stale: 1, skipped: 0 });

    await click(c, "Quiet");
    await prepared(counts, 2);
    // No mutation and no event: only the value differs.
    await rec.driver.page.evaluate(`document.querySelector("input").value = "b"`);
    const v = await observe(c);
    assert.equal(v.interactiveElements.find((e: Json) => e.name === "Note").value, "b");
    assert.equal(counts().stale, 2);
    assert.equal(counts().served, 0);
  },
);

Deno.test("a prefetch is never served after a navigation, same-document or not", browserTest, async () => {
  await using ph = await Porthole.start();
  const { c, rec, counts } = await opened(ph);
  await using _ = c;
  await click(c, "Quiet");
  await prepared(counts, 1);
  await rec.driver.page.evaluate(`history.pushState({}, "", "/elsewhere")`);
  const r = await observe(c);
  assert.match(r.metadata.url, /\/elsewhere$/);
  assert.equal(counts().stale, 1);

  await c.call("page/navigate", { url: site.url("/") });
  await prepared(counts, 2);
  await rec.driver.page.evaluate(`location.href = "/two"`);
  await eventually("the second page", () => rec.driver.page.url(), (u) => u.endsWith("/two"));
  const two = await observe(c);
  assert.deepEqual(names(two), ["On two"]);
  assert.deepEqual({ served: counts().served, stale: counts().stale }, { served: 0, stale: 2 });
});

Deno.test("a prefetch is never served after a frame navigated", browserTest, async () => {
  await using ph = await Porthole.start();
  const { c, rec, counts } = await opened(ph);
  await using _ = c;
  await click(c, "Touch");
  await prepared(counts, 1);
  // The main document is untouched: only its child frame moves to another document.
  await rec.driver.page.evaluate(`frames[0].location.href = "/child2"`);
  await eventually(
    "the child frame's new document",
    () => rec.driver.page.frames().map((f) => f.url()),
    (urls) => urls.some((u) => u.endsWith("/child2")),
  );
  await observe(c);
  assert.deepEqual({ served: counts().served, stale: counts().stale }, { served: 0, stale: 1 });
});
