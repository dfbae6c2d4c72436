import { programExit } from './launcherExit';

describe("the program's exit code, read from unshare's", () => {
  it("is the program's own when it exited", () => {
    expect(programExit(2, 'warn\n')).toEqual({ exitCode: 2, stderr: 'warn\n' });
    // A program's own exit 1, even one that prints about unshare, is its own.
    expect(programExit(1, 'Traceback …\nValueError: bad\n')).toEqual({ exitCode: 1, stderr: 'Traceback …\nValueError: bad\n' });
    expect(programExit(1, 'unshare: sigprocmask unblock failed: Invalid argument\nthen more\n').exitCode).toBe(1);
  });

  it('is a kill when unshare could not re-raise the signal that killed it, and its line is not the program’s stderr', () => {
    expect(programExit(1, 'unshare: sigprocmask unblock failed: Invalid argument\n')).toEqual({ exitCode: 137, stderr: '' });
    expect(programExit(1, 'partial output\nunshare: signal handler reset failed: Invalid argument\n')).toEqual({
      exitCode: 137,
      stderr: 'partial output',
    });
  });
});
