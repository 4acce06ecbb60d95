/**
 * The OpenAI-compatible generator, loaded with its first call: the AI SDK (`ai` and
 * `@ai-sdk/openai-compatible`, about 22 MB resident) stays out of a server that has not used it yet,
 * and out of the zero-configuration one (the template) entirely.
 */
import type { CourseGenerator } from './course-generator.ts';
import type { OpenAiCompatibleGenerator, OpenAiOptions } from './openai-generator.ts';

export class LazyOpenAiGenerator implements CourseGenerator {
  readonly kind = 'ai' as const;
  readonly label: string;
  private readonly options: OpenAiOptions;
  private real: Promise<OpenAiCompatibleGenerator> | null = null;

  constructor(options: OpenAiOptions) {
    this.options = options;
    this.label = options.model;
  }

  private load(): Promise<OpenAiCompatibleGenerator> {
    this.real ??= import('./openai-generator.ts').then((m) => new m.OpenAiCompatibleGenerator(this.options));
    return this.real;
  }

  async outline(...args: Parameters<CourseGenerator['outline']>) {
    return (await this.load()).outline(...args);
  }

  async lesson(...args: Parameters<CourseGenerator['lesson']>) {
    return (await this.load()).lesson(...args);
  }

  async assist(...args: Parameters<CourseGenerator['assist']>) {
    return (await this.load()).assist(...args);
  }

  async translate(...args: Parameters<NonNullable<CourseGenerator['translate']>>) {
    return (await this.load()).translate(...args);
  }
}
