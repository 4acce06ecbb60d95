import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { quizAnswerBody, quizAnsweredSchema } from '../schemas/learn.ts';

export const quiz = {
  answer: endpoint({
    method: 'POST',
    path: Routes.quiz.answer,
    auth: 'team',
    summary:
      "Answer a quiz: graded on the server, the attempt recorded (30032 past the course's limit; HTTP 400 with 60010 a lesson not in the course, 60011 a quiz not in the lesson, 60012–60016 an answer that does not fit the quiz); the key, the explanation and the progress after it come back (a pass completes the lesson)",
    input: quizAnswerBody,
    output: quizAnsweredSchema,
  }),
};
