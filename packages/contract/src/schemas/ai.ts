import { z } from 'zod';

export const AI_LIMITS = { lessonsMin: 1, lessonsMax: 30, topicMax: 100, referenceMax: 8000 } as const;

export const aiCreateBody = z.object({
  topic: z.string().trim().min(2, { error: '请输入课程主题' }).max(AI_LIMITS.topicMax),
  audience: z.string().trim().max(60).default(''),
  level: z.enum(['beginner', 'intermediate', 'advanced']).default('beginner'),
  lessonCount: z.number().int().min(AI_LIMITS.lessonsMin).max(AI_LIMITS.lessonsMax).default(5),
  language: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
  tone: z.enum(['friendly', 'professional', 'concise']).default('friendly'),
  reference: z
    .string()
    .max(AI_LIMITS.referenceMax, { error: `参考资料最多 ${AI_LIMITS.referenceMax} 字` })
    .default(''),
});
export type AiCreateRequest = z.infer<typeof aiCreateBody>;

/** What a generator must answer for the outline; a malformed answer is retried, never saved. */
export const outlineSchema = z.object({
  title: z.string().trim().min(1).max(60),
  subtitle: z.string().trim().max(120).default(''),
  summary: z.string().trim().min(1).max(2000),
  lessons: z
    .array(
      z.object({ title: z.string().trim().min(1).max(60), goal: z.string().trim().max(200).default('') }),
    )
    .min(AI_LIMITS.lessonsMin)
    .max(AI_LIMITS.lessonsMax),
});
export type Outline = z.infer<typeof outlineSchema>;

/** A generated lesson, as parsed from the streamed text: at least one section with a heading and text. */
export const generatedLessonSchema = z.object({
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).min(1),
});
export type GeneratedLesson = z.infer<typeof generatedLessonSchema>;
