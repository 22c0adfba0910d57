/**
 * The agent loop with Porthole's TypeScript client (the package `npm pack` makes of
 * clients/typescript): create a session, navigate, observe, find a ref by role and name, act with
 * the observation's stateId, continue from the fresh state the act returns, close.
 *
 *   PORTHOLE_URL=http://127.0.0.1:9222 [PORTHOLE_TOKEN=…] node agent_loop.mjs http://127.0.0.1:8000/page.html
 */
import { type Observation, Porthole } from "@porthole/client";

const EMAIL = "reader@example.com";

// A tree line: `- role "name" [attributes] [ref=@eN]`, indented by depth.
const LINE = /^\s*- (\w+) "((?:[^"\\]|\\.)*)".*\[ref=(@e\d+)\]/;

/** The ref of the first element with this role and exact name in an observation. */
function refOf(state: Observation, role: string, name: string): string {
  for (const line of state.tree.split("\n")) {
    const m = line.match(LINE);
    if (m && m[1] === role && m[2] === name) return m[3];
  }
  throw new Error(`no ${role} "${name}" in the page`);
}

function heading(state: Observation): string | undefined {
  return state.tree.match(/- heading "((?:[^"\\]|\\.)*)"/)?.[1];
}

async function main(page: string): Promise<void> {
  const ph = new Porthole(process.env.PORTHOLE_URL ?? "http://127.0.0.1:9222", {
    token: process.env.PORTHOLE_TOKEN,
  });
  const session = await ph.createSession();
  try {
    console.log(`session ${session.id}`);
    await session.navigate(page);
    let state = await session.observe();

    const email = refOf(state, "textbox", "Email");
    let result = await session.act(state, "fill", { ref: email, text: EMAIL });
    console.log(`fill ${email}: ${result.execution}`);
    if (result.execution !== "completed") throw new Error(`fill refused: ${JSON.stringify(result.error)}`);
    state = result.freshState!; // a state is good for one action: go on from the fresh one

    const subscribe = refOf(state, "button", "Subscribe");
    result = await session.act(state, "click", {
      ref: subscribe,
      expect: { selector: "h1", text: `Subscribed: ${EMAIL}` },
    });
    console.log(`click ${subscribe}: ${result.execution} (postcondition ${result.postcondition})`);
    if (result.postcondition !== "met") throw new Error(`the page did not say Subscribed`);
    console.log(`heading: ${heading(result.freshState!)}`);
  } finally {
    await session.close(); // also when a step fails
  }
  console.log(`closed ${session.id}`);
}

if (process.argv.length !== 3) {
  console.error("usage: node agent_loop.mjs PAGE_URL");
  process.exit(2);
}
await main(process.argv[2]);
