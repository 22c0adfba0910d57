/**
 * `act {fresh: "changes"}`: the act's fresh observation is captured as always (the new current
 * state, its refs good for one act), but answered as its changes against the state the act
 * consumed, as `observe {since}` answers; after a navigation, the whole tree with `sinceUnavailable`.
 * The fresh state is lean: the agent holds the state it acted on, so only the fields that differ
 * from it are said (absent: unchanged), and an agent goes on from the two put together.
 */
import assert from "node:assert/strict";
import { assertError, browserTest, type Json, Porthole, refOf, Site } from "../support/harness.ts";

const PAGE = `<!doctype html><title>Counter</title>
<h1>Counter</h1>
<p id="count">Count: 0</p>
<button onclick="count.textContent = 'Count: ' + (Number(count.textContent.slice(7)) + 1)">Increment</button>
<button onclick="const b = document.createElement('button'); b.textContent = 'Double';
  b.onclick = () => count.textContent = 'Count: ' + 2 * Number(count.textContent.slice(7));
  document.body.append(b)">Grow</button>
<a href="/other">Other page</a>
<ul>${Array.from({ length: 60 }, (_, i) => `<li>Product number ${i}, in stock</li>`).join("")}</ul>`;

/** The ref of the line matching `pattern` among `lines`. */
function refIn(lines: string[], pattern: RegExp): string {
  const line = lines.find((l) => pattern.test(l));
  const ref = line?.match(/\[ref=(@[^\]]+)\]/)?.[1];
  if (!ref) throw new Error(`no ref for ${pattern} in ${JSON.stringify(lines)}`);
  return ref;
}

Deno.test("act with fresh: changes answers the changed lines of its fresh state", browserTest, async (t) => {
  await using site = new Site({ "/": PAGE, "/other": "<!doctype html><title>Other</title><p>Elsewhere</p>" }),
    ph = await Porthole.start();
  const sid = await ph.session();
  const first: Json = await ph.open(sid, site.url("/"));
  let state: Json = first;

  await t.step(
    "a click answers only the lines it changed, and the fresh state is the current one",
    async () => {
      const r = await ph.actOn(sid, state, "click", /Increment/, { fresh: "changes" });
      assert.equal(r.execution, "completed", JSON.stringify(r.error));
      assert.equal(r.observation, "captured");
      const fresh = r.freshState;
      assert.equal(fresh.since, first.stateId, "the changes are against the state the act consumed");
      assert.deepEqual(fresh.changes, {
        added: ['- paragraph: "Count: 1"'],
        removed: ['- paragraph: "Count: 0"'],
        changed: [`- button "Increment" [active] [ref=${refOf(first, /Increment/)}]`],
      });
      assert.equal(fresh.sinceUnavailable, undefined);
      assert.deepEqual(
        Object.keys(fresh).sort(),
        ["budget", "changes", "since", "stateId"],
        "what the acted-on state said (target, page, frame, document, url, origin, title, tier) is not said again",
      );
      assert.notEqual(fresh.stateId, first.stateId);
      assert.equal(ph.server.registry.get(sid).states.current?.stateId, fresh.stateId);
      assert.ok(JSON.stringify(r).length < JSON.stringify(first).length / 2, JSON.stringify(r));
      state = { ...state, ...fresh };
    },
  );

  await t.step("a ref the changes added acts on the fresh state", async () => {
    const grown = await ph.act(sid, state, {
      action: "click",
      ref: refOf(first, /Grow/),
      fresh: "changes",
    });
    assert.equal(grown.execution, "completed", JSON.stringify(grown.error));
    assert.match(grown.freshState.changes.added.join("\n"), /button "Double"/);
    const double = await ph.act(sid, { ...state, ...grown.freshState }, {
      action: "click",
      ref: refIn(grown.freshState.changes.added, /button "Double"/),
      fresh: "changes",
    });
    assert.equal(double.execution, "completed", JSON.stringify(double.error));
    assert.equal(await ph.pageEval(sid, "count.textContent"), "Count: 2");
    assert.deepEqual(double.freshState.changes.added, ['- paragraph: "Count: 2"']);
    state = { ...state, ...double.freshState };
  });

  await t.step("a ref of the earlier full tree, unchanged since, acts on the fresh state", async () => {
    const r = await ph.act(sid, state, { action: "click", ref: refOf(first, /Increment/), fresh: "changes" });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    assert.equal(await ph.pageEval(sid, "count.textContent"), "Count: 3");
    const stale = await ph.act(sid, state, { action: "click", ref: refOf(first, /Increment/) });
    assert.equal(stale.error.code, "stale_state", "the consumed state stays a diff base, never actionable");
    state = { ...state, ...r.freshState };
  });

  await t.step("after a navigation, the whole tree and sinceUnavailable", async () => {
    const r = await ph.act(sid, state, {
      action: "click",
      ref: refOf(first, /Other page/),
      fresh: "changes",
    });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    const fresh = r.freshState;
    assert.equal(fresh.sinceUnavailable.reason, "other_document");
    assert.equal(fresh.changes, undefined);
    assert.equal(fresh.since, undefined);
    assert.match(fresh.tree, /Elsewhere/);
    assert.match(fresh.url, /\/other$/, "a whole fresh state says every field");
    assert.equal(fresh.title, "Other");
    assert.ok(fresh.document.loaderId && fresh.targetId && fresh.pageId);
    assert.equal(ph.server.registry.get(sid).states.current?.stateId, fresh.stateId);
    state = fresh;
  });

  await t.step("without fresh, an act answers the whole tree as before", async () => {
    const back = await ph.act(sid, state, { action: "navigate", url: site.url("/") });
    assert.match(back.freshState.tree, /button "Increment"/);
    assert.equal(back.freshState.changes, undefined);
    assert.equal(back.freshState.sinceUnavailable, undefined);
  });
});

