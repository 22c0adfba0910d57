/**
 * A reader whose socket stops draining is shed once more than the bound of events wait for it:
 * closed, counted in porthole_sse_readers_shed_total and logged, while a reader that reads gets
 * every event or a `dropped` notice.
 */
import assert from "node:assert/strict";
import { makeEvent } from "../../lib/events/bus.ts";
import { SHED_AFTER_MS, sseSettings } from "../../routes/events.ts";
import { browserTest, eventually, Porthole } from "../support/harness.ts";
import { sseBlocks } from "../support/sse_blocks.ts";

const STALLED = 8;

async function stalledReader(base: URL, path: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: base.hostname, port: Number(base.port) });
  await conn.write(new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`));
  return conn;
}

Deno.test(
  "SSE readers whose sockets stop draining are shed past the byte bound; a reader that reads keeps every event",
  browserTest,
  async () => {
    sseSettings.shedAfterMs = 1000;
    await using _restore = {
      [Symbol.asyncDispose]: () => Promise.resolve(void (sseSettings.shedAfterMs = SHED_AFTER_MS)),
    };
    await using ph = await Porthole.start();
    const sid = await ph.session();
    const events = ph.server.registry.get(sid).events;
    const stalled: Deno.Conn[] = [];
    try {
      for (let i = 0; i < STALLED; i++) {
        stalled.push(await stalledReader(new URL(ph.url), `/v1/sessions/${sid}/events`));
      }
      const res = await fetch(`${ph.url}/v1/sessions/${sid}/events`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      await eventually("every reader subscribed", () => events.readers === STALLED + 1);
      let seen = 0, lost = 0;
      const reading = (async () => {
        for await (const { event, data } of sseBlocks(reader)) {
          if (event === "console") seen++;
          if (event === "dropped") lost += JSON.parse(data!).count;
        }
      })();
      // Kernel and server buffers take a few MiB per socket first; then the queues fill.
      const text = "y".repeat(1000);
      let published = 0;
      while (events.readers > 1 && published < 200_000) {
        for (let i = 0; i < 100; i++) {
          events.publish(makeEvent(sid, "console", { pageId: "p", level: "log", text }));
        }
        published += 100;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(events.readers, 1, `${events.readers - 1} stalled readers left after ${published} events`);
      assert.ok(events.deepestQueue <= events.queueLimit);
      await eventually("the reader has the burst", () => seen + lost >= published, Boolean, 30_000);
      assert.equal(seen + lost, published, `${seen} seen, ${lost} lost`);
      const metrics = (await ph.request("GET", "/metrics")).body as string;
      const shed = Number(metrics.match(/^porthole_sse_readers_shed_total(?:\{\})? (\d+)$/m)?.[1]);
      assert.ok(shed >= STALLED, `shed ${shed}`);
      await reader.cancel();
      await reading.catch(() => {});
      console.log(
        `${STALLED} stalled readers shed after ${published} events of 1 KB; bound ${sseSettings.shedBytes} B`,
      );
    } finally {
      for (const c of stalled) c.close();
    }
  },
);
