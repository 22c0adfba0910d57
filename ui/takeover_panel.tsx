/**
 * Human takeover of the agent's session, from the live view: take control under a name, then
 * the pointer, wheel and keys on the frame go to the page as real input; hand back when done.
 * While a person holds the session the agent's operations are refused (409 human_in_control).
 */
import { useState } from "preact/hooks";
import type { Takeover } from "./takeover.ts";
import { age, useNow } from "./sessions_view.tsx";

export function TakeoverPanel({ sessionId, takeover }: { sessionId: string; takeover: Takeover }) {
  const [who, setWho] = useState("");
  const now = useNow();
  const { holder, mine, error } = takeover;
  return (
    <section
      class={holder ? "panel takeover held" : "panel takeover"}
      aria-labelledby="takeover-title"
      data-holder={holder?.who ?? ""}
      data-mine={mine ? "yes" : "no"}
    >
      <h3 id="takeover-title">Take over</h3>
      <p class="control-status" role="status">
        {holder
          ? (
            <>
              <strong>{mine ? `You (${holder.who}) hold control` : `${holder.who} holds control`}</strong>
              {" "}
              of session <code>{sessionId}</code> since {age(holder.startedAt, now)}{" "}
              ago; the agent's operations are refused until it is handed back.
            </>
          )
          : (
            <>
              The agent is in control of session <code>{sessionId}</code>.
            </>
          )}
      </p>
      {!holder && (
        <form
          class="take"
          onSubmit={(e) => {
            e.preventDefault();
            takeover.take(who.trim() || "a person");
          }}
        >
          <label for="takeover-who">Your name</label>{" "}
          <input
            id="takeover-who"
            value={who}
            maxLength={64}
            autoComplete="name"
            onInput={(e) => setWho((e.target as HTMLInputElement).value)}
          />{" "}
          <button type="submit" class="take-control">Take control</button>
        </form>
      )}
      {mine && (
        <p>
          <span class="muted">
            Click the live view, then type: pointer, wheel and keys go to the page. Keystrokes into password
            and code fields are counted, never recorded.
          </span>{" "}
          <button type="button" class="hand-back" onClick={() => takeover.handBack()}>Hand back</button>
        </p>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
