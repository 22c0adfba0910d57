/**
 * Reads for a person watching a session (the web UI): the agent's latest observation and the
 * session's artifacts. Both run outside the FIFO gate: watching never waits behind, or delays,
 * the agent's own operations, and neither consumes nor replaces its state.
 */
import { ArtifactListResult, RecordingResult, StateGetResult } from "../protocol/results_watch.ts";
import { currentState } from "../session/watch/state_view.ts";
import { PortholeError } from "../protocol/errors.ts";
import { defineOp } from "./define.ts";

const stateGet = defineOp({
  name: "state_get",
  description:
    "The agent's latest observation (tree, refs with their boxes now, whether it is still current); a read that neither consumes nor replaces a state",
  method: "GET",
  path: "/v1/sessions/:sessionId/state",
  input: null,
  output: StateGetResult,
  readOnly: true,
  run: ({ registry, params, signal }) => currentState(registry.get(params.sessionId), signal),
});

const artifactList = defineOp({
  name: "artifact_list",
  description: "List the session's artifacts (screenshots, PDFs, traces), oldest first",
  method: "GET",
  path: "/v1/sessions/:sessionId/artifacts",
  input: null,
  output: ArtifactListResult,
  readOnly: true,
  run: ({ registry, params }) =>
    Promise.resolve({ artifacts: registry.get(params.sessionId).artifacts.list() }),
});

const recordingGet = defineOp({
  name: "recording_get",
  description:
    "The session's recording as one JSON document: its pages' frames (base64 JPEG, 2 a second at most) its timeline events and its action journal; for a session created with record: true or a Porthole started with --record",
  method: "GET",
  path: "/v1/sessions/:sessionId/recording",
  input: null,
  output: RecordingResult,
  readOnly: true,
  run: ({ registry, params }) => {
    const session = registry.get(params.sessionId);
    if (!session.recorder) {
      throw new PortholeError("not_recorded", `Session ${session.id} is not recorded`);
    }
    return session.recorder.export();
  },
});

export const WATCH_OPS = [stateGet, artifactList, recordingGet];
