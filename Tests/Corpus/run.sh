#!/usr/bin/env bash
# `make corpus`: runs `iconpick list` and `iconpick check` over each real project in the
# corpus folder (../shared/corpus by default). It fails if list gives an error or check
# cannot run (exit 2 or a crash); the faults check finds are printed for a person to judge.
# A project with several app targets is read once per target, as its error asks.
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
findings=0

check() {  # check PROJECT [--target NAME]
  local output status
  output=$("$binary" check "$@" --state-dir "$state" 2>&1)
  status=$?
  printf '%s\n' "$output" | sed 's/^/    check: /'
  if [ $status -eq 1 ]; then findings=$((findings + 1)); fi
  if [ $status -gt 1 ]; then failures=$((failures + 1)); fi
}

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
      else
        check "$project" --target "$target"
      fi
    done
  else
    printf '%s\n' "$output" | sed 's/^/    /'
    if [ $status -eq 0 ]; then check "$project"; else failures=$((failures + 1)); fi
  fi
done
echo
echo "corpus: $projects projects, $failures errors, $skipped targets skipped (their Info.plist is not in the corpus copy), $findings checks with errors to judge"
[ $failures -eq 0 ]
