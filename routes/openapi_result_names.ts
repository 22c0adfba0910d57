/**
 * The result shapes /openapi.json names as components (#/components/schemas/<name>), so that the
 * operations' responses share them by $ref and the generated clients have a type for each. The
 * shapes themselves are the result schemas of lib/protocol/results*.ts.
 */
import {
  ActResult,
  Artifact,
  ArtifactRef,
  ErrorBody,
  NavigateResult,
  Observation,
  PageView,
  SessionView,
  TraverseResult,
} from "../lib/protocol/results.ts";
import { Cookie, StorageState } from "../lib/protocol/results_context.ts";
import { ListedElement } from "../lib/protocol/results_page.ts";
import { ApprovalView, CurrentStateView, DialogPolicy, TakeoverView } from "../lib/protocol/results_watch.ts";

export const RESULT_COMPONENTS = {
  PageView,
  SessionView,
  Observation,
  ActResult,
  NavigateResult,
  TraverseResult,
  CurrentState: CurrentStateView,
  ArtifactRef,
  Artifact,
  Cookie,
  StorageState,
  DialogPolicy,
  Approval: ApprovalView,
  Takeover: TakeoverView,
  ListedElement,
  ErrorBody,
};
