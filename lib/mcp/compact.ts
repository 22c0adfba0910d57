/**
 * The JSON Schema of a tool as tools/list shows it, without the bytes that tell a client nothing:
 * tools/list stays within 10 KB (issue 11), and every byte the converter spends on repetition is
 * one a field cannot have. Nothing here loosens what the server accepts: arguments are still
 * validated by the tool's strict valibot schema, and every bound and enum stays in the listing.
 */
type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Variants that are all objects say so once, beside `oneOf`/`anyOf`, instead of in each variant. */
function hoistObjectType(schema: Json, key: "oneOf" | "anyOf"): Json {
  const variants = schema[key];
  if (!Array.isArray(variants) || schema.type !== undefined) return schema;
  if (!variants.every((s) => isObject(s) && s.type === "object")) return schema;
  return {
    type: "object",
    ...schema,
    [key]: variants.map(({ type: _, ...rest }) => rest),
  };
}

/** The one property of a variant fixed by `const` (a discriminator such as a locator's `type`). */
function constProperty(variant: unknown): string | undefined {
  if (!isObject(variant) || !isObject(variant.properties)) return undefined;
  const fixed = Object.entries(variant.properties).filter(([, s]) => isObject(s) && "const" in s);
  return fixed.length === 1 ? fixed[0][0] : undefined;
}

/**
 * Variants that differ only in their discriminator's value become one variant whose discriminator
 * is an enum of those values: the same set of valid inputs, said once (a locator's css, xpath
 * and testId take the same `value`).
 */
function mergeVariants(variants: unknown[]): unknown[] {
  const groups = new Map<string, { variant: Json; values: unknown[] }>();
  const out: unknown[] = [];
  for (const variant of variants) {
    const prop = constProperty(variant);
    if (!prop) {
      out.push(variant);
      continue;
    }
    const v = variant as Json;
    const props = v.properties as Json;
    const shape = JSON.stringify({ ...v, properties: { ...props, [prop]: null } }) + prop;
    const group = groups.get(shape);
    const value = (props[prop] as Json).const;
    if (group) {
      group.values.push(value);
      continue;
    }
    const entry = { variant: v, values: [value] };
    groups.set(shape, entry);
    out.push(entry);
  }
  return out.map((x) => {
    if (!isObject(x) || !("values" in x)) return x;
    const { variant, values } = x as { variant: Json; values: unknown[] };
    if (values.length === 1) return variant;
    const prop = constProperty(variant)!;
    return { ...variant, properties: { ...(variant.properties as Json), [prop]: { enum: values } } };
  });
}

function compactNode(schema: unknown, root: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactNode(s, false));
  if (!isObject(schema)) return schema;
  let out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    // The top level says it once for the whole tool; a nested object's stray field is refused
    // by the server all the same, naming the field.
    if (k === "additionalProperties" && v === false && !root) continue;
    // An empty list of required fields is the absence of one.
    if (k === "required" && Array.isArray(v) && v.length === 0) continue;
    if (k === "properties" && isObject(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, compactNode(s, false)]));
    } else {
      out[k] = compactNode(v, false);
    }
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    if (Array.isArray(out[key])) out = hoistObjectType({ ...out, [key]: mergeVariants(out[key]) }, key);
  }
  return out;
}

/** A tool's input schema without repeated or empty keywords (see the file's comment). */
export function compactSchema(schema: Json): Json {
  return compactNode(schema, true) as Json;
}
