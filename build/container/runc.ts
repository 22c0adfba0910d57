/** One container run by runc from an OCI bundle: start, exec, list its processes, signal, clean up. */
import { join } from "node:path";
import { type BundleSpec, writeBundle } from "./oci.ts";

export class Container implements AsyncDisposable {
  readonly id = `porthole-test-${crypto.randomUUID().slice(0, 8)}`;
  readonly dir: string;
  readonly child: Deno.ChildProcess;
  readonly status: Promise<Deno.CommandStatus>;
  output = "";
  #listening = Promise.withResolvers<string>();

  private constructor(dir: string) {
    this.dir = dir;
    this.child = new Deno.Command("runc", {
      args: ["run", "--bundle", dir, this.id],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.status = this.child.status;
    for (const stream of [this.child.stdout, this.child.stderr]) this.#read(stream);
    this.status.then((s) => this.#listening.reject(new Error(`container exited ${s.code}:\n${this.output}`)));
  }

  async #read(stream: ReadableStream<Uint8Array>) {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      this.output += text;
      const m = /porthole listening on (\S+)/.exec(this.output);
      if (m) this.#listening.resolve(m[1]);
    }
  }

  static async start(spec: BundleSpec): Promise<Container> {
    const dir = await Deno.makeTempDir({ prefix: "porthole-oci-" });
    await writeBundle(dir, spec);
    return new Container(dir);
  }

  /** Resolves with the URL Porthole printed, rejects if the container exits first. */
  listening(timeoutMs = 60_000): Promise<string> {
    const timer = new Promise<never>((_, rej) =>
      setTimeout(() => rej(new Error(`not listening after ${timeoutMs} ms:\n${this.output}`)), timeoutMs)
    );
    return Promise.race([this.#listening.promise, timer]);
  }

  /** Runs a command in the container, as its user, with its environment. */
  async exec(args: string[]): Promise<{ code: number; out: string }> {
    const r = await new Deno.Command("runc", {
      args: ["exec", this.id, ...args],
      stdout: "piped",
      stderr: "piped",
    })
      .output();
    return { code: r.code, out: new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr) };
  }

  /** Host pids of every process in the container. */
  async pids(): Promise<number[]> {
    const r = await new Deno.Command("runc", { args: ["ps", "--format", "json", this.id], stdout: "piped" })
      .output();
    return r.code === 0 ? JSON.parse(new TextDecoder().decode(r.stdout) || "[]") : [];
  }

  async kill(signal: string): Promise<void> {
    await new Deno.Command("runc", { args: ["kill", this.id, signal], stdout: "null", stderr: "null" })
      .output();
  }

  async [Symbol.asyncDispose]() {
    await this.kill("KILL");
    await this.status.catch(() => {});
    await new Deno.Command("runc", { args: ["delete", "--force", this.id], stdout: "null", stderr: "null" })
      .output();
    await Deno.remove(join(this.dir), { recursive: true }).catch(() => {});
  }
}
