import { type families, registry } from '.';
import type { ToolInput } from './toolInput';

type Entries = readonly { readonly name: string; readonly input: unknown }[];
/** Names in a family whose input type did not derive (never, or unknown: a schema that lost its literal type). */
type Underived<F extends Entries> = {
  [N in F[number]['name']]: [ToolInput<F, N>] extends [never] ? N : unknown extends ToolInput<F, N> ? N : never;
}[F[number]['name']];
type UnderivedEntries = { [F in keyof typeof families]: Underived<(typeof families)[F]> }[keyof typeof families];

// Checked by the compiler (npm run typecheck): names an entry whose schema no longer yields an input type.
const everyInputDerives: [UnderivedEntries] extends [never] ? 'every entry' : UnderivedEntries = 'every entry';

describe('input types derived from the registry', () => {
  it('derives an object type for every entry: each input schema is an object schema with literal types', () => {
    expect(everyInputDerives).toBe('every entry');
    expect(registry.filter((e) => e.input.type !== 'object').map((e) => e.name)).toEqual([]);
  });
});
