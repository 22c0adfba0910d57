/**
 * Reads the runtime stage of the Dockerfile (its last FROM) into what a root filesystem needs:
 * the base suite, the apt packages, the user, the environment, the working directory, the
 * entrypoint, the health check and where the compiled binary goes. The container test builds
 * from this, so the image and the test cannot drift apart.
 */
export interface RuntimeStage {
  /** e.g. `debian:bookworm-slim` */
  base: string;
  /** Debian suite of the base image, e.g. `bookworm`. */
  suite: string;
  packages: string[];
  aptFlags: string[];
  uid: number;
  gid: number;
  env: Record<string, string>;
  workdir: string;
  entrypoint: string[];
  /** The HEALTHCHECK's CMD, for /bin/sh -c. */
  healthcheck: string;
  /** Where `COPY --from=builder …/porthole` puts the binary. */
  binary: string;
}

/** Instructions with their continuation lines joined, comments dropped. */
export function instructions(text: string): { op: string; arg: string }[] {
  const out: { op: string; arg: string }[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    if (/^\s*#/.test(raw) && pending === "") continue;
    const line = raw.replace(/\s+$/, "");
    if (line.endsWith("\\")) {
      pending += line.slice(0, -1) + " ";
      continue;
    }
    const full = (pending + line).trim();
    pending = "";
    if (!full) continue;
    const m = /^(\w+)\s+(.*)$/s.exec(full);
    if (m) out.push({ op: m[1].toUpperCase(), arg: m[2].trim() });
  }
  return out;
}

function envPairs(arg: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of arg.matchAll(/(\w+)=("([^"]*)"|\S*)/g)) env[m[1]] = m[3] ?? m[2];
  return env;
}

export function runtimeStage(text: string): RuntimeStage {
  const all = instructions(text);
  const from = all.map((i) => i.op).lastIndexOf("FROM");
  if (from < 0) throw new Error("Dockerfile: no FROM");
  const stage = all.slice(from);
  const base = stage[0].arg.split(/\s+/)[0];
  const suite = /^debian:([a-z]+)/.exec(base)?.[1];
  if (!suite) throw new Error(`Dockerfile: the runtime stage is not a Debian image (${base})`);
  const r: RuntimeStage = {
    base,
    suite,
    packages: [],
    aptFlags: [],
    uid: 0,
    gid: 0,
    env: {},
    workdir: "/",
    entrypoint: [],
    healthcheck: "",
    binary: "",
  };
  for (const { op, arg } of stage.slice(1)) {
    if (op === "RUN") {
      for (const cmd of arg.split("&&")) {
        const words = cmd.trim().split(/\s+/);
        const at = words.indexOf("install");
        if (words[0] !== "apt-get" || at < 0) continue;
        r.aptFlags.push(...words.slice(at + 1).filter((w) => w.startsWith("-")));
        r.packages.push(...words.slice(at + 1).filter((w) => !w.startsWith("-")));
      }
    } else if (op === "USER") {
      const [u, g] = arg.split(":");
      if (!/^\d+$/.test(u)) throw new Error("Dockerfile: USER must be numeric (runAsNonRoot needs a uid)");
      r.uid = Number(u);
      r.gid = Number(g ?? u);
    } else if (op === "ENV") r.env = { ...r.env, ...envPairs(arg) };
    else if (op === "WORKDIR") r.workdir = arg;
    else if (op === "ENTRYPOINT") r.entrypoint = JSON.parse(arg);
    else if (op === "HEALTHCHECK") r.healthcheck = arg.replace(/^.*?\bCMD\s+/, "");
    else if (op === "COPY" && /--from=builder\b/.test(arg)) r.binary = arg.split(/\s+/).at(-1)!;
  }
  return r;
}
