/**
 * Generates the TypeScript client's types, clients/typescript/src/openapi.ts, from the same
 * /openapi.json the server answers (openapi-typescript). `deno task client:types` writes it;
 * tests/clients/clients_test.ts regenerates it and fails when the committed copy differs.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { openApiDocument } from "../routes/openapi.ts";

export const TYPES_FILE = new URL("../clients/typescript/src/openapi.ts", import.meta.url);

const HEADER =
  "// Generated from Porthole's /openapi.json by `deno task client:types` (openapi-typescript).\n" +
  "// Do not edit: change the operations or routes/openapi*.ts, then regenerate.\n\n";

export async function generateClientTypes(): Promise<string> {
  // deno-lint-ignore no-explicit-any
  const ast = await openapiTS(structuredClone(openApiDocument()) as any, { alphabetize: false });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const text = await generateClientTypes();
  await Deno.writeTextFile(TYPES_FILE, text);
  console.log(`wrote ${TYPES_FILE.pathname} (${text.length} characters)`);
}
