import { modelEnv } from '../../../test/support/modelEnv';
import { startScriptedModelServer } from '../../../test/support/scriptedModelServer';
import { startTestService } from '../../../test/support/testService';
import { answer, caller, DECISION, FAST, type Group, newKey, reply, REVIEW, withService } from './shared';

/** Paid calls: the quick path, a model tool, the orchestrations (chain, pipeline, batch, agent, goal), and failures. */
export const calls: Group = {
  name: 'calls',
  about: 'toolCall: quick and full paths, a model tool, chain, pipeline, batch, agent loop, goal runner; failed calls',
  async run(rec) {
    const model = await startScriptedModelServer();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(model.baseUrl), ...FAST } }),
        async (service) => {
          const key = await newKey(rec, service, 5);
          const api = caller(service, key);
          const { client } = service;
          const call = (scenario: string) => ({ type: 'toolCall', scenario });
          await rec.step('a quick offline call', async () => {
            const { workflowId } = await api.ok('/sentiment', { text: 'I love durable workflows.', model: 'local' });
            await rec.closed(client, workflowId, 'completed', call('/sentiment with a key: the quick path (one local activity)'));
          });
          await rec.step('a model tool', async () => {
            model.answer({ text: JSON.stringify(DECISION), usage: { prompt: 120, completion: 40 } });
            const { workflowId } = await api.ok('/decide', { text: 'Should we self-host PostgreSQL?', criteria: ['cost'] });
            await rec.closed(client, workflowId, 'completed', call('/decide on a model provider: reserve, the tool as an activity, settle'));
          });
          await rec.step('a failing offline tool', async () => {
            const { workflowId, status } = await api.send('POST', '/regex', { text: 'invoice numbers', model: 'local' });
            if (status === 200) throw new Error('/regex without examples answered 200');
            await rec.closed(client, workflowId, 'failed', call('/regex without examples: the quick path fails, the call is refunded'));
          });
          await rec.step('a chain', async () => {
            const { workflowId } = await api.ok('/chain', {
              steps: [
                { action: 'summarize', params: { text: REVIEW, format: 'short', model: 'local' } },
                { action: 'sentiment', params: { text: '{{prev_result}}', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/chain of two offline steps'));
          });
          await rec.step('a chain whose step fails', async () => {
            const { workflowId } = await api.send('POST', '/chain', {
              steps: [
                { action: 'keywords', params: { text: REVIEW, model: 'local' } },
                { action: 'regex', params: { text: 'invoice numbers', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'failed', call('/chain whose second step fails: refunded'));
          });
          await rec.step('a pipeline', async () => {
            const text = 'Temporal workflows make payment retries durable, while PostgreSQL keeps the ledger.';
            const { workflowId } = await api.ok('/pipeline', {
              steps: [
                { action: 'keywords', params: { text, max_keywords: 3, model: 'local' } },
                { action: 'classify', params: { text, categories: '{{prev.tags}}', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/pipeline of two offline steps'));
          });
          await rec.step('a batch', async () => {
            const { workflowId } = await api.ok('/batch', {
              requests: [
                { action: 'sentiment', params: { text: 'I love this product!', model: 'local' } },
                { action: 'keywords', params: { text: 'Durable workflows make payments safe to retry.', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/batch of two operations side by side'));
          });
          await rec.step('an agent loop', async () => {
            model.answer(
              reply({ thought: 'Measure the sentiment first.', tool: 'sentiment', input: { text: REVIEW, model: 'local' } }),
              answer('The customer is unhappy.'),
            );
            const { workflowId } = await api.ok('/agent', { task: `How does this customer feel? ${REVIEW}`, max_steps: 2 });
            await rec.closed(client, workflowId, 'completed', call('/agent: a model turn, a tool, a model turn that answers'));
          });
          await rec.step('a goal runner', async () => {
            model.answer(reply({ steps: [{ tool: 'sentiment', input: { text: REVIEW, model: 'local' }, purpose: 'how the customer feels' }] }), {
              text: 'The customer is unhappy with delivery and support.',
            });
            const { workflowId } = await api.ok('/workflow', { goal: 'How does this customer feel?', context: REVIEW, max_steps: 1 });
            await rec.closed(client, workflowId, 'completed', call('/workflow: a planned step, then the result written'));
          });
        },
      );
    } finally {
      await model.close();
    }
  },
};
