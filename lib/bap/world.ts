/** The isolated-world helpers live in the core; BAP files reach them here. */
export { arrayItems, backendOf, callIn, handle } from "../session/world_calls.ts";
