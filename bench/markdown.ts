/** A results page written as `deno fmt` would leave it, so `deno task check` stays clean after a run. */
export async function writeMarkdown(path: string, text: string): Promise<void> {
  await Deno.writeTextFile(path, text);
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", path],
    stdout: "null",
    stderr: "piped",
  })
    .output();
  if (!fmt.success) console.error(`deno fmt ${path}: ${new TextDecoder().decode(fmt.stderr).trim()}`);
}
