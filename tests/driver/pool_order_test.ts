/** The shared browser pool stays consistent whatever order leases are taken and released in. */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";

const site = new Site({ "/": "<!doctype html><title>Pool</title><button>Go</button>" });
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test("leases taken at once and released out of order leave the pool usable", browserTest, async () => {
  await using ph = await Porthole.start();
  const pool = ph.server.registry.pool;
  const first = await Promise.all(Array.from({ length: 6 }, () => pool.acquire()));
  assert.equal(pool.stats().leases, 6);
  // Release every other lease while new ones are being taken.
  const [more] = await Promise.all([
    Promise.all(Array.from({ length: 3 }, () => pool.acquire())),
    ...first.filter((_, i) => i % 2 === 0).map((l) => l.release()),
  ]);
  assert.equal(pool.stats().leases, 6);
  const live = [...first.filter((_, i) => i % 2 === 1), ...more];
  for (const lease of live) {
    const page = await lease.context.newPage();
    await page.close();
  }
  await Promise.all(live.reverse().map((l) => l.release()));
  assert.equal(pool.stats().leases, 0);
  assert.equal(pool.stats().running, false, "the browser closes with its last lease");
  const sid = await ph.session();
  assert.match((await ph.open(sid, site.url("/"))).tree, /button "Go"/);
});

Deno.test(
  "a lease released while another is being acquired does not close the browser under it",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const pool = ph.server.registry.pool;
    const a = await pool.acquire();
    const [b] = await Promise.all([pool.acquire(), a.release()]);
    assert.equal(pool.stats().running, true);
    const page = await b.context.newPage();
    await page.goto(site.url("/"));
    assert.equal(await page.title(), "Pool");
    await b.release();
    assert.equal(pool.stats().running, false);
  },
);
