import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '../../core/metrics/serviceMetrics';
import { loadConfig } from '../../core/config/loadConfig';
import { type DashboardPanel, familyIn, metricFamiliesOf, readDashboard } from '../support/grafanaDashboard';

const root = path.resolve(__dirname, '..', '..');
const yamlFile = (file: string) => parse(readFileSync(path.join(root, file), 'utf8'));
const compose = yamlFile('docker-compose.yml');
const dashboard = readDashboard();
const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');

describe('the compose stack’s monitoring', () => {
  it('mounts the Prometheus configuration and the Grafana provisioning and dashboards that are in the repository', () => {
    const mounts = [...compose.services.prometheus.volumes, ...compose.services.grafana.volumes].filter((v: string) => v.startsWith('./'));
    expect(mounts).toHaveLength(3);
    for (const mount of mounts) expect(existsSync(path.join(root, mount.split(':')[0]))).toBe(true);
    expect(compose.services.grafana.environment.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe('/var/lib/grafana/dashboards/toolgate.json');
  });

  it('scrapes the API and the workers on the metrics ports they listen on in production, bound to the compose network', () => {
    const production = loadConfig({
      APP_ENV: 'production',
      ADMIN_TOKEN: 'x'.repeat(24),
      DATABASE_URL: 'postgres://db',
      TEMPORAL_ADDRESS: 'temporal:7233',
      WEBHOOK_SIGNING_KEY: 'k'.repeat(32),
      AGENT_SESSION_SECRET: 's'.repeat(32),
      LOG_SIGNING_KEY: 'ab'.repeat(32),
    });
    const jobs = Object.fromEntries(yamlFile('monitoring/prometheus.yml').scrape_configs.map((job: { job_name: string }) => [job.job_name, job]));
    expect(jobs['toolgate-api'].dns_sd_configs[0]).toEqual({ names: ['api'], type: 'A', port: production.metricsPort });
    expect(jobs['toolgate-worker'].dns_sd_configs[0]).toEqual({ names: ['worker'], type: 'A', port: production.workerMetricsPort });
    expect(compose['x-app'].environment.METRICS_HOST).toBe('0.0.0.0');
    // Never published: Prometheus reaches them on the compose network.
    expect(compose.services.api.ports.join(' ')).not.toContain('946');
  });

  it('gives Grafana the datasource every panel names', () => {
    const [datasource] = yamlFile('monitoring/grafana/provisioning/datasources/prometheus.yml').datasources;
    expect(datasource).toMatchObject({ type: 'prometheus', url: 'http://prometheus:9090' });
    for (const panel of queryPanels) {
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: datasource.uid });
      for (const target of panel.targets ?? []) expect(target.datasource?.uid ?? datasource.uid).toBe(datasource.uid);
    }
    const [provider] = yamlFile('monitoring/grafana/provisioning/dashboards/toolgate.yml').providers;
    expect(provider.options.path).toBe('/var/lib/grafana/dashboards');
  });
});

describe('the toolgate dashboard', () => {
  it('gives each panel a title of its own', () => {
    expect(new Set(dashboard.panels.map((panel) => panel.title)).size).toBe(dashboard.panels.length);
  });

  it('lays its panels out on Grafana’s 24-column grid without overlaps, each with an id of its own', () => {
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos;
      expect(x + w).toBeLessThanOrEqual(24);
      for (let row = y; row < y + h; row++)
        for (let column = x; column < x + w; column++) {
          const cell = `${row}:${column}`;
          if (cells.has(cell)) throw new Error(`${panel.title} overlaps another panel at ${cell}`);
          cells.add(cell);
        }
    }
  });

  it('says what each panel shows, in which unit, with a query for each of its series', () => {
    for (const panel of queryPanels) {
      expect({ title: panel.title, description: Boolean(panel.description), unit: Boolean(panel.fieldConfig?.defaults?.unit) }).toEqual({
        title: panel.title,
        description: true,
        unit: true,
      });
      expect(panel.targets?.length).toBeGreaterThan(0);
      expect(new Set(panel.targets!.map((t) => t.refId)).size).toBe(panel.targets!.length);
    }
  });

  it("queries only the service's own metrics, by the names its registry defines (Temporal's are checked against a real scrape)", async () => {
    const own = new Map((await metricsRegistry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]));
    const unknown = queryPanels.flatMap((panel: DashboardPanel) =>
      (panel.targets ?? []).flatMap((t) => metricFamiliesOf(t.expr).filter((name) => !name.startsWith('temporal_') && !familyIn(name, own))),
    );
    expect(unknown).toEqual([]);
    // The panels an operator opens first are there.
    expect(queryPanels.map((panel) => panel.title)).toEqual(
      expect.arrayContaining([
        'Calls / s by status',
        'Error rate',
        'API latency p50 / p95',
        'Money reserved vs settled (USD / min)',
        'Subscriber lag',
        'Provider failures / s',
        'Open circuits',
        'Open circuits by provider',
        'Worker task slots',
        'Schedule-to-start p95',
      ]),
    );
  });
});
