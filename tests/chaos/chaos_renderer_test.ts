/**
 * A renderer that dies under an operation (Chromium's own Page.crash, the renderer process
 * ends), a page that opens popups or downloads in a loop: the operation gets a definite answer,
 * the page recovers with navigate, and another session's state is untouched.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, refOf, Site } from "../support/harness.ts";
import { assertDefinite, bystander, crashDuring, OPS, STORM_SITE } from "./chaos.ts";

Deno.test(
  "a renderer crash during act, observe and navigate: a definite answer, navigate recovers the page, and another session keeps its state",
  browserTest,
  async () => {
    await using site = new Site(STORM_SITE), ph = await Porthole.start();
    const other = await bystander(ph, site);
    for (const name of Object.keys(OPS)) {
      for (const delayMs of [0, 60]) {
        const { answer } = await crashDuring(ph, site, name, delayMs);
        assertDefinite(answer, `${name} crashed after ${delayMs} ms`);
      }
    }
    await other.intact();
  },
);

/**
 * A storm page's button clicked in a session with a neighbour: the click went out, `check` reads
 * what followed, and the neighbour kept its state.
 */
async function afterStorm(path: string, check: (ph: Porthole, sid: string) => Promise<void>): Promise<void> {
  await using site = new Site(STORM_SITE), ph = await Porthole.start();
  const other = await bystander(ph, site);
  const sid = await ph.session();
  const state = await ph.open(sid, site.url(path));
  const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Storm"/) });
  assert.notEqual(r.execution, "not_dispatched");
  await check(ph, sid);
  await other.intact();
}

Deno.test(
  "a popup storm: pages stay within the page limit, the rest are refused, and the session and its neighbour keep working",
  browserTest,
  () =>
    afterStorm("/popups", async (ph, sid) => {
      await new Promise((res) => setTimeout(res, 1000));
      const pages = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages;
      const limit = ph.server.registry.config.limits.maxPages;
      assert.ok(pages.length <= limit, `${pages.length} pages > ${limit}`);
      const targets = await ph.server.registry.get(sid).lease!.context.pages();
      assert.ok(targets.length <= limit, `${targets.length} live targets > ${limit}`);
      assert.equal((await ph.post(`/v1/sessions/${sid}/observe`, {})).status, 200);
    }),
);

Deno.test(
  "a download storm: every download is refused, the page stays, and the session and its neighbour keep working",
  browserTest,
  () =>
    afterStorm("/downloads", async (ph, sid) => {
      assert.equal((await ph.observe(sid)).title, "Downloads");
    }),
);