Deno.test(
  "a lean fresh state says the url and title that changed within the same document, and goes on acting",
  browserTest,
  async () => {
    const page = `<!doctype html><title>Step 1</title><h1>Wizard</h1><p id="at">At step 1</p>
<button onclick="history.pushState({}, '', '/step-2'); document.title = 'Step 2'; at.textContent = 'At step 2'">Next</button>`;
    await using site = new Site({ "/": page }), ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    const r = await ph.actOn(sid, first, "click", /Next/, { fresh: "changes" });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    const fresh = r.freshState;
    assert.deepEqual(fresh.changes.added, ["- paragraph: At step 2"], JSON.stringify(fresh));
    assert.match(fresh.url, /\/step-2$/);
    assert.equal(fresh.title, "Step 2");
    assert.equal(fresh.targetId, undefined, "the target did not change");
    assert.equal(fresh.document, undefined, "nor did the document");
    // The agent goes on from the two put together: the acted-on state's target, the fresh state's id.
    const again = await ph.actOn(sid, { ...first, ...fresh, tree: first.tree }, "click", /Next/);
    assert.equal(again.execution, "completed", JSON.stringify(again.error));
    assert.equal(again.freshState.title, "Step 2", "without fresh, the whole state as before");
  },
);

Deno.test(
  "a lean fresh state says truncated when it differs from the acted-on state's, and names removed lines by ref",
  browserTest,
  async () => {
    // Over the 48 KiB cap: the acted-on state is cut into pages; removing 1,500 of the 2,500 rows brings
    // the page under the cap, and their refs say less than the 1,000 rows left.
    const items = Array.from({ length: 2500 }, (_, i) => `<button>Item number ${i}</button>`).join("");
    const page = `<!doctype html><title>List</title>
<button onclick="for (let i = 0; i < 1500; i++) list.firstElementChild.remove()">Trim</button>
<div id="list">${items}</div>`;
    await using site = new Site({ "/": page }), ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    assert.equal(first.truncated, true, "the acted-on state is cut");
    const r = await ph.actOn(sid, first, "click", /Trim/, { fresh: "changes" });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    const fresh = r.freshState;
    assert.equal(fresh.sinceUnavailable, undefined, "1,500 removed lines fit the cap as refs");
    assert.equal(fresh.changes.removed.length, 1500);
    assert.ok(fresh.changes.removed.every((l: string) => /^@e\d+$/.test(l)), fresh.changes.removed[0]);
    assert.equal(fresh.truncated, false, "the new state is whole: absent would have said cut, as before");
    assert.equal(fresh.nextCursor, undefined, "a changes answer has no pages");
    // The agent's view is the acted-on state with the fresh one over it.
    const view = { ...first, ...fresh };
    assert.equal(view.truncated, false);
    assert.equal(view.url, first.url);

    // Removing every row: their refs would say more than the whole tree left, which comes instead.
    const all = await ph.observe(sid);
    await ph.pageEval(sid, "document.getElementById('list').remove()");
    const whole = await ph.observe(sid, { since: all.stateId });
    assert.equal(whole.sinceUnavailable.reason, "changes_larger");
    assert.equal(whole.truncated, false);
    assert.match(whole.tree, /^- button "Trim"[^\n]* \[ref=@e\d+\]\n$/);
  },
);

