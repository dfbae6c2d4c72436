import { byName, registry } from '../../schema/registry';
import { isListable } from './listableTool';

describe('what a listing may sell', () => {
  it('sells plain tools, never one that acts as its payer (registering a network agent, memory, messages …)', () => {
    expect(isListable(byName.get('sentiment'))).toBe(true);
    expect(isListable(byName.get('agents/register'))).toBe(false);
    expect(registry.filter((entry) => entry.needsIdentity && isListable(entry)).map((entry) => entry.name)).toEqual([]);
  });
});
