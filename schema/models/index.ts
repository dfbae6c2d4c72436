/** The model catalogue: providers, the fifteen models with prices and capabilities, `auto`'s preferences, token cost. */
export { AUTO_PREFERENCE, type ModelNeed } from './autoPreference';
export { AUTO_MODEL, type Capability, findModel, isLocalModel, LOCAL_MODEL, MODEL_CHOICES, MODELS, type ModelId, type ModelInfo } from './catalogue';
export { modelCost } from './cost';
export { type ApiKeySetting, type BaseUrlSetting, PROVIDER_NAMES, PROVIDERS, type ProviderInfo, type ProviderName } from './providers';
export { autoMayPickLocal, type FoundLocalModel, LOCAL_SERVER_PROVIDER, type LocalServerModel, servableLocalModels } from './localServers';
