/**
 * The pages the benchmark clicks, served on 127.0.0.1 by the benchmark itself: a counter whose
 * button changes the DOM synchronously, one whose button first fetches from this server, and
 * a 10-field profile form (form.ts), and the soak's two linked pages (a counter, a field, a link).
 */
import { FORM_PAGE } from "./form.ts";

const COUNTER_SYNC = `<!doctype html><html lang="en"><title>Counter</title>
<h1>Counter</h1>
<p id="count">Count: 0</p>
<button id="inc">Increment</button>
<script>
  let n = 0;
  const out = document.getElementById("count");
  document.getElementById("inc").addEventListener("click", () => {
    n++;
    out.textContent = "Count: " + n;
  });
</script>`;

const COUNTER_FETCH = `<!doctype html><html lang="en"><title>Fetch counter</title>
<h1>Fetch counter</h1>
<p id="count">Count: 0</p>
<button id="inc">Increment</button>
<script>
  let n = 0;
  const out = document.getElementById("count");
  document.getElementById("inc").addEventListener("click", async () => {
    const res = await fetch("/data", { cache: "no-store" });
    const body = await res.json();
    n += body.step;
    out.textContent = "Count: " + n;
  });
</script>`;

/** The soak's loop: a counter, a text field and a link to a second page that links back. */
const LOOP_PAGE = `<!doctype html><html lang="en"><title>Loop</title>
<h1>Loop</h1>
<p id="n">0</p>
<button onclick="n.textContent = String(Number(n.textContent) + 1)">Add</button>
<label>Note <input id="note"></label>
<a href="/loop/next">Next</a>`;

const LOOP_NEXT = `<!doctype html><html lang="en"><title>Next</title>
<h1>Next</h1>
<a href="/loop">Back</a>`;

export class BenchSite implements AsyncDisposable {
  readonly #server: Deno.HttpServer<Deno.NetAddr>;
  readonly origin: string;
  dataRequests = 0;

  constructor() {
    this.#server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/data") {
        this.dataRequests++;
        return Response.json({ step: 1 }, { headers: { "cache-control": "no-store" } });
      }
      const html = path === "/sync"
        ? COUNTER_SYNC
        : path === "/fetch"
        ? COUNTER_FETCH
        : path === "/form"
        ? FORM_PAGE
        : path === "/loop"
        ? LOOP_PAGE
        : path === "/loop/next"
        ? LOOP_NEXT
        : null;
      if (html === null) return new Response("not found", { status: 404 });
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    this.origin = `http://127.0.0.1:${this.#server.addr.port}`;
  }

  url(path: "/sync" | "/fetch" | "/form" | "/loop"): string {
    return this.origin + path;
  }

  async [Symbol.asyncDispose]() {
    await this.#server.shutdown();
  }
}

/** The text the counter shows after `n` increments, as it appears in either kind of tree. */
export function countText(n: number): string {
  return `Count: ${n}`;
}