Deno.test("act refuses a fresh it does not know, naming the field", browserTest, async () => {
  await using site = new Site({ "/": PAGE }), ph = await Porthole.start();
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.post(`/v1/sessions/${sid}/act`, {
    stateId: state.stateId,
    targetId: state.targetId,
    action: "click",
    ref: refOf(state, /Increment/),
    fresh: "nonsense",
  });
  assertError(r, 400, "invalid_params");
  assert.equal(r.body.error.details.field, "fresh");
  const still = await ph.actOn(sid, state, "click", /Increment/);
  assert.equal(still.execution, "completed", "the refused body consumed nothing");
});

Deno.test(
  "act with fresh: stateId captures the fresh state but sends its id alone; the agent acts on and looks when it needs to",
  browserTest,
  async () => {
    await using site = new Site({
        "/": PAGE,
        "/other": "<!doctype html><title>Other</title><p>Elsewhere</p>",
      }),
      ph = await Porthole.start();
    const sid = await ph.session();
    const first: Json = await ph.open(sid, site.url("/"));
    const used = (await ph.observe(sid, { since: first.stateId })).budget.bytesUsed;
    const seen: Json = ph.server.registry.get(sid).states.current;

    const r = await ph.act(sid, { ...first, stateId: seen.stateId }, {
      action: "click",
      ref: refOf(first, /Increment/),
      fresh: "stateId",
    });
    assert.equal(r.execution, "completed", JSON.stringify(r.error));
    assert.equal(r.observation, "captured", "the fresh state was captured, and checked, as always");
    assert.deepEqual(Object.keys(r.freshState).sort(), ["budget", "stateId"], JSON.stringify(r.freshState));
    assert.equal(r.freshState.budget.bytesUsed, used, "a tree nobody read is not counted");
    assert.equal(ph.server.registry.get(sid).states.current?.stateId, r.freshState.stateId);

    // Blind, on the fresh state with a ref of the tree read before: the ref's node is still there.
    const again = await ph.act(sid, { ...first, ...r.freshState }, {
      action: "click",
      ref: refOf(first, /Increment/),
      fresh: "stateId",
    });
    assert.equal(again.execution, "completed", JSON.stringify(again.error));
    assert.equal(await ph.pageEval(sid, "count.textContent"), "Count: 2");

    // A ref whose node went since is refused before dispatch, as on any state.
    await ph.pageEval(sid, "document.querySelector('button').remove()");
    const gone = await ph.act(sid, { ...first, ...again.freshState }, {
      action: "click",
      ref: refOf(first, /Increment/),
      fresh: "stateId",
    });
    assert.equal(gone.execution, "not_dispatched");
    assert.ok(gone.error, JSON.stringify(gone));

    // Looking: the changes since the state last read.
    const look = await ph.observe(sid, { since: seen.stateId });
    assert.deepEqual(look.changes.added, ['- paragraph: "Count: 2"'], JSON.stringify(look.changes));

    // Another document: its id and what differs (URL, title, document), still no tree.
    const nav = await ph.act(sid, look, {
      action: "click",
      ref: refOf(first, /Other page/),
      fresh: "stateId",
    });
    assert.equal(nav.execution, "completed", JSON.stringify(nav.error));
    assert.equal(nav.freshState.tree, undefined);
    assert.equal(nav.freshState.changes, undefined);
    assert.match(nav.freshState.url, /\/other$/);
    assert.equal(nav.freshState.title, "Other");
    assert.ok(nav.freshState.document.loaderId);
  },
);
