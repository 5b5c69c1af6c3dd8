#!/bin/bash
# prof.sh NAME "scan" [cap]  -> prof/NAME.txt
cd /tmp/tune; [ -s prof/$1.txt ] && exit 0
FC_PROFILE=${3:-20000} FC_FAST="$2" ./drv 1 32000 2>prof/$1.tmp >/dev/null && mv prof/$1.tmp prof/$1.txt && echo "$2" > prof/$1.cfg
