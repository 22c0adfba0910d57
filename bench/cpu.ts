/**
 * A CPU profile of a running Deno process through its inspector, summarised by self time: run
 * the process with `--inspect=127.0.0.1:9229`, then
 *
 *   deno run -A bench/cpu.ts [--port 9229] [--seconds 10] [--top 25] [--out profile.cpuprofile]
 *
 * Prints the functions with the most self time (and the files they live in, summed).
 */
import { parseArgs } from "node:util";

const { values: flags } = parseArgs({
  options: {
    port: { type: "string", default: "9229" },
    seconds: { type: "string", default: "10" },
    top: { type: "string", default: "25" },
    out: { type: "string" },
  },
});

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const targets = await (await fetch(`http://127.0.0.1:${flags.port}/json/list`)).json();
const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener("open", r, { once: true }));
let nextId = 0;
const waiting = new Map<number, (v: unknown) => void>();
ws.addEventListener("message", (e) => {
  const msg = JSON.parse(e.data);
  if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
});
const send = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve as (v: unknown) => void);
    ws.send(JSON.stringify({ id, method, params }));
  });

await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 200 });
await send("Profiler.start");
await new Promise((r) => setTimeout(r, Number(flags.seconds) * 1000));
const { profile } = await send<{ profile: Profile }>("Profiler.stop");
ws.close();
if (flags.out) await Deno.writeTextFile(flags.out, JSON.stringify(profile));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const files = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i])!;
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const f = n.callFrame;
  const file = f.url.replace(/^.*\/(node_modules|lib|bench|\.deno)\//, "$1/") || "(native)";
  const key = `${f.functionName || "(anonymous)"}  ${file}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  files.set(file, (files.get(file) ?? 0) + dt);
}
const pct = (us: number) => `${(100 * us / total).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1000).toFixed(0)} ms sampled; top self time:`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) {
  console.log(`  ${pct(us)}  ${k}`);
}
console.log("by file:");
for (const [k, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(us)}  ${k}`);
