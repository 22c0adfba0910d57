/**
 * Settle and CSS transitions (found on Bootstrap's modal, tests/realworld): a dialog shown at the
 * end of a backdrop's fade is in the act's fresh state; an endless animation never holds the
 * settle.
 */
import assert from "node:assert/strict";
import { browserTest, Porthole, Site } from "../support/harness.ts";

const PAGE = `<title>fade</title><style>
  #backdrop { opacity: 0; transition: opacity 300ms linear; }
  #backdrop.show { opacity: .5; }
  @keyframes spin { to { transform: rotate(360deg); } }
  .spinner { animation: spin 1s linear infinite; width: 10px; height: 10px; }
</style>
<button id="open">Delete</button><button id="spin">Load</button><div id="backdrop">&nbsp;</div>
<script>
  const backdrop = document.getElementById("backdrop");
  document.getElementById("open").onclick = () => {
    backdrop.getBoundingClientRect();
    backdrop.classList.add("show");
    backdrop.addEventListener("transitionend", () => {
      const d = document.createElement("div");
      d.setAttribute("role", "dialog");
      d.setAttribute("aria-label", "Confirm");
      d.innerHTML = "<button>Delete file</button>";
      document.body.append(d);
    }, { once: true });
  };
  document.getElementById("spin").onclick = () => {
    const s = document.createElement("div");
    s.className = "spinner";
    document.body.append(s);
  };
</script>`;

Deno.test(
  "the fresh state waits for a transition the click started, then shows what its end added",
  browserTest,
  async () => {
    await using site = new Site({ "/": PAGE });
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const state = await ph.open(sid, site.url("/"));
    const r = await ph.actOn(sid, state, "click", /button "Delete"/);
    assert.equal(r.settle.state, "quiet");
    // Its time counts from the input: the fade's 300 ms are in it.
    assert.ok(r.settle.ms >= 250, `settled in ${r.settle.ms} ms`);
    assert.match(r.freshState.tree, /dialog "Confirm"/);
    assert.match(r.freshState.tree, /button "Delete file"/);
  },
);

Deno.test("a transition running before the click is not waited for", browserTest, async () => {
  await using site = new Site({ "/": PAGE });
  await using ph = await Porthole.start();
  const sid = await ph.session();
  await ph.open(sid, site.url("/"));
  await ph.pageEval(
    sid,
    "backdrop.style.transition = 'opacity 2500ms linear'; backdrop.getBoundingClientRect(); backdrop.classList.add('show')",
  );
  const state = await ph.observe(sid, {});
  const r = await ph.actOn(sid, state, "click", /button "Load"/, { settleMs: 3000 });
  assert.equal(r.settle.state, "quiet");
  assert.ok(r.settle.ms < 1500, `settled in ${r.settle.ms} ms`);
});

Deno.test("an endless animation does not hold the settle to its budget", browserTest, async () => {
  await using site = new Site({ "/": PAGE });
  await using ph = await Porthole.start();
  const sid = await ph.session();
  const state = await ph.open(sid, site.url("/"));
  const r = await ph.actOn(sid, state, "click", /button "Load"/, { settleMs: 3000 });
  assert.equal(r.settle.state, "quiet");
  assert.ok(r.settle.ms < 1000, `settled in ${r.settle.ms} ms`);
});
