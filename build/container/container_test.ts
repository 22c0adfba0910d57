/**
 * `deno task test:container`: the Dockerfile's runtime stage, for real, without Docker. The root
 * filesystem is built from the Dockerfile's own lines; runc runs it as the stage's unprivileged
 * user with the repository's seccomp profile, a read-only root and no added capability. Needs
 * root (runc, debootstrap, chroot) and a kernel that allows user namespaces.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { bundle } from "../bundle.ts";
import { runtimeStage } from "./dockerfile.ts";
import { baseRootfs, CACHE, ensureTools, runtimeRootfs } from "./rootfs.ts";
import { BROWSER_PACKAGES, planInstall } from "../../lib/driver/install.ts";
import { dockerDefaultLike } from "./oci.ts";
import { Container } from "./runc.ts";
import { Site } from "../../tests/support/harness.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const test = { sanitizeOps: false, sanitizeResources: false };
const TOKEN = "container-test-token";

const prepared = (async () => {
  const stage = runtimeStage(await Deno.readTextFile(join(ROOT, "Dockerfile")));
  await ensureTools();
  const { root, installed } = await runtimeRootfs(stage);
  console.log(`container: ${root} (${installed} packages from apt)`);
  await Deno.mkdir(CACHE, { recursive: true });
  const out = join(CACHE, "porthole.js");
  await bundle(join(ROOT, "main.ts"), out);
  const profile = JSON.parse(await Deno.readTextFile(join(ROOT, "deploy", "seccomp", "chromium.json")));
  return { stage, root, bundle: out, profile };
})();

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function start(seccomp: "repository" | "docker-default") {
  const p = await prepared;
  const port = freePort();
  const container = await Container.start({
    stage: p.stage,
    rootfs: p.root,
    bundle: p.bundle,
    seccomp: seccomp === "repository" ? p.profile : dockerDefaultLike(p.profile),
    env: { PORTHOLE_TOKEN: TOKEN, PORTHOLE_PORT: String(port) },
    args: [],
  });
  try {
    await container.listening();
  } catch (err) {
    await container[Symbol.asyncDispose]();
    throw err;
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return { container, call, port };
}

function proc(pid: number) {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return {
      uid: Number(/^Uid:\s+(\d+)/m.exec(status)![1]),
      userns: Deno.readLinkSync(`/proc/${pid}/ns/user`),
      cmd: Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0")[0],
    };
  } catch {
    return null;
  }
}

Deno.test(
  "the runtime stage serves, and a session navigates and observes with Chromium's sandbox on",
  test,
  async () => {
    const { stage } = await prepared;
    await using site = new Site({
      "/": "<title>In a container</title><h1>Sandboxed</h1><button>Go</button>",
    });
    const { container, call } = await start("repository");
    await using _ = container;
    const s = await call("POST", "/v1/sessions", {});
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const nav = await call("POST", `/v1/sessions/${s.body.sessionId}/navigate`, {
      url: site.url("/"),
      observe: true,
    });
    assert.equal(nav.status, 200, JSON.stringify(nav.body) + container.output);
    assert.match(nav.body.state.tree, /heading "Sandboxed"/);
    const obs = await call("POST", `/v1/sessions/${s.body.sessionId}/observe`, {});
    assert.match(obs.body.tree, /button "Go" \[ref=@e\d+\]/);

    const procs = (await container.pids()).map(proc).filter((p) => p !== null);
    const init = procs[0]!;
    assert.equal(init.cmd, stage.entrypoint[0], "tini is PID 1");
    assert.ok(procs.every((p) => p!.uid === stage.uid), `every process runs as uid ${stage.uid}`);
    const sandboxed = procs.filter((p) => p!.userns !== init.userns);
    assert.ok(sandboxed.length > 0, "Chromium's zygote and renderers run in a user namespace of their own");

    const doctor = await container.exec(["porthole", "doctor", "--port", "0", "--json"]);
    assert.equal(doctor.code, 0, doctor.out);
    const report = JSON.parse(doctor.out);
    const sandbox = report.checks.find((c: { name: string }) => c.name === "sandbox");
    assert.match(sandbox.detail, /^on: /);
    console.log(
      `doctor in the container:\n${
        report.checks.map((c: Record<string, string>) => `  ${c.status} ${c.name}: ${c.detail}`).join("\n")
      }`,
    );

    const health = await container.exec(["/bin/sh", "-c", stage.healthcheck]);
    assert.equal(health.code, 0, `the HEALTHCHECK command answers: ${health.out}`);
    const write = await container.exec(["/bin/sh", "-c", "echo x > /usr/local/bin/x"]);
    assert.notEqual(write.code, 0, "the root filesystem is read-only");

    const all = await container.pids();
    await container.kill("TERM");
    const status = await Promise.race([
      container.status,
      new Promise<null>((r) => setTimeout(() => r(null), 20_000)),
    ]);
    assert.ok(status, "SIGTERM stops the container");
    assert.equal(status.code, 0, container.output.slice(-2000));
    assert.deepEqual(all.filter((pid) => proc(pid) !== null), [], "no process is left behind");
  },
);

Deno.test(
  "with Docker's default seccomp rules instead, Chromium does not start and the error names the sandbox",
  test,
  async () => {
    await using site = new Site({ "/": "<title>x</title><h1>x</h1>" });
    const { container, call } = await start("docker-default");
    await using _ = container;
    const s = await call("POST", "/v1/sessions", {});
    const nav = s.status === 201
      ? await call("POST", `/v1/sessions/${s.body.sessionId}/navigate`, { url: site.url("/") })
      : s;
    assert.equal(nav.status, 503, JSON.stringify(nav.body));
    assert.equal(nav.body.error.code, "browser_not_installed");
    assert.match(nav.body.error.message, /did not start with its sandbox/);
    console.log(`the error: ${nav.body.error.message}`);
    const doctor = await container.exec(["porthole", "doctor", "--port", "0", "--json"]);
    assert.equal(doctor.code, 1);
    const sandbox = JSON.parse(doctor.out).checks.find((c: { name: string }) => c.name === "sandbox");
    assert.equal(sandbox.status, "fail");
    assert.match(sandbox.fix, /seccomp=deploy\/seccomp\/chromium\.json/);
  },
);

Deno.test(
  "on a fresh bookworm, browser install's plan is a third of what apt's recommends would add",
  test,
  async () => {
    const { stage } = await prepared;
    const base = await baseRootfs(stage.suite);
    // The planning code of `porthole browser install`, with apt-get run inside the fresh system.
    const inBase = async (args: string[]) => {
      const r = await new Deno.Command("chroot", {
        args: [base, "apt-get", ...args],
        stdout: "piped",
        stderr: "piped",
      })
        .output();
      return { code: r.code, out: new TextDecoder().decode(r.stdout) };
    };
    const lean = await planInstall(BROWSER_PACKAGES, inBase);
    const withRecommends = await planInstall(
      BROWSER_PACKAGES,
      (args) => inBase(args.filter((a) => a !== "--no-install-recommends")),
    );
    assert.ok(lean && withRecommends, "apt in the fresh system knows the packages");
    console.log(
      `${BROWSER_PACKAGES.join(" ")}: ${lean.length} packages, ${withRecommends.length} with recommends`,
    );
    assert.ok(lean.includes("chromium-headless-shell") && lean.includes("fonts-liberation"));
    assert.ok(lean.length * 2.5 < withRecommends.length, `${lean.length} vs ${withRecommends.length}`);
    assert.ok(lean.every((p) => withRecommends.includes(p)), "recommends only add to the plan");
  },
);
