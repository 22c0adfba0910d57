/**
 * How a session's parts publish its events without holding the session: each part is given
 * this one function (and what else it needs) instead of the whole `Session`.
 */
import type { EventMap, EventType } from "../../events/bus.ts";

export type Emit = <T extends EventType>(type: T, data: EventMap[T]) => void;

/** Something that publishes the session's events. */
export interface Emitter {
  emit: Emit;
}
