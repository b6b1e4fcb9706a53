# Renders the man page $1 as man would (groff's man macros, one long line
# per paragraph) on standard output, and fails on any warning of groff or
# on an option of the command $2's --help that the page lacks (the options
# as the bash completion $3 reads them).
set -eu
page=$1 command=$2
text=$(mktemp)
trap 'rm -f "$text"' EXIT
warnings=$(groff -man -Tascii -ww -rHY=0 -rLL=300n -P-cbou "$page" 2>&1 >"$text")
if [ -n "$warnings" ]; then
  echo "$warnings" >&2
  exit 1
fi
source "$3"
status=0
for option in $(_upc_instrument_options "$command"); do
  if ! grep -qF -- "$option" "$text"; then
    echo "${page##*/} lacks the option $option of $command --help" >&2
    status=1
  fi
done
cat "$text"
exit $status
