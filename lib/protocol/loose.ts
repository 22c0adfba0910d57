/**
 * A core schema read the way a lenient door reads it (BAP's params): every object non-strict,
 * members taken under the door's names, so a limit is written once, in the core's schema.
 */
import * as v from "valibot";

// deno-lint-ignore no-explicit-any
type Any = any;

/** The same schema with every object non-strict: BAP peers ignore members they do not know. */
export function loose<S extends v.GenericSchema>(schema: S): S {
  const s = schema as Any;
  if (s.pipe) return v.pipe(loose(s.pipe[0]), ...s.pipe.slice(1)) as Any;
  switch (s.type) {
    case "strict_object":
    case "object":
      return v.object(
        Object.fromEntries(Object.entries(s.entries).map(([k, e]) => [k, loose(e as Any)])),
      ) as Any;
    case "optional":
      return v.optional(loose(s.wrapped), s.default) as Any;
    case "array":
      return v.array(loose(s.item)) as Any;
    case "union":
      return v.union(s.options.map(loose)) as Any;
  }
  return schema;
}

/** The entries of an object schema, through optional and pipe. */
export function entriesOf(schema: Any): Record<string, Any> {
  let s = schema;
  while (!s.entries) s = s.pipe ? s.pipe[0] : s.wrapped;
  return s.entries;
}

/**
 * Entries of a core object schema under BAP's names, loosened: `{ delay: "delayMs" }` takes
 * delayMs as delay; a name ending in `!` is required in BAP though optional in the core.
 */
export function renamed<N extends Record<string, string>>(core: Any, names: N): { [K in keyof N]: Any } {
  const entries = entriesOf(core);
  return Object.fromEntries(
    Object.entries(names).map(([bap, name]) => {
      const entry = loose(entries[name.replace(/!$/, "")]);
      return [bap, name.endsWith("!") ? v.nonOptional(entry) : entry];
    }),
  ) as Any;
}

/** A core object schema, loosened and narrowed to `keys`. */
export function picked<K extends string>(core: Any, keys: K[]) {
  return v.object(
    renamed(core, Object.fromEntries(keys.map((k) => [k, k])) as unknown as { [k in K]: string }),
  );
}
