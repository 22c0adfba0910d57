/** `discovery/discover`: the core's WebMCP discovery in the page's selected frame. */
import { discoverTools } from "../session/discover.ts";
import type { Call } from "./call.ts";
import { onPage } from "./gate.ts";
import type { Params } from "./params.ts";
import { selectedFrame } from "./selectors.ts";

export const DISCOVERY_METHODS = {
  "discovery/discover": async (call: Call, p: Params) => {
    const o = p.obj("options");
    const maxTools = o?.num("maxTools", 1, 1000) ?? 50;
    const schemas = o?.bool("includeInputSchemas") ?? true;
    return await onPage(call, p.str("pageId"), async (t, sig) => {
      const frame = await selectedFrame(call.state, t, sig);
      return await discoverTools(t.rec.driver, frame, { maxTools, schemas }, sig).catch(() => ({
        tools: [],
        totalDiscovered: 0,
      }));
    });
  },
};
