/** Model providers: one adapter per provider behind ModelProvider, the factory of the configured ones, and `auto`'s router. */
export { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuitBreaker';
export { createEmbeddingAdapters, createProviders, modelRouterFromConfig, parseModelAliases } from './createProviders';
export {
  createModelRouter,
  type ModelChoice,
  type ModelListing,
  type ModelRequest,
  type ModelRouter,
  type ModelRouterDeps,
  type ProviderChoice,
  type ResolveOptions,
  type RoutedCompletion,
} from './modelRouter';
export { isProviderFault, type ProviderFailureDetails } from './providerFailure';
export type {
  ChatMessage,
  Completion,
  CompletionRequest,
  ContentPart,
  EmbeddingAdapter,
  EmbeddingRequest,
  FinishReason,
  ImagePart,
  ModelProvider,
  OnDelta,
  ProviderEmbeddings,
  TextPart,
} from './types';
