/** `discovery/discover`: the core's `discover` operation in the page's selected frame. */
import * as v from "valibot";
import { DiscoverInput } from "../protocol/schemas_page.ts";
import { type Method, viaOp } from "./call.ts";
import { PageId, renamed } from "./schema.ts";

const Discover = v.object({
  pageId: PageId,
  options: v.optional(
    v.object(renamed(DiscoverInput, { maxTools: "maxTools", includeInputSchemas: "includeInputSchemas" })),
    {},
  ),
});

export const DISCOVERY_METHODS: Record<string, Method> = {
  "discovery/discover": viaOp(
    Discover,
    "discover",
    "page",
    (p) => p.options,
    ({ pageId: _, frameId: __, ...found }) => found,
  ),
};
