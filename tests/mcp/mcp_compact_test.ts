/**
 * tools/list's JSON Schemas are compacted and reworded without changing what they accept: the
 * same inputs pass and fail before and after, and a rewording names a field that exists.
 */
import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { compactSchema } from "../../lib/mcp/compact.ts";
import { reword } from "../../lib/mcp/reword.ts";
import type { Json } from "../support/harness.ts";
import { LocatorSchema } from "../../lib/protocol/locator.ts";

const INPUT = v.strictObject({
  mask: v.optional(v.pipe(v.array(LocatorSchema), v.maxLength(32), v.description("Boxes"))),
  at: v.optional(v.strictObject({ x: v.number(), y: v.optional(v.number()) })),
  dialog: v.optional(v.strictObject({ action: v.optional(v.picklist(["accept", "dismiss"])) })),
});

// deno-lint-ignore no-explicit-any
const full = () => toJsonSchema(INPUT as any, { target: "draft-07", errorMode: "ignore" }) as Json;

const SAMPLES: unknown[] = [
  {},
  { mask: [{ type: "css", value: "#a" }, { type: "testId", value: "t" }, { type: "xpath", value: "//a" }] },
  { mask: [{ type: "text", value: "Hi", exact: true }, { type: "role", role: "link", name: "Home" }] },
  {
    mask: [{ type: "coordinates", x: 1, y: 2 }, { type: "ref", ref: "@e1" }, {
      type: "semantic",
      description: "d",
    }],
  },
  { mask: [{ type: "css" }] },
  { mask: [{ type: "role", value: "link" }] },
  { mask: [{ type: "label", value: 3 }] },
  { mask: [{ type: "coordinates", x: -1, y: 0 }] },
  { mask: [{ type: "nearby", value: "x" }] },
  { mask: ["#a"] },
  { mask: Array.from({ length: 33 }, () => ({ type: "css", value: "b" })) },
  { at: { x: 1 } },
  { at: { y: 1 } },
  { dialog: { action: "accept" } },
  { dialog: { action: "close" } },
  { stray: 1 },
];

Deno.test(
  "a compacted schema accepts what the converter's accepts; a nested stray field is left to the server",
  () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    const before = new Ajv({ strict: false }).compile(full());
    const compact = compactSchema(full());
    const after = ajv.compile(compact);
    for (const sample of SAMPLES) assert.equal(after(sample), before(sample), JSON.stringify(sample));
    assert.ok(JSON.stringify(compact).length < JSON.stringify(full()).length * 0.75);
    // additionalProperties is said at the top only: the tool's valibot schema refuses the rest.
    const nested = { at: { x: 1, z: 2 } };
    assert.ok(after(nested) && !before(nested));
    assert.equal(v.safeParse(INPUT, nested).success, false);
  },
);

Deno.test("compaction says additionalProperties once, at the top, and drops empty required lists", () => {
  const compact = compactSchema(full());
  assert.equal(compact.additionalProperties, false);
  const text = JSON.stringify(compact);
  assert.equal(text.match(/additionalProperties/g)?.length, 1);
  assert.ok(!text.includes('"required":[]'));
  // css, xpath and testId share one variant; text, label and placeholder another.
  const variants = (compact.properties as Json).mask.items.oneOf;
  assert.equal(variants.length, 6);
  assert.deepEqual(variants[0].properties.type, { enum: ["css", "xpath", "testId"] });
});

Deno.test("a rewording replaces or drops a description, and one naming no field is an error", () => {
  const schema = reword(compactSchema(full()), { "at.x": "px", mask: null }, "t");
  const props = schema.properties as Json;
  assert.equal(props.at.properties.x.description, "px");
  assert.equal(props.mask.description, undefined);
  assert.throws(() => reword(compactSchema(full()), { "at.z": "px" }, "t"), /t: no field at\.z/);
});
