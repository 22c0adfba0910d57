/**
 * The action journal: every act answers with the actionId of its entry; the exported chain
 * verifies offline (`porthole journal verify`, a real subprocess) and a flipped byte in any entry
 * is named at that entry; a secret typed by reference appears nowhere in it; it stays readable
 * for --journal-keep after the session closed, with every page's close.
 */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";
import { verifyJournalText } from "../../lib/protocol/journal.ts";

const FORM = `<!doctype html><title>Form</title>
<label>Note <input id="note"></label>
<button onclick="this.dataset.n = (+(this.dataset.n || 0)) + 1">Count</button>`;

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** `porthole journal verify FILE` as a subprocess: its exit code and output. */
async function verifyFile(text: string): Promise<{ code: number; out: string }> {
  const file = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    await Deno.writeTextFile(file, text);
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "journal", "verify", file],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    return { code: r.code, out: dec.decode(r.stdout) + dec.decode(r.stderr) };
  } finally {
    await Deno.remove(file);
  }
}

/** The same text with one byte of line `line` (0-based) changed, in the middle of the line. */
function flipByte(text: string, line: number): string {
  const lines = text.split("\n");
  const l = lines[line];
  const at = Math.floor(l.length / 2);
  lines[line] = l.slice(0, at) + String.fromCharCode(l.charCodeAt(at) ^ 1) + l.slice(at + 1);
  return lines.join("\n");
}

Deno.test(
  "a 50-act session's journal verifies as a subprocess, and a flipped byte in any entry is caught at that entry",
  browserTest,
  async () => {
    await using site = new Site({ "/": FORM }), ph = await Porthole.start();
    const sid = await ph.session();
    let state = await ph.open(sid, site.url("/"));
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const r = i % 2
        ? await ph.act(sid, state, { action: "click", ref: refOf(state, /button "Count"/) })
        : await ph.act(sid, state, {
          action: "fill",
          ref: refOf(state, /textbox "Note"/),
          text: `note ${i}`,
        });
      assert.equal(r.execution, "completed", JSON.stringify(r));
      assert.match(r.actionId, /^a_/);
      ids.add(r.actionId);
      state = r.freshState;
    }
    assert.equal(ids.size, 50, "one actionId per act");

    const json = (await ph.request("GET", `/v1/sessions/${sid}/journal`)).body;
    const acts = json.entries.filter((e: Json) => e.kind === "act");
    assert.deepEqual(new Set(acts.map((e: Json) => e.actionId)), ids);
    assert.deepEqual(json.entries.map((e: Json) => e.kind).slice(0, 2), ["page_open", "navigate"]);
    const fill = acts[0];
    assert.deepEqual(fill.target, { role: "textbox", name: "Note" });
    assert.deepEqual(fill.outcome, {
      execution: "completed",
      observation: "captured",
      postcondition: "not_requested",
    });
    assert.equal(fill.settle.state, "quiet");
    assert.match(fill.urlBefore, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.ok(!JSON.stringify(json).includes("note 0"), "typed text is never journaled");

    const res = await fetch(`${ph.url}/v1/sessions/${sid}/journal?format=jsonl`);
    assert.match(res.headers.get("content-type")!, /ndjson/);
    const jsonl = await res.text();
    const lines = jsonl.trimEnd().split("\n");
    assert.equal(lines.length, json.entries.length + 1, "a header, then one line per entry");

    const ok = await verifyFile(jsonl);
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, new RegExp(`journal ok: ${json.entries.length} entries`));

    // Every entry, checked in-process; a few, through the command itself.
    for (let n = 1; n < lines.length; n++) {
      const r = await verifyJournalText(flipByte(jsonl, n));
      assert.equal(r.ok, false, `a flipped byte in entry ${n} went unnoticed`);
      assert.equal(!r.ok && r.index, n, `entry ${n} flipped, ${JSON.stringify(r)} reported`);
    }
    for (const n of [1, 26, lines.length - 1]) {
      const bad = await verifyFile(flipByte(jsonl, n));
      assert.equal(bad.code, 1, bad.out);
      assert.match(bad.out, new RegExp(`journal broken at entry ${n}\\b`));
    }
  },
);

const LOGIN = `<!doctype html><title>Login</title>
<label>Password <input type="password" id="pw"
  oninput="document.getElementById('echo').textContent = 'Hello ' + this.value"></label>
<button id="echo">Hello</button>`;
const SECRET = "hunter2-journal-secret";

