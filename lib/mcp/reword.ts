/**
 * A tool's field descriptions as tools/list says them, where the operation's own wording (written
 * for OpenAPI) is longer than an agent needs or repeats the field's name or the tool's
 * description. Only prose changes: the schema's types, bounds and enums stay as they are.
 */
type Json = Record<string, unknown>;

/** Snake-case field path (`files.name` for the items of an array) → its description, or null for none. */
export type Rewording = Record<string, string | null>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema of the field at `path`, stepping through an array's items; throws when there is none. */
function field(schema: Json, path: string, tool: string): Json {
  let node: unknown = schema;
  for (const name of path.split(".")) {
    if (isObject(node) && isObject(node.items)) node = node.items;
    const props = isObject(node) ? node.properties : undefined;
    node = isObject(props) ? props[name] : undefined;
    // A renamed field must not leave its rewording behind, unnoticed.
    if (!isObject(node)) throw new Error(`${tool}: no field ${path} to reword`);
  }
  return node as Json;
}

/** `schema` (a fresh copy, changed in place) with the descriptions `rewording` gives. */
export function reword(schema: Json, rewording: Rewording, tool: string): Json {
  for (const [path, text] of Object.entries(rewording)) {
    const node = field(schema, path, tool);
    if (text === null) delete node.description;
    else node.description = text;
  }
  return schema;
}
