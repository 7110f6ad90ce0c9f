# rd_debian_mirror [APT_DIR]: prints the Debian archive mirror this machine's
# apt already uses: the first `deb` URI (one-line .list format) or `URIs:`
# entry (deb822 .sources format) whose path has a `debian` component, reading
# APT_DIR/sources.list and then APT_DIR/sources.list.d/ in name order, as apt
# does. Security, debug and third-party repositories do not count. Prints
# nothing and returns 1 when there is none. APT_DIR defaults to /etc/apt.
# shellcheck shell=bash

rd_debian_mirror() {
    local apt_dir="${1:-/etc/apt}" f
    local files=()
    [ -f "$apt_dir/sources.list" ] && files+=("$apt_dir/sources.list")
    while IFS= read -r f; do
        [ -f "$f" ] && files+=("$f")
    done < <(LC_ALL=C find "$apt_dir/sources.list.d" -maxdepth 1 \( -name '*.list' -o -name '*.sources' \) 2>/dev/null | LC_ALL=C sort)
    [ ${#files[@]} -gt 0 ] || return 1
    LC_ALL=C awk '
        function debian_uri(uri,    rest, n, parts, i) {
            if (uri !~ /^(https?|ftp|file):/)
                return 0
            rest = uri
            sub(/^[a-z]+:(\/\/[^\/]*)?/, "", rest) # scheme and host
            n = split(rest, parts, "/")
            for (i = 1; i <= n; i++)
                if (parts[i] == "debian")
                    return 1
            return 0
        }
        function found(uri) { print uri; done = 1; exit 0 }
        # deb822: one stanza at a time; fields may continue on indented lines.
        function flush_stanza(    n, uris, i, types) {
            if (stanza_types != "" && stanza_enabled !~ /^[[:space:]]*(no|false)[[:space:]]*$/) {
                split(stanza_types, types, /[[:space:]]+/)
                for (i in types)
                    if (types[i] == "deb") {
                        n = split(stanza_uris, uris, /[[:space:]]+/)
                        for (i = 1; i <= n; i++)
                            if (uris[i] != "" && debian_uri(uris[i]))
                                found(uris[i])
                        break
                    }
            }
            stanza_types = stanza_uris = stanza_enabled = field = ""
        }
        FNR == 1 { if (deb822) flush_stanza(); deb822 = FILENAME ~ /\.sources$/ }
        deb822 {
            if ($0 ~ /^#/) next
            if ($0 ~ /^[[:space:]]*$/) { flush_stanza(); next }
            if ($0 ~ /^[[:space:]]/) { # continuation of the field before
                if (field == "uris") stanza_uris = stanza_uris " " $0
                else if (field == "types") stanza_types = stanza_types " " $0
                next
            }
            split($0, kv, ":")
            field = tolower(kv[1])
            value = substr($0, index($0, ":") + 1)
            if (field == "types") stanza_types = value
            else if (field == "uris") stanza_uris = value
            else if (field == "enabled") stanza_enabled = tolower(value)
            next
        }
        {
            line = $0
            sub(/#.*/, "", line)
            n = split(line, w, /[[:space:]]+/)
            i = 1
            if (w[i] == "") i++
            if (w[i] != "deb") next
            i++
            if (w[i] ~ /^\[/) { # [option=value ...]
                while (i <= n && w[i] !~ /\]$/) i++
                i++
            }
            if (i <= n && debian_uri(w[i])) found(w[i])
        }
        END { if (!done && deb822) flush_stanza(); if (!done) exit 1 }
    ' "${files[@]}"
}
