/** `--name N` from a command line: a positive whole number, or the fallback when the option is absent. */
export function wholeNumberOption(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} takes a positive whole number`);
  return n;
}
