/**
 * A person's takeover of an agent session over HTTP, against real Chromium: the person types,
 * the agent is refused meanwhile (409 human_in_control, on every door), handing back makes the
 * agent's state stale and its fresh observation shows what the person typed; the timeline has
 * the person's input, never what went into a password field.
 */
import assert from "node:assert/strict";
import {
  assertError,
  browserTest,
  eventually,
  type Json,
  Porthole,
  refOf,
  Site,
} from "../support/harness.ts";
import { fixtureTest, openedPorthole } from "../support/fixtures.ts";
import { BapCallError } from "../support/bap_client.ts";
import { bapPage } from "../support/bap_fixture.ts";

const FORM = `<title>Sign in</title>
<label>Name <input id="name"></label>
<label>Password <input id="pw" type="password"></label>
<button onclick="document.title = 'clicked'">Go</button>`;

/** Every event of a stream from its start (replayed from the ring) up to the first of type `until`. */
async function replay(ph: Porthole, path: string, until: string): Promise<{ event: string; data: Json }[]> {
  const res = await fetch(`${ph.url}${path}?lastEventId=0`, { headers: { accept: "text/event-stream" } });
  assert.equal(res.status, 200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => reader.cancel().catch(() => {}), 10_000);
  try {
    while (!new RegExp(`^event: ${until.replace(".", "\\.")}$`, "m").test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return text.split("\n\n").flatMap((block) => {
    const event = block.match(/^event: (.+)$/m)?.[1];
    const data = block.match(/^data: (.+)$/m)?.[1];
    return event && data ? [{ event, data: JSON.parse(data) }] : [];
  });
}

/** The centre of an element of the active page, in viewport coordinates (read through CDP). */
async function centreOf(ph: Porthole, sid: string, selector: string): Promise<{ x: number; y: number }> {
  return await ph.pageEval(
    sid,
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
  );
}

const click = (at: { x: number; y: number }) => [
  { type: "mouse", action: "move", ...at },
  { type: "mouse", action: "down", ...at, button: "left" },
  { type: "mouse", action: "up", ...at, button: "left" },
];
/** A Porthole and a session opened at the form page. */
const onForm = () => openedPorthole({ "/": FORM });

const keys = (text: string) =>
  [...text].flatMap((key) => [
    { type: "key", action: "down", key },
    { type: "key", action: "up", key },
  ]);

fixtureTest(
  "a person types during a takeover while the agent is refused with 409; handing back stales the agent's state and its fresh observation shows the typing, never the password",
  onForm,
  async ({ ph, sid, state: before }) => {
    const taken = await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" });
    assert.equal(taken.status, 201, JSON.stringify(taken.body));
    const pass: string = taken.body.takeoverId;
    assert.match(pass, /^tk_/);
    const asPerson = { "x-porthole-takeover": pass };

    // The agent, meanwhile: refused with the one table's 409 and a hint it can act on.
    const act = await ph.post(`/v1/sessions/${sid}/act`, {
      stateId: before.stateId,
      targetId: before.targetId,
      action: "click",
      ref: refOf(before, /button "Go"/),
    });
    assertError(act, 409, "human_in_control");
    assert.equal(act.body.error.retryable, true);
    assert.match(act.body.error.recoveryHint, /takeover\.ended/);
    assert.equal(act.body.error.details.who, "Ana");
    assertError(await ph.post(`/v1/sessions/${sid}/observe`, {}), 409, "human_in_control");
    assertError(await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Bo" }), 409, "human_in_control");
    const who = await ph.request("GET", `/v1/sessions/${sid}/takeover`);
    assert.equal(who.body.takeover.who, "Ana");
    assert.equal(who.body.takeover.takeoverId, undefined, "the pass is only in the person's reply");

    // The person: clicks into the name field and types, then the password field.
    const input = (events: unknown[]) => ph.post(`/v1/sessions/${sid}/takeover/${pass}/input`, { events });
    const typed = await input([...click(await centreOf(ph, sid, "#name")), ...keys("Ana B")]);
    assert.equal(typed.status, 200, JSON.stringify(typed.body));
    assert.deepEqual([typed.body.clicks, typed.body.keys], [1, 5]);
    assert.equal((await input([...click(await centreOf(ph, sid, "#pw")), ...keys("hunter2")])).status, 200);
    assert.equal((await input([{ type: "key", action: "down", key: "Tab" }])).status, 200);
    assert.equal(await ph.pageEval(sid, "document.querySelector('#pw').value"), "hunter2");

    // The person's own reads pass the gate with the pass; a pass that is not in control does not.
    const seen = await ph.request("POST", `/v1/sessions/${sid}/observe`, {}, asPerson);
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    const shot = await ph.request("POST", `/v1/sessions/${sid}/screenshot`, {}, asPerson);
    assert.equal(shot.status, 200, JSON.stringify(shot.body));
    assertError(
      await ph.request("POST", `/v1/sessions/${sid}/observe`, {}, { "x-porthole-takeover": "tk_nope" }),
      404,
      "takeover_not_found",
    );

    const back = await ph.request("DELETE", `/v1/sessions/${sid}/takeover/${pass}`);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual([back.body.clicks, back.body.keys], [2, 13]);
    assert.equal((await ph.request("GET", `/v1/sessions/${sid}/takeover`)).body.takeover, null);
    assertError(await input(keys("x")), 404, "takeover_not_found");

    // The agent again: its old state is refused, a fresh observation shows what was typed.
    const stale = await ph.act(sid, before, { action: "click", ref: refOf(before, /button "Go"/) });
    assert.equal(stale.execution, "not_dispatched");
    assert.equal(stale.error.code, "stale_state");
    const fresh = await ph.observe(sid);
    assert.match(fresh.tree, /textbox "Name"[^\n]*Ana B/);
    assert.doesNotMatch(fresh.tree, /hunter2/);

    const events = await replay(ph, `/v1/sessions/${sid}/events`, "takeover.ended");
    const types = events.map((e) => e.event);
    assert.ok(types.indexOf("takeover.started") < types.indexOf("takeover.ended"));
    assert.ok(
      events.some((e) => e.event === "state.stale" && e.data.stateId === before.stateId),
      "the agent's state is announced stale",
    );
    const inputs = events.filter((e) => e.event === "takeover.input").map((e) => e.data);
    assert.equal(inputs.filter((d) => d.kind === "click").length, 2);
    const texts = inputs.filter((d) => d.kind === "text");
    assert.deepEqual(texts.map((d) => [d.text, d.count, d.redacted]), [["Ana B", 5, undefined], [
      undefined,
      7,
      true,
    ]]);
    const { sessionId: _s, time: _t, ...tab } = inputs.find((d) => d.kind === "key");
    assert.deepEqual(
      tab,
      { pageId: fresh.pageId, kind: "key", count: 1, redacted: true },
      "not even Tab is named",
    );
    const raw = JSON.stringify(events);
    assert.ok(
      !raw.includes("hunter2") && !/"h","u"/.test(raw),
      "no keystroke of the password is in the events",
    );
    assert.ok(!raw.includes(pass), "the takeover id is in no event");
    const ended = events.find((e) => e.event === "takeover.ended")!.data;
    assert.deepEqual([ended.who, ended.clicks, ended.keys], ["Ana", 2, 13]);
  },
);

Deno.test(
  "a BAP client's calls into a held session get the same refusal, with its retry advice",
  browserTest,
  async () => {
    await using site = new Site({ "/": FORM }), ph = await Porthole.start();
    await using bap = await bapPage(ph, site.url("/"));
    const sid = ph.server.registry.list().find((s) => s.pages.has(bap.pageId))!.id;
    const pass = (await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" })).body.takeoverId;
    const refused = await bap.call("page/reload", {}).then(() => null, (err) => err);
    assert.ok(refused instanceof BapCallError, "page/reload is refused");
    assert.equal(refused.code, -32000);
    assert.equal(refused.error.data?.retryable, true);
    assert.match(refused.error.data?.recoveryHint ?? "", /takeover\.ended/);
    assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}/takeover/${pass}`)).status, 200);
    await bap.call("page/reload", {});
  },
);

fixtureTest(
  "an agent call queued behind the takeover is refused at its turn; the call running before it finishes",
  onForm,
  async ({ ph, sid }) => {
    const gate = ph.server.registry.get(sid).gate;
    const waiting = ph.post(`/v1/sessions/${sid}/wait`, { timeMs: 1500 });
    await eventually("the wait to run", () => gate.busy);
    const taking = ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" });
    await eventually("the takeover to queue", () => gate.queued === 1);
    const observing = ph.post(`/v1/sessions/${sid}/observe`, {});
    await eventually("the observe to queue", () => gate.queued === 2);
    assert.equal((await waiting).status, 200);
    assert.equal((await taking).status, 201);
    assertError(await observing, 409, "human_in_control");
  },
);

fixtureTest(
  "a takeover nobody gives input to hands back on its own after idleMs",
  onForm,
  async ({ ph, sid }) => {
    assert.equal((await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana", idleMs: 1000 })).status, 201);
    await eventually(
      "the takeover to end",
      async () => (await ph.request("GET", `/v1/sessions/${sid}/takeover`)).body.takeover === null,
    );
    const ended = (await replay(ph, `/v1/sessions/${sid}/events`, "takeover.ended")).at(-1)!;
    assert.equal(ended.event, "takeover.ended");
    assert.match(ended.data.reason, /input/);
    assert.equal((await ph.post(`/v1/sessions/${sid}/observe`, {})).status, 200);
  },
);

Deno.test("takeover input is validated field by field", browserTest, async () => {
  await using ph = await Porthole.start();
  const sid = await ph.session();
  const bad = [
    [{ who: "" }, "who"],
    [{ who: "Ana", idleMs: 5 }, "idleMs"],
  ] as const;
  for (const [body, field] of bad) {
    const r = await ph.post(`/v1/sessions/${sid}/takeover`, body);
    assertError(r, 400, "invalid_params");
    assert.equal(r.body.error.details.field, field);
  }
  const pass = (await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" })).body.takeoverId;
  for (
    const [events, field] of [
      [[], "events"],
      [[{ type: "mouse", action: "drag", x: 1, y: 1 }], "events.0.action"],
      [[{ type: "key", action: "down", key: "" }], "events.0.key"],
      [[{ type: "tap", x: 1 }], "events.0.type"],
    ] as const
  ) {
    const r = await ph.post(`/v1/sessions/${sid}/takeover/${pass}/input`, { events });
    assertError(r, 400, "invalid_params");
    assert.equal(r.body.error.details.field, field, JSON.stringify(r.body));
  }
});

Deno.test(
  "OpenAPI describes the takeover routes, their input and the person's header",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    const doc = (await ph.request("GET", "/openapi.json")).body;
    const start = doc.paths["/v1/sessions/{sessionId}/takeover"];
    assert.deepEqual(Object.keys(start).sort(), ["get", "post"]);
    assert.equal(start.post.tags[0], "takeover");
    const input = doc.components.schemas.TakeoverInputInput;
    assert.deepEqual(input.required, ["events"]);
    const kinds = input.properties.events.items.anyOf ?? input.properties.events.items.oneOf;
    assert.deepEqual(kinds.map((k: Json) => k.properties.type.const), ["mouse", "wheel", "key", "text"]);
    assert.ok(doc.paths["/v1/sessions/{sessionId}/takeover/{takeoverId}"].delete);
    assert.equal(doc.components.parameters.TakeoverPass.name, "X-Porthole-Takeover");
    assert.equal(doc.paths["/v1/test-browser/sessions/{sessionId}/act"].post.tags[0], "test-browser");
    assert.ok(
      doc.components.schemas.Error.properties.error.properties.code.enum.includes("human_in_control"),
    );
  },
);

fixtureTest(
  "the timeline names keys and shortcuts in a harmless field (Control+a is a key, not text)",
  onForm,
  async ({ ph, sid }) => {
    const pass = (await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" })).body.takeoverId;
    const r = await ph.post(`/v1/sessions/${sid}/takeover/${pass}/input`, {
      events: [
        ...click(await centreOf(ph, sid, "#name")),
        ...keys("abc"),
        { type: "key", action: "down", key: "Control" },
        ...keys("a"),
        { type: "key", action: "up", key: "Control" },
        ...keys("Z"),
      ],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(
      await ph.pageEval(sid, "document.querySelector('#name').value"),
      "Z",
      "Control+a selected all",
    );
    await ph.request("DELETE", `/v1/sessions/${sid}/takeover/${pass}`);
    const inputs = (await replay(ph, `/v1/sessions/${sid}/events`, "takeover.ended"))
      .filter((e) => e.event === "takeover.input").map((e) => [e.data.kind, e.data.key ?? e.data.text]);
    assert.deepEqual(inputs, [["click", undefined], ["text", "abc"], ["key", "Control+a"], ["text", "Z"]]);
  },
);

/** A pad that records the pointer as the page sees it: buttons held, Shift, and wheel turns. */
const PAD = `<title>Pad</title>
<div id="pad" style="width: 300px; height: 200px; background: #eee"></div>
<div style="height: 3000px"></div>
<script>
window.log = [];
pad.addEventListener("pointerdown", (e) => log.push("down:" + e.buttons + (e.shiftKey ? ":shift" : "")));
pad.addEventListener("pointermove", (e) => { if (e.buttons) log.push("move:" + e.buttons); });
pad.addEventListener("pointerup", (e) => log.push("up:" + e.buttons));
addEventListener("wheel", (e) => log.push("wheel:" + e.deltaY), { passive: true });
</script>`;

fixtureTest(
  "a person's drag across batches keeps the button held, and a wheel turn reaches the page",
  () => openedPorthole({ "/": PAD }),
  async ({ ph, sid }) => {
    const pass = (await ph.post(`/v1/sessions/${sid}/takeover`, { who: "Ana" })).body.takeoverId;
    const input = (events: unknown[]) => ph.post(`/v1/sessions/${sid}/takeover/${pass}/input`, { events });
    const a = { x: 50, y: 50 }, b = { x: 200, y: 120 };
    const pressed = await input([
      { type: "mouse", action: "move", ...a },
      { type: "mouse", action: "down", ...a, button: "left", modifiers: ["Shift"] },
    ]);
    assert.equal(pressed.status, 200, JSON.stringify(pressed.body));
    // The next batch: the pointer moves with the button still down, then lets go.
    await input([{ type: "mouse", action: "move", ...b }, {
      type: "mouse",
      action: "up",
      ...b,
      button: "left",
    }]);
    await input([{ type: "wheel", ...b, deltaY: 100 }]);
    const log = await eventually(
      "the wheel turn",
      () => ph.pageEval(sid, "window.log"),
      (l) => l.length >= 4,
    );
    assert.deepEqual(log, ["down:1:shift", "move:1", "up:0", "wheel:100"]);
    await ph.request("DELETE", `/v1/sessions/${sid}/takeover/${pass}`);
  },
);
