import { AgentCard } from '@a2a-js/sdk';
import { isA2aSkill } from '../../core/a2a/a2aSkills';
import { loadConfig } from '../../core/config/loadConfig';
import { registry } from '../../schema/registry';
import { customAgentCard, serviceCard } from './agentCard';

const config = loadConfig({ ...process.env, APP_ENV: 'test', DATABASE_URL: 'postgres://toolgate@127.0.0.1/none', PUBLIC_BASE_URL: 'http://api.test' });

describe('A2A agent cards', () => {
  it('are written in A2A 1.0 JSON exactly as the official SDK reads and writes it (nothing it would drop or change)', () => {
    for (const card of [serviceCard(config), customAgentCard(config, { agent_id: 'cag_1', name: 'digest' })]) {
      expect(AgentCard.toJSON(AgentCard.fromJSON(card))).toEqual(card);
    }
  });

  it('offer every tool that runs as a job and answers once as a skill, and say what is served: one JSON-RPC interface, streaming, no push', () => {
    const card = serviceCard(config) as { skills: { id: string }[]; supportedInterfaces: unknown[]; capabilities: unknown };
    expect(card.skills.map((s) => s.id)).toEqual(registry.filter(isA2aSkill).map((e) => e.name));
    expect(card.skills.map((s) => s.id)).toEqual(expect.arrayContaining(['summarize', 'agent', 'code/run', 'agents/custom/run']));
    expect(card.skills.map((s) => s.id)).not.toEqual(expect.arrayContaining(['stream/write']));
    expect(card.skills.map((s) => s.id)).not.toContain('v1/messages');
    expect(card.supportedInterfaces).toEqual([{ url: 'http://api.test/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }]);
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: false, extendedAgentCard: false });
  });

  it("says in each skill's description what it costs, how it may be paid and where a message's text goes", () => {
    const skills = new Map((serviceCard(config) as { skills: { id: string; description: string }[] }).skills.map((s) => [s.id, s.description]));
    expect(skills.get('summarize')).toMatch(/0\.01 USD a task \(key, x402, or the free tier\)\. Text parts fill "text"\.$/);
    expect(skills.get('agent')).toMatch(/\(key or x402\)\. Text parts fill "task"\.$/);
    expect(skills.get('memory/set')).toMatch(/as whom it acts/);
  });
});
