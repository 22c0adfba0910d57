/**
 * MiniWoB-style episodes: small pages of our own that follow the published MiniWoB++ tasks'
 * semantics (click-button, enter-text, click-tab-2, ...), each with a seeded instruction in the
 * page's text and a reward the page reports itself (1 solved, -1 not; the first decisive act
 * ends the episode). Each episode has a Porthole policy and a Playwright MCP policy that act as
 * an agent does: read the instruction from the observation, find refs by role and name.
 *
 * `deno task miniwob:peer` (bench/miniwob_peer.ts) runs both and reports bytes per solved episode;
 * miniwob_test.ts runs the Porthole side inside `deno task test`.
 */
import type { Task } from "./gauntlet.ts";
import { PolicyError } from "./gauntlet.ts";

/** What the instruction in `tree` says, by `pattern`'s groups: an agent reading its task. */
export function read(tree: string, pattern: RegExp): string[] {
  const m = tree.match(pattern);
  if (!m) throw new PolicyError(`no instruction like ${pattern} in the observation`);
  return m.slice(1);
}

/** A pattern matching `text` literally. */
export function lit(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A tree line of `role` named `name` (a pattern): the line's own role, not the instruction's
 * words (`Click on the link "x"` names no link). Playwright MCP quotes a line holding `#`.
 */
export function line(role: string, name: string): RegExp {
  return new RegExp(`- '?${role} "${name}"`);
}

/** An episode of fixtures/miniwob/<name>.js, solved when the page reports reward 1. */
function episode(
  name: string,
  task: string,
  policy: Task["policy"],
  peer: Task["peer"],
): Task {
  return {
    library: "MiniWoB-style",
    kind: name,
    task,
    entry: `miniwob/${name.replace(/-/g, "_")}.js`,
    title: name,
    policy,
    peer,
    solved: (o) => o.reward === 1,
  };
}

export const EPISODES: Task[] = [
  episode(
    "click-button",
    "click the button the instruction names",
    async (a, url) => {
      await a.open(url);
      const [word] = read(a.tree, /Click on the "([^"]+)" button/);
      await a.act("click", line("button", lit(word)));
    },
    async (p, url) => {
      await p.open(url);
      const [word] = read(p.tree, /Click on the "([^"]+)" button/);
      await p.act("browser_click", line("button", lit(word)));
    },
  ),
  episode(
    "click-link",
    "click the link the instruction names in a paragraph",
    async (a, url) => {
      await a.open(url);
      const [word] = read(a.tree, /Click on the link "([^"]+)"/);
      await a.act("click", line("link", lit(word)));
    },
    async (p, url) => {
      await p.open(url);
      const [word] = read(p.tree, /Click on the link "([^"]+)"/);
      await p.act("browser_click", line("link", lit(word)));
    },
  ),
  episode(
    "click-checkboxes",
    "tick the listed boxes, submit",
    async (a, url) => {
      await a.open(url);
      const [list] = read(a.tree, /Select (.+) and click Submit/);
      for (const word of list.split(", ")) await a.act("check", line("checkbox", lit(word)));
      await a.act("click", /button "Submit"/);
    },
    async (p, url) => {
      await p.open(url);
      const [list] = read(p.tree, /Select (.+) and click Submit/);
      for (const word of list.split(", ")) {
        await p.act("browser_click", line("checkbox", lit(word)));
      }
      await p.act("browser_click", /button "Submit"/);
    },
  ),
  episode(
    "enter-text",
    "type the given word in the field, submit",
    async (a, url) => {
      await a.open(url);
      const [word] = read(a.tree, /Enter "([^"]+)" into the text field/);
      await a.act("type", /textbox/, { text: word });
      await a.act("click", /button "Submit"/);
    },
    async (p, url) => {
      await p.open(url);
      const [word] = read(p.tree, /Enter "([^"]+)" into the text field/);
      await p.act("browser_type", /textbox/, { text: word });
      await p.act("browser_click", /button "Submit"/);
    },
  ),
  episode(
    "choose-list",
    "choose the named option of a select, submit",
    async (a, url) => {
      await a.open(url);
      const [name] = read(a.tree, /Select (\w+) from the list/);
      await a.act("select", /combobox/, { values: [name] });
      await a.act("click", /button "Submit"/);
    },
    async (p, url) => {
      await p.open(url);
      const [name] = read(p.tree, /Select (\w+) from the list/);
      await p.act("browser_select_option", /combobox/, { values: [name] });
      await p.act("browser_click", /button "Submit"/);
    },
  ),
  episode(
    "click-tab-2",
    "switch tabs to find the named link, click it",
    async (a, url) => {
      await a.open(url);
      const [word] = read(a.tree, /click on the link "([^"]+)"/);
      const link = line("link", lit(word));
      // Open each tab in turn until its panel shows the link.
      for (let tab = 2; !a.has(link) && tab <= 3; tab++) {
        await a.act("click", line("tab", `Tab #${tab}`));
        await a.look();
      }
      await a.act("click", link);
    },
    async (p, url) => {
      await p.open(url);
      const [word] = read(p.tree, /click on the link "([^"]+)"/);
      const link = line("link", lit(word));
      for (let tab = 2; !p.has(link) && tab <= 3; tab++) {
        await p.act("browser_click", line("tab", `Tab #${tab}`));
        await p.look();
      }
      await p.act("browser_click", link);
    },
  ),
  episode(
    "click-collapsible",
    "expand the section, click its Submit",
    async (a, url) => {
      await a.open(url);
      read(a.tree, /Expand the section below and click submit/);
      await a.act("click", line("button", "Section #\\d+"));
      await a.act("click", /button "Submit"/);
    },
    async (p, url) => {
      await p.open(url);
      read(p.tree, /Expand the section below and click submit/);
      await p.act("browser_click", line("button", "Section #\\d+"));
      await p.act("browser_click", /button "Submit"/);
    },
  ),
  episode(
    "use-autocomplete",
    "type a prefix, pick the suggestion with the given ending, submit",
    async (a, url) => {
      await a.open(url);
      const [start, end] = read(a.tree, /starts with "([^"]+)" and ends with "([^"]+)"/);
      const option = line("option", `${lit(start)}[^"]*${lit(end)}`);
      await a.act("type", /combobox "Tags:"/, { text: start });
      await a.until(option);
      await a.act("click", option);
      await a.act("click", /button "Submit"/);
    },
    async (p, url) => {
      await p.open(url);
      const [start, end] = read(p.tree, /starts with "([^"]+)" and ends with "([^"]+)"/);
      const option = line("option", `${lit(start)}[^"]*${lit(end)}`);
      await p.act("browser_type", /combobox "Tags:"/, { text: start });
      await p.until(option);
      await p.act("browser_click", option);
      await p.act("browser_click", /button "Submit"/);
    },
  ),
  episode(
    "click-dialog",
    'close the dialog by its "x"',
    async (a, url) => {
      await a.open(url);
      const [label] = read(a.tree, /Close the dialog box by clicking the "([^"]+)"/);
      await a.act("click", await a.refIn(/- dialog\b/, line("button", lit(label))));
    },
    async (p, url) => {
      await p.open(url);
      const [label] = read(p.tree, /Close the dialog box by clicking the "([^"]+)"/);
      await p.act("browser_click", null, {
        target: () => p.ref(line("button", lit(label)), /- dialog\b/),
      });
    },
  ),
  episode(
    "social-media",
    "press the named button on the named user's post",
    async (a, url) => {
      await a.open(url);
      const [user, action] = read(a.tree, /For the user (@\w+), click on the "([^"]+)" button/);
      await a.act(
        "click",
        await a.refIn(line("article", `[^"]*${lit(user)}`), line("button", lit(action))),
      );
    },
    async (p, url) => {
      await p.open(url);
      const [user, action] = read(p.tree, /For the user (@\w+), click on the "([^"]+)" button/);
      await p.act("browser_click", null, {
        target: () => p.ref(line("button", lit(action)), line("article", `[^"]*${lit(user)}`)),
      });
    },
  ),
  episode(
    "drag-box",
    "drag the small box inside the large one",
    async (a, url) => {
      await a.open(url);
      read(a.tree, /Drag the smaller box so that it is completely inside the larger box/);
      await a.act("drag", /: s$/, { toRef: /: L$/ });
    },
    async (p, url) => {
      await p.open(url);
      read(p.tree, /Drag the smaller box so that it is completely inside the larger box/);
      await p.act("browser_drag", null, { startTarget: /: s$/, endTarget: /: L$/ });
    },
  ),
];
