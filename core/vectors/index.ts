/** pgvector helpers: vectors as text, a vector column with its model column, per-model HNSW cosine indexes and queries. */
export {
  addVectorColumns,
  cosineDistance,
  cosineIndexName,
  createCosineIndex,
  type ModelVectors,
  ofModel,
  setEfSearch,
  type VectorColumn,
} from './cosineSearch';
export { parseVector, vectorLiteral } from './vectorLiteral';
