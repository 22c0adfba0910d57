/**
 * Server-sent events: every event type the session emits today, ids that rise by one per
 * stream, Last-Event-ID replay after a reconnect (with a `dropped` notice when the ring no
 * longer reaches back), heartbeats, a reader that stops reading (its queue stays bounded and
 * it is told what it lost), a clean end when the session closes, and GET /v1/events.
 */
import assert from "node:assert/strict";
import { HEARTBEAT_MS, sseSettings } from "../../routes/events.ts";
import { browserTest, eventually, type Json, Porthole, Site } from "../support/harness.ts";

interface SseRecord {
  kind: "event" | "comment";
  id?: number;
  event?: string;
  data?: Json;
  comment?: string;
}

/** A small SSE client on fetch, reading only when asked to (so a test can stop reading). */
class SseClient {
  #reader: ReadableStreamDefaultReader<string>;
  #buffer = "";
  raw = "";
  readonly status: number;

  private constructor(res: Response) {
    this.status = res.status;
    this.#reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers } });
    assert.equal(res.status, 200, `GET ${url}: ${res.status}`);
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    return new SseClient(res);
  }

  /** The next event or comment; null when the stream ended. */
  async next(timeoutMs = 30_000): Promise<SseRecord | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no SSE record in time")), timeoutMs);
    });
    try {
      while (true) {
        const end = this.#buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = this.#buffer.slice(0, end);
          this.#buffer = this.#buffer.slice(end + 2);
          return parseBlock(block);
        }
        const { value, done } = await Promise.race([this.#reader.read(), timeout]);
        if (done) return null;
        this.raw += value;
        this.#buffer += value;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** The next event, skipping comments; null when the stream ended. */
  async event(): Promise<SseRecord | null> {
    while (true) {
      const r = await this.next();
      if (!r || r.kind === "event") return r;
    }
  }

  /** Events up to and including the first of `type`. */
  async until(type: string): Promise<SseRecord[]> {
    const seen: SseRecord[] = [];
    while (true) {
      const r = await this.event();
      if (!r) throw new Error(`the stream ended before ${type}: ${seen.map((e) => e.event)}`);
      seen.push(r);
      if (r.event === type) return seen;
    }
  }

  async close(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}

function parseBlock(block: string): SseRecord {
  const lines = block.split("\n");
  if (lines.every((l) => l.startsWith(":"))) {
    return { kind: "comment", comment: lines.join("\n").slice(1).trim() };
  }
  const r: SseRecord = { kind: "event" };
  const data: string[] = [];
  for (const line of lines) {
    const i = line.indexOf(":");
    const field = line.slice(0, i), value = line.slice(i + 1).replace(/^ /, "");
    if (field === "id") r.id = Number(value);
    else if (field === "event") r.event = value;
    else if (field === "data") data.push(value);
  }
  r.data = JSON.parse(data.join("\n"));
  return r;
}

const TALKER = `<!doctype html><title>Talker</title><button>Hi</button><script>
  console.log("hello from the page");
  setTimeout(() => { throw new Error("kaboom"); });
  setTimeout(() => alert("hi there"), 50);
  window.say = (n, size = 0) => { for (let i = 0; i < n; i++) console.log("say " + i + " " + "x".repeat(size)); };
</script>`;

Deno.test("events", browserTest, async (t) => {
  await using site = new Site({
    "/talker": TALKER,
    "/plain": `<!doctype html><title>Plain</title><p>plain</p>`,
  });
  await using ph = await Porthole.start();
  const registry = ph.server.registry;
  const stream = (sid: string, headers?: Record<string, string>) =>
    SseClient.open(`${ph.url}/v1/sessions/${sid}/events`, headers);

  await t.step("Last-Event-ID replays exactly the events a reader missed while away", async () => {
    const sid = await ph.session();
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/plain") });
    await ph.pageEval(sid, `window.say = (n) => { for (let i = 0; i < n; i++) console.log("say " + i); }`);
    const events = registry.get(sid).events;
    const first = await stream(sid);
    await ph.pageEval(sid, "say(3)");
    const before = (await first.until("console")).concat(
      await first.until("console"),
      await first.until("console"),
    );
    const last = before.at(-1)!.id!;
    await first.close();
    await eventually("the reader to leave", () => events.readers === 0);

    await ph.pageEval(sid, "say(5)");
    await eventually("5 more events", () => events.lastId === last + 5);
    const again = await stream(sid, { "last-event-id": String(last) });
    const missed: SseRecord[] = [];
    for (let i = 0; i < 5; i++) missed.push((await again.event())!);
    assert.deepEqual(missed.map((e) => e.id), [1, 2, 3, 4, 5].map((n) => last + n));
    assert.deepEqual(missed.map((e) => e.data.text), ["say 0", "say 1", "say 2", "say 3", "say 4"]);
    await again.close();

    // A cursor older than the ring's reach: a `dropped` notice, then everything the ring holds.
    const cursor = events.lastId;
    await ph.pageEval(sid, "say(1100)");
    await eventually("1100 more events", () => events.lastId === cursor + 1100);
    const late = await stream(sid, { "last-event-id": String(cursor) });
    const notice = (await late.event())!;
    assert.equal(notice.event, "dropped");
    assert.equal(notice.id, undefined, "a dropped notice carries no id");
    assert.equal(notice.data.count, 1100 - events.ringSize);
    const replayed: SseRecord[] = [];
    for (let i = 0; i < events.ringSize; i++) replayed.push((await late.event())!);
    assert.equal(replayed[0].id, cursor + 1100 - events.ringSize + 1);
    assert.ok(replayed.every((e, i) => e.id === replayed[0].id! + i && e.event === "console"));
    assert.equal(replayed.at(-1)!.data.text, "say 1099");
    await late.close();

    const byQuery = await SseClient.open(
      `${ph.url}/v1/sessions/${sid}/events?lastEventId=${events.lastId - 1}`,
    );
    assert.equal((await byQuery.event())!.id, events.lastId);
    await byQuery.close();
    await ph.request("DELETE", `/v1/sessions/${sid}`);
  });

  await t.step("an idle stream sends a heartbeat comment (every 15 s unless set otherwise)", async () => {
    assert.equal(HEARTBEAT_MS, 15_000);
    assert.equal(sseSettings.heartbeatMs, 15_000);
    const sid = await ph.session();
    sseSettings.heartbeatMs = 100;
    try {
      const client = await stream(sid);
      assert.deepEqual(await client.next(), { kind: "comment", comment: "porthole events" });
      assert.deepEqual(await client.next(), { kind: "comment", comment: "keep-alive" });
      assert.deepEqual(await client.next(), { kind: "comment", comment: "keep-alive" });
      await client.close();
    } finally {
      sseSettings.heartbeatMs = HEARTBEAT_MS;
      await ph.request("DELETE", `/v1/sessions/${sid}`);
    }
  });

  await t.step("a reader that stops reading keeps a bounded queue and is told what it lost", async () => {
    const sid = await ph.session();
    await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/plain") });
    await ph.pageEval(
      sid,
      `window.burst = (n) => {
      for (let i = 0; i < n; i++) console.log(i + " " + "z".repeat(1000));
    }`,
    );
    const events = registry.get(sid).events;
    const client = await stream(sid);
    const start = events.lastId;
    // The reader stops here. Kernel socket buffers take megabytes first; then the queue fills.
    let bursts = 0;
    while (events.deepestQueue < events.queueLimit) {
      assert.ok(bursts++ < 100, `the queue never filled (${events.deepestQueue})`);
      await ph.pageEval(sid, "burst(1000)");
      const target = start + bursts * 1000;
      await eventually("the burst's events", () => events.lastId >= target);
    }
    await ph.pageEval(sid, "burst(1000)");
    // At least: the page's own events (its `page.load`, emitted once its title is read) may land
    // after `start` on a loaded machine.
    await eventually("the last burst", () => events.lastId >= start + (bursts + 1) * 1000);
    assert.equal(events.deepestQueue, events.queueLimit, "the reader's queue holds at most its limit");

    // Reading again: every id is accounted for, either delivered or counted in a `dropped` notice.
    let expected = start + 1;
    let lost = 0;
    while (expected <= events.lastId) {
      const r = (await client.event())!;
      if (r.event === "dropped") {
        assert.ok(r.data.count > 0);
        lost += r.data.count;
        expected += r.data.count;
        continue;
      }
      // An event the stream had subscribed to before `start` was read (the page's own, on a loaded machine).
      if (r.id !== undefined && r.id <= start) continue;
      assert.equal(r.id, expected, "events arrive in order, gaps only where a notice said so");
      expected++;
    }
    assert.ok(lost >= 1000, `the reader lost ${lost} events`);
    await client.close();
    const scraped = registry.metrics.render().match(/^porthole_events_dropped_total(?:\{\})? (\d+)$/m);
    assert.ok(scraped && Number(scraped[1]) >= lost);
    await ph.request("DELETE", `/v1/sessions/${sid}`);
  });

  await t.step("GET /v1/events streams every session's events", async () => {
    const all = await SseClient.open(`${ph.url}/v1/events`);
    const a = await ph.session();
    const b = await ph.session();
    await ph.post(`/v1/sessions/${a}/pages`);
    await ph.post(`/v1/sessions/${b}/pages`);
    const seen = [...await all.until("page.opened"), ...await all.until("page.opened")];
    const opened = seen.filter((e) => e.event === "page.opened").map((e) => e.data.sessionId);
    assert.deepEqual(opened, [a, b]);
    assert.ok(seen.every((e, i) => i === 0 || e.id! > seen[i - 1].id!));
    await all.close();
    await ph.request("DELETE", `/v1/sessions/${a}`);
    await ph.request("DELETE", `/v1/sessions/${b}`);
  });

  await t.step("the stream of an unknown session is 404", async () => {
    const r = await ph.request("GET", "/v1/sessions/s_nope/events");
    assert.equal(r.status, 404);
    assert.equal(r.body.error.code, "session_not_found");
  });

  await t.step(
    "a session's stream carries every event type it emits, ids rising by one, and ends with the session",
    async () => {
      const sid = await ph.session();
      const client = await stream(sid);
      const state = await ph.open(sid, site.url("/talker?token=sekrit-value#frag"));
      await client.until("dialog.opened");
      await ph.post(`/v1/sessions/${sid}/navigate`, { url: site.url("/plain") });
      assert.ok(state.stateId);
      const first = (await ph.request("GET", `/v1/sessions/${sid}/pages`)).body.pages[0].pageId;
      const second = (await ph.post(`/v1/sessions/${sid}/pages`)).body.pageId;
      await ph.post(`/v1/sessions/${sid}/pages/${first}/activate`);
      await ph.request("DELETE", `/v1/sessions/${sid}/pages/${second}`);
      await ph.observe(sid);
      const pool = registry.pool;
      const before = pool.stats();
      Deno.kill(before.pid!, "SIGKILL");
      await eventually("the disconnect", () => pool.stats().disconnects === before.disconnects + 1);
      assert.equal((await ph.request("DELETE", `/v1/sessions/${sid}`)).status, 204);
      const rest: SseRecord[] = [];
      while (true) {
        const r = await client.event();
        if (!r) break;
        rest.push(r);
      }
      assert.equal(rest.at(-1)!.event, "session.closed", "the stream ends right after session.closed");

      const all = parseAll(client.raw);
      const types = new Set(all.map((e) => e.event));
      for (
        const type of [
          "page.opened",
          "page.closed",
          "page.activated",
          "navigation.committed",
          "dialog.opened",
          "console",
          "page.error",
          "state.stale",
          "session.reset",
          "session.closed",
        ]
      ) {
        assert.ok(types.has(type), `no ${type} in ${[...types]}`);
      }
      assert.ok(all.every((e, i) => e.id === all[0].id! + i), "ids rise by one: nothing was lost");
      assert.ok(all.every((e) => e.data.sessionId === sid && typeof e.data.time === "string"));
      assert.ok(!client.raw.includes("sekrit"), "URLs in events are redacted");
      const nav = all.find((e) => e.event === "navigation.committed")!;
      assert.equal(nav.data.url, site.url("/talker?token=[redacted]"));
      const dialog = all.find((e) => e.event === "dialog.opened")!;
      assert.deepEqual([dialog.data.type, dialog.data.message, dialog.data.handled], [
        "alert",
        "hi there",
        "dismissed",
      ]);
      assert.match(all.find((e) => e.event === "page.error")!.data.message, /kaboom/);
      assert.equal(all.find((e) => e.event === "console")!.data.text, "hello from the page");
      assert.equal(all.find((e) => e.event === "page.activated")!.data.pageId, first);
      assert.equal(all.find((e) => e.event === "page.closed")!.data.pageId, second);
      assert.equal(all.find((e) => e.event === "state.stale")!.data.stateId, state.stateId);

      const after = await ph.request("GET", `/v1/sessions/${sid}/events`);
      assert.equal(after.status, 404, "a closed session has no stream");
    },
  );
});

function parseAll(raw: string): SseRecord[] {
  return raw.split("\n\n").filter((b) => b.trim() !== "").map(parseBlock).filter((r) => r.kind === "event");
}
