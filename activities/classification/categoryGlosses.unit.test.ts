import { glossOf } from './categoryGlosses';
import { meaningLabels } from './categoryMatch';

describe('category glosses: what people write about under a common category name', () => {
  it('knows a common name whatever its case, spacing or number', () => {
    expect(glossOf('Technical  Support')).toMatch(/errors, crashes/);
    expect(glossOf('card')).toBe(glossOf('cards'));
    expect(glossOf('sport')).toBe(glossOf('sports'));
    expect(glossOf('lighthouse keeping')).toBeUndefined();
  });

  it('glosses the names only when every undescribed category has a gloss, and never over a caller’s description', () => {
    expect(meaningLabels([{ name: 'billing' }, { name: 'shipping', description: 'where my parcel is' }], true)).toEqual([
      `billing: ${glossOf('billing')}`,
      'shipping: where my parcel is',
    ]);
    // "menu" has none: the names are compared as given, on one footing.
    expect(meaningLabels([{ name: 'delivery' }, { name: 'menu' }], true)).toEqual(['delivery', 'menu']);
    expect(meaningLabels([{ name: 'billing' }], false)).toEqual(['billing']);
  });
});
