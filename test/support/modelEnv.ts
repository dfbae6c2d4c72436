import { PROVIDER_NAMES, PROVIDERS } from '../../schema/models';

/**
 * Environment for a test service whose only model provider is OpenAI at `openaiBaseUrl` (a loopback server),
 * or none at all: every other provider's key and address are blanked, whatever the developer's shell holds.
 */
export function modelEnv(openaiBaseUrl?: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PROVIDER_NAMES) {
    env[PROVIDERS[name].apiKeyEnv] = '';
    env[PROVIDERS[name].baseUrlEnv] = PROVIDERS[name].defaultBaseUrl;
  }
  if (openaiBaseUrl) Object.assign(env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openaiBaseUrl });
  return env;
}
