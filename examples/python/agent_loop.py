"""The agent loop with Porthole's Python client (`pip install ./clients/python`): create a session,
navigate, observe, find a ref by role and name, act with the observation's stateId, continue from
the fresh state the act returns, close.

    PORTHOLE_URL=http://127.0.0.1:9222 [PORTHOLE_TOKEN=…] python3 agent_loop.py http://127.0.0.1:8000/page.html
"""

import os
import re
import sys

from porthole import Porthole

EMAIL = "reader@example.com"

# A tree line: `- role "name" [attributes] [ref=@eN]`, indented by depth.
LINE = re.compile(r'^\s*- (\w+) "((?:[^"\\]|\\.)*)".*\[ref=(@e\d+)\]')


def ref_of(state, role, name):
    """The ref of the first element with this role and exact name in an observation."""
    for line in state["tree"].splitlines():
        m = LINE.match(line)
        if m and m.group(1) == role and m.group(2) == name:
            return m.group(3)
    raise LookupError(f'no {role} "{name}" in the page')


def heading(state):
    m = re.search(r'- heading "((?:[^"\\]|\\.)*)"', state["tree"])
    return m.group(1) if m else None


def main(page):
    url = os.environ.get("PORTHOLE_URL", "http://127.0.0.1:9222")
    ph = Porthole(url, token=os.environ.get("PORTHOLE_TOKEN"))
    with ph.create_session() as session:  # closed on the way out, also when a step fails
        print(f"session {session.id}")
        session.navigate(page)
        state = session.observe()

        email = ref_of(state, "textbox", "Email")
        result = session.act(state, "fill", ref=email, text=EMAIL)
        print(f"fill {email}: {result['execution']}")
        if result["execution"] != "completed":
            sys.exit(f"fill refused: {result.get('error')}")
        state = result["freshState"]  # a state is good for one action: go on from the fresh one

        subscribe = ref_of(state, "button", "Subscribe")
        expect = {"selector": "h1", "text": f"Subscribed: {EMAIL}"}  # what the page must say after the click
        result = session.act(state, "click", ref=subscribe, expect=expect)
        print(f"click {subscribe}: {result['execution']} (postcondition {result.get('postcondition')})")
        if result.get("postcondition") != "met":
            sys.exit(f"the page did not say Subscribed: {result.get('error')}")
        print(f"heading: {heading(result['freshState'])}")
    print(f"closed {session.id}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
