/** Moves alias fields to their canonical names (`content` → `text`); the canonical field wins if both are sent. */
export function applyAliases(input: Record<string, unknown>, aliases: Readonly<Record<string, string>> | undefined): Record<string, unknown> {
  if (!aliases) return input;
  const out = { ...input };
  for (const [alias, canonical] of Object.entries(aliases)) {
    if (!(alias in out)) continue;
    if (!(canonical in out)) out[canonical] = out[alias];
    delete out[alias];
  }
  return out;
}
