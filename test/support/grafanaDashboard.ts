import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
export const DASHBOARD_FILE = path.join(root, 'monitoring', 'grafana', 'dashboards', 'toolgate.json');

export interface DashboardPanel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly description?: string;
  readonly datasource?: { readonly type: string; readonly uid: string };
  readonly gridPos: { readonly h: number; readonly w: number; readonly x: number; readonly y: number };
  readonly fieldConfig?: { readonly defaults?: { readonly unit?: string } };
  readonly targets?: readonly { readonly refId: string; readonly expr: string; readonly datasource?: { readonly uid: string } }[];
}

export function readDashboard(): { readonly uid: string; readonly title: string; readonly panels: readonly DashboardPanel[] } {
  return JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8'));
}

/** A panel query as Prometheus runs it: Grafana's rate interval (four scrape intervals at least) given a value. */
export function promQl(expr: string, rateInterval = '1m'): string {
  return expr.replaceAll('$__rate_interval', rateInterval);
}

const PREFIXES = /^(toolgate|temporal|process|nodejs)_/;
const HISTOGRAM_PARTS = /_(bucket|sum|count)$/;

/**
 * The metric families a query reads: its identifiers with a metric prefix, outside label matchers, a histogram's
 * _bucket/_sum/_count read as its family. Every metric this service and the Temporal SDK export has one of the prefixes.
 */
export function metricFamiliesOf(expr: string): string[] {
  const bare = expr.replace(/\{[^}]*\}/g, '').replace(/"[^"]*"/g, '');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((name) => PREFIXES.test(name)))];
}

/** A family, or the family a histogram series belongs to, among the families a scrape has. */
export function familyIn(name: string, families: ReadonlyMap<string, string>): string | undefined {
  if (families.has(name)) return name;
  const base = name.replace(HISTOGRAM_PARTS, '');
  return families.get(base) === 'histogram' ? base : undefined;
}
