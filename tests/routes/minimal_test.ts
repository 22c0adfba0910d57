/**
 * `Prefer: return=minimal` (RFC 7240): the same answers without their bookkeeping. An agent goes
 * from navigate to observe to act and on from the fresh state with only what the minimal answers
 * carry; an answer without the preference is whole, and errors are never shaped.
 */
import assert from "node:assert/strict";
import { minimalAnswer, prefersMinimal } from "../../lib/protocol/minimal.ts";
import { browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const PAGE = `<!doctype html><title>Minimal</title><main><h1>Shop</h1>
<p id="count">Count: 0</p>
<button onclick="count.textContent = 'Count: ' + (Number(count.textContent.slice(7)) + 1)">Add</button>
<a href="/next">Next</a></main>`;

const MINIMAL = { prefer: "return=minimal" };
const BOOKKEEPING = [
  "pageId",
  "frameId",
  "document",
  "origin",
  "refCount",
  "bytes",
  "generation",
  "tier",
  "since",
  "replaced",
];

function assertMinimalObservation(o: Json): void {
  assert.equal(typeof o.stateId, "string");
  for (const key of BOOKKEEPING) assert.equal(key in o, false, `${key} in ${JSON.stringify(o)}`);
  assert.equal("budget" in o, false, "no budget without a limit");
  assert.equal("truncated" in o, false, "truncated only when true");
}

Deno.test("the Prefer header: return=minimal among other preferences, in any case", () => {
  assert.equal(prefersMinimal("return=minimal"), true);
  assert.equal(prefersMinimal("respond-async, RETURN=Minimal; x=1"), true);
  assert.equal(prefersMinimal('return="minimal"'), true);
  assert.equal(prefersMinimal("return=representation"), false);
  assert.equal(prefersMinimal("wait=5"), false);
  assert.equal(prefersMinimal(undefined), false);
  // Answers it does not shape are left as they are.
  assert.equal(minimalAnswer({ sessions: [] }), undefined);
  assert.equal(minimalAnswer(null), undefined);
});

Deno.test(
  "minimal answers: navigate, observe, act and on, with only what an agent reads",
  browserTest,
  async () => {
    await using site = new Site({
        "/": PAGE,
        "/next": "<!doctype html><title>Next</title><h1>Next page</h1>",
      }),
      ph = await Porthole.start();
    const sid = await ph.session();
    const post = (path: string, body: unknown) =>
      ph.request("POST", `/v1/sessions/${sid}${path}`, body, MINIMAL);

    const nav = await post("/navigate", { url: site.url("/"), observe: true });
    assert.equal(nav.status, 200);
    assert.equal(nav.headers.get("preference-applied"), "return=minimal");
    assert.match(nav.headers.get("vary") ?? "", /Prefer/);
    // A committed document that answered 200 is the usual: absent, that is what happened.
    assert.deepEqual(Object.keys(nav.body), ["state"]);
    // The page is where the agent sent it: the URL it asked for is not said again.
    assert.deepEqual(Object.keys(nav.body.state), ["stateId", "targetId", "title", "tree"]);
    assertMinimalObservation(nav.body.state);
    assert.equal(nav.body.state.title, "Minimal");

    // The whole answer, for the same state, has the fields the minimal one left out.
    const whole = await ph.observe(sid);
    assert.equal(typeof whole.pageId, "string");
    assert.equal(typeof whole.document.documentId, "string");
    assert.equal(whole.tree, nav.body.state.tree);

    // Nothing changed since navigate: changes without their empty lists is an empty object.
    // A changes answer is lean: the target, URL and title of the state it is against are not said again.
    const nothing = await post("/observe", { since: nav.body.state.stateId });
    assert.deepEqual(nothing.body, { stateId: nothing.body.stateId, changes: {} });
    // What differs from that state is said: a pushState's URL and a new title.
    await ph.pageEval(sid, "history.pushState({}, '', '/moved'); document.title = 'Moved'");
    const moved = await post("/observe", { since: nothing.body.stateId });
    assert.deepEqual(Object.keys(moved.body), ["stateId", "url", "title", "changes"]);
    assert.equal(moved.body.url, site.url("/moved"));
    assert.equal(moved.body.title, "Moved");
    await ph.pageEval(sid, "history.replaceState({}, '', '/'); document.title = 'Minimal'");

    const seen = await post("/observe", {});
    assert.equal(seen.status, 200);
    assertMinimalObservation(seen.body);
    assert.equal(seen.body.tree, whole.tree);

    // Act with fresh changes: the fresh state is lean and minimal; the agent quotes the targetId it holds.
    const acted = await post("/act", {
      stateId: seen.body.stateId,
      targetId: seen.body.targetId,
      action: "click",
      ref: refOf(seen.body, /button "Add"/),
      fresh: "changes",
    });
    assert.equal(acted.status, 200);
    assert.equal(acted.headers.get("preference-applied"), "return=minimal");
    const r = acted.body;
    assert.equal(r.execution, "completed");
    assert.equal(r.observation, "captured");
    assert.equal("postcondition" in r, false, "no postcondition was declared: none is answered");
    assert.equal("actionId" in r, false);
    assert.equal("settle" in r, false, "a settle that went quiet is not said");
    assert.deepEqual(Object.keys(r.freshState), ["stateId", "changes"]);
    assert.deepEqual(r.freshState.changes.added, ['  - paragraph: "Count: 1"']);

    // On from the fresh state: its stateId, the targetId held since navigate; a link to another document.
    const next = await post("/act", {
      stateId: r.freshState.stateId,
      targetId: seen.body.targetId,
      action: "click",
      ref: refOf(seen.body, /link "Next"/),
      fresh: "changes",
      expect: { selector: "h1", text: "Next page" },
    });
    assert.equal(next.status, 200);
    assert.equal(next.body.execution, "completed");
    assert.equal(next.body.postcondition, "met");
    // Another document: the whole tree, and what differs from the state acted on (its url and title).
    const fresh = next.body.freshState;
    assertMinimalObservation(fresh);
    assert.equal(fresh.sinceUnavailable.reason, "other_document");
    assert.equal(fresh.url, site.url("/next"));
    assert.equal(fresh.title, "Next");
    assert.match(fresh.tree, /heading "Next page"/);

    // find: its total and its tree, a line a match with its path and ref; matches would repeat the tree.
    const found = await post("/find", { text: "next page" });
    assert.equal(found.status, 200);
    assertMinimalObservation(found.body);
    assert.equal(found.body.total, 1);
    assert.equal(found.body.matches, undefined);
    assert.match(found.body.tree, /^- heading "Next page" \[level=1\]\n$/);
    // It replaced the fresh state the agent holds: the target, url and title they share are not repeated.
    for (const key of ["targetId", "url", "title"]) {
      assert.equal(key in found.body, false, `${key} in ${JSON.stringify(found.body)}`);
    }
    // A whole answer names the state it replaced, and says everything.
    const wholeFind = await ph.post(`/v1/sessions/${sid}/find`, { text: "next page" });
    assert.equal(wholeFind.body.replaced, found.body.stateId);
    assert.equal(wholeFind.body.url, site.url("/next"));
    assert.equal(wholeFind.body.title, "Next");
    assert.equal(typeof wholeFind.body.targetId, "string");

    // Without the preference: the whole answer, and no Preference-Applied.
    const plain = await ph.post(`/v1/sessions/${sid}/observe`, {});
    assert.equal(plain.headers.get("preference-applied"), null);
    assert.equal(typeof plain.body.pageId, "string");
    assert.equal(plain.body.truncated, false);

    // Errors keep their one shape; answers that are not observations, acts or navigations are left whole.
    const bad = await post("/observe", { tier: "everything" });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, "invalid_params");
    assert.equal(bad.headers.get("preference-applied"), null);
    const pages = await ph.request("GET", `/v1/sessions/${sid}/pages`, undefined, MINIMAL);
    assert.equal(pages.headers.get("preference-applied"), null);
    assert.equal(typeof pages.body.pages[0].pageId, "string");
  },
);

