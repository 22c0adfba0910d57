/**
 * `upload` against real Chromium: files sent as base64 reach a file input, then a loopback
 * upload endpoint when the form is submitted; bounds are checked before anything is consumed;
 * the files Chromium reads live in a folder only the browser's user can read, and are deleted
 * once the page moved on.
 */
import assert from "node:assert/strict";
import {
  assertCompleted,
  browserTest,
  eventually,
  Porthole,
  refOf,
  sharedPorthole,
  Site,
} from "../support/harness.ts";

const UPLOAD = `<!doctype html><title>Upload</title>
<script>
window.log = [];
addEventListener("change", (e) => log.push("change:" + e.target.id + ":" +
  [...(e.target.files || [])].map((f) => f.name + "/" + f.size).join(",")), true);
</script>
<form method="post" action="/receive" enctype="multipart/form-data">
  <label>Attachment <input type="file" id="attachment" name="attachment"></label>
  <label>Photos <input type="file" id="photos" name="photos" multiple></label>
  <label>Sealed <input type="file" id="sealed" disabled></label>
  <button>Send</button>
</form>
<div role="button" tabindex="0" aria-label="Drop files here" id="zone">
  Drop files here <input type="file" id="hidden" hidden>
</div>`;

/** What the loopback endpoint received, one entry per file part. */
const received: { field: string; name: string; type: string; text: string }[] = [];

const site = new Site({
  "/upload": UPLOAD,
  "/receive": async (req) => {
    for (const [field, value] of req.method === "POST" ? await req.formData() : []) {
      // An input left empty is sent as a part without a file name.
      if (value instanceof File && value.name) {
        received.push({ field, name: value.name, type: value.type, text: await value.text() });
      }
    }
    return new Response("<!doctype html><title>Received</title><h1>Received</h1>", {
      headers: { "content-type": "text/html" },
    });
  },
});
// One Porthole and one Chromium for this file (harness.ts, sharedPorthole).
const { ph, keeper, session } = await sharedPorthole();

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const file = (name: string, text: string, mimeType = "text/plain") => ({ name, mimeType, buffer: b64(text) });
const log = (sid: string): Promise<string[]> => ph.pageEval(sid, "window.log");

/** Porthole's upload folders in the temporary directory. */
async function uploadFolders(): Promise<Set<string>> {
  const tmp = Deno.env.get("TMPDIR") ?? "/tmp";
  const out = new Set<string>();
  for await (const e of Deno.readDir(tmp)) {
    if (e.name.startsWith("porthole-upload-")) out.add(`${tmp}/${e.name}`);
  }
  return out;
}

Deno.test(
  "upload puts the files into the input, and a submit sends their exact bytes to the server",
  browserTest,
  async () => {
    await using s = await session();
    received.length = 0;
    const state = await ph.open(s.sid, site.url("/upload"));
    const text = "id,name\n1,Ådne ☕\n";
    const r = await ph.actOn(s.sid, state, "upload", /Attachment/, {
      files: [file("report.csv", text, "text/csv")],
    });
    assertCompleted(r);
    const size = new TextEncoder().encode(text).length;
    assert.deepEqual(await log(s.sid), [`change:attachment:report.csv/${size}`]);
    assert.equal(await ph.pageEval(s.sid, `document.getElementById("attachment").files[0].text()`), text);
    const sent = await ph.actOn(s.sid, r.freshState, "click", /button "Send"/);
    assert.equal(sent.error, undefined);
    assert.match(sent.freshState.tree, /heading "Received"/);
    assert.deepEqual(received, [{ field: "attachment", name: "report.csv", type: "text/csv", text }]);
  },
);

Deno.test("upload of several files fills a multiple input in order", browserTest, async () => {
  await using s = await session(site.url("/upload"));
  const r = await ph.actOn(s.sid, s.state, "upload", /Photos/, {
    files: [file("a.txt", "first"), file("a.txt", "second"), file("c.txt", "")],
  });
  assert.equal(r.error, undefined);
  assert.deepEqual(await log(s.sid), ["change:photos:a.txt/5,a.txt/6,c.txt/0"]);
});

Deno.test("upload into the container of a hidden file input fills that input", browserTest, async () => {
  await using s = await session(site.url("/upload"));
  const r = await ph.actOn(s.sid, s.state, "upload", /button "Drop files here"/, {
    files: [file("notes.md", "# Notes")],
  });
  assert.equal(r.error, undefined);
  assert.deepEqual(await log(s.sid), ["change:hidden:notes.md/7"]);
});

