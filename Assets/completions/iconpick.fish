# fish completion for iconpick. Installed as share/fish/vendor_completions.d/iconpick.fish.
# Icon names come from `iconpick list --json`, run with the --state-dir, --target,
# --configuration and PATH already on the line.

set -g __iconpick_commands list get set reset push show check

# The command: the first word when it names one, otherwise "pick".
function __iconpick_command
    set -l tokens (commandline -opc)
    if test (count $tokens) -ge 2; and contains -- $tokens[2] $__iconpick_commands
        echo $tokens[2]
    else
        echo pick
    end
end

# How many positionals (not options, not option values) come before the cursor.
function __iconpick_positionals
    set -l tokens (commandline -opc)
    set -l start 2
    if test (count $tokens) -ge 2; and contains -- $tokens[2] $__iconpick_commands
        set start 3
    end
    set -l n 0
    set -l skip 0
    set -l ended 0
    for token in $tokens[$start..-1]
        if test $skip -eq 1
            set skip 0
        else if test $ended -eq 0; and string match -qr -- '^-.' $token
            switch $token
                case --
                    set ended 1
                case --state-dir --target --configuration --color --size --appearance --output -o --pixels --format
                    set skip 1
            end
        else
            set n (math $n + 1)
        end
    end
    echo $n
end

# True when the command is one of $argv and the cursor is at positional number $argv[1].
function __iconpick_at
    set -l index $argv[1]
    set -e argv[1]
    contains -- (__iconpick_command) $argv; and test (__iconpick_positionals) -eq $index
end

# Prints the icon names ("name" keys of the objects inside "icons") of `iconpick list --json`.
function __iconpick_list_names
    command iconpick list --json $argv 2>/dev/null | awk '
        !inside && /"icons"[ ]*:[ ]*\[/ {
            if ($0 ~ /\[[ ]*\]/) next
            match($0, /^ */); ind = RLENGTH; inside = 1; next
        }
        inside && /^ *\]/ { match($0, /^ */); if (RLENGTH == ind) inside = 0; next }
        inside && /^ *"name"[ ]*:[ ]*"/ {
            match($0, /^ */); if (RLENGTH != ind + 4) next
            sub(/^ *"name"[ ]*:[ ]*"/, ""); sub(/",?[ ]*$/, "")
            gsub(/\\\\\\//, "/"); gsub(/\\\\"/, "\\""); gsub(/\\\\\\\\/, "\\\\")
            print
        }'
end

# The icon names, listed with the options and the PATH (after the NAME) on the line.
function __iconpick_names
    set -l before (commandline -opc)
    set -l all (commandline -op)
    # Words after the cursor's word: the current word is in $all unless it is empty.
    set -l from (math (count $before) + 1)
    set -l current (commandline -ct)
    if test -n "$current"
        set from (math $from + 1)
    end
    set -l pass
    set -l path
    set -l skip
    set -l i 3
    set -l n (count $all)
    while test $i -le $n
        set -l token $all[$i]
        if test -n "$skip"
            if test "$skip" != drop
                set -a pass $skip (string replace -r '^~' -- $HOME $token)
            end
            set skip
        else if string match -qr -- '^-.' $token
            switch $token
                case --state-dir --target --configuration
                    set skip $token
                case --color --size --appearance --output -o --pixels --format
                    set skip drop
                case '--state-dir=*' '--target=*' '--configuration=*'
                    set -a pass $token
            end
        else if test $i -ge $from; and test -z "$path"
            set path (string replace -r '^~' -- $HOME $token)
        end
        set i (math $i + 1)
    end
    if test -n "$path"
        set -a pass $path
    end
    __iconpick_list_names $pass
end

complete -c iconpick -e
complete -c iconpick -f

# Commands, or the picker's PATH, as the first word.
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a list -d "List the icons; the active one is marked"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a get -d "Print the active icon's name"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a set -d "Make NAME the active icon"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a reset -d "Go back to the primary icon"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a push -d "Apply a push payload from a file or stdin"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a show -d "Print an icon's preview as escape sequences"
complete -c iconpick -n "test (count (commandline -opc)) -eq 1" -a check -d "Find misconfigured icons"

# Options every command takes.
complete -c iconpick -l state-dir -x -a "(__fish_complete_directories)" -d "Keep the recorded choice in DIR"
complete -c iconpick -l target -x -d "The app target, when the project has several"
complete -c iconpick -l configuration -x -a "Release Debug" -d "The build configuration to read"
complete -c iconpick -l color -x -a "truecolor 256 16 none" -d "Colour mode"
complete -c iconpick -s h -l help -d "Show help"
complete -c iconpick -n "test (__iconpick_command) = pick" -l version -d "Show the version"
complete -c iconpick -n "contains -- (__iconpick_command) list get check" -l json -d "Print JSON"
complete -c iconpick -n "contains -- (__iconpick_command) check" -l warnings-as-errors -d "Fail on warnings too"
complete -c iconpick -n "contains -- (__iconpick_command) check" -l rules -d "List every id check can report"
complete -c iconpick -n "test (__iconpick_command) = check" -l format -x -a "gcc\t'Compiler style, for Xcode' json\tJSON github\t'GitHub Actions annotations' sarif\t'SARIF 2.1.0 for code scanning' junit\t'JUnit XML for GitLab and Jenkins'" -d "How to print the findings"
complete -c iconpick -n "contains -- (__iconpick_command) set reset push" -s q -l quiet -d "Print no alert line"
complete -c iconpick -n "test (__iconpick_command) = show" -l size -x -a "24x12 32x16 48x24" -d "The size in cells (COLSxROWS)"
complete -c iconpick -n "test (__iconpick_command) = show" -l appearance -x -a "light dark tinted tinted-light clear-light clear-dark" -d "Home-screen appearance"
complete -c iconpick -n "test (__iconpick_command) = show" -s o -l output -r -F -d "Write the icon as a PNG"
complete -c iconpick -n "test (__iconpick_command) = show" -l pixels -x -a "256 512 1024" -d "The PNG's side in pixels"
complete -c iconpick -n "test (__iconpick_command) = show" -l square -d "A .icon as the uncut square"

# Positionals: NAME, PAYLOAD and PATH.
complete -c iconpick -n "__iconpick_at 0 set show" -a "(__iconpick_names)" -d "Icon"
complete -c iconpick -n "__iconpick_at 0 push" -a "-" -d "Read the payload from stdin"
complete -c iconpick -n "__iconpick_at 0 pick list get reset push show check" -F
complete -c iconpick -n "__iconpick_at 1 set push show" -F
