/** The activity of the test-only versioned workflows (test/int/workerVersioning.int.test.ts): records a step, returns its name. */
export interface VersionSteps {
  step(name: string): Promise<string>;
}
