import type { Setting } from '../settings/setting';

/** The marketplace's settings. */
export const marketplaceSettings = {
  marketplaceFeePercent: {
    env: 'MARKETPLACE_FEE_PERCENT',
    kind: 'int',
    default: '10',
    doc: "The service's fee on a marketplace sale, in percent of the listing price above the listed tool's own price.",
  },
} as const satisfies Record<string, Setting>;
