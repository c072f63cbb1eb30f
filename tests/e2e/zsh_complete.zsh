# For tests/e2e/options.sh: zsh completes through compinit in a
# pseudo-terminal (zsh/zpty). $1: a folder holding _enginecard; $2: an empty
# HOME. Prints nothing when a command, an option and a value complete (each
# waited for up to 10 s), else what did not.
zmodload zsh/zpty || { print "no zsh/zpty"; exit 1; }
zpty z env -i TERM=dumb HOME=$2 zsh -f -i
zpty -w z "fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -d $2/dump; PS1='> '; unsetopt beep"
expect() {
  local buf= chunk i
  for i in {1..100}; do
    while zpty -r -t z chunk; do buf+=$chunk; done
    [[ $buf == *$1* ]] && return 0
    sleep 0.1
  done
  print -r -- "no '$1' after 10 s"
  return 1
}
expect '> ' || exit 1
t() { zpty -w -n z "$1"$'\t'; expect "$2"; zpty -w -n z $'\C-u'; }
t 'enginecard rep' 'enginecard report '
t 'enginecard report m --pdf-d' '--pdf-detail '
t 'enginecard compare a b --metric gpu-p' 'gpu-p99 '
zpty -d z
