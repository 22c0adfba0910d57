"""The agent loop against a real Porthole: python3 -m unittest agent_loop_test (run by tests/clients_test.ts).

Reads PORTHOLE_URL, PORTHOLE_TOKEN and SITE_URL (a page with an h1 "Start" and a button "Go"
that makes it "Done") from the environment.
"""

import os
import re
import threading
import time
import unittest

import porthole
from porthole import Porthole

URL = os.environ["PORTHOLE_URL"]
TOKEN = os.environ.get("PORTHOLE_TOKEN") or None
SITE = os.environ["SITE_URL"]


def ref_of(state, pattern):
    for line in state["tree"].split("\n"):
        if re.search(pattern, line):
            m = re.search(r"\[ref=(@e\d+)\]", line)
            if m:
                return m.group(1)
    raise AssertionError(f"no {pattern} in {state['tree']}")


class AgentLoop(unittest.TestCase):
    def test_create_navigate_observe_act_fresh_state_screenshot_events_close(self):
        ph = Porthole(URL, token=TOKEN)
        self.assertEqual(ph.health()["status"], "ok")
        events = []
        with ph.create_session(viewport={"width": 800, "height": 600}) as s:
            nav = s.navigate(SITE, observe=True)
            self.assertEqual(nav["navigation"], "committed")
            state = s.observe()
            self.assertIn('heading "Start"', state["tree"])
            result = s.act(state, "click", ref=ref_of(state, r'button "Go"'),
                           expect={"selector": "h1", "text": "Done"})
            self.assertEqual(result["execution"], "completed")
            self.assertEqual(result["postcondition"], "met")
            fresh = result["freshState"]
            self.assertIn('heading "Done"', fresh["tree"])
            self.assertNotEqual(fresh["stateId"], state["stateId"])
            # A state is good for one action: the consumed one is refused in-band, not raised.
            again = s.act(state, "click", ref=ref_of(state, r'button "Go"'))
            self.assertEqual(again["execution"], "not_dispatched")
            self.assertIn(again["error"]["code"], ("stale_state", "unknown_state"))
            shot = s.screenshot(format="png")
            self.assertTrue(shot["data"].startswith(b"\x89PNG"), shot["artifact"])
            self.assertEqual(len(shot["data"]), shot["artifact"]["bytes"])

            # The events so far, replayed from the start, then followed live until the session closes.
            reader = threading.Thread(target=lambda: events.extend(s.events(last_event_id=0, timeout=30)))
            reader.start()
            with self.assertRaises(porthole.InvalidParams) as bad:
                s.act(fresh, "click", ref="@e1", bogus=True)
            self.assertEqual(bad.exception.code, "invalid_params")
            self.assertEqual(bad.exception.details.get("field"), "bogus")
            self.assertEqual(bad.exception.status, 400)
            # A lean fresh state (fresh="changes") is merged with the state it came from before acting on it.
            with self.assertRaises(ValueError) as lean:
                s.act({"stateId": fresh["stateId"], "changes": {}}, "click", ref="@e1")
            self.assertIn("lean fresh state", str(lean.exception))
            # The stream is open once the replay of the events so far arrives; only then is the session closed.
            deadline = time.monotonic() + 10
            while not events and time.monotonic() < deadline:
                time.sleep(0.01)
        reader.join(30)
        self.assertFalse(reader.is_alive(), "the event stream ends when the session closes")
        types = [e.type for e in events]
        for t in ("navigation.committed", "action.started", "action.finished"):
            self.assertIn(t, types)
        self.assertTrue(all(e.data["sessionId"] == s.id for e in events))
        ids = [e.id for e in events if e.id is not None]
        self.assertEqual(ids, sorted(ids))
        with self.assertRaises(porthole.NotFound) as gone:
            s.observe()
        self.assertEqual(gone.exception.code, "session_not_found")

    def test_minimal_answers_carry_what_the_loop_reads(self):
        ph = Porthole(URL, token=TOKEN, minimal=True)
        with ph.create_session() as s:
            state = s.navigate(SITE, observe=True)["state"]
            self.assertNotIn("pageId", state)
            self.assertNotIn("document", state)
            result = s.act(state, "click", ref=ref_of(state, r'button "Go"'), fresh="changes",
                           expect={"selector": "h1", "text": "Done"})
            self.assertEqual(result["postcondition"], "met")
            self.assertNotIn("actionId", result)
            fresh = {**state, **result["freshState"]}
            # Its changes, or the whole tree when that is smaller (a page this small).
            seen = fresh["tree"] if "sinceUnavailable" in result["freshState"] else "\n".join(
                result["freshState"]["changes"].get("added", []))
            self.assertIn('heading "Done"', seen)
            # Nothing changed since: a minimal answer leaves the empty lists out.
            self.assertEqual(s.observe(since=fresh["stateId"])["changes"], {})

    def test_acts_on_blind_and_looks_when_it_needs_to(self):
        ph = Porthole(URL, token=TOKEN, minimal=True)
        with ph.create_session() as s:
            state = s.navigate(SITE, observe=True)["state"]
            result = s.act(state, "click", ref=ref_of(state, r'button "Go"'), fresh="stateId")
            self.assertEqual(result["observation"], "captured")
            self.assertNotIn("tree", result["freshState"])
            self.assertNotIn("changes", result["freshState"])
            # A look: the changes since the state last read, which hold what the click did.
            look = s.observe(since=state["stateId"])
            seen = look.get("tree") or "\n".join(look["changes"].get("added", []))
            self.assertIn('heading "Done"', seen)

    def test_a_wrong_token_raises_unauthorized(self):
        if not TOKEN:
            self.skipTest("the server has no token")
        with self.assertRaises(porthole.Unauthorized) as e:
            Porthole(URL, token="wrong").sessions()
        self.assertEqual(e.exception.code, "unauthorized")


if __name__ == "__main__":
    unittest.main()
