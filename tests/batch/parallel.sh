#!/usr/bin/env bash
# Runs contrib/shards/parallel.sh for real, over ssh to this machine, as
# README's "Matches on many machines" says, and checks that the merged
# shards equal the match played whole; then contrib/shards/spsa-parallel.sh,
# checking that the sharded SPSA run's θ equals the run in one go. Why:
# the recipes' ssh, file transfer (rsync), retries and returns are only
# known to work once GNU parallel has run them.
#
# It installs openssh-server, openssh-client, parallel and rsync when
# missing, starts a private sshd on 127.0.0.1 (its own config, host key
# and authorized key in a temporary directory; the system's ssh config and
# root's ~/.ssh are left alone, and HOME is a temporary directory for GNU
# parallel), runs the match in 3 shards, then merges. The shards run in
# root's ~/ludus-shards (the recipe's remote directory), which the test
# removes on exit; it refuses to start if that directory exists. It stops
# the sshd it started on exit. Run as root: bash tests/batch/parallel.sh
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"

need_packages "sshd ssh parallel rsync" openssh-server openssh-client parallel rsync
sshd=$(command -v sshd)
remote=$(getent passwd "$(id -un)" | cut -d: -f6)/ludus-shards
spsa_remote=$(dirname "$remote")/ludus-spsa
for dir in "$remote" "$spsa_remote"; do
    [ ! -e "$dir" ] || die "$dir exists: the shards would run among its files; remove it first"
done
prepare
# The tuning build and the SPSA run in one go, before HOME changes below
# (cargo finds its toolchain under HOME).
prepare_spsa
ssh_dir=$work/ssh
mkdir -m 700 "$ssh_dir" "$work/home"
port=16822
! ss -Hltn "sport = :$port" | grep -q . || die "port $port is in use"

step "sshd on 127.0.0.1:$port"
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/client_key"
cp "$ssh_dir/client_key.pub" "$ssh_dir/authorized_keys"
cat >"$ssh_dir/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $ssh_dir/host_key
AuthorizedKeysFile $ssh_dir/authorized_keys
PidFile $ssh_dir/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
# The keys live under /tmp, which StrictModes would refuse.
StrictModes no
EOF
# sshd needs its privilege separation directory, which only its service
# makes; made here when missing, and removed again.
if [ ! -d /run/sshd ]; then
    mkdir -m 755 /run/sshd
    on_exit "rmdir /run/sshd"
fi
"$sshd" -D -e -f "$ssh_dir/sshd_config" 2>"$ssh_dir/sshd.log" &
on_exit "kill $! 2>/dev/null && wait $! 2>/dev/null"
on_exit "rm -rf '$remote' '$spsa_remote'"

# No ssh config of the system or of root (-F /dev/null), no known_hosts.
export PARALLEL_SSH="ssh -F /dev/null -p $port -i $ssh_dir/client_key -o IdentitiesOnly=yes \
-o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
export HOME=$work/home
ssh_works() {
    # shellcheck disable=SC2086 # PARALLEL_SSH is a command line
    $PARALLEL_SSH 127.0.0.1 true 2>/dev/null
}
wait_for 20 "sshd to let the key in" ssh_works

play_whole

cd "$work/run" || die "no $work/run"
echo 127.0.0.1 >hosts.txt
# The host has two cores: one shard at a time plays two games at once.
options=("${match[@]}" --concurrency 2)
step "SEND=\"old-ludus book.txt\" contrib/shards/parallel.sh hosts.txt $shards ${options[*]}"
SEND="old-ludus book.txt" "$repo/contrib/shards/parallel.sh" hosts.txt "$shards" "${options[@]}" \
    >"$work/parallel.log" 2>&1 &
recipe=$!
on_exit "kill $recipe 2>/dev/null"

# The pid of the referee playing shard K on the host (found in /proc by
# its working directory and arguments, so only this test's process).
referee_of() {
    local proc
    for proc in /proc/[0-9]*; do
        [ "$(readlink "$proc/cwd" 2>/dev/null)" = "$remote" ] || continue
        tr '\0' ' ' <"$proc/cmdline" 2>/dev/null | grep -q -- "match .*--shard $1/$shards " &&
            echo "${proc#/proc/}" && return 0
    done
    return 1
}
# A shard being played on the host with a game already saved, so that its
# retry has games to send back: whichever the test catches first (on a
# busy machine the shards' timing varies; any of them shows the retry).
caught=""
catch_a_shard() {
    kill -0 "$recipe" 2>/dev/null ||
        { cat "$work/parallel.log"; die "the recipe ended before a shard could be stopped"; }
    local k
    for ((k = 1; k <= shards; k++)); do
        [ "$(games_in "$remote/shard-$k.json")" -ge 1 ] && referee_of "$k" >/dev/null &&
            caught=$k && return 0
    done
    return 1
}
wait_for 600 "a shard to play a game on the host" catch_a_shard
pid=$(referee_of "$caught") || die "shard $caught finished before it could be stopped"
step "kill $pid, shard $caught's referee (after $(games_in "$remote/shard-$caught.json") games)"
kill "$pid"
status=0
wait "$recipe" || status=$?
cat "$work/parallel.log"
# 0: no SPRT bound crossed, which is what this match gives whole.
[ "$status" -eq 0 ] || die "contrib/shards/parallel.sh exited with status $status"
grep -h -e '^Resuming' -e '^Finished shard' shard-*.log
# GNU parallel tried the shard again, sending back the games it had played.
grep -Eq "^Resuming shard $caught/$shards from shard-$caught.json: [1-9][0-9]* games played, [1-9][0-9]* to go" \
    "shard-$caught.log" ||
    { cat "shard-$caught.log"; die "shard $caught was not resumed after its referee was killed"; }
for ((k = 1; k <= shards; k++)); do
    grep -q "Finished shard $k/$shards" "shard-$k.log" || { cat "shard-$k.log"; die "shard $k did not finish"; }
done
[ -z "$(ls -A "$remote" 2>/dev/null)" ] || die "files left on the host: $(ls "$remote")"
check_merge

# SPSA over the same host with contrib/shards/spsa-parallel.sh, 2 shards a
# round: the same θ as the run in one go (played above, by prepare_spsa).
cd "$spsa_dir" || die "no $spsa_dir"
echo 127.0.0.1 >hosts.txt
step "SEND=params.txt contrib/shards/spsa-parallel.sh hosts.txt 2 ${spsa[*]} --concurrency 2"
SEND=params.txt "$repo/contrib/shards/spsa-parallel.sh" hosts.txt 2 "${spsa[@]}" --concurrency 2 \
    >spsa-parallel.log 2>&1 || { cat spsa-parallel.log; die "contrib/shards/spsa-parallel.sh failed"; }
cat spsa-parallel.log
grep -q "^SPSA after 8 of 8 iterations" spsa-parallel.log ||
    die "the recipe ended before the run was complete"
check_spsa
[ -z "$(ls -A "$spsa_remote" 2>/dev/null)" ] || die "files left on the host: $(ls "$spsa_remote")"
