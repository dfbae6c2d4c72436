import NodeEnvironment from 'jest-environment-node';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

/** jest-worker's "end" message to a worker process (jest-worker/build/types.js CHILD_MESSAGE_END). */
const JEST_CHILD_MESSAGE_END = 2;
const INSTALLED = Symbol.for('toolgate.testEnvironment.heldWorkerReport');
/** The test files this worker process ran, newest last. */
const filesRun: string[] = [];

/**
 * Jest's node environment, plus a report when this worker process cannot end. Jest asks each worker to end after the
 * run and kills one still alive 500 ms later with only "a worker process has failed to exit gracefully", naming
 * neither the file nor what held it. This says, 300 ms after the ask: the kinds of handle still open (a socket, a
 * child process, a timer) and the files the worker ran. It runs outside the files' sandboxes (their `process` is a
 * copy that never hears the parent), once per worker process.
 */
export default class TestEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    filesRun.push(context.testPath.replace(`${config.projectConfig.rootDir}/`, ''));
    const flags = process as unknown as Record<symbol, boolean>;
    if (!process.send || flags[INSTALLED]) return;
    flags[INSTALLED] = true;
    const onMessage = (message: unknown) => {
      if (!Array.isArray(message) || message[0] !== JEST_CHILD_MESSAGE_END) return;
      // A 'message' listener holds the IPC channel open: ours goes before the check.
      process.off('message', onMessage);
      setTimeout(() => {
        // Its stdio pipes are always there; a Timeout may be this check's own.
        const held = process.getActiveResourcesInfo();
        process.stderr.write(
          `jest worker ${process.pid} is still running 300 ms after it was asked to end, with ${JSON.stringify(held)}; ` +
            `the files it ran: ${filesRun.join(', ')}\n`,
        );
      }, 300).unref();
    };
    process.on('message', onMessage);
  }
}
