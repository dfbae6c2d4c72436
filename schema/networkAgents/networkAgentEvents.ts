import type { Owner } from '../agentNetwork';

/**
 * Agents of the network on `agent-<agentId>` streams, and wallet sign-in challenges on `siwe-<nonce>` streams
 * (one stream per nonce: its second use conflicts, on every replica).
 */
export interface NetworkAgentEvents {
  AgentRegistered: {
    agentId: string;
    owner: Owner;
    name: string;
    description: string;
    capabilities: string[];
    /** A wallet the agent names for itself (informational; ownership is `owner`). */
    wallet?: string;
  };
  /** A Sign-In-With-Ethereum message handed out for `address`, valid until `expiresAt`. */
  WalletChallengeIssued: { nonce: string; address: string; message: string; expiresAt: string };
  /** The signed challenge was accepted and a session token issued: the nonce is spent. */
  WalletChallengeAccepted: { nonce: string; address: string; sessionId: string; sessionExpiresAt: string };
}
