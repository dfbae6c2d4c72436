import type { Config } from '../../schema/config';
import type { EventStore } from '../eventStore';
import { bundledCatalogue } from './bundledCatalogue';
import { seedCatalogue } from './seedCatalogue';

/** The start-up step (API and worker both run it; the second finds nothing to add): the bundled catalogue into the log, once. */
export async function seedBundledCatalogue(store: EventStore, config: Pick<Config, 'catalogSeed'>, log: (fields: object, line: string) => void): Promise<void> {
  if (!config.catalogSeed) return;
  const catalogue = bundledCatalogue();
  const seeded = await seedCatalogue(store, catalogue.listings);
  if (seeded.added > 0) log({ ...seeded, source: catalogue.source, licence: catalogue.sourceLicence }, 'API catalogue seeded');
}
