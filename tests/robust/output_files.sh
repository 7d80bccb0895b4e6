#!/usr/bin/env bash
# -o PATH for every kind of PATH: regular files are replaced atomically with the mode a shell redirection
# would give; devices, FIFOs and sockets are written directly; symbolic links are followed; a directory is
# an error. Devices are made with mknod in a temporary folder: never write to the real ones under /dev
# (as root, replacing /dev/null would break the machine); /dev/full is only a write target that fails.
# Usage: output_files.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
one_line() { [[ "$(wc -l < "$1")" -eq 1 && "$(head -c ${#2} "$1")" == "$2" ]]; }
no_temporaries() { (($(files_named "$1" '*.tmp.*') == 0)); }
mode() { stat -c %a "$1"; }
gen=("$bin/topogen" torus --dims 4x4)
"${gen[@]}" > "$tmp/expected.el"
# same_graph FILE: FILE holds the expected output (the provenance line records -o, so it is left out).
same_graph() { cmp -s <(grep -v '^# generator:' "$tmp/expected.el") <(grep -v '^# generator:' "$1"); }

# A character device (the same numbers as /dev/null) stays a device; nothing is left beside it.
mkdir "$tmp/dev"
if mknod "$tmp/dev/null" c 1 3 2> /dev/null; then
  "${gen[@]}" -o "$tmp/dev/null" 2> "$tmp/err"; expect_status "-o character device" 0 $?
  expect "the device is still a character device" test -c "$tmp/dev/null"
  expect "no temporary beside the device" no_temporaries "$tmp/dev"
else
  echo "note: mknod not permitted, character device case skipped"
fi

# A FIFO is written directly: the reader gets the whole output, the FIFO stays a FIFO.
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" > "$tmp/from-fifo" &
reader=$!
timeout 20 "${gen[@]}" -o "$tmp/fifo" 2> "$tmp/err"; expect_status "-o FIFO" 0 $?
wait "$reader"
expect "the FIFO reader got the output" same_graph "$tmp/from-fifo"
expect "the FIFO is still a FIFO" test -p "$tmp/fifo"
expect "no temporary beside the FIFO" no_temporaries "$tmp"

# A Unix socket is connected to and written.
if command -v python3 > /dev/null; then
  timeout 20 python3 - "$tmp/sock" "$tmp/from-sock" <<'PY' &
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1]); s.listen(1)
open(sys.argv[1] + ".ready", "w").close()
c, _ = s.accept()
with open(sys.argv[2], "wb") as f:
    while (b := c.recv(65536)):
        f.write(b)
PY
  server=$!
  for _ in $(seq 100); do [[ -e "$tmp/sock.ready" ]] && break; sleep 0.05; done
  timeout 20 "${gen[@]}" -o "$tmp/sock" 2> "$tmp/err"; expect_status "-o socket" 0 $?
  wait "$server"
  expect "the socket reader got the output" same_graph "$tmp/from-sock"
  expect "the socket is still a socket" test -S "$tmp/sock"
fi

# A write error on a device exits 1 with one line, whether it shows while writing or at the end.
for dims in 4x4 32x32x32; do
  "$bin/topogen" torus --dims $dims -o /dev/full 2> "$tmp/err"; expect_status "-o /dev/full ($dims)" 1 $?
  expect "/dev/full ($dims): one line" one_line "$tmp/err" "topogen: write error on /dev/full: "
done
expect "/dev/full is still a character device" test -c /dev/full

# A symbolic link is followed: the target is replaced, the link stays a link.
echo old > "$tmp/target.el"
ln -s target.el "$tmp/link.el"
"${gen[@]}" -o "$tmp/link.el"; expect_status "-o symbolic link" 0 $?
expect "the link is still a link" test -L "$tmp/link.el"
expect "the link's target got the output" same_graph "$tmp/target.el"
# ... relative to the link's folder, through a chain, and to a target that does not exist yet.
mkdir "$tmp/sub"
ln -s ../chain.el "$tmp/sub/link.el"
ln -s sub/link.el "$tmp/chain-start.el"
"${gen[@]}" -o "$tmp/chain-start.el"; expect_status "-o chain of links to a new file" 0 $?
expect "the dangling chain's end was created" same_graph "$tmp/chain.el"
expect "the links stay links" test -L "$tmp/chain-start.el" -a -L "$tmp/sub/link.el"
expect "no temporary beside links" no_temporaries "$tmp"
ln -s loop1 "$tmp/loop2"; ln -s loop2 "$tmp/loop1"
"${gen[@]}" -o "$tmp/loop1" 2> "$tmp/err"; expect_status "-o link loop" 1 $?
expect "link loop: one line" one_line "$tmp/err" "topogen: cannot write $tmp/loop1: Too many levels of symbolic links"
# Bad input leaves the link's target as it was.
cp "$tmp/target.el" "$tmp/keep.el"
"$bin/topogen" torus --dims 4x0 -o "$tmp/link.el" 2> /dev/null; expect_status "bad input through a link" 1 $?
expect "the target is untouched after an error" cmp -s "$tmp/keep.el" "$tmp/target.el"

# A directory is an error and is left alone; so is a folder that does not exist.
"${gen[@]}" -o "$tmp/sub" 2> "$tmp/err"; expect_status "-o directory" 1 $?
expect "directory: one line" one_line "$tmp/err" "topogen: cannot write $tmp/sub: Is a directory"
expect "the directory is still a directory" test -d "$tmp/sub"
"${gen[@]}" -o "$tmp/none/out.el" 2> "$tmp/err"; expect_status "-o in a missing folder" 1 $?
expect "missing folder: one line" one_line "$tmp/err" "topogen: cannot write $tmp/none/out.el: No such file or directory"

# Modes: a new file gets 0666 & ~umask, as `> FILE` does; a replaced file keeps its mode.
for u in 022 077 002; do
  rm -f "$tmp/new.el"
  (umask $u && "${gen[@]}" -o "$tmp/new.el"); expect_status "-o under umask $u" 0 $?
  rm -f "$tmp/redirected.el"
  (umask $u && "${gen[@]}" > "$tmp/redirected.el")
  expect "umask $u: mode $(mode "$tmp/new.el") equals the redirection's $(mode "$tmp/redirected.el")" \
    test "$(mode "$tmp/new.el")" = "$(mode "$tmp/redirected.el")"
done
for m in 640 755 600; do
  chmod $m "$tmp/new.el"
  (umask 022 && "${gen[@]}" -o "$tmp/new.el"); expect_status "-o replacing a $m file" 0 $?
  expect "a replaced $m file keeps its mode" test "$(mode "$tmp/new.el")" = $m
done

finish
