/** The model catalogue: providers, the fifteen chat models and the embedding models with prices and capabilities, `auto`'s preferences, token cost. */
export { AUTO_PREFERENCE, type ModelNeed } from './autoPreference';
export { AUTO_MODEL, type Capability, findModel, isLocalModel, LOCAL_MODEL, MODEL_CHOICES, MODELS, type ModelId, type ModelInfo } from './catalogue';
export { modelCost } from './cost';
export {
  AUTO_EMBEDDING_PREFERENCE,
  EMBEDDING_MODELS,
  type EmbeddingModelId,
  type EmbeddingModelInfo,
  type EmbeddingProvider,
  findEmbeddingModel,
  LOCAL_EMBEDDING_MODEL_FILE,
  LOCAL_EMBEDDING_MODEL_ID,
  localEmbeddingModelPath,
} from './embeddingCatalogue';
export { type ApiKeySetting, type BaseUrlSetting, PROVIDER_NAMES, PROVIDERS, type ProviderInfo, type ProviderName } from './providers';
export { type FoundLocalModel, LOCAL_SERVER_PROVIDER, type LocalServerModel } from './localServers';
