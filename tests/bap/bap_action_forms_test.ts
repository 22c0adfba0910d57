/** BAP select, check/uncheck, upload, scroll and drag against real Chromium, asserted on the page's own state. */
import assert from "node:assert/strict";
import { browserTest } from "../support/harness.ts";
import { bapPage, siteAndPorthole } from "../support/bap_fixture.ts";

const PAGE = `<!doctype html><title>Forms</title>
<script>const seen = []; function note(e) { seen.push(e.type + ":" + e.target.id); }</script>
<select id="color" aria-label="Color" onchange="note(event)" oninput="note(event)">
  <option value="r">Red</option><option value="g">Green</option><option value="b">Blue</option>
</select>
<select id="many" aria-label="Many" multiple><option value="1">One</option><option value="2">Two</option><option value="3">Three</option></select>
<input type="checkbox" id="agree" aria-label="Agree" onchange="note(event)">
<input type="checkbox" id="news" aria-label="News" checked>
<input type="file" id="file" aria-label="Attachment" multiple onchange="note(event)">
<div id="src" style="position:absolute;left:20px;top:300px;width:60px;height:60px;background:#c00;user-select:none"
  onmousedown="window.dragging = true" aria-label="Handle" tabindex="0"></div>
<div id="dst" style="position:absolute;left:300px;top:300px;width:100px;height:100px;background:#0c0;user-select:none"
  onmouseup="if (window.dragging) { this.dataset.dropped = 'yes'; }" aria-label="Target" tabindex="0"></div>
<div id="card" draggable="true" tabindex="0" ondragstart="event.dataTransfer.setData('text/plain', 'card-1')"
  style="position:absolute;left:20px;top:450px;width:80px;height:40px;background:#ccc">Card</div>
<div id="bin" ondragover="event.preventDefault()" ondrop="this.textContent = event.dataTransfer.getData('text/plain')"
  style="position:absolute;left:300px;top:450px;width:120px;height:60px;background:#eee">Bin</div>
<div style="height:3000px"></div>
<button id="bottom" onclick="this.textContent='clicked'">Bottom</button>`;

const { site, ph } = await siteAndPorthole({ "/": PAGE });

Deno.test(
  "select picks options by value or label and fires input and change; an unknown option lists the choices",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.call("action/select", { selector: { type: "label", value: "Color" }, values: "g" });
    assert.equal(await c.run(`document.getElementById("color").value`), "g");
    assert.deepEqual(await c.run(`seen`), ["input:color", "change:color"]);
    await c.call("action/select", { selector: { type: "css", value: "#color" }, values: ["Blue"] });
    assert.equal(await c.run(`document.getElementById("color").value`), "b");
    await c.call("action/select", { selector: { type: "css", value: "#many" }, values: ["1", "Three"] });
    assert.deepEqual(
      await c.run(`[...document.getElementById("many").selectedOptions].map((o) => o.value)`),
      ["1", "3"],
    );
    const e = await c.fails("action/select", {
      selector: { type: "css", value: "#color" },
      values: ["Purple"],
    });
    assert.equal(e.code, -32602);
    // The options are the page's words: in details, never in the message.
    assert.match(JSON.stringify(e.data?.details), /Red/);
    assert.match(JSON.stringify(e.data?.details), /Blue/);
    assert.doesNotMatch(e.message, /Red|Blue/);
    assert.equal(await c.run(`document.getElementById("color").value`), "b");
  },
);

Deno.test("check and uncheck set the state once; doing it again changes nothing", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  await c.call("action/check", { selector: { type: "role", role: "checkbox", name: "Agree" } });
  assert.equal(await c.run(`document.getElementById("agree").checked`), true);
  await c.call("action/check", { selector: { type: "css", value: "#agree" } });
  assert.equal(await c.run(`document.getElementById("agree").checked`), true);
  assert.deepEqual(await c.run(`seen`), ["change:agree"], "the second check did not click");
  await c.call("action/uncheck", { selector: { type: "css", value: "#news" } });
  assert.equal(await c.run(`document.getElementById("news").checked`), false);
  const notBox = await c.fails("action/check", { selector: { type: "css", value: "#color" } });
  assert.equal(notBox.code, -32602);
});

Deno.test("upload gives the file input the files' bytes, never a path", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  const text = new TextEncoder().encode("hello file");
  await c.call("action/upload", {
    selector: { type: "label", value: "Attachment" },
    files: [{ name: "hello.txt", mimeType: "text/plain", buffer: text.toBase64() }],
  });
  assert.deepEqual(
    await c.run(
      `(async () => { const f = document.getElementById("file").files[0]; return [f.name, f.type, await f.text()]; })()`,
    ),
    ["hello.txt", "text/plain", "hello file"],
  );
  assert.ok((await c.run(`seen`)).includes("change:file"));
  const bad = await c.fails("action/upload", {
    selector: { type: "css", value: "#file" },
    files: [{ name: "x", buffer: "%%%" }],
  });
  assert.equal(bad.code, -32602);
});

Deno.test("scroll moves the page by a wheel or brings an element into view", browserTest, async () => {
  await using c = await bapPage(ph, site.url("/"));
  await c.call("action/scroll", { options: { direction: "down", amount: 500 } });
  const y = await c.run(`new Promise((ok) => requestAnimationFrame(() => ok(scrollY)))`);
  assert.ok(y >= 400, `scrolled to ${y}`);
  await c.call("action/scroll", { selector: { type: "css", value: "#bottom" } });
  assert.ok(await c.run(`document.getElementById("bottom").getBoundingClientRect().top < innerHeight`));
  await c.call("action/click", { selector: { type: "css", value: "#bottom" } });
  assert.equal(await c.run(`document.getElementById("bottom").textContent`), "clicked");
});

Deno.test(
  "drag presses on the source and releases on the target, to an element or a point",
  browserTest,
  async () => {
    await using c = await bapPage(ph, site.url("/"));
    await c.call("action/drag", {
      source: { type: "css", value: "#src" },
      target: { type: "css", value: "#dst" },
    });
    assert.equal(await c.run(`document.getElementById("dst").dataset.dropped`), "yes");
    await c.run(`delete document.getElementById("dst").dataset.dropped; window.dragging = false`);
    await c.call("action/drag", { source: { type: "css", value: "#src" }, target: { x: 350, y: 350 } });
    assert.equal(await c.run(`document.getElementById("dst").dataset.dropped`), "yes");
    await c.call("action/drag", {
      source: { type: "text", value: "Card" },
      target: { type: "text", value: "Bin" },
    });
    assert.equal(
      await c.run(`document.getElementById("bin").textContent`),
      "card-1",
      "an HTML5 drag and drop",
    );
  },
);