Deno.test("upload of an empty list clears the input", browserTest, async () => {
  await using s = await session(site.url("/upload"));
  const first = await ph.actOn(s.sid, s.state, "upload", /Attachment/, { files: [file("x.txt", "x")] });
  const r = await ph.actOn(s.sid, first.freshState, "upload", /Attachment/, { files: [] });
  assert.equal(r.error, undefined);
  assert.equal(await ph.pageEval(s.sid, `document.getElementById("attachment").files.length`), 0);
});

Deno.test("upload refuses what the input cannot take, and sets nothing", browserTest, async () => {
  await using s = await session();
  let state = await ph.open(s.sid, site.url("/upload"));
  for (
    const [label, files, code] of [
      [/Attachment/, [file("a.txt", "a"), file("b.txt", "b")], "invalid_params"],
      [/button "Send"/, [file("a.txt", "a")], "invalid_params"],
      [/Sealed/, [file("a.txt", "a")], "element_not_enabled"],
      [/Attachment/, undefined, "invalid_params"],
    ] as const
  ) {
    const r = await ph.act(s.sid, state, { action: "upload", ref: refOf(state, label), files });
    assert.equal(r.execution, "not_dispatched", String(label));
    assert.equal(r.error.code, code, String(label));
    state = r.freshState;
  }
  assert.deepEqual(await log(s.sid), []);
});

Deno.test(
  "upload files are bounded and named without paths: refused with 400 before the state is looked up",
  browserTest,
  async () => {
    // A body limit above the bounds, so the bounds themselves answer.
    await using big = await Porthole.start((c) => (c.maxBodyBytes = 64 * 1024 * 1024));
    const sid = await big.session();
    const nine = "A".repeat(Math.ceil(9 * 1024 * 1024 / 3) * 4);
    const seven = "A".repeat(Math.ceil(7 * 1024 * 1024 / 3) * 4);
    for (
      const [files, field] of [
        [[{ name: "big.bin", mimeType: "", buffer: nine }], "files.0.buffer"],
        [Array(5).fill({ name: "part.bin", mimeType: "", buffer: seven }), "files"],
        [[{ name: "../etc/passwd", mimeType: "", buffer: "" }], "files.0.name"],
        [[{ name: "a.txt", mimeType: "", buffer: "not base64!" }], "files.0.buffer"],
      ] as const
    ) {
      const r = await big.post(`/v1/sessions/${sid}/act`, {
        stateId: "st_never",
        targetId: "t",
        action: "upload",
        ref: "@e1",
        files,
      });
      assert.equal(r.status, 400, field);
      assert.equal(r.body.error.code, "invalid_params", field);
      assert.equal(r.body.error.details.field, field);
    }
    assert.equal(big.server.registry.pool.stats().launches, 0, "nothing needed a browser");
  },
);

Deno.test(
  "uploaded files are readable only by the browser's user, and deleted once the page moved on",
  browserTest,
  async () => {
    await using s = await session();
    const before = await uploadFolders();
    const state = await ph.open(s.sid, site.url("/upload"));
    const r = await ph.actOn(s.sid, state, "upload", /Attachment/, { files: [file("secret.txt", "s3cret")] });
    assert.equal(r.error, undefined);
    const created = [...await uploadFolders()].filter((d) => !before.has(d));
    assert.equal(created.length, 1);
    const files: Deno.FileInfo[] = [];
    const walk = async (dir: string) => {
      for await (const e of Deno.readDir(dir)) {
        const path = `${dir}/${e.name}`;
        if (e.isDirectory) await walk(path);
        else files.push(await Deno.stat(path));
      }
    };
    await walk(created[0]);
    assert.equal(files.length, 1);
    assert.equal(files[0].mode! & 0o077, 0, "nobody else may read the file");
    assert.equal((await Deno.stat(created[0])).mode! & 0o066, 0, "nobody else may list or change the folder");
    if (Deno.uid() === 0) assert.notEqual(files[0].uid, 0, "the file belongs to the browser's user");
    // The page leaves the document that holds the files: they are deleted.
    await ph.act(s.sid, r.freshState, { action: "navigate", url: site.url("/receive") }).catch(() => {});
    await eventually("the uploaded file is deleted", async () => {
      for await (const _ of Deno.readDir(created[0])) return false;
      return true;
    });
    await ph.request("DELETE", `/v1/sessions/${s.sid}`);
    await eventually("the session's folder is deleted", async () => !(await uploadFolders()).has(created[0]));
  },
);

Deno.test("closing Porthole ends the Chromium this file used", browserTest, async () => {
  await ph.request("DELETE", `/v1/sessions/${keeper}`);
  await ph[Symbol.asyncDispose]();
  await site[Symbol.asyncDispose]();
  assert.equal(ph.server.registry.pool.stats().running, false);
});
