/** An item of a streamed array that arrived before the header it needs. */
export interface SpilledItem {
  array: string;
  index: number;
  value: unknown;
  /** Nested deeper than allowed: the deep part was skipped while parsing. */
  tooDeep?: boolean;
  /** The line the item starts on in the file, when the parser knows it: issues inside it name that line. */
  line?: number;
}

/**
 * Holds items that must wait (tau2 `simulations` written before `tasks`, every tau-bench result
 * before the run's header is known) and gives them back in order. The server passes one backed
 * by a temporary file so waiting items do not count against memory.
 */
export interface RecordSpill {
  append(item: SpilledItem): Promise<void>;
  replay(): AsyncIterable<SpilledItem>;
  dispose(): Promise<void>;
}

export type SpillFactory = () => RecordSpill;

/** Keeps waiting items in memory: for tests and small inputs. */
export function createMemorySpill(): RecordSpill {
  let items: SpilledItem[] = [];
  return {
    append: async (item) => {
      items.push(item);
    },
    async *replay() {
      const taken = items;
      items = [];
      yield* taken;
    },
    dispose: async () => {
      items = [];
    },
  };
}
