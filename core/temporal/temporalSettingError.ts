/**
 * A Temporal connection that cannot work as configured, named by the setting to change: the start stops with it
 * (never a hang), and the message says what the server or the file said.
 */
export class TemporalSettingError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`${setting}: ${reason}`);
    this.name = 'TemporalSettingError';
  }
}
