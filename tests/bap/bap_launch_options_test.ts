/**
 * browser/launch ignores no parameter silently: what a client sends by default (a Chrome or Edge
 * channel, a visible window, a profile folder) launches Porthole's own Chromium and the result's
 * `notice` says what was mapped; what would change the shared browser, its network path or the
 * server's disk is refused, naming the field and the reason.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole } from "../support/harness.ts";
import { BapClient, type Json, wsUrl } from "../support/bap_client.ts";

const ph = await Porthole.start();
globalThis.addEventListener("unload", () => ph.server.close());

async function refused(params: Record<string, unknown>, field: string, why: RegExp): Promise<Json> {
  await using c = await BapClient.connect(wsUrl(ph.url));
  const e = await c.fails("browser/launch", params);
  assert.equal(e.code, -32602, JSON.stringify(params));
  assert.equal(e.data?.details.field, field, JSON.stringify(e));
  assert.match(e.message, new RegExp(field));
  assert.match(e.message, why);
  // Nothing was launched.
  assert.equal((await c.fails("page/create", {})).code, -32010);
  return e;
}

/** A launch that works; its result, after a page was opened in it. */
async function launched(params: Record<string, unknown>): Promise<Json> {
  await using c = await BapClient.connect(wsUrl(ph.url));
  const r = await c.call("browser/launch", params);
  assert.match(r.browserId, /^browser-/, JSON.stringify(params));
  assert.deepEqual(r.porthole, {
    browser: "chromium",
    channel: "porthole",
    headless: true,
    version: r.version,
  });
  assert.match(r.version, /Chrom/);
  await c.call("page/create", {});
  return r;
}

Deno.test(
  "browser/launch: every Chrome and Edge channel, chromium and no channel launch Porthole's own Chromium",
  browserTest,
  async () => {
    for (const channel of ["chrome", "chrome-beta", "msedge"]) {
      const r = await launched({ browser: "chromium", channel });
      assert.equal(
        r.notice,
        `channel "${channel}" is not launched: Porthole's own headless Chromium is used.`,
      );
    }
    assert.equal((await launched({ channel: "chromium" })).notice, undefined);
    assert.equal((await launched({})).notice, undefined);
    assert.equal((await launched({ browser: "chromium" })).notice, undefined);
  },
);

Deno.test("browser/launch refuses a channel that is no Chromium release channel", browserTest, async () => {
  await refused({ channel: "firefox-nightly" }, "channel", /must be one of chromium, chrome, chrome-beta/);
  await refused({ channel: 5 }, "channel", /must be one of/);
});

Deno.test("browser/launch refuses firefox and webkit with a hint to send chromium", browserTest, async () => {
  for (const browser of ["firefox", "webkit"]) {
    const e = await refused(
      { browser },
      "browser",
      new RegExp(`${browser} is not available: .*Chromium only`),
    );
    assert.match(e.data?.recoveryHint ?? "", /browser: "chromium"/);
  }
  await refused({ browser: "opera" }, "browser", /must be one of chromium, firefox, webkit/);
});

Deno.test(
  "browser/launch maps headless false and a userDataDir onto a headless, temporary context, and says so",
  browserTest,
  async () => {
    const visible = await launched({ headless: false });
    assert.match(visible.notice, /^headless: false is mapped to headless: .*\/ui/);
    assert.equal((await launched({ headless: true })).notice, undefined);
    const dir = await Deno.makeTempDir();
    const profile = await launched({ userDataDir: dir });
    assert.match(profile.notice, /^userDataDir is not used: the context is temporary/);
    assert.deepEqual([...Deno.readDirSync(dir)], [], "nothing was written to the folder");
    await Deno.remove(dir);
  },
);

Deno.test(
  "browser/launch refuses args, proxy and downloadsPath, each for its stated reason",
  browserTest,
  async () => {
    assert.equal((await launched({ args: [] })).notice, undefined);
    await refused({ args: ["--disable-gpu"] }, "args", /shared by every session/);
    await refused({ args: ["--no-sandbox"] }, "args", /isolation/);
    await refused({ args: "--no-sandbox" }, "args", /must be Array/);
    await refused({ proxy: { server: "http://127.0.0.1:3128" } }, "proxy", /network guard/);
    await refused({ downloadsPath: "/tmp/downloads" }, "downloadsPath", /Porthole's disk/);
    // A refusal wins over what could be mapped: nothing is launched.
    await refused({ channel: "chrome", headless: false, args: ["--kiosk"] }, "args", /operator's/);
  },
);
