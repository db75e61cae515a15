#!/usr/bin/env bash
# `make corpus`: runs `iconpick list` over each real project in the corpus folder
# (../shared/corpus by default) and fails if any of them gives an error. A project with
# several app targets is listed once per target, as its error asks.
set -uo pipefail
binary=$1
corpus=${2:-../shared/corpus}
if [ ! -d "$corpus" ]; then
  echo "corpus: no corpus folder at $corpus (it sits beside the repository, in ../shared)" >&2
  exit 1
fi
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
failures=0
skipped=0
projects=0

for project in "$corpus"/*/; do
  projects=$((projects + 1))
  echo "== $(basename "$project")"
  output=$("$binary" list "$project" --state-dir "$state" 2>&1)
  status=$?
  if [ $status -ne 0 ] && grep -q 'several app targets' <<<"$output"; then
    # The error names each target in double quotes.
    mapfile -t targets < <(grep -o 'several app targets ([^)]*)' <<<"$output" | grep -o '"[^"]*"' | tr -d '"')
    for target in "${targets[@]}"; do
      echo "  -- target $target"
      output=$("$binary" list "$project" --target "$target" --state-dir "$state" 2>&1)
      status=$?
      printf '%s\n' "$output" | sed 's/^/    /'
      if [ $status -ne 0 ] && grep -q 'INFOPLIST_FILE names .*, which does not exist' <<<"$output"; then
        # The corpus copies only icon-related files: a helper target's Info.plist is not there.
        skipped=$((skipped + 1))
      elif [ $status -ne 0 ]; then
        failures=$((failures + 1))
      fi
    done
  else
    printf '%s\n' "$output" | sed 's/^/    /'
    [ $status -eq 0 ] || failures=$((failures + 1))
  fi
done
echo
echo "corpus: $projects projects, $failures errors, $skipped targets skipped (their Info.plist is not in the corpus copy)"
[ $failures -eq 0 ]
