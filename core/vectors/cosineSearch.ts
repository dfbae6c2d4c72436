import { type Kysely, type RawBuilder, sql } from 'kysely';
import { vectorLiteral } from './vectorLiteral';

// Tables that hold vectors are named at run time (projection schemas, replay schemas): an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Where one kind of row keeps its vectors: an unsized `vector` column beside the rows it describes, and a text column
 * naming the model that made each vector. Unsized, so a change of model (and of dimensions) needs no table rewrite:
 * each model gets its own partial HNSW index over the column cast to its size, and a query names the model it embeds
 * with, reading only that model's vectors while a backfill moves rows from one model to the next.
 */
export interface VectorColumn {
  readonly schema?: string;
  readonly table: string;
  /** The `vector` column, e.g. `embedding`. */
  readonly column: string;
  /** The text column naming the model of each row's vector, e.g. `embedding_model`. */
  readonly modelColumn: string;
}

/** One model's vectors in a VectorColumn: the partial index and the queries are per model and size. */
export interface ModelVectors extends VectorColumn {
  readonly model: string;
  readonly dimensions: number;
}

const tableRef = (where: VectorColumn) => (where.schema ? sql.id(where.schema, where.table) : sql.id(where.table));

/** Adds the vector column and its model column to an existing table (nothing when they are there). */
export async function addVectorColumns(db: AnyDb, where: VectorColumn): Promise<void> {
  await sql`alter table ${tableRef(where)} add column if not exists ${sql.id(where.column)} vector, add column if not exists ${sql.id(where.modelColumn)} text`.execute(
    db,
  );
}

/** The index name for one model's vectors: stable, at most PostgreSQL's 63 bytes. */
export function cosineIndexName(where: ModelVectors): string {
  const model = where.model.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return `${where.table}_${where.column}_${model}_${where.dimensions}`.slice(0, 63);
}

function sizedColumn(where: ModelVectors): RawBuilder<unknown> {
  return sql`(${sql.id(where.column)}::vector(${sql.lit(checkedDimensions(where.dimensions))}))`;
}

/**
 * An HNSW index (cosine distance) over one model's vectors; the query must read the same expression
 * (cosineDistance) and the same model filter (ofModel) for the planner to use it.
 */
export async function createCosineIndex(db: AnyDb, where: ModelVectors, options: { concurrently?: boolean } = {}): Promise<void> {
  const concurrently = options.concurrently ? sql`concurrently` : sql``;
  await sql`create index ${concurrently} if not exists ${sql.id(cosineIndexName(where))} on ${tableRef(where)} using hnsw (${sizedColumn(where)} vector_cosine_ops) where ${sql.id(where.modelColumn)} = ${sql.lit(where.model)}`.execute(
    db,
  );
}

/** Cosine distance (0 same direction … 2 opposite) between a row's vector and the query's; similarity is 1 − distance. */
export function cosineDistance(where: ModelVectors, query: ArrayLike<number>): RawBuilder<number> {
  if (query.length !== where.dimensions) throw new RangeError(`the query vector has ${query.length} dimensions, ${where.model} makes ${where.dimensions}`);
  return sql<number>`(${sizedColumn(where)} <=> ${vectorLiteral(query)}::vector(${sql.lit(where.dimensions)}))`;
}

/** The filter that keeps a query to one model's vectors (and lets the planner use that model's partial index). */
export function ofModel(where: ModelVectors): RawBuilder<boolean> {
  return sql<boolean>`${sql.id(where.modelColumn)} = ${sql.lit(where.model)}`;
}

/** HNSW's candidate list while searching (hnsw.ef_search, default 40): more finds more of the true nearest, slower. */
export async function setEfSearch(db: AnyDb, candidates: number): Promise<void> {
  await sql`select set_config('hnsw.ef_search', ${String(Math.max(1, Math.floor(candidates)))}, true)`.execute(db);
}

function checkedDimensions(dimensions: number): number {
  // pgvector's HNSW indexes take up to 2,000 dimensions of `vector`.
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 2000) throw new RangeError(`an HNSW index takes 1 to 2000 dimensions, not ${dimensions}`);
  return dimensions;
}
