import { usdToMicros } from '../money';
import { modelField, object } from '../registry/fields';
import { str, strings, textInput } from '../registry/shapes';
import type { ToolDraft } from '../registry/types';

export const visionTools = [
  {
    name: 'vision',
    title: 'Analyze an image',
    online: true,
    path: '/vision',
    method: 'POST',
    category: 'text-ai',
    summary: 'Analyse an image at a URL (PNG, JPEG, GIF or WebP; public https addresses only)',
    price: usdToMicros('0.02'),
    premium: true,
    freeTier: false,
    execution: 'activity',
    model: 'generative',
    need: 'vision',
    maxOutputTokens: 1500,
    input: object(
      {
        image_url: { type: 'string', format: 'uri', maxLength: 2000, description: 'Address of the image; fetched once, never followed to private addresses.' },
        prompt: textInput('What to find out about the image.', 5000),
        model: modelField,
      },
      ['image_url'],
    ),
    output: object({ description: str, answer: str, objects: strings, text_in_image: str, tags: strings }, ['description', 'answer', 'objects']),
    aliases: { url: 'image_url', image: 'image_url', question: 'prompt', text: 'prompt', instruction: 'prompt' },
    prompt:
      'Look at the image: describe it, answer the prompt about it (when no prompt is given, `answer` repeats the most useful observation), list the objects you see, transcribe any text in it into `text_in_image`, and add a few tags.',
    example: { image_url: 'https://upload.wikimedia.org/wikipedia/commons/4/47/PNG_transparency_demonstration_1.png', prompt: 'What is in the picture?' },
  },
] as const satisfies readonly ToolDraft[];
