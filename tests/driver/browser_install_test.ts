/** `porthole browser install`: apt without recommends, the fonts a page needs, progress, a closing list. */
import assert from "node:assert/strict";
import { defaultConfig } from "../../lib/config.ts";
import {
  APT_INSTALL,
  BROWSER_PACKAGES,
  installChromium,
  plannedPackages,
  progressLine,
} from "../../lib/driver/install.ts";

const SIMULATION = [
  "Reading package lists...",
  "Inst libnss3 (2:3.87.1-1+deb12u1 Debian:12.12/stable [amd64])",
  "Inst fonts-liberation (1:1.07.4-11 Debian:12.12/stable [all])",
  "Inst chromium-headless-shell (143.0 Debian-Security:12/stable-security [amd64])",
  "Conf libnss3 (2:3.87.1-1+deb12u1 Debian:12.12/stable [amd64])",
].join("\n");

Deno.test("the install plan is the packages apt-get -s would install, in its order", () => {
  assert.deepEqual(plannedPackages(SIMULATION), ["libnss3", "fonts-liberation", "chromium-headless-shell"]);
  assert.deepEqual(plannedPackages("Reading package lists...\n0 upgraded, 0 newly installed"), []);
});

Deno.test("progress counts each planned package once as dpkg sets it up", () => {
  const plan = ["libnss3", "chromium-headless-shell"];
  const done = new Set<string>();
  assert.equal(
    progressLine("Setting up libnss3:amd64 (2:3.87.1) ...", plan, done),
    "porthole: [1/2] libnss3",
  );
  assert.equal(progressLine("Setting up libnss3:amd64 (2:3.87.1) ...", plan, done), null);
  assert.equal(progressLine("Unpacking chromium-headless-shell (143.0) ...", plan, done), null);
  assert.equal(
    progressLine("Setting up chromium-headless-shell (143.0) ...", plan, done),
    "porthole: [2/2] chromium-headless-shell",
  );
});

Deno.test("browser install asks apt for the browser and fonts without recommends, and lists what it installed", async () => {
  const calls: string[][] = [];
  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => lines.push(a.join(" "));
  try {
    const config = defaultConfig();
    // An empty PATH: no browser is found, so install runs; the runner stands in for apt-get.
    config.browser.inherited = { PATH: "/nonexistent" };
    const code = await installChromium({ chromium: null, browser: config.browser }, false, (args, onLine) => {
      calls.push(args);
      if (args[0] === "-s") return Promise.resolve({ code: 0, out: SIMULATION });
      for (const p of plannedPackages(SIMULATION)) onLine?.(`Setting up ${p}:amd64 (1.0) ...`);
      return Promise.resolve({ code: 0, out: "" });
    });
    assert.equal(code, 1, "the stand-in installed no executable, so install says it failed");
  } finally {
    console.log = log;
  }
  assert.deepEqual(calls[0], ["update", "-qq"]);
  assert.deepEqual(calls[1], ["-s", ...APT_INSTALL, ...BROWSER_PACKAGES]);
  assert.deepEqual(calls[2], ["-q", ...APT_INSTALL, ...BROWSER_PACKAGES]);
  assert.ok(APT_INSTALL.includes("--no-install-recommends"));
  assert.ok(BROWSER_PACKAGES.includes("fonts-liberation"));
  assert.ok(lines.includes("porthole: [3/3] chromium-headless-shell"), lines.join("\n"));
});

Deno.test("browser install --dry-run on this machine says how many packages it would add", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", "browser", "install", "--dry-run"],
    cwd: new URL("../..", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  });
  const r = await child.output();
  const out = new TextDecoder().decode(r.stdout);
  assert.equal(r.code, 0, new TextDecoder().decode(r.stderr));
  assert.match(out, /chromium-headless-shell fonts-liberation fonts-dejavu-core: \d+ packages to install/);
});
