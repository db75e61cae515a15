# bash completion for iconpick                                -*- shell-script -*-
# Installed as share/bash-completion/completions/iconpick; or: source iconpick.bash
# Icon names come from `iconpick list --json`, run with the --state-dir, --target,
# --configuration and PATH already on the line.

# Prints the icon names ("name" keys of the objects inside "icons") of `iconpick list --json`
# run with the given arguments. Plain awk: the JSON is pretty-printed, two spaces a level.
_iconpick_names() {
    command iconpick list --json "$@" 2>/dev/null | awk '
        !inside && /"icons"[ ]*:[ ]*\[/ {
            if ($0 ~ /\[[ ]*\]/) next
            match($0, /^ */); ind = RLENGTH; inside = 1; next
        }
        inside && /^ *\]/ { match($0, /^ */); if (RLENGTH == ind) inside = 0; next }
        inside && /^ *"name"[ ]*:[ ]*"/ {
            match($0, /^ */); if (RLENGTH != ind + 4) next
            sub(/^ *"name"[ ]*:[ ]*"/, ""); sub(/",?[ ]*$/, "")
            gsub(/\\\//, "/"); gsub(/\\"/, "\""); gsub(/\\\\/, "\\")
            print
        }'
}

_iconpick() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cword=$COMP_CWORD
    local commands="list get set reset push show check"
    local common="--state-dir --target --configuration --color -h --help"
    local IFS=$'\n'
    COMPREPLY=()

    # --opt=VALUE: bash splits it into "--opt" "=" "VALUE" when = is a word break.
    local opt="" value_prefix=""
    if [[ $cur == --*=* ]]; then
        opt=${cur%%=*} cur=${cur#*=} value_prefix="$opt="
    elif [[ $cur == = && $prev == --* ]]; then
        opt=$prev cur=""
    elif [[ $prev == = && $cword -ge 2 && ${COMP_WORDS[cword-2]} == --* ]]; then
        opt=${COMP_WORDS[cword-2]}
    else
        case $prev in --state-dir | --target | --configuration | --color | --size | --appearance | --output | -o | --pixels | --format) opt=$prev ;; esac
    fi
    case $opt in
        --color)
            COMPREPLY=($(compgen -P "$value_prefix" -W "$(printf "%s\n" truecolor 256 16 none)" -- "$cur"))
            return 0 ;;
        --state-dir)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -P "$value_prefix" -d -- "$cur"))
            return 0 ;;
        --size)
            COMPREPLY=($(compgen -P "$value_prefix" -W "$(printf "%s\n" 24x12 32x16 48x24)" -- "$cur"))
            return 0 ;;
        --appearance)
            COMPREPLY=($(compgen -P "$value_prefix" -W "$(printf "%s\n" light dark tinted tinted-light clear-light clear-dark)" -- "$cur"))
            return 0 ;;
        --pixels)
            COMPREPLY=($(compgen -P "$value_prefix" -W "$(printf "%s\n" 256 512 1024)" -- "$cur"))
            return 0 ;;
        --format)
            COMPREPLY=($(compgen -P "$value_prefix" -W "$(printf "%s\n" gcc json github sarif junit)" -- "$cur"))
            return 0 ;;
        --output | -o)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -P "$value_prefix" -f -- "$cur"))
            return 0 ;;
        --target | --configuration)
            return 0 ;;
    esac

    # The command is only ever the first word.
    local cmd=pick start=1
    if ((cword > 1)) && [[ " $commands " == *" ${COMP_WORDS[1]} "* ]]; then
        cmd=${COMP_WORDS[1]} start=2
    fi

    # Options to pass on to `iconpick list`, the positionals before the cursor, and the
    # first positional after it (a PATH typed after the NAME).
    local -a pass=() before=() after=()
    local i word ended="" skip=""
    for ((i = start; i < ${#COMP_WORDS[@]}; i++)); do
        ((i == cword)) && continue
        word=${COMP_WORDS[i]}
        if [[ -n $skip ]]; then
            [[ $word == = ]] && continue
            [[ $skip != drop ]] && pass+=("$skip" "${word/#\~/$HOME}")
            skip=""
            continue
        fi
        if [[ -z $ended && $word == -?* ]]; then
            case $word in
                --) ended=1 ;;
                --state-dir | --target | --configuration) skip=$word ;;
                --color | --size | --appearance | --output | -o | --pixels | --format) skip=drop ;;
                --state-dir=* | --target=* | --configuration=*) pass+=("${word%%=*}=${word#*=}") ;;
            esac
            continue
        fi
        if ((i < cword)); then before+=("$word"); else after+=("$word"); fi
    done

    if [[ -z $ended && $cur == -* ]]; then
        local options=$common
        case $cmd in
            pick) options+=" --version" ;;
            list | get) options+=" --json" ;;
            set | reset | push) options+=" -q --quiet" ;;
            show) options+=" --size --appearance -o --output --pixels --square" ;;
            check) options+=" --format --json --rules --warnings-as-errors" ;;
        esac
        COMPREPLY=($(compgen -W "${options// /$'\n'}" -- "$cur"))
        return 0
    fi

    local n=${#before[@]} path_word=${after[0]:-}
    local want="none"
    case $cmd in
        pick)
            if ((cword == 1)); then
                COMPREPLY=($(compgen -W "${commands// /$'\n'}" -- "$cur"))
            fi
            ((n == 0)) && want=path ;;
        list | get | reset | check) ((n == 0)) && want=path ;;
        set) ((n == 0)) && want=name || { ((n == 1)) && want=path; } ;;
        show) ((n == 0)) && want=name+path || { ((n == 1)) && want=path; } ;;
        push)
            if ((n == 0)); then
                [[ -  == "$cur"* ]] && COMPREPLY+=(-)
                want=path
            elif ((n == 1)); then
                want=path
            fi ;;
    esac

    if [[ $want == name* ]]; then
        [[ -n $path_word ]] && pass+=("${path_word/#\~/$HOME}")
        COMPREPLY+=($(compgen -W "$(_iconpick_names "${pass[@]}")" -- "$cur"))
    fi
    if [[ $want == *path ]]; then
        compopt -o filenames 2>/dev/null
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
    return 0
}

complete -F _iconpick iconpick