Deno.test(
  "a secret typed by reference appears nowhere in the journal, which stays readable after close for --journal-keep",
  browserTest,
  async () => {
    await using site = new Site({ "/": LOGIN });
    await using ph = await Porthole.start((c) => {
      c.operator.secrets = { shop: { value: SECRET, origins: [site.origin] } };
      c.journalKeepMs = 60_000;
    });
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/?user=bob"));
    const typed = await ph.act(sid, state, {
      action: "fill",
      ref: refOf(state, /textbox "Password"/),
      secretRef: "shop",
    });
    assert.equal(typed.execution, "completed", JSON.stringify(typed));
    // The page echoed the secret into a button's name; acting on it journals the name scrubbed.
    const click = await ph.act(sid, typed.freshState, {
      action: "click",
      ref: refOf(typed.freshState, /button "Hello/),
    });
    assert.equal(click.execution, "completed");

    const live = await ph.request("GET", `/v1/sessions/${sid}/journal?format=jsonl`);
    assert.equal(live.status, 200);
    assert.ok(!String(live.body).includes(SECRET), "the secret is not in the journal");
    assert.ok(!String(live.body).includes("bob"), "URLs are redacted");
    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);

    const kept = await ph.request("GET", `/v1/sessions/${sid}/journal`);
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    const text = JSON.stringify(kept.body);
    assert.ok(!text.includes(SECRET));
    assert.equal((await verifyJournalText(text)).ok, true);
    const acts = kept.body.entries.filter((e: Json) => e.kind === "act");
    assert.deepEqual(acts.map((e: Json) => e.actionId), [typed.actionId, click.actionId]);
    assert.equal(acts[0].target.role, "textbox");

    const none = await ph.request("GET", `/v1/sessions/s_unknown/journal`);
    assert.equal(none.status, 404);
  },
);

Deno.test(
  "page open and close and a plan-mode refusal are journaled, and a fill_form has one entry per field under the form's",
  browserTest,
  async () => {
    await using site = new Site({ "/": FORM }), ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const form = await ph.act(sid, state, {
      action: "fill_form",
      fields: [{ ref: refOf(state, /textbox "Note"/), value: "x" }],
    });
    assert.equal(form.execution, "completed", JSON.stringify(form));
    const extra = await ph.post(`/v1/sessions/${sid}/pages`, {});
    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}/pages/${extra.body.pageId}`)).status, 204);
    await ph.request("POST", `/v1/sessions/${sid}`, { mode: "plan" });
    const refused = await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/") });
    assert.equal(refused.status, 409);
    const entries = (await ph.request("GET", `/v1/sessions/${sid}/journal`)).body.entries;
    const field = entries.find((e: Json) => e.kind === "field");
    assert.equal(field.of, form.actionId);
    assert.deepEqual(field.target, { role: "textbox", name: "Note" });
    assert.equal(field.detail.outcome, "completed");
    const pages = entries.filter((e: Json) => e.pageId === extra.body.pageId).map((e: Json) => e.kind);
    assert.deepEqual(pages, ["page_open", "page_close"]);
    const plan = entries.at(-1);
    assert.equal(plan.kind, "plan_refusal");
    assert.equal(plan.detail.operation, "navigate");
  },
);

Deno.test(
  "closing a session journals each of its pages' close, and the kept journal shows them and verifies",
  browserTest,
  async () => {
    await using site = new Site({ "/": FORM });
    await using ph = await Porthole.start((c) => (c.journalKeepMs = 60_000));
    const sid = await ph.session();
    const first = (await ph.open(sid, site.url("/"))).pageId;
    const second = (await ph.post(`/v1/sessions/${sid}/pages`, {})).body.pageId;
    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);

    const kept = await ph.request("GET", `/v1/sessions/${sid}/journal`);
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    const closes = kept.body.entries.filter((e: Json) => e.kind === "page_close").map((e: Json) => e.pageId);
    assert.deepEqual(closes.toSorted(), [first, second].toSorted());
    const opens = kept.body.entries.filter((e: Json) => e.kind === "page_open").map((e: Json) => e.pageId);
    assert.deepEqual(opens, [first, second]);
    assert.equal((await verifyJournalText(JSON.stringify(kept.body))).ok, true);
  },
);
