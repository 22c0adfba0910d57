/**
 * An OCI bundle for runc from the runtime stage: its user, environment, working directory and
 * entrypoint; a read-only root; no added capability (Docker's default bounding set, and nothing
 * effective for the unprivileged user); the host's network (as `--network host`); /tmp and
 * /dev/shm on tmpfs; the given seccomp profile. The bundle and this Deno stand in for the compiled
 * binary at the stage's binary path.
 */
import { join } from "node:path";
import type { RuntimeStage } from "./dockerfile.ts";

// What Docker grants a container unless told otherwise: the test adds nothing to it.
const DOCKER_DEFAULT_CAPS = [
  "CAP_CHOWN",
  "CAP_DAC_OVERRIDE",
  "CAP_FSETID",
  "CAP_FOWNER",
  "CAP_MKNOD",
  "CAP_NET_RAW",
  "CAP_SETGID",
  "CAP_SETUID",
  "CAP_SETFCAP",
  "CAP_SETPCAP",
  "CAP_NET_BIND_SERVICE",
  "CAP_SYS_CHROOT",
  "CAP_KILL",
  "CAP_AUDIT_WRITE",
];

export interface BundleSpec {
  stage: RuntimeStage;
  rootfs: string;
  /** dist/porthole.js */
  bundle: string;
  seccomp: unknown;
  env: Record<string, string>;
  args: string[];
}

const bind = (source: string, destination: string) => ({
  destination,
  type: "bind",
  source,
  options: ["rbind", "ro", "nosuid", "nodev"],
});

/** Writes `dir/config.json` and the launcher that runs the bundle with this Deno. */
export async function writeBundle(dir: string, spec: BundleSpec): Promise<void> {
  const { stage } = spec;
  // The compiled binary would need no cache; Deno running a bundle keeps its cache in the tmpfs.
  const launcher = join(dir, "porthole");
  await Deno.writeTextFile(
    launcher,
    '#!/bin/sh\nDENO_DIR=/tmp/.deno exec /opt/deno/deno run -A --unstable-no-legacy-abort --no-config /opt/porthole/porthole.js "$@"\n',
  );
  await Deno.chmod(launcher, 0o755);
  const env = {
    PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    ...stage.env,
    ...spec.env,
  };
  const config = {
    ociVersion: "1.0.2",
    process: {
      terminal: false,
      user: { uid: stage.uid, gid: stage.gid },
      args: [...stage.entrypoint, ...spec.args],
      env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
      cwd: stage.workdir,
      capabilities: {
        bounding: DOCKER_DEFAULT_CAPS,
        effective: [],
        permitted: [],
        inheritable: [],
        ambient: [],
      },
      noNewPrivileges: true,
    },
    root: { path: spec.rootfs, readonly: true },
    hostname: "porthole",
    mounts: [
      { destination: "/proc", type: "proc", source: "proc" },
      {
        destination: "/dev",
        type: "tmpfs",
        source: "tmpfs",
        options: ["nosuid", "strictatime", "mode=755", "size=65536k"],
      },
      {
        destination: "/dev/pts",
        type: "devpts",
        source: "devpts",
        options: ["nosuid", "noexec", "newinstance", "ptmxmode=0666", "mode=0620"],
      },
      {
        destination: "/dev/shm",
        type: "tmpfs",
        source: "shm",
        options: ["nosuid", "noexec", "nodev", "mode=1777", "size=65536k"],
      },
      {
        destination: "/dev/mqueue",
        type: "mqueue",
        source: "mqueue",
        options: ["nosuid", "noexec", "nodev"],
      },
      { destination: "/sys", type: "sysfs", source: "sysfs", options: ["nosuid", "noexec", "nodev", "ro"] },
      {
        destination: "/tmp",
        type: "tmpfs",
        source: "tmpfs",
        options: ["nosuid", "nodev", "mode=1777", "size=1g"],
      },
      bind(Deno.execPath(), "/opt/deno/deno"),
      bind(spec.bundle, "/opt/porthole/porthole.js"),
      bind(launcher, stage.binary),
    ],
    linux: {
      namespaces: [{ type: "pid" }, { type: "ipc" }, { type: "uts" }, { type: "mount" }],
      seccomp: spec.seccomp,
      maskedPaths: [
        "/proc/acpi",
        "/proc/kcore",
        "/proc/keys",
        "/proc/latency_stats",
        "/proc/timer_list",
        "/proc/timer_stats",
        "/proc/sched_debug",
        "/proc/scsi",
        "/sys/firmware",
      ],
      readonlyPaths: ["/proc/bus", "/proc/fs", "/proc/irq", "/proc/sys", "/proc/sysrq-trigger"],
    },
  };
  await Deno.writeTextFile(join(dir, "config.json"), JSON.stringify(config, null, 2));
}

/**
 * Docker's default profile as far as Chromium's sandbox is concerned: without CAP_SYS_ADMIN it
 * refuses clone with namespace flags, unshare and setns (EPERM) and clone3 (ENOSYS, so that libc
 * falls back to clone). Everything else as the repository's profile allows.
 */
// deno-lint-ignore no-explicit-any
export function dockerDefaultLike(profile: any): unknown {
  const ns = new Set(["clone", "clone3", "unshare", "setns"]);
  const CLONE_NAMESPACES = 0x7e020000; // NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET
  return {
    ...profile,
    syscalls: [
      // deno-lint-ignore no-explicit-any
      ...profile.syscalls.map((s: any) => ({ ...s, names: s.names.filter((n: string) => !ns.has(n)) }))
        // deno-lint-ignore no-explicit-any
        .filter((s: any) => s.names.length),
      {
        names: ["clone"],
        action: "SCMP_ACT_ALLOW",
        args: [{ index: 0, value: CLONE_NAMESPACES, valueTwo: 0, op: "SCMP_CMP_MASKED_EQ" }],
      },
      { names: ["clone3"], action: "SCMP_ACT_ERRNO", errnoRet: 38 },
    ],
  };
}
