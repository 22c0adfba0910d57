/**
 * Bundles Porthole into one self-contained ES module, `dist/porthole.js`.
 *
 * The output has every npm dependency inlined and only `node:` builtins left as
 * imports, so `deno run -A dist/porthole.js serve` works from a folder with no
 * `deno.json` and no `node_modules`. It is also the input to `deno compile`.
 *
 * Usage: `deno run -A build/bundle.ts [entry] [outfile]`
 * (defaults: `main.ts` and `dist/porthole.js`, relative to the repository root).
 */
import * as esbuild from "esbuild";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { buildUi } from "./ui.ts";

const ROOT = resolve(import.meta.dirname!, "..");

/** Result of one bundle run, for callers such as the bundle test. */
export interface BundleResult {
  outfile: string;
  bytes: number;
  ms: number;
}

// Optional native add-ons that `ws` tries inside try/catch; absent on purpose.
const OPTIONAL_NATIVE = ["bufferutil", "utf-8-validate"];

// CommonJS dependencies (ws, debug, yargs…) call `require()` on builtins. In an ES
// module bundle esbuild's shim cannot serve those, so give the bundle a real one.
const BANNER = [
  'import { createRequire as __porthole_createRequire } from "node:module";',
  "const require = __porthole_createRequire(import.meta.url);",
].join("\n");

/**
 * Maps Deno-only specifiers onto what esbuild understands: `npm:pkg@1.2/sub` becomes
 * the bare `pkg/sub` (installed in node_modules by `deno install`), bare builtins
 * become `node:` imports so they stay external.
 */
const denoSpecifiers: esbuild.Plugin = {
  name: "deno-specifiers",
  setup(build) {
    build.onResolve({ filter: /^npm:/ }, async (args) => {
      const m = /^npm:\/?((?:@[^/]+\/)?[^/@]+)(?:@[^/]+)?(\/.*)?$/.exec(args.path);
      if (!m) return { errors: [{ text: `Cannot map ${args.path} to a node_modules package` }] };
      return await build.resolve(m[1] + (m[2] ?? ""), {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
      });
    });
    build.onResolve({ filter: /^(jsr:|https?:)/ }, (args) => ({
      errors: [{ text: `${args.path}: only npm packages and node: builtins can be bundled` }],
    }));
  },
};

/** Bundles `entry` into `outfile` and returns its size and the time it took. */
export async function bundle(
  entry = join(ROOT, "main.ts"),
  outfile = join(ROOT, "dist", "porthole.js"),
): Promise<BundleResult> {
  const started = performance.now();
  // The web UI is embedded as strings: build it first so the bundle never serves a stale one.
  await buildUi();
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "esnext",
      // Resolve bare names from the repository's node_modules even for entries elsewhere.
      nodePaths: [join(ROOT, "node_modules")],
      mainFields: ["module", "main"],
      conditions: ["deno", "import", "module", "node", "default"],
      external: [
        ...builtinModules,
        ...builtinModules.map((m) => `node:${m}`),
        "node:*",
        ...OPTIONAL_NATIVE,
      ],
      banner: { js: BANNER },
      plugins: [denoSpecifiers],
      legalComments: "none",
      sourcemap: false,
      minify: false,
      logLevel: "warning",
      logOverride: {
        // ws/yargs/puppeteer contain `require()` and `import()` calls that are fine at
        // runtime; keep the build output quiet about them.
        "unsupported-require-call": "silent",
        "unsupported-dynamic-import": "silent",
        "empty-import-meta": "silent",
      },
    });
  } finally {
    await esbuild.stop();
  }
  const bytes = (await Deno.stat(outfile)).size;
  return { outfile, bytes, ms: Math.round(performance.now() - started) };
}

if (import.meta.main) {
  const [entry, outfile] = Deno.args;
  let r: BundleResult;
  try {
    r = await bundle(entry && resolve(entry), outfile && resolve(outfile));
  } catch {
    // esbuild has already printed each error with its location.
    console.error("bundle failed");
    Deno.exit(1);
  }
  const rel = r.outfile.startsWith(ROOT + "/") ? r.outfile.slice(ROOT.length + 1) : r.outfile;
  console.log(`bundled ${rel}: ${(r.bytes / 1024 / 1024).toFixed(2)} MiB in ${r.ms} ms`);
}
