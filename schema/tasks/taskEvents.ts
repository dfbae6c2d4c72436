/**
 * The task board on `task-<taskId>` streams (open → claimed → completed; a claim may expire back to open; an open
 * task may be cancelled), and task subscriptions on `tasksub-<subscriptionId>` streams. TaskPosted carries what a
 * subscription filter or an event-triggered agent matches on.
 */
export interface TaskEvents {
  TaskPosted: {
    taskId: string;
    posterAgentId: string;
    posterOwner: string;
    title: string;
    description: string;
    tags: string[];
    rewardMicros: number;
    /** How long a claim holds before the task is open again. */
    claimSeconds: number;
  };
  /** `posterOwner` on every later fact too: it names whose agent_task webhooks hear about it. */
  TaskClaimed: { taskId: string; agentId: string; claimantOwner: string; claim: number; expiresAt: string; posterOwner: string };
  TaskClaimExpired: { taskId: string; agentId: string; claim: number; posterOwner: string };
  TaskCompleted: {
    taskId: string;
    agentId: string;
    claimantOwner: string;
    claim: number;
    result: unknown;
    rewardMicros: number;
    posterAgentId: string;
    posterOwner: string;
  };
  TaskCancelled: { taskId: string; posterAgentId: string; refundedMicros: number; posterOwner: string };
  TaskSubscriptionCreated: { subscriptionId: string; owner: string; callbackUrl: string; filter: TaskFilter };
}

/** What a subscription (or a browse) matches new tasks on; every given part must match. */
export interface TaskFilter {
  tags?: string[];
  q?: string;
  minRewardMicros?: number;
}
