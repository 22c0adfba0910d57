/**
 * The blocks of a server-sent event stream as they arrive, for tests that read a raw stream
 * (a shed reader, a burst, screencast frames); `events_test.ts` has the full client with comments,
 * ids and timeouts.
 */

/** One SSE block: the `event:` name it starts with, if any, and its first `data:` line. */
export interface SseBlock {
  event?: string;
  data?: string;
}

/**
 * Yields each block of the stream until it ends. With `endOnError`, a read that fails (the server
 * closed the socket mid-burst) ends the stream instead of throwing.
 */
export async function* sseBlocks(
  reader: ReadableStreamDefaultReader<string>,
  { endOnError = false } = {},
): AsyncGenerator<SseBlock> {
  let buffer = "";
  while (true) {
    const read = reader.read();
    const { value, done } = endOnError ? await read.catch(() => ({ value: "", done: true })) : await read;
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      yield { event: /^event: (.*)/.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] };
    }
  }
}
