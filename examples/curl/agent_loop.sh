#!/usr/bin/env bash
# The agent loop over Porthole's HTTP API with bash, curl, grep and sed (no jq): create a session,
# navigate, observe, find a ref by role and name, act with the observation's stateId, continue from
# the fresh state the act returns, close.
#
#   PORTHOLE_URL=http://127.0.0.1:9222 [PORTHOLE_TOKEN=…] ./agent_loop.sh http://127.0.0.1:8000/page.html
set -euo pipefail
PORTHOLE_URL=${PORTHOLE_URL:-http://127.0.0.1:9222}
PAGE=${1:?usage: agent_loop.sh PAGE_URL (examples/page.html served somewhere Porthole can reach)}
EMAIL=reader@example.com
AUTH=()
if [ -n "${PORTHOLE_TOKEN:-}" ]; then AUTH=(-H "authorization: Bearer $PORTHOLE_TOKEN"); fi

# call METHOD PATH [JSON]: prints the answer; an error answer stops the script with its body.
call() {
  local out args=(-sS --fail-with-body "${AUTH[@]}" -X "$1" "$PORTHOLE_URL$2")
  if [ $# -ge 3 ]; then args+=(-H "content-type: application/json" -d "$3"); fi
  if ! out=$(curl "${args[@]}"); then
    echo "$1 $2 failed: $out" >&2
    exit 1
  fi
  printf '%s' "$out"
}

# field KEY JSON: the first "KEY":"value" string in it (ids and enums hold no quotes).
field() { grep -o "\"$1\":\"[^\"]*\"" <<<"$2" | head -n1 | cut -d'"' -f4; }

# tree JSON: the observation's tree, one line per element (`- role "name" [ref=@eN]`).
tree() { sed -e 's/\\"/"/g' -e 's/\\n/\n/g' <<<"$1"; }

# ref_of ROLE NAME JSON: the ref of the first element with that role and exact name.
ref_of() {
  local ref
  ref=$(tree "$3" | grep -F -- "- $1 \"$2\"" | grep -o '\[ref=@e[0-9]*\]' | head -n1 | tr -d '[]') || true
  if [ -z "$ref" ]; then
    echo "no $1 \"$2\" in the page" >&2
    exit 1
  fi
  echo "${ref#ref=}"
}

# act STATE ACTION REF [EXTRA_JSON_FIELDS]: one action on that observation, quoting its stateId.
act() {
  local quote="\"stateId\":\"$(field stateId "$1")\",\"targetId\":\"$(field targetId "$1")\""
  call POST "/v1/sessions/$SESSION/act" "{$quote,\"action\":\"$2\",\"ref\":\"$3\"${4:+,$4}}"
}

SESSION=$(field sessionId "$(call POST /v1/sessions '{}')")
trap 'call DELETE "/v1/sessions/$SESSION" >/dev/null' EXIT # closed even when a step fails
echo "session $SESSION"
call POST "/v1/sessions/$SESSION/navigate" "{\"url\":\"$PAGE\"}" >/dev/null
state=$(call POST "/v1/sessions/$SESSION/observe" '{}')

email=$(ref_of textbox Email "$state")
result=$(act "$state" fill "$email" "\"text\":\"$EMAIL\"")
echo "fill $email: $(field execution "$result")"
[ "$(field execution "$result")" = completed ] || exit 1
state=${result#*\"freshState\":} # a state is good for one action: go on from the fresh one

subscribe=$(ref_of button Subscribe "$state")
result=$(act "$state" click "$subscribe" "\"expect\":{\"selector\":\"h1\",\"text\":\"Subscribed: $EMAIL\"}")
echo "click $subscribe: $(field execution "$result") (postcondition $(field postcondition "$result"))"
[ "$(field postcondition "$result")" = met ] || exit 1
state=${result#*\"freshState\":}
echo "heading: $(tree "$state" | grep -o -m1 -- '- heading "[^"]*"' | cut -d'"' -f2)"

trap - EXIT
call DELETE "/v1/sessions/$SESSION" >/dev/null
echo "closed $SESSION"
