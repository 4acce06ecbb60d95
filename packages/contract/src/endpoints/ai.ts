import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { aiTranslateBody, aiTranslationsQuery, courseTranslationsSchema } from '../schemas/ai-translate.ts';
import { aiEstimateBody, aiEstimateSchema, aiUsageQuery, aiUsageSchema } from '../schemas/ai-usage.ts';
import {
  aiCreateBody,
  aiDocumentSchema,
  aiGeneratorSchema,
  aiJobIdBody,
  aiJobIdQuery,
  aiJobSchema,
  aiOutlineBody,
  aiRetryBody,
  DOCUMENT_LIMITS,
  documentParseProgressSchema,
} from '../schemas/ai.ts';
import { pageQuerySchema, pageSchema } from '../schemas/common.ts';

export const ai = {
  create: endpoint({
    method: 'POST',
    path: Routes.ai.create,
    auth: 'team',
    summary: 'Start a generation job (outline first)',
    input: aiCreateBody,
    output: aiJobSchema,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  documentParse: endpoint({
    method: 'POST',
    path: Routes.ai.documentParse,
    auth: 'team',
    summary: 'Read a document (PDF, DOCX, PPTX, Markdown, text) into sections for a job',
    description:
      `Multipart, field \`file\`. Judged by its bytes; at most ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB ` +
      `and ${DOCUMENT_LIMITS.maxPages} pages; refusals are codes 50030–50038. The file is read in memory and not kept; ` +
      `a DOCX's or PPTX's pictures (PNG, JPEG, GIF, WebP; the first ${DOCUMENT_LIMITS.imagesMax}, each at most ` +
      `${DOCUMENT_LIMITS.imageMaxBytes / 1024 / 1024} MB) are stored re-encoded as lesson images, and each section says how many it has. ` +
      'With `Accept: application/x-ndjson` the answer is NDJSON from its first progress line: a line ' +
      '`{"progress":{"done","total","unit"}}` after each page (PDF) or slide (PPTX) read and each picture ' +
      'stored, then the envelope (success or refusal) as the last line. With no progress to report before ' +
      'it (a refusal before any page is read, a DOCX without pictures) the answer is the envelope alone (JSON).',
    output: aiDocumentSchema,
    multipart: true,
    progress: documentParseProgressSchema,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  translate: endpoint({
    method: 'POST',
    path: Routes.ai.translate,
    auth: 'team',
    summary: 'Translate a course into a new draft course (a job of kind translate)',
    description:
      'Lesson by lesson, streamed on /ai/job/stream like generation; code blocks, quiz answer keys, ' +
      'images, media, attachments and link targets stay as they are. The language is zh-CN, en-US or ' +
      'one of AI_TRANSLATE_LANGUAGES. Without an AI provider: code 50041.',
    input: aiTranslateBody,
    output: aiJobSchema,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  translations: endpoint({
    method: 'GET',
    path: Routes.ai.translations,
    auth: 'team',
    summary: "A course's translations (and its source), with whether the source changed since",
    input: aiTranslationsQuery,
    output: courseTranslationsSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: Routes.ai.list,
    auth: 'team',
    summary: "The team's generation jobs",
    input: pageQuerySchema,
    output: pageSchema(aiJobSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: Routes.ai.detail,
    auth: 'team',
    summary: 'A job: status, outline, lessons, percent',
    input: aiJobIdQuery,
    output: aiJobSchema,
  }),
  outline: endpoint({
    method: 'POST',
    path: Routes.ai.outline,
    auth: 'team',
    summary: 'Save the reviewed outline',
    input: aiOutlineBody,
    output: aiJobSchema,
  }),
  generate: endpoint({
    method: 'POST',
    path: Routes.ai.generate,
    auth: 'team',
    summary: 'Write every lesson into a new draft course',
    input: aiJobIdBody,
    output: aiJobSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: Routes.ai.cancel,
    auth: 'team',
    summary: 'Cancel a job',
    input: aiJobIdBody,
    output: aiJobSchema,
  }),
  retry: endpoint({
    method: 'POST',
    path: Routes.ai.retry,
    auth: 'team',
    summary: 'Retry one failed lesson',
    input: aiRetryBody,
    output: aiJobSchema,
  }),
  restart: endpoint({
    method: 'POST',
    path: Routes.ai.restart,
    auth: 'team',
    summary: 'Start again: a new job with a cancelled or failed one’s topic and outline',
    input: aiJobIdBody,
    output: aiJobSchema,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  generator: endpoint({
    method: 'GET',
    path: Routes.ai.generator,
    auth: 'team',
    summary: 'Which generator writes courses: a model, or the template (not AI)',
    output: aiGeneratorSchema,
  }),
  estimate: endpoint({
    method: 'POST',
    path: Routes.ai.estimate,
    auth: 'team',
    summary: 'Tokens (and money, when priced) a creation, translation or assist is expected to use',
    description:
      '`kind` create (the /ai/job/create body), translate (courseId, language) or assist (the ' +
      '/ai/assist body). Input tokens are counted from the text sent, output from what is asked for; ' +
      '`costFen` is set when AI_PRICE_PER_MILLION_INPUT_TOKENS / _OUTPUT_TOKENS are (fen). ' +
      '`allowed` is false while the team’s monthly budget (AI_TEAM_MONTHLY_TOKENS) is used up: the run ' +
      'would be refused with code 50060. The template generator uses no tokens.',
    input: aiEstimateBody,
    output: aiEstimateSchema,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  usage: endpoint({
    method: 'GET',
    path: Routes.ai.usage,
    auth: 'team',
    summary: "The team's AI use by month (and by member for OWNER/ADMIN) against its monthly budget",
    description:
      'Months in China Standard Time, this month first. `members` is null for a MEMBER. Only the ' +
      'session’s team is read.',
    input: aiUsageQuery,
    output: aiUsageSchema,
  }),
};
