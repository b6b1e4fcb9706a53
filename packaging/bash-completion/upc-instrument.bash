# bash completion of upc-instrument, upcc, upcrun and upc-prof.
#
# Installed as share/bash-completion/completions/upc-instrument, with upcc,
# upcrun and upc-prof as links to it (bash-completion loads the file named
# after a command), or sourced from ~/.bashrc. The options are read from
# each command's own --help, once per command and shell, so they follow
# the option tables; --tool= and --backend= values are the tools and
# backends installed beside the command.

declare -gA _upc_instrument_help_cache

# Reads the --help of command $1 (its path) into the cache, once; to be
# called outside $(...), whose assignments are lost.
_upc_instrument_read_help() {
  [[ -n ${_upc_instrument_help_cache[$1]+set} ]] ||
    _upc_instrument_help_cache[$1]=$(COLUMNS=1000 "$1" --help 2>/dev/null)
}

_upc_instrument_help() {
  _upc_instrument_read_help "$1"
  printf '%s\n' "${_upc_instrument_help_cache[$1]}"
}

# The options of command $1: the first word of each option in its help's
# option lines (up to and with a '=': --tool=), as help2man reads them.
_upc_instrument_options() {
  _upc_instrument_help "$1" | awk '
    # An option line is indented by 10 columns at most (mawk has no {1,10}).
    match($0, /^ +-/) && RLENGTH <= 11 {
      line = substr($0, RLENGTH)
      sub(/  .*/, "", line)
      n = split(line, names, /, /)
      for (i = 1; i <= n; i++)
        if (match(names[i], /^-[^ =<{[]*=?/)) {
          name = substr(names[i], 1, RLENGTH)
          if (name != "-" && name != "--")
            print name
        }
    }'
}

# The choices the help of command $1 gives option $2, as argparse prints
# them: --sort {bytes,count,...}.
_upc_instrument_choices() {
  _upc_instrument_help "$1" | awk -v opt="$2" '
    {
      line = $0
      sub(/^ +/, "", line)
      if (index(line, opt " {") == 1) {
        line = substr(line, length(opt) + 3)
        sub(/}.*/, "", line)
        gsub(/,/, "\n", line)
        print line
        exit
      }
    }'
}

# NAME of each lib/upc-instrument/$2NAME.a of the installation of command
# $1 (libupc-gasp-: the GASP tools, libupcr-: the backends), and for the
# tools of each folder of UPC_GASP_TOOL_PATH.
_upc_instrument_installed() {
  local bin dirs dir file name
  bin=$(readlink -f -- "$1") || return
  dirs=("${bin%/*}/../lib/upc-instrument")
  if [[ $2 == libupc-gasp- && -n ${UPC_GASP_TOOL_PATH-} ]]; then
    local IFS=:
    dirs+=($UPC_GASP_TOOL_PATH)
  fi
  for dir in "${dirs[@]}"; do
    for file in "$dir/$2"*.a; do
      [[ -e $file ]] || continue
      name=${file##*/}
      name=${name#"$2"}
      printf '%s\n' "${name%.a}"
    done
  done | sort -u
}

# COMPREPLY: the words of $2 (lines) that start with $3, each after $1.
_upc_instrument_reply() {
  local word
  COMPREPLY=()
  while IFS= read -r word; do
    [[ -n $word && $word == "$3"* ]] && COMPREPLY+=("$1$word")
  done <<<"$2"
}

_upc_instrument_files() {
  compopt -o filenames 2>/dev/null
  _upc_instrument_reply "$1" "$(compgen -f -- "$2")" "$2"
}

_upc_instrument() {
  local command=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
  local prev= option= value= prefix= path
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  path=$(type -P -- "$command") || path=$command
  _upc_instrument_read_help "$path"

  # --tool=pro: one word, or three where COMP_WORDBREAKS has '=' (then the
  # replies are the values alone).
  if [[ $cur == -*=* ]]; then
    option=${cur%%=*}= value=${cur#*=} prefix=$option
  elif [[ $cur == = && $prev == -* ]]; then
    option=$prev= value=
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    option=${COMP_WORDS[COMP_CWORD - 2]}= value=$cur
  fi

  case ${command##*/}:$option in
  upc-instrument:--tool= | upcc:-inst-toolname=)
    local tools
    tools=$(_upc_instrument_installed "$path" libupc-gasp-)
    _upc_instrument_reply "$prefix" "$tools" "$value"
    # A path to a tool of one's own.
    [[ $value == */* || ${#COMPREPLY[@]} -eq 0 ]] &&
      _upc_instrument_files "$prefix" "$value"
    return
    ;;
  upc-instrument:--backend=)
    _upc_instrument_reply "$prefix" \
      "$(_upc_instrument_installed "$path" libupcr-)" "$value"
    return
    ;;
  upcc:-network=)
    _upc_instrument_reply "$prefix" $'smp\nmpi' "$value"
    return
    ;;
  *:?*)
    _upc_instrument_files "$prefix" "$value"
    return
    ;;
  esac

  # An option's separate value: argparse's choices, else a file.
  local choices=
  [[ $prev == -* ]] && choices=$(_upc_instrument_choices "$path" "$prev")
  if [[ -n $choices ]]; then
    _upc_instrument_reply "" "$choices" "$cur"
  elif [[ $cur == -* ]]; then
    _upc_instrument_reply "" "$(_upc_instrument_options "$path")" "$cur"
    # --tool= takes its value in the same word.
    [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] &&
      compopt -o nospace 2>/dev/null
  else
    _upc_instrument_files "" "$cur"
    [[ ${command##*/} == upc-prof && $COMP_CWORD -eq 1 && merge == "$cur"* ]] &&
      COMPREPLY+=(merge)
  fi
  return 0
}

complete -F _upc_instrument upc-instrument upcc upcrun upc-prof
