import type { RoutedCompletion } from '../../providers';
import type { ModelRequest } from '../../providers';

/** What a model-backed tool asks of the model, and how its answer becomes the tool's output. */
export type ModelTask =
  | {
      /** The answer must be a JSON object valid against the tool's output schema (one repair is allowed). */
      readonly kind: 'json';
      readonly request: ModelRequest;
      /** Fills in what is better computed than asked for (counts, checks); may throw AnswerProblem to ask for a repair. */
      readonly finish?: (answer: Record<string, unknown>) => Record<string, unknown>;
    }
  | {
      /** Free text (chat, the streamed endpoints), shaped into the output here. */
      readonly kind: 'text';
      readonly request: ModelRequest;
      readonly toOutput: (text: string, completion: RoutedCompletion) => Record<string, unknown>;
    };

/** A valid-looking answer that is still wrong (a pattern that does not compile): worth one repair. */
export class AnswerProblem extends Error {}
