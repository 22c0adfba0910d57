/**
 * Chromium killed (SIGKILL) in the middle of act, observe and navigate, a few times each: every
 * answer is one of the contract's codes (never a 500, never a hang), a new session works right
 * after, and no process of the killed browser is left behind.
 */
import { browserTest, Porthole, Site } from "../support/harness.ts";
import { assertDefinite, KILL_SITE, killDuring, OPS } from "./chaos.ts";

Deno.test(
  "SIGKILL of the browser during act, observe and navigate: a contract code every time, and the next session works",
  browserTest,
  async () => {
    await using site = new Site(KILL_SITE), ph = await Porthole.start();
    // The browser outlives each round's sessions, so each kill hits a browser in use.
    const keeper = await ph.session();
    await ph.post(`/v1/sessions/${keeper}/pages`);
    for (const [name, op] of Object.entries(OPS)) {
      for (const delayMs of [0, 80]) {
        const { answer } = await killDuring(ph, site, op, delayMs);
        assertDefinite(answer, `${name} killed after ${delayMs} ms`);
        await ph.post(`/v1/sessions/${keeper}/pages`);
      }
    }
  },
);
