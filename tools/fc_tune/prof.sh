#!/bin/bash
# prof.sh NAME "scan" [cap]: profile one scan alone on MS deals 1..32000 into
# $PROF/NAME.txt (+ NAME.cfg), with the tuning driver $DRV (build.sh).
PROF=${PROF:-prof}; DRV=${DRV:-$(cd "$(dirname "$0")" && pwd)/drv}
mkdir -p "$PROF"; [ -s "$PROF/$1.txt" ] && exit 0
FC_PROFILE=${3:-20000} FC_FAST="$2" "$DRV" 1 32000 2>"$PROF/$1.tmp" >/dev/null &&
  mv "$PROF/$1.tmp" "$PROF/$1.txt" && echo "$2" > "$PROF/$1.cfg"
