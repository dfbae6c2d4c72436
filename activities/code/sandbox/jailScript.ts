/**
 * Run by `sh` as process 1 of fresh mount, network, PID, IPC and UTS namespaces (util-linux `unshare`), as root
 * there. It joins the call's cgroups, builds a root of its own (a small tmpfs holding /usr read-only, four
 * device nodes, and size-capped tmpfs scratch folders /work and /tmp), then enters it under an unprivileged uid
 * with no capabilities, no new privileges and resource limits, and runs the program from /work. Nothing of the
 * host's file system but /usr is visible (no /etc, /home, /proc, /sys, the project or the worker's files), and
 * the network namespace has only a loopback that is down. When process 1 dies the kernel kills every process
 * in the namespace, so a time-out kill reaches anything the program started.
 *
 * Arguments: root, program file, uid, python, cpu seconds, address-space bytes, processes, file bytes,
 * scratch megabytes, then the cgroup.procs files to join (none when cgroups are not available).
 */
export const JAIL_SCRIPT = `set -eu
R="$1"; SRC="$2"; ID="$3"; PY="$4"; CPU="$5"; MEM="$6"; NPROC="$7"; FSIZE="$8"; SCRATCH="$9"
shift 9
for procs in "$@"; do echo $$ > "$procs"; done
mount -t tmpfs -o size=1m,mode=0755 sandbox "$R"
mkdir "$R/usr" "$R/dev" "$R/work" "$R/tmp"
mount --rbind /usr "$R/usr"
mount -o remount,bind,ro,nosuid,nodev "$R/usr"
ln -s usr/bin "$R/bin"; ln -s usr/lib "$R/lib"; ln -s usr/lib64 "$R/lib64"
for d in null zero urandom random; do touch "$R/dev/$d"; mount --bind "/dev/$d" "$R/dev/$d"; done
mount -t tmpfs -o "size=\${SCRATCH}m,mode=1777,nosuid,nodev" work "$R/work"
mount -t tmpfs -o "size=\${SCRATCH}m,mode=1777,nosuid,nodev" tmp "$R/tmp"
cp "$SRC" "$R/work/main.py"
mount -o remount,bind,ro "$R"
exec /usr/sbin/chroot "$R" /usr/bin/env -i -C /work PATH=/usr/bin HOME=/work LANG=C.UTF-8 PYTHONIOENCODING=utf-8 \\
  /usr/bin/setpriv --reuid="$ID" --regid="$ID" --clear-groups --no-new-privs --inh-caps=-all --bounding-set=-all -- \\
  /usr/bin/prlimit --cpu="$CPU" --as="$MEM" --nproc="$NPROC" --fsize="$FSIZE" --nofile=64 --core=0 -- \\
  "$PY" -I -S -B /work/main.py
`;

/** The namespaces the jail needs; util-linux `unshare` creates them and forks the script as their process 1. */
export const UNSHARE_ARGS = ['--mount', '--net', '--pid', '--ipc', '--uts', '--fork', '--kill-child'] as const;
