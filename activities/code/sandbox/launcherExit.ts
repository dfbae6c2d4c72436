/**
 * unshare (util-linux) ends as its child, process 1 of the run's namespace, ended: with its exit code, or killed by
 * the same signal, which it re-raises on itself. When it cannot re-raise it, it prints one of these lines and exits 1
 * — seen when the memory or process cap killed a fork bomb under load ("sigprocmask unblock failed: Invalid
 * argument", 1 run in 12): the program was killed, and 1 would read as its own exit code.
 */
const SIGNAL_NOT_RERAISED = /(?:^|\n)unshare: (?:sigprocmask unblock failed|signal handler reset failed)[^\n]*\n?$/;

/** A killed program's exit code, as a shell gives it (128 + the signal's number): SIGKILL, as the caps kill. */
const KILLED = 128 + 9;

/** The program's exit code and stderr from unshare's: its own failure to re-raise a signal is the program killed. */
export function programExit(code: number, stderr: string): { readonly exitCode: number; readonly stderr: string } {
  if (code !== 1 || !SIGNAL_NOT_RERAISED.test(stderr)) return { exitCode: code, stderr };
  return { exitCode: KILLED, stderr: stderr.replace(SIGNAL_NOT_RERAISED, '') };
}
