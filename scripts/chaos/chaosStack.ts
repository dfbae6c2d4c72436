import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../services/databaseUrl';
import { ensureLocalPostgres, type LocalPostgres } from '../services/postgres';
import type { Say } from '../services/processes';
import { ensureLocalTemporal, type LocalTemporal, type TemporalPorts } from '../services/temporal';
import { ensureProductionTemporal, type ProductionTemporal } from '../services/productionTemporal';
import { productionPorts } from '../services/temporalServerConfig';

export interface ChaosPorts {
  readonly postgres: number;
  readonly temporal: TemporalPorts;
}

/**
 * The chaos run's own PostgreSQL cluster and Temporal dev server, on ports and data folders of their own, so
 * restarting them disturbs no one else's services. Started here, restarted on demand, stopped at the end.
 */
export class ChaosStack {
  private postgres: LocalPostgres | undefined;
  private temporal: LocalTemporal | undefined;
  private production: ProductionTemporal | undefined;
  private fresh = true;

  constructor(
    private readonly dataDir: string,
    readonly ports: ChaosPorts,
    private readonly say: Say,
    /** `production`: the Temporal server built from go.temporal.io/server, on this run's PostgreSQL, mTLS on. */
    readonly temporalKind: 'dev' | 'production' = 'dev',
  ) {}

  get temporalAddress(): string {
    return `127.0.0.1:${this.ports.temporal.grpc}`;
  }

  /** The variables that point the API and the worker at this run's Temporal (the production server's TLS settings too). */
  get temporalEnv(): Record<string, string> {
    return this.production ? { ...this.production.env } : { TEMPORAL_ADDRESS: this.temporalAddress };
  }

  async start(): Promise<void> {
    await this.startPostgres();
    await this.startTemporal();
  }

  /** A fresh database for the run on the chaos cluster; its URL. */
  async freshDatabase(name: string): Promise<string> {
    const adminUrl = this.postgres!.adminUrl('postgres');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await admin.end();
    }
    return withDatabase(adminUrl, name);
  }

  async restartPostgres(downMs: number): Promise<void> {
    await this.postgres?.stop();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.startPostgres();
  }

  async restartTemporal(downMs: number): Promise<void> {
    await this.temporal?.stop();
    await this.production?.stop();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.startTemporal();
  }

  async stop(): Promise<void> {
    await this.temporal?.stop();
    await this.production?.stop();
    await this.postgres?.stop();
  }

  private async startPostgres(): Promise<void> {
    this.postgres = await ensureLocalPostgres({ dataDir: this.dataDir, port: this.ports.postgres, say: this.say });
    if (!this.postgres.startedHere) throw new Error(`port ${this.ports.postgres} is taken by another PostgreSQL: choose another with --pg-port`);
  }

  private async startTemporal(): Promise<void> {
    if (this.temporalKind === 'production') {
      // On this run's own PostgreSQL (its restart is an outage of Temporal's persistence too), from no workflows.
      this.production = await ensureProductionTemporal({
        dataDir: this.dataDir,
        folder: 'temporal-production',
        databaseUrl: this.postgres!.adminUrl('postgres'),
        ports: productionPorts(this.ports.temporal.grpc),
        say: this.say,
        fresh: this.fresh,
      });
      this.fresh = false;
      if (!this.production.startedHere) throw new Error(`port ${this.ports.temporal.grpc} is taken by another Temporal: choose another with --temporal-port`);
      return;
    }
    this.temporal = await ensureLocalTemporal({
      dataDir: path.join(this.dataDir),
      say: this.say,
      headless: true,
      quiet: true,
      ports: this.ports.temporal,
    });
    if (!this.temporal.startedHere) throw new Error(`port ${this.ports.temporal.grpc} is taken by another Temporal: choose another with --temporal-port`);
  }
}
