/**
 * Network record and replay: a session recorded with --har-record against a loopback site is
 * written as one HAR when it closes (no cookies, no credentials, no secret); rerun with
 * --har-replay after the site is gone, it gets the same trees with no connection made at all.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site, untilPage } from "../support/harness.ts";
import { loadHarFile } from "../../lib/config_file.ts";
import type { Config } from "../../lib/config.ts";

const SECRET = "correct-horse-battery-staple";
const HOME = `<!doctype html><title>Till</title>
<h1>Till</h1><p id="api">waiting</p><img src="/logo.svg" alt="Logo">
<form method="post" action="/login"><label>Password <input name="pw" type="password"></label>
<button>Sign in</button></form>
<script>fetch("/api", { headers: { Authorization: "Bearer " + ["api", "token", "1"].join("-") } })
  .then((r) => r.json()).then((j) => (document.getElementById("api").textContent = j.message))</script>`;
const LOGO =
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`;

function pages() {
  return {
    "/": () =>
      new Response(HOME, {
        headers: { "content-type": "text/html; charset=utf-8", "set-cookie": "sid=cookie-value-1; Path=/" },
      }),
    "/logo.svg": () => new Response(LOGO, { headers: { "content-type": "image/svg+xml" } }),
    "/api": () => Response.json({ message: "ledger open" }),
    "/login": async (req: Request) => {
      const form = await req.formData();
      const ok = form.get("pw") === SECRET;
      return new Response(
        `<!doctype html><title>Signed in</title><h1>${ok ? "Welcome back" : "Wrong"}</h1>`,
        {
          headers: { "content-type": "text/html" },
        },
      );
    },
  };
}

/** Open the till, wait for its API call, sign in with the secret: the two trees. */
async function run(ph: Porthole, url: string): Promise<{ sid: string; home: string; signedIn: string }> {
  const sid = await ph.session();
  await ph.open(sid, url);
  await untilPage(ph, sid, `document.getElementById("api").textContent === "ledger open"`);
  const home: Json = await ph.observe(sid);
  const filled = await ph.actOn(sid, home, "fill", /textbox "Password"/, { secretRef: "till" });
  assert.equal(filled.execution, "completed", JSON.stringify(filled.error));
  const signed = await ph.actOn(sid, filled.freshState, "click", /button "Sign in"/);
  assert.equal(signed.execution, "completed", JSON.stringify(signed.error));
  return { sid, home: home.tree, signedIn: signed.freshState.tree };
}

const secrets = (origin: string) => (c: Config) => {
  c.operator.secrets = { till: { value: SECRET, origins: [origin] } };
};

/** A listener on `port` that counts the connections it is offered. */
function counter(port: number) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const seen = { connections: 0 };
  (async () => {
    for await (const conn of listener) {
      seen.connections++;
      conn.close();
    }
  })().catch(() => {});
  return Object.assign(seen, { close: () => listener.close() });
}

Deno.test(
  "a HAR recorded with --har-record replays with --har-replay: same trees, zero connections",
  browserTest,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "porthole-har-" });
    const site = new Site(pages());
    const port = Number(new URL(site.origin).port);
    let recorded: Awaited<ReturnType<typeof run>>;
    {
      await using ph = await Porthole.start((c) => {
        secrets(site.origin)(c);
        c.har.recordDir = dir;
      });
      recorded = await run(ph, site.url("/"));
      assert.match(recorded.signedIn, /Welcome back/);
      assert.equal((await ph.request("DELETE", `/v1/sessions/${recorded.sid}`)).status, 204);
    }
    await site[Symbol.asyncDispose]();
    const file = `${dir}/${recorded.sid}.har`;
    const text = await Deno.readTextFile(file);
    const har = JSON.parse(text);
    assert.equal(har.log.version, "1.2");
    const urls = har.log.entries.map((e: Json) => `${e.request.method} ${new URL(e.request.url).pathname}`);
    for (const u of ["GET /", "GET /logo.svg", "GET /api", "POST /login"]) {
      assert.ok(
        urls.includes(u),
        `${u} in ${urls}`,
      );
    }
    assert.doesNotMatch(text, new RegExp(SECRET), "the secret is nowhere in the HAR");
    assert.doesNotMatch(text, /api-token-1|cookie-value-1/, "no credential or cookie value");
    for (const e of har.log.entries) {
      for (const h of [...e.request.headers, ...e.response.headers]) {
        assert.doesNotMatch(h.name, /^(cookie|set-cookie|authorization)$/i);
      }
      assert.deepEqual(e.request.cookies, []);
      assert.deepEqual(e.response.cookies, []);
    }
    const login = har.log.entries.find((e: Json) => e.request.method === "POST");
    assert.match(login.request.postData.text, /pw=/);

    // The site is gone; whatever listens on its port now only counts.
    const listening = counter(port);
    try {
      await using ph = await Porthole.start((c) => {
        secrets(`http://127.0.0.1:${port}`)(c);
        c.har.replay = loadHarFile(file);
      });
      const replayed = await run(ph, `http://127.0.0.1:${port}/`);
      assert.equal(replayed.home, recorded.home);
      assert.equal(replayed.signedIn, recorded.signedIn);
      // A request the HAR lacks fails at once (notFound: abort), and reaches nothing either.
      const missing = await ph.post(`/v1/sessions/${replayed.sid}/navigate`, {
        url: `http://127.0.0.1:${port}/elsewhere`,
      });
      assert.notEqual(missing.status, 200, JSON.stringify(missing.body));
      assert.equal(ph.server.registry.guard.stats.connections, 0, "the network guard made no connection");
      assert.equal(listening.connections, 0, "nothing connected to the site's address");
      console.log(`  ${har.log.entries.length} entries, ${text.length} bytes of HAR`);
    } finally {
      listening.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test(
  "--har-not-found fallthrough-denied lets a missing request reach a guard that refuses it",
  browserTest,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "porthole-har-" });
    try {
      const file = `${dir}/empty.har`;
      await Deno.writeTextFile(file, JSON.stringify({ log: { version: "1.2", entries: [] } }));
      await using site = new Site(pages());
      await using ph = await Porthole.start((c) => {
        c.har.replay = loadHarFile(file);
        c.har.notFound = "fallthrough-denied";
      });
      const sid = await ph.session();
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
      assert.ok(ph.server.registry.guard.stats.refused >= 1, "the guard refused the request");
      assert.equal(ph.server.registry.guard.stats.connections, 0);
      assert.deepEqual(site.hits, []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("a replayed HAR that is not one is refused at startup, naming the member", () => {
  const file = Deno.makeTempFileSync({ suffix: ".har" });
  try {
    Deno.writeTextFileSync(file, JSON.stringify({ log: { version: "1.2", entries: [{ request: {} }] } }));
    assert.throws(() => loadHarFile(file), /--har-replay .*log\.entries\.0\./);
  } finally {
    Deno.removeSync(file);
  }
});
