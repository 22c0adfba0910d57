/**
 * The live view's cost: one viewer reads a page's screencast (1280×720, a page that repaints every
 * animation frame) for a while; prints the frames/s it got and the CPU share of the sidecar's own
 * process and of its Chromium, against the same page with nobody watching.
 *
 *   deno run -A bench/screencast.ts [seconds]
 *
 * The server runs as a child process (`main.ts serve`), so its CPU is read from /proc apart from
 * this script's. Touches only loopback.
 */
import { ANIMATED, readFrames } from "../tests/watch/screencast_test.ts";
import { Site } from "../tests/support/harness.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const TICK = 100; // clock ticks per second on Linux

/** utime + stime of a process, in seconds. */
function cpuOf(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    let kids: string[] = [];
    try {
      kids = Deno.readTextFileSync(`/proc/${p}/task/${p}/children`).trim().split(/\s+/).filter(Boolean);
    } catch { /* gone */ }
    for (const k of kids.map(Number)) {
      out.push(k);
      walk(k);
    }
  };
  walk(pid);
  return out;
}

const cpu = (pid: number) => ({
  self: cpuOf(pid),
  browser: descendants(pid).reduce((n, p) => n + cpuOf(p), 0),
});

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "main.ts", "serve", "--port", "0"],
  cwd: new URL("..", import.meta.url).pathname,
  stdout: "piped",
  stderr: "null",
}).spawn();
const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
let url = "";
for (let buf = ""; !url;) {
  const { value, done } = await reader.read();
  if (done) throw new Error("the server exited");
  buf += value;
  url = /porthole listening on (\S+)/.exec(buf)?.[1] ?? "";
}
const site = new Site({ "/": ANIMATED });
try {
  const post = (path: string, body: unknown) =>
    fetch(url + path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    })
      .then((r) => r.json());
  const { sessionId } = await post("/v1/sessions", { viewport: { width: 1280, height: 720 } });
  const { pageId } = await post(`/v1/sessions/${sessionId}/navigate`, { url: site.url("/") });
  await new Promise((r) => setTimeout(r, 1000));

  const measure = async (watch: boolean) => {
    const before = cpu(child.pid);
    const started = performance.now();
    let frames = 0;
    let bytes = 0;
    if (watch) {
      const res = await fetch(`${url}/v1/sessions/${sessionId}/pages/${pageId}/screencast`);
      const got = await readFrames(res, SECONDS * 1000);
      frames = got.length;
      bytes = got.reduce((n, f) => n + (f.data as string).length * 0.75, 0);
    } else await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const secs = (performance.now() - started) / 1000;
    const after = cpu(child.pid);
    return {
      fps: frames / secs,
      kibPerFrame: frames ? bytes / frames / 1024 : 0,
      sidecar: (after.self - before.self) / secs,
      chromium: (after.browser - before.browser) / secs,
    };
  };
  const idle = await measure(false);
  const watched = await measure(true);
  const pct = (x: number) => `${(x * 100).toFixed(1)}% of a core`;
  console.log(`nobody watching: sidecar ${pct(idle.sidecar)}, its Chromium ${pct(idle.chromium)}`);
  console.log(
    `one viewer:      ${watched.fps.toFixed(1)} frames/s, ${watched.kibPerFrame.toFixed(0)} KiB/frame; ` +
      `sidecar ${pct(watched.sidecar)}, its Chromium ${pct(watched.chromium)}`,
  );
  console.log(
    `the live view's cost: sidecar +${pct(watched.sidecar - idle.sidecar)}, Chromium +${
      pct(watched.chromium - idle.chromium)
    }`,
  );
} finally {
  child.kill("SIGTERM");
  await child.status;
  await site[Symbol.asyncDispose]();
}
