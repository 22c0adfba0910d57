/**
 * What step 4 of `act` (act_checks.ts) hands step 5 (act_dispatch.ts and the action families):
 * the frame, the nodes it resolved and what it read of them. Types only, so that the checks and
 * the families can both name them without importing each other.
 */
import type { FrameInfo } from "../../driver/page_driver.ts";
import type { FieldFacts } from "../../policy/sensitive.ts";
import type { RefTarget } from "../../snapshot/ax_tree.ts";
import type { StagedFiles } from "./upload.ts";
import type { Hit } from "./params.ts";

export interface ElementInfo {
  connected: boolean;
  sameDocument: boolean;
  visible?: boolean;
  enabled?: boolean;
  editable?: boolean;
  /** A date, time, range or color input: its value is set as its picker sets it. */
  valueKind?: string | null;
  framesOk?: boolean;
  point?: { x: number; y: number; inView: boolean; topX: number; topY: number };
  box?: { width: number; height: number };
  hit?: Hit | null;
  /** An ancestor that hides its overflow clips it out of sight: no scroll shows it. */
  clipped?: boolean;
  /** Clipped while it or an ancestor is animating: the clip may pass by itself. */
  moving?: boolean;
  facts?: FieldFacts;
  /** The node is (inside) a download link: its download starts only after the click is acknowledged. */
  downloadLink?: boolean;
}

/** A node an action works on, resolved in Porthole's world; the caller releases `objectId`. */
export interface Target {
  ref: RefTarget;
  objectId: string;
  info: ElementInfo;
}

export interface Preflight {
  frame: FrameInfo;
  /**
   * The target node in Porthole's world; the caller releases it. Null for a click or hover whose checks
   * read the node by value: it is resolved (`resolveTarget`) only when a scroll into view needs it.
   */
  objectId: string | null;
  /**
   * A click or hover's node, resolved when first needed (in `group`, which it then sets); null when it left
   * the document.
   */
  resolveTarget?: (signal: AbortSignal) => Promise<string | null>;
  info: ElementInfo | null;
  noop: boolean;
  /** drag: the node to drop on. */
  to?: Target;
  /** select: the indexes of the options to select. */
  options?: number[];
  /** upload: the file input and the files written for Chromium to read. */
  upload?: { inputId: string; staged: StagedFiles };
  /**
   * Nodes the checks resolved and no longer need, let go with the target: a release sent before
   * the input would sit ahead of it in the target's queue (Chromium handles its commands in order).
   */
  spent?: string[];
  /**
   * The object group every node above was made in (the file input aside): let go in one command.
   * Absent when the preflight let go of its nodes itself (a no-op check), and for a click read by value
   * until `resolveTarget` makes its node.
   */
  group?: string;
}
