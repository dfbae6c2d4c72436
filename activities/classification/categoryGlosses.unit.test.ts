import { glossOf } from './categoryGlosses';
import { meaningViews } from './categoryMatch';

describe('category glosses: what people write about under a common category name', () => {
  it('knows a common name whatever its case, spacing or number', () => {
    expect(glossOf('Technical  Support')).toMatch(/errors, crashes/);
    expect(glossOf('card')).toBe(glossOf('cards'));
    expect(glossOf('sport')).toBe(glossOf('sports'));
    expect(glossOf('lighthouse keeping')).toBeUndefined();
  });

  it('reads a category by its description and its gloss, both when both exist, the name alone only when neither does', () => {
    expect(meaningViews([{ name: 'billing' }, { name: 'shipping', description: 'where my parcel is' }, { name: 'lighthouses' }], true)).toEqual([
      [`billing: ${glossOf('billing')}`],
      ['shipping: where my parcel is', `shipping: ${glossOf('shipping')}`],
      ['lighthouses'],
    ]);
    // Tag's thresholds were read on one view per category: the description or the name, never a gloss.
    expect(meaningViews([{ name: 'billing' }, { name: 'shipping', description: 'where my parcel is' }], false)).toEqual([
      ['billing'],
      ['shipping: where my parcel is'],
    ]);
  });

  it('knows names of travel, hospitality, IT, HR and banking inboxes, not only support and news', () => {
    for (const name of ['reservations', 'menu', 'flights', 'hotels', 'car rental', 'travel documents', 'hardware', 'software', 'mortgages', 'careers'])
      expect(glossOf(name)).toBeDefined();
    // A singular finds its plural's gloss and the reverse; "accounts" is the customer account, not a bank's ledger.
    expect(glossOf('reservation')).toBe(glossOf('reservations'));
    expect(glossOf('accounts')).toBe(glossOf('account'));
  });
});
