/**
 * The browser process pool, proved on the real processes: one lazily started Chromium shared by
 * all sessions, one isolated context each, closed with the last session, recovered after a crash,
 * sandboxed, unprivileged, without the sidecar's secrets, and idle sessions swept away.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";
import { fixtureTest, openedPorthole, portholeSession } from "../support/fixtures.ts";
import { alive, cmdline, hasFlag, processTree, readProc, statusField } from "../support/proc.ts";

// ---- tests ------------------------------------------------------------------------------

Deno.test("two concurrent first requests start exactly one browser", browserTest, async () => {
  await using ph = await Porthole.start();
  const pool = ph.server.registry.pool;
  const a = await ph.session();
  const b = await ph.session();
  assert.equal(pool.stats().running, false, "sessions alone start nothing");
  assert.equal(pool.stats().launches, 0);
  const [ra, rb] = await Promise.all([
    ph.post(`/v1/sessions/${a}/navigate`, { url: "about:blank" }),
    ph.post(`/v1/sessions/${b}/observe`, {}),
  ]);
  assert.equal(ra.status, 200);
  assert.equal(rb.status, 200);
  const stats = pool.stats();
  assert.equal(stats.launches, 1);
  assert.equal(stats.running, true);
  assert.equal(stats.leases, 2);
  assert.ok(stats.pid && alive(stats.pid));
});

Deno.test(
  "each session is its own browser context: cookies and storage of one are invisible to another",
  browserTest,
  async () => {
    const cookies: (string | null)[] = [];
    await using site = new Site({
      "/set": () =>
        new Response("<title>Set</title><script>localStorage.setItem('k', 'v')</script>", {
          headers: { "content-type": "text/html", "set-cookie": "who=first; Path=/" },
        }),
      "/look": (req) => {
        cookies.push(req.headers.get("cookie"));
        return new Response("<title>Look</title>", { headers: { "content-type": "text/html" } });
      },
    });
    await using ph = await Porthole.start();
    const first = await ph.session();
    const second = await ph.session();
    await ph.open(first, site.url("/set"));
    await ph.open(first, site.url("/look"));
    await ph.open(second, site.url("/look"));

    assert.deepEqual(cookies, ["who=first", null]);
    assert.equal(await ph.pageEval(first, "document.cookie"), "who=first");
    assert.equal(await ph.pageEval(second, "document.cookie"), "");
    assert.equal(await ph.pageEval(first, "localStorage.getItem('k')"), "v");
    assert.equal(await ph.pageEval(second, "localStorage.getItem('k')"), null);
    assert.equal(ph.server.registry.pool.stats().launches, 1, "both contexts live in one browser");
  },
);

Deno.test("the browser closes when the last session ends", browserTest, async () => {
  await using ph = await Porthole.start();
  const pool = ph.server.registry.pool;
  const a = await ph.session();
  const b = await ph.session();
  await ph.post(`/v1/sessions/${a}/navigate`, { url: "about:blank" });
  await ph.post(`/v1/sessions/${b}/navigate`, { url: "about:blank" });
  const pid = pool.stats().pid!;
  const tree = processTree(pid);
  assert.ok(tree.length > 1, "Chromium runs helper processes");

  assert.equal((await ph.request("DELETE", `/v1/sessions/${a}`)).status, 204);
  assert.equal(pool.stats().running, true);
  assert.ok(alive(pid), "one session left: the browser stays");

  assert.equal((await ph.request("DELETE", `/v1/sessions/${b}`)).status, 204);
  assert.equal(pool.stats().running, false);
  assert.equal(pool.stats().leases, 0);
  assert.equal(pool.stats().pid, null);
  await eventually("every Chromium process to exit", () => tree.every((p) => !alive(p)));
});

Deno.test(
  "a killed browser bumps the generation: act is 503 browser_disconnected until navigate, observe or page open start a fresh one",
  browserTest,
  async () => {
    await using site = new Site({ "/": `<title>Home</title><button>Go</button>` }),
      ph = await Porthole.start();
    const pool = ph.server.registry.pool;
    const [s1, s2, s3] = [await ph.session(), await ph.session(), await ph.session()];
    const state = await ph.open(s1, site.url("/"));
    await ph.open(s2, site.url("/"));
    await ph.open(s3, site.url("/"));
    const before = pool.stats();
    const oldTree = processTree(before.pid!);

    Deno.kill(before.pid!, "SIGKILL");
    await eventually("the pool to notice the disconnect", () => pool.stats().disconnects === 1);
    assert.equal(pool.stats().generation, before.generation + 1);
    assert.equal(pool.stats().running, false);
    await eventually("every old Chromium process to be gone", () => oldTree.every((p) => !alive(p)));

    const act = await ph.post(`/v1/sessions/${s1}/act`, {
      stateId: state.stateId,
      targetId: state.targetId,
      action: "click",
      ref: "@e1",
    });
    assertError(act, 503, "browser_disconnected");
    assert.equal(act.body.error.retryable, true);
    assert.equal(pool.stats().launches, 1, "act never starts a browser");

    const nav = await ph.post(`/v1/sessions/${s1}/navigate`, { url: site.url("/"), observe: true });
    assert.equal(nav.status, 200);
    assert.equal(nav.body.state.generation, before.generation + 1);
    assert.equal(await ph.pageEval(s1, "document.title"), "Home");

    const obs = await ph.post(`/v1/sessions/${s2}/observe`, {});
    assert.equal(obs.status, 200);
    assert.equal(obs.body.url, "about:blank", "observe after a disconnect opens a fresh page");
    assert.equal(obs.body.generation, before.generation + 1);

    const opened = await ph.post(`/v1/sessions/${s3}/pages`);
    assert.equal(opened.status, 201);
    assert.equal(opened.body.generation, before.generation + 1);
    const pages = (await ph.request("GET", `/v1/sessions/${s3}/pages`)).body.pages;
    assert.deepEqual(
      pages.map((p: Json) => p.pageId),
      [opened.body.pageId],
      "pages of the dead browser are gone",
    );

    const after = pool.stats();
    assert.equal(after.launches, 2, "one fresh browser for all three sessions");
    assert.notEqual(after.pid, before.pid);
    assert.ok(alive(after.pid!));
  },
);

fixtureTest(
  "Chromium runs as an unprivileged user with its sandbox on",
  () => openedPorthole({ "/": `<title>Page</title><p>hello</p>` }),
  ({ ph }) => {
    const pid = ph.server.registry.pool.stats().pid!;
    const tree = processTree(pid);
    assert.ok(tree.includes(pid));

    for (const p of tree) {
      const uids = statusField(p, "Uid");
      if (uids === null) continue; // exited meanwhile
      for (const uid of uids.split(/\s+/).map(Number)) {
        assert.notEqual(uid, 0, `process ${p} runs with uid 0: ${uids}`);
      }
      assert.ok(!hasFlag(p, "--no-sandbox"), `process ${p} runs without the sandbox: ${cmdline(p)}`);
      assert.ok(!hasFlag(p, "--disable-seccomp-filter-sandbox"), `process ${p} runs without seccomp`);
    }
    // The renderers really are sandboxed: seccomp-bpf filtering is on (mode 2).
    const renderers = tree.filter((p) => hasFlag(p, "--type") && cmdline(p).includes("--type=renderer"));
    assert.ok(renderers.length > 0, "a renderer runs for the open page");
    for (const r of renderers) {
      assert.equal(statusField(r, "Seccomp"), "2", `renderer ${r} is not seccomp-sandboxed`);
    }
  },
);

Deno.test("a secret in the sidecar's environment never reaches a browser process", browserTest, async () => {
  const secret = `s3cr3t-${crypto.randomUUID()}`;
  Deno.env.set("PORTHOLE_TEST_SECRET", secret);
  try {
    await using ph = await Porthole.start();
    const sid = await ph.session();
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" });
    const pid = ph.server.registry.pool.stats().pid!;
    const tree = processTree(pid);
    assert.ok(tree.length > 1);

    const main = readProc(pid, "environ")!;
    assert.match(main, /(^|\0)HOME=/, "the browser's own environment is readable");
    let read = 0;
    for (const p of tree) {
      const environ = readProc(p, "environ");
      if (environ === null) continue;
      read++;
      assert.ok(!environ.includes(secret), `process ${p} (${cmdline(p).slice(0, 80)}) has the secret`);
      assert.ok(!environ.includes("PORTHOLE_TEST_SECRET"), `process ${p} has the variable`);
    }
    assert.ok(read > 1);
  } finally {
    Deno.env.delete("PORTHOLE_TEST_SECRET");
  }
});

Deno.test(
  "a session idle longer than the idle time is closed and its context released",
  browserTest,
  async () => {
    await using ph = await Porthole.start((c) => (c.sessionIdleMs = 2500));
    const pool = ph.server.registry.pool;
    // One session has work running from its start (a wait that is never met); the other does nothing until the sweep takes it. A session with work
    // running or queued is never idle, however long the work takes, so this does not depend on
    // how fast a loaded machine answers.
    const busy = await ph.session();
    await ph.post(`/v1/sessions/${busy}/navigate`, { url: "about:blank" });
    const working = ph.post(`/v1/sessions/${busy}/wait`, { text: "never on this page", timeoutMs: 12_000 });
    const idle = await ph.session();
    assert.equal((await ph.request("GET", `/v1/sessions/${idle}`)).body.limits.idleMs, 2500);
    await ph.post(`/v1/sessions/${idle}/navigate`, { url: "about:blank" });
    const pid = pool.stats().pid!;
    await eventually("the busy session's wait to run", () => ph.server.registry.get(busy).gate.busy);
    await eventually("the idle session to be closed", async () => {
      const ids = (await ph.request("GET", "/v1/sessions")).body.sessions.map((s: Json) => s.sessionId);
      return !ids.includes(idle);
    });
    assert.ok(ph.server.registry.get(busy).gate.busy, "the busy session's wait is still running");
    const waited = await working;
    assert.equal(waited.status, 200, JSON.stringify(waited.body));
    assert.equal(waited.body.met, false);
    assertError(await ph.post(`/v1/sessions/${idle}/observe`, {}), 404, "session_not_found");
    assert.equal((await ph.request("GET", `/v1/sessions/${busy}`)).status, 200);
    assert.equal(pool.stats().leases, 1);
    assert.ok(alive(pid));

    // Left alone, the last one goes too, and the browser with it.
    await eventually(
      "the last session to be closed",
      async () => (await ph.request("GET", "/v1/sessions")).body.sessions.length === 0,
    );
    await eventually("the browser to close", () => !pool.stats().running);
    await eventually("the browser process to exit", () => !alive(pid));
  },
);

/** A Porthole whose browser binary is `chromium`, and a session on it. */
const withChromium = (chromium: string) => portholeSession((c) => (c.chromium = chromium));

fixtureTest(
  "a missing browser is 503 browser_not_installed, and the hint names `porthole browser install`",
  () => withChromium("/nonexistent/chromium"),
  async ({ ph, sid }) => {
    for (
      const r of [
        await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" }),
        await ph.post(`/v1/sessions/${sid}/observe`, {}),
        await ph.post(`/v1/sessions/${sid}/pages`),
      ]
    ) {
      assertError(r, 503, "browser_not_installed");
      assert.equal(r.body.error.retryable, false);
      assert.match(r.body.error.recoveryHint, /porthole browser install/);
    }
    assert.equal(ph.server.registry.pool.stats().running, false);
  },
);

fixtureTest(
  "a browser that fails to start is 503 browser_not_installed, not a hang or a 500",
  () => withChromium("/bin/false"),
  async ({ ph, sid }) => {
    const r = await ph.post(`/v1/sessions/${sid}/navigate`, { url: "about:blank" });
    assertError(r, 503, "browser_not_installed");
    assert.match(r.body.error.recoveryHint, /porthole browser install/);
    assert.equal(ph.server.registry.pool.stats().launches, 0);
  },
);
