import { randomPeople } from './randomName';

describe('/data/random/name', () => {
  it('gives the same people for the same seed, and other people for another', () => {
    const first = randomPeople({ count: 3, seed: 42, locale: 'en' });
    expect(randomPeople({ count: 3, seed: 42, locale: 'en' })).toEqual(first);
    expect(randomPeople({ count: 3, seed: 43, locale: 'en' }).people).not.toEqual(first.people);
    expect(first.seed).toBe(42);
  });

  it('makes complete records of the sex and locale asked for', () => {
    const { people } = randomPeople({ count: 5, seed: 7, sex: 'female', locale: 'de' }) as { people: Record<string, unknown>[] };
    expect(people).toHaveLength(5);
    for (const person of people) {
      expect(person).toMatchObject({ sex: 'female', address: expect.objectContaining({ country: 'Germany' }) });
      expect(person.full_name).toBe(`${String(person.first_name)} ${String(person.last_name)}`);
      expect(person.email).toMatch(/^[^@\s]+@example\.com$/);
      expect(person.birthdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('draws a seed when none is given and says which, so the records can be had again', () => {
    const drawn = randomPeople({ count: 2, locale: 'en' });
    expect(randomPeople({ count: 2, seed: drawn.seed as number, locale: 'en' })).toEqual(drawn);
  });
});
