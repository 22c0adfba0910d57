/**
 * The last events of one MCP session over Streamable HTTP, so that a client whose SSE stream
 * broke (a proxy's idle cut during a long approval, say) reconnects with Last-Event-ID and gets
 * what it missed. With it the SDK opens each stream with a priming event (an id, the `retry`
 * delay, no data). Bounded: the oldest events go first, by count and by bytes.
 */
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** How long a client waits before it reconnects a stream the server ended (the SSE `retry` field). */
export const SSE_RETRY_MS = 1_000;

interface Stored {
  streamId: string;
  message: JSONRPCMessage;
  bytes: number;
}

export class BoundedEventStore implements EventStore {
  #events = new Map<string, Stored>();
  #seq = 0;
  #bytes = 0;

  constructor(readonly maxEvents = 256, readonly maxBytes = 4 * 1024 * 1024) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `ev${++this.#seq}`;
    const bytes = JSON.stringify(message).length;
    this.#events.set(id, { streamId, message, bytes });
    this.#bytes += bytes;
    for (const [old, e] of this.#events) {
      if (this.#events.size <= this.maxEvents && this.#bytes <= this.maxBytes) break;
      if (old === id) break; // the newest stays, whatever its size
      this.#events.delete(old);
      this.#bytes -= e.bytes;
    }
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.#events.get(eventId)?.streamId);
  }

  /** Sends the events of `lastEventId`'s stream that came after it; an unknown id is refused. */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = this.#events.get(lastEventId);
    if (!last) throw new Error(`Event ${lastEventId.slice(0, 64)} is unknown or no longer kept`);
    let after = false;
    for (const [id, e] of [...this.#events]) {
      if (after && e.streamId === last.streamId && Object.keys(e.message).length) await send(id, e.message);
      if (id === lastEventId) after = true;
    }
    return last.streamId;
  }
}
