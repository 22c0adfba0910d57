/**
 * Downloads into the artifact store (--downloads artifacts): the file is taken from the response
 * in the browser, never written anywhere; the act result and an SSE event name the artifact, and
 * GET …/artifacts/{id} serves it as an attachment. Over the store's limits it is refused; by
 * default every download stays blocked.
 */
import assert from "node:assert/strict";
import { Porthole, refOf, Site } from "../support/harness.ts";
import { fixtureTest, portholeSession } from "../support/fixtures.ts";

const FILE = "porthole-download-probe-" + crypto.randomUUID().slice(0, 8);
const BIG = new Uint8Array(9 * 1024 * 1024).fill(7);
const site = new Site({
  "/": `<!doctype html><title>Files</title><a href="/report.csv">Report</a> <a href="/big.bin">Big</a>
    <a href="/report.csv" download>Attribute</a>`,
  "/report.csv": () =>
    new Response("a,b\n1,2\n", {
      headers: { "content-type": "text/csv", "content-disposition": `attachment; filename="${FILE}.csv"` },
    }),
  "/big.bin": () =>
    new Response(BIG, {
      headers: {
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="${FILE}.bin"`,
      },
    }),
});

/** Open the files page in the fixture's session and click the link of this name; the act result. */
async function clickLink({ ph, sid }: { ph: Porthole; sid: string }, name: string) {
  const state = await ph.open(sid, site.url("/"));
  return await ph.act(sid, state, { action: "click", ref: refOf(state, new RegExp(`link "${name}"`)) });
}

/** A Porthole that stores downloads as artifacts (`--downloads artifacts`), and a session on it. */
const withArtifacts = () => portholeSession((c) => (c.downloads = "artifacts"));

function onDisk(): string {
  const found = new Deno.Command("find", { args: ["/tmp", "/root", "-name", `${FILE}*`], stderr: "null" })
    .outputSync();
  return new TextDecoder().decode(found.stdout).trim();
}

fixtureTest(
  "--downloads artifacts: a downloaded file is an artifact named by the act result and an event",
  withArtifacts,
  async ({ ph, sid }) => {
    const session = ph.server.registry.get(sid);
    const sub = session.events.subscribe(0);
    const state = await ph.open(sid, site.url("/"));
    const t0 = performance.now();
    const r = await ph.act(sid, state, { action: "click", ref: refOf(state, /link "Report"/) });
    console.log(`download act: ${Math.round(performance.now() - t0)} ms`);
    assert.equal(r.execution, "completed");
    assert.equal(r.error, undefined, JSON.stringify(r.error));
    assert.equal(r.downloads?.length, 1);
    const [artifact] = r.downloads;
    assert.equal(artifact.mimeType, "text/csv");
    assert.equal(artifact.bytes, 8);
    const got = await fetch(ph.url + artifact.href);
    assert.equal(got.status, 200);
    assert.match(got.headers.get("content-disposition") ?? "", /^attachment/);
    assert.equal(got.headers.get("x-content-type-options"), "nosniff");
    assert.equal(await got.text(), "a,b\n1,2\n");
    assert.equal(await ph.pageEval(sid, "location.pathname"), "/", "the page stayed");
    assert.equal(onDisk(), "", "no file on the filesystem");
    const events = [];
    for (let ev = sub.poll(); ev; ev = sub.poll()) events.push(ev);
    const ev = events.find((e) => e.type === "download.stored");
    assert.ok(ev, "an SSE event names the artifact");
    assert.equal((ev.data as { artifactId: string }).artifactId, artifact.id);
  },
);

fixtureTest(
  "--downloads artifacts: a file over the 8 MiB item limit is refused, and nothing is written",
  withArtifacts,
  async (t) => {
    const r = await clickLink(t, "Big");
    assert.equal(r.error?.code, "download_blocked");
    assert.equal(r.error.details.cause, "artifact_too_large");
    assert.equal(r.downloads, undefined);
    assert.equal(onDisk(), "");
  },
);

fixtureTest("by default a download stays blocked and is no artifact", portholeSession, async (t) => {
  const r = await clickLink(t, "Report");
  assert.equal(r.error?.code, "download_blocked");
  assert.equal(r.downloads, undefined);
  assert.equal(t.ph.server.registry.get(t.sid).artifacts.count, 0);
});

fixtureTest(
  "--downloads artifacts: an <a download> link is stored too, and never written",
  withArtifacts,
  async (t) => {
    const r = await clickLink(t, "Attribute");
    console.log(`<a download>: ${r.downloads ? "stored" : r.error?.code}`);
    assert.ok(r.downloads?.length === 1 || r.error?.code === "download_blocked", JSON.stringify(r));
    assert.equal(onDisk(), "");
  },
);

/** Nine distinct files of 7.5 MiB: eight fit the store's 64 MiB total, the ninth does not. */
const PART = 7.5 * 1024 * 1024;
const parts = new Site({
  "/": `<!doctype html><title>Parts</title>` +
    Array.from({ length: 9 }, (_, i) => `<a href="/part/${i}">Part ${i}</a>`).join(" "),
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [
    `/part/${i}`,
    () =>
      new Response(new Uint8Array(PART).fill(i + 1), {
        headers: {
          "content-type": "application/octet-stream",
          "content-disposition": `attachment; filename="${FILE}-part${i}.bin"`,
        },
      }),
  ])),
});

fixtureTest(
  "--downloads artifacts: the session's artifacts stay within 64 MiB in all; the download past it is refused and the rest are kept",
  withArtifacts,
  async ({ ph, sid }) => {
    await ph.open(sid, parts.url("/"));
    const stored = [];
    for (let i = 0; i < 9; i++) {
      const state = await ph.observe(sid);
      const r = await ph.act(sid, state, {
        action: "click",
        ref: refOf(state, new RegExp(`link "Part ${i}"`)),
      });
      if (i < 8) {
        assert.equal(r.error, undefined, `part ${i}: ${JSON.stringify(r.error)}`);
        stored.push(r.downloads[0]);
      } else {
        assert.equal(r.error?.code, "download_blocked");
        assert.equal(r.error.details.cause, "artifact_limit");
        assert.equal(r.error.details.maxTotalBytes, 64 * 1024 * 1024);
        assert.equal(r.downloads, undefined);
      }
    }
    const store = ph.server.registry.get(sid).artifacts;
    assert.equal(store.count, 8);
    assert.ok(store.totalBytes <= 64 * 1024 * 1024);
    const first = await fetch(ph.url + stored[0].href);
    assert.equal((await first.bytes()).length, PART, "what was stored is still served whole");
    assert.equal(onDisk(), "");
  },
);

Deno.test("downloads: the site closes", async () => {
  await parts[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
});
