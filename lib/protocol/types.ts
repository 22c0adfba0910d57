/**
 * Result types shared by every door, inferred from the result schemas (results*.ts): one
 * definition feeds these types and /openapi.json.
 */
import type * as v from "valibot";
import type * as R from "./results.ts";
import type * as C from "./results_context.ts";
import type * as P from "./results_page.ts";
import type * as J from "./results_journal.ts";

export type Observation = v.InferOutput<typeof R.Observation>;
export type LeanObservation = v.InferOutput<typeof R.LeanObservation>;
export type SinceUnavailableReason = v.InferOutput<typeof R.SinceUnavailableReason>;
export type PageView = v.InferOutput<typeof R.PageView>;
export type SessionView = v.InferOutput<typeof R.SessionView>;
export type Execution = v.InferOutput<typeof R.Execution>;
export type DialogView = v.InferOutput<typeof R.DialogView>;
export type ActResult = v.InferOutput<typeof R.ActResult>;
export type Budget = v.InferOutput<typeof R.Budget>;
export type Evidence = v.InferOutput<typeof J.Evidence>;
export type ReconcileResult = v.InferOutput<typeof J.ReconcileResult>;
export type NavigateResult = v.InferOutput<typeof R.NavigateResult>;
export type TraverseResult = v.InferOutput<typeof R.TraverseResult>;
export type ArtifactRef = v.InferOutput<typeof R.ArtifactRef>;
export type FindMatch = v.InferOutput<typeof R.FindMatch>;
export type FindResult = v.InferOutput<typeof R.FindResult>;

export type Cookie = v.InferOutput<typeof C.Cookie>;
export type StorageItem = v.InferOutput<typeof C.StorageItem>;
export type OriginStorage = v.InferOutput<typeof C.OriginStorage>;
export type StorageState = v.InferOutput<typeof C.StorageState>;
export type FrameView = v.InferOutput<typeof C.FrameView>;

export type ListedElement = v.InferOutput<typeof P.ListedElement>;
export type ElementsResult = v.InferOutput<typeof P.ElementsResult>;
export type DiscoverResult = v.InferOutput<typeof P.DiscoverResult>;
export type ExtractResult = v.InferOutput<typeof P.ExtractResult>;
