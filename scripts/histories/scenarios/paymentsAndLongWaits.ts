import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { createSelfHostedFacilitator } from '../../../core/x402';
import { CallbackReceiver } from '../../../test/support/callbackReceiver';
import { walletCallId } from '../../../test/support/callIds';
import { type LocalChain, startLocalChain } from '../../../test/support/localChain';
import { modelEnv } from '../../../test/support/modelEnv';
import { type RpcGate, startRpcGate } from '../../../test/support/rpcGate';
import { startTestService } from '../../../test/support/testService';
import { poll, waitingOn } from '../recorder';
import { caller, type Group, newKey, THROWAWAY, withService } from './shared';

/**
 * x402 on a local chain (a paid call, credit bought, a settlement the chain cannot take), and what waits long on the
 * service's own timings: a claim's hour, a delivery's first back-off.
 */
export const paymentsAndLongWaits: Group = {
  name: 'x402-long-waits',
  about:
    'creditPurchase and toolCall paid with x402 (completed; settling while the chain is down, then settlement unavailable), taskClaimExpiry (waiting, cancelled), webhookDelivery (waiting)',
  async run(rec, say) {
    let local: LocalChain | undefined;
    let gate: RpcGate | undefined;
    const receiver = await CallbackReceiver.start();
    try {
      try {
        local = await startLocalChain();
        gate = await startRpcGate(local.chain.rpcUrl);
      } catch (error) {
        rec.problems.push(
          `x402: the local chain did not start (${error instanceof Error ? error.message : String(error)}): creditPurchase and x402 calls not recorded`,
        );
        say(`  ✗ the local chain did not start: x402 scenarios skipped`);
      }
      const chain = local && gate ? { local, gate } : undefined;
      // The local chain's keys are throwaway ones, but a history holds no private key whoever's it is.
      rec.secret(local?.chain.payerPrivateKey, local?.chain.facilitatorPrivateKey);
      const x402 = chain
        ? {
            terms: { ...chain.local.terms, maxTimeoutSeconds: 10 },
            facilitator: createSelfHostedFacilitator({
              rpcUrl: chain.gate.url,
              privateKey: chain.local.chain.facilitatorPrivateKey,
              pollingIntervalMs: 100,
              receiptTimeoutMs: 1500,
            }),
            rpcUrl: chain.gate.url,
          }
        : undefined;
      await withService(
        rec,
        () =>
          startTestService({
            env: { ...modelEnv(), ...THROWAWAY, FREE_TIER_DAILY: '0', CALL_TIMEOUT_SECONDS: '3', X402_MAX_TIMEOUT_SECONDS: '10' },
            ...(x402 ? { x402 } : {}),
          }),
        async (service) => {
          const { client } = service;
          const poster = await newKey(rec, service, 1);
          const worker = await newKey(rec, service);
          const api = caller(service, poster);
          await rec.step('a claim waiting out its hour, then its task completed', async () => {
            const posterAgent = (await api.ok('/agents/register', { name: 'poster' })).body.agent_id;
            const workerAgent = (await caller(service, worker).ok('/agents/register', { name: 'worker' })).body.agent_id;
            const { body: task } = await api.ok('/task/submit', { agent_id: posterAgent, title: 'Slow one', reward_usd: 0.01 });
            await caller(service, worker).ok('/task/claim', { agent_id: workerAgent, task_id: task.task_id });
            const timer = `task-${task.task_id}-claim-1`;
            await rec.waiting(
              client,
              timer,
              (events) => waitingOn.timer(events),
              { type: 'taskClaimExpiry', scenario: "a claim's timer waiting (TASK_CLAIM_SECONDS)" },
              { keepRunning: true },
            );
            await caller(service, worker).ok('/task/complete', { agent_id: workerAgent, task_id: task.task_id, result: { done: true } });
            await rec.closed(client, timer, 'cancelled', {
              type: 'taskClaimExpiry',
              scenario: "the task completed before its claim ran out: the timer's workflow cancelled",
            });
          });
          await rec.step('a delivery waiting on its back-off', async () => {
            receiver.answerAlways('/down', { status: 500 });
            await api.ok('/webhooks/register', { url: receiver.url('/down') });
            const { body } = await api.ok('/webhooks/test-event', {});
            await rec.waiting(client, `delivery-${body.deliveries[0].delivery_id}`, (events) => waitingOn.timer(events), {
              type: 'webhookDelivery',
              scenario: 'a delivery answered 500, waiting on its first back-off timer (WEBHOOK_RETRY_FIRST_MS)',
            });
          });
          if (!chain) return;
          const payer = privateKeyToAccount(chain.local.chain.payerPrivateKey);
          const paying = wrapFetchWithPayment(
            fetch,
            new x402Client()
              .register('eip155:*', new ExactEvmScheme(payer))
              .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: chain.local.chain.asset }] }),
          );
          /** A request paid with x402 (the client pays the 402 and repeats it), and the workflow its request id names. */
          const pay = async (path: string, body: unknown) => {
            const requestId = randomUUID();
            const init = { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId }, body: JSON.stringify(body) };
            return { response: await paying(`${service.baseUrl}${path}`, init), callId: walletCallId(payer.address, requestId) };
          };
          await rec.step('a call paid with x402', async () => {
            const { response, callId } = await pay('/sentiment', { text: 'Paid on chain.' });
            if (response.status !== 200) throw new Error(`the paid call answered ${response.status}`);
            await rec.closed(client, `call-${callId}`, 'completed', { type: 'toolCall', scenario: '/sentiment paid with x402: run, then settled on chain' });
          });
          await rec.step('credit bought with x402', async () => {
            const { response, callId } = await pay('/credits/buy', { amount_usd: 0.5, label: 'bought' });
            if (response.status !== 200) throw new Error(`/credits/buy answered ${response.status}`);
            rec.secret(((await response.json()) as { key?: string }).key);
            await rec.closed(client, `purchase-${callId}`, 'completed', {
              type: 'creditPurchase',
              scenario: '/credits/buy: reserved, settled on chain, a new key credited',
            });
          });
          /**
           * A payment whose settlement cannot reach the chain: recorded while its settlement is retried, then, once the
           * confirmation step has begun, the chain answers again past the authorization's validity: nothing landed.
           */
          const unreachable = async (workflowId: string, type: string, activity: string, what: string) => {
            await rec.waiting(
              client,
              workflowId,
              (events) => waitingOn.activity(events, activity),
              { type, scenario: `${what}: its settlement retried while the chain cannot be reached (its history so far)` },
              { keepRunning: true },
            );
            await poll(
              'the settlement to be confirmed on chain instead',
              90_000,
              async () => {
                const events = (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
                return events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activity).length >= 2 ? true : undefined;
              },
              500,
            );
            await fetch(chain.local.chain.rpcUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
            });
            chain.gate.open();
            await rec.closed(client, workflowId, 'completed', { type, scenario: `${what}: the settlement never landed, confirmed on chain as not paid` });
          };
          await rec.step('a purchase whose settlement cannot reach the chain', async () => {
            chain.gate.closeAt('eth_sendRawTransaction');
            const { response, callId } = await pay('/credits/buy', { amount_usd: 0.25 });
            if (response.status === 200) throw new Error('/credits/buy answered 200 with the chain unreachable');
            await unreachable(`purchase-${callId}`, 'creditPurchase', 'settleCreditPurchase', '/credits/buy (nothing credited, ok: false)');
          });
          await rec.step('a paid call whose settlement cannot reach the chain', async () => {
            chain.gate.closeAt('eth_sendRawTransaction');
            const { response, callId } = await pay('/sentiment', { text: 'Paid while the chain is down.' });
            if (response.status === 200) throw new Error('the paid call answered 200 with the chain unreachable');
            await unreachable(`call-${callId}`, 'toolCall', 'settleX402Call', '/sentiment paid with x402 (result withheld, payment_failed)');
          });
        },
      );
    } finally {
      await receiver.down();
      await gate?.stop();
      await local?.stop();
    }
  },
};