Deno.test(
  "minimal answers keep what an agent must know: a settle that ran out, a budget with a limit, a cut tree, a 404, a redirect",
  browserTest,
  async () => {
    const busy = `<!doctype html><title>Busy</title>
<button onclick="fetch('/slow')">Load</button>
<ul>${Array.from({ length: 3000 }, (_, i) => `<li>Row ${i} with some words</li>`).join("")}</ul>`;
    await using site = new Site({
        "/": busy,
        "/old": () => new Response(null, { status: 302, headers: { location: "/" } }),
        "/slow": async () => {
          await new Promise((r) => setTimeout(r, 1500));
          return new Response("ok");
        },
      }),
      ph = await Porthole.start((c) => {
        c.sessionBudgetBytes = 10_000_000;
      });
    const sid = await ph.session();
    const post = (path: string, body: unknown) =>
      ph.request("POST", `/v1/sessions/${sid}${path}`, body, MINIMAL);
    const seen = (await post("/navigate", { url: site.url("/"), observe: true })).body.state;
    assert.equal(seen.truncated, true);
    assert.equal(typeof seen.nextCursor, "string");
    assert.deepEqual(seen.page, { index: 0, count: seen.page.count });
    assert.equal(seen.budget.bytesLimit, 10_000_000);
    const acted = await post("/act", {
      stateId: seen.stateId,
      targetId: seen.targetId,
      action: "click",
      ref: refOf(seen, /button "Load"/),
      settleMs: 200,
      fresh: "changes",
    });
    assert.equal(acted.status, 200);
    assert.equal(acted.body.settle.state, "budget");
    assert.equal(acted.body.settle.pending, 1);
    // A status that is not 200 is said; a committed navigation is still the usual.
    const missing = await post("/navigate", { url: site.url("/nowhere") });
    assert.equal(missing.status, 200);
    assert.equal(missing.body.httpStatus, 404);
    assert.equal("navigation" in missing.body, false);
    // Sent elsewhere (a redirect), the page says where it is.
    const moved = await post("/navigate", { url: site.url("/old"), observe: true });
    assert.equal(moved.body.state.url, site.url("/"));
    assert.equal(moved.body.state.title, "Busy");
  },
);
