/**
 * deploy/kubernetes/: every manifest valid by Kubernetes' own schemas (kubernetes-models), no
 * unknown field (checked by the Kubernetes types, with TypeScript's excess-property rule), and the
 * properties the guide promises: seccomp Localhost, non-root, resources, readiness, preStop, token.
 */
import assert from "node:assert/strict";
import { parseAllDocuments } from "yaml";
import { Deployment } from "kubernetes-models/apps/v1";
import { Secret, Service } from "kubernetes-models/v1";

const ROOT = new URL("../..", import.meta.url).pathname;
const DIR = `${ROOT}deploy/kubernetes`;
// deno-lint-ignore no-explicit-any
type Json = any;

const MODELS: Record<string, { type: string; make: (o: Json) => { validate(): void } }> = {
  "apps/v1/Deployment": { type: "IDeployment", make: (o) => new Deployment(o) },
  "v1/Service": { type: "IService", make: (o) => new Service(o) },
  "v1/Secret": { type: "ISecret", make: (o) => new Secret(o) },
};

async function manifests(): Promise<{ file: string; doc: Json }[]> {
  const out = [];
  for (
    const e of [...Deno.readDirSync(DIR)].filter((e) => e.name.endsWith(".yaml")).sort((a, b) =>
      a.name < b.name ? -1 : 1
    )
  ) {
    const text = await Deno.readTextFile(`${DIR}/${e.name}`);
    for (const d of parseAllDocuments(text)) {
      assert.deepEqual(d.errors, [], `${e.name} is YAML`);
      out.push({ file: e.name, doc: d.toJS() });
    }
  }
  return out;
}

Deno.test("every manifest in deploy/kubernetes is valid by the Kubernetes schema of its kind", async () => {
  const all = await manifests();
  assert.ok(all.length >= 4);
  for (const { file, doc } of all) {
    const model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    assert.ok(model, `${file}: ${doc.apiVersion} ${doc.kind} has a schema here`);
    assert.doesNotThrow(() => model.make(doc).validate(), `${file}: ${doc.kind} ${doc.metadata?.name}`);
  }
  const broken = structuredClone(all.find((m) => m.doc.kind === "Deployment")!.doc);
  broken.spec.template.spec.containers[0].ports = [{ containerPort: "http" }];
  assert.throws(() => new Deployment(broken).validate(), /containerPort must be integer/);
});

Deno.test("no manifest has a field Kubernetes does not know (the API types, checked by deno check)", async () => {
  const all = await manifests();
  const lines = [
    'import type { IDeployment } from "kubernetes-models/apps/v1";',
    'import type { ISecret, IService } from "kubernetes-models/v1";',
    ...all.map(({ doc }, i) =>
      `export const m${i}: ${MODELS[`${doc.apiVersion}/${doc.kind}`].type} = ${JSON.stringify(doc)};`
    ),
    // A known-bad one proves the check bites: an unknown field must fail.
    "// @ts-expect-error: an unknown field",
    'export const bad: IService = { apiVersion: "v1", kind: "Service", spec: { sesionAffinity: "ClientIP" } };',
  ];
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(file, lines.join("\n") + "\n");
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--config", `${ROOT}deno.json`, file],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(r.code, 0, new TextDecoder().decode(r.stderr));
  } finally {
    await Deno.remove(file);
  }
});

function porthole(doc: Json): Json {
  return doc.spec.template.spec.containers.find((c: Json) => c.name === "porthole");
}

Deno.test("the pool runs sandboxed without privileges, sized, probed, drained, token required", async () => {
  const all = (await manifests()).filter((m) => m.file === "pool.yaml").map((m) => m.doc);
  const dep = all.find((d) => d.kind === "Deployment");
  const svc = all.find((d) => d.kind === "Service");
  const pod = dep.spec.template.spec;
  assert.deepEqual(pod.securityContext.seccompProfile, {
    type: "Localhost",
    localhostProfile: "porthole/chromium.json",
  });
  assert.equal(pod.securityContext.runAsNonRoot, true);
  const c = porthole(dep);
  assert.equal(c.securityContext.readOnlyRootFilesystem, true);
  assert.equal(c.securityContext.allowPrivilegeEscalation, false);
  assert.deepEqual(c.securityContext.capabilities, { drop: ["ALL"] });
  assert.ok(c.resources.requests.memory && c.resources.requests.cpu && c.resources.limits.memory);
  assert.equal(c.readinessProbe.httpGet.path, "/health");
  assert.ok(c.lifecycle.preStop.exec.command.includes("sleep"));
  assert.ok(pod.terminationGracePeriodSeconds > Number(c.lifecycle.preStop.exec.command.at(-1)));
  assert.equal(
    c.env.find((e: Json) => e.name === "PORTHOLE_TOKEN").valueFrom.secretKeyRef.name,
    "porthole-token",
  );
  assert.ok(
    c.volumeMounts.some((m: Json) => m.mountPath === "/tmp"),
    "temp dirs on a volume: the root is read-only",
  );
  assert.deepEqual(svc.spec.selector, dep.spec.template.metadata.labels);
  assert.equal(svc.spec.sessionAffinity, "ClientIP");
  await Deno.stat(`${ROOT}deploy/seccomp/chromium.json`);
});

Deno.test("the sidecar keeps Porthole on the pod's loopback, with the agent's token from the same Secret", async () => {
  const dep = (await manifests()).find((m) => m.file === "sidecar.yaml")!.doc;
  const c = porthole(dep);
  const env = Object.fromEntries(c.env.map((e: Json) => [e.name, e.value ?? e.valueFrom.secretKeyRef.name]));
  assert.equal(env.PORTHOLE_HOST, "127.0.0.1");
  assert.equal(env.PORTHOLE_TOKEN, "porthole-token");
  assert.deepEqual(c.securityContext.seccompProfile, {
    type: "Localhost",
    localhostProfile: "porthole/chromium.json",
  });
  assert.equal(c.securityContext.runAsNonRoot, true);
  assert.match(c.readinessProbe.exec.command.join(" "), /127\.0\.0\.1:9222\/health/);
  const agent = dep.spec.template.spec.containers.find((x: Json) => x.name !== "porthole");
  assert.equal(
    agent.env.find((e: Json) => e.name === "PORTHOLE_TOKEN").valueFrom.secretKeyRef.name,
    "porthole-token",
  );
});
