# Completes the words $3... at the last one as bash does on TAB, with the
# completion script $1 and the commands of folder $2 first on PATH; prints
# the replies sorted, one per line (REPEAT=N: completes N times).
source "$1" || exit 1
PATH=$2:$PATH
shift 2
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
for ((i = 0; i < ${REPEAT:-1}; i++)); do
  COMPREPLY=()
  _upc_instrument
done
printf '%s\n' "${COMPREPLY[@]}" | sort
