/**
 * The read-only views the server answers for people watching (approvals, the current state with its
 * refs' boxes): types inferred from their result schemas (results_watch.ts), shared by the routes
 * and the web UI, which is a browser program and imports only types of lib/protocol.
 */
import type * as v from "valibot";
import type * as W from "./results_watch.ts";

/** An action waiting for a person's decision. */
export type ApprovalView = v.InferOutput<typeof W.ApprovalView>;
export type StateRefView = v.InferOutput<typeof W.StateRefView>;
export type CurrentStateView = v.InferOutput<typeof W.CurrentStateView>;
export type TakeoverView = v.InferOutput<typeof W.TakeoverView>;
export type DialogPolicyView = v.InferOutput<typeof W.DialogPolicy>;
