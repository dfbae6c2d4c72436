import { describeCountry, POPULATION_YEAR } from './country';

describe('/data/country', () => {
  it('knows France: capital Paris, the euro, French, +33, its flag and a dated population', () => {
    expect(describeCountry('France')).toMatchObject({
      name: 'France',
      code: 'FR',
      code3: 'FRA',
      capital: 'Paris',
      continent: 'EU',
      currencies: [{ code: 'EUR', name: 'Euro', symbol: '€' }],
      languages: [{ code: 'fr', name: 'French', native: 'Français' }],
      calling_codes: [33],
      flag: '🇫🇷',
      population_year: POPULATION_YEAR,
    });
    expect(describeCountry('France').population).toBeGreaterThan(60_000_000);
  });

  it('finds a country by alpha-2 code, alpha-3 code or native name, in any case', () => {
    expect(describeCountry('jp').name).toBe('Japan');
    expect(describeCountry('DEU').name).toBe('Germany');
    expect(describeCountry('españa').code).toBe('ES');
  });

  it('answers an unknown country with a 404 suggesting the closest names', () => {
    expect(() => describeCountry('Frnace')).toThrow(
      expect.objectContaining({ type: 'NotFound', details: [expect.objectContaining({ hint: expect.stringContaining('France (FR)') })] }),
    );
  });
});
