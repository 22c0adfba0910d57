/**
 * The pages of a desktop sidecar see a mouse: the media queries for the pointer and hover match
 * a fine pointer that hovers, as on a desktop, though headless Chromium has no pointing device;
 * a session or page that emulates touch sees a coarse pointer that cannot hover.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";

const QUERIES = [
  "(pointer: fine)",
  "(pointer: coarse)",
  "(pointer: none)",
  "(hover: hover)",
  "(hover: none)",
  "(any-pointer: fine)",
  "(any-pointer: coarse)",
  "(any-hover: hover)",
  "(any-hover: none)",
];

/** Which of QUERIES the page's matchMedia matches. */
const MATCHED = `${JSON.stringify(QUERIES)}.filter((q) => matchMedia(q).matches)`;

const PAGE = `<!doctype html><title>Pointer</title>
<style>#how::after { content: "touch"; } @media (hover: hover) and (pointer: fine) { #how::after { content: "mouse"; } }</style>
<p id="how"></p>`;

Deno.test("a desktop session's page matches a fine pointer that hovers", browserTest, async () => {
  await using site = new Site({ "/": PAGE });
  await using ph = await Porthole.start();
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  assert.deepEqual(await ph.pageEval(sid, MATCHED), [
    "(pointer: fine)",
    "(hover: hover)",
    "(any-pointer: fine)",
    "(any-hover: hover)",
  ]);
  assert.equal(
    await ph.pageEval(sid, `getComputedStyle(document.getElementById("how"), "::after").content`),
    '"mouse"',
  );
});

Deno.test(
  "a session that emulates touch gets a coarse pointer that cannot hover, and a mouse again from its next page load without",
  browserTest,
  async () => {
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const e = await ph.post(`/v1/sessions/${sid}/emulation`, phone);
    assert.equal(e.status, 200, JSON.stringify(e.body));
    await ph.open(sid, site.url("/"));
    const touch = await ph.pageEval(sid, MATCHED) as string[];
    assert.ok(touch.includes("(pointer: coarse)") && touch.includes("(hover: none)"), JSON.stringify(touch));
    assert.ok(!touch.includes("(pointer: fine)") && !touch.includes("(hover: hover)"), JSON.stringify(touch));

    const r = await ph.post(`/v1/sessions/${sid}/emulation`, { hasTouch: false });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // Chromium puts back its own pointer (none) when touch emulation ends, and its launch
    // settings (a mouse) with the next document.
    await ph.open(sid, site.url("/"));
    const mouse = await ph.pageEval(sid, MATCHED) as string[];
    assert.ok(mouse.includes("(pointer: fine)") && mouse.includes("(hover: hover)"), JSON.stringify(mouse));
  },
);
