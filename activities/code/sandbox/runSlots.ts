export interface RunSlots {
  /** Runs the work once a slot is free; at most `size` runs at a time, the rest wait in order. */
  use<T>(work: () => Promise<T>): Promise<T>;
}

/** Bounds how many sandboxed programs one worker runs at once, so a burst of calls cannot take all its memory and CPU. */
export function createRunSlots(size: number): RunSlots {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async use(work) {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await work();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}
