import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
  captionListSchema,
  captionRemoveBody,
  captionSchema,
  captionUploadBody,
  CAPTION_LIMITS,
  mediaIdQuery,
  mediaPlayBody,
  mediaPlaySchema,
  mediaSchema,
  mediaUsageSchema,
} from '../schemas/media.ts';

export const media = {
  info: endpoint({
    method: 'GET',
    path: Routes.media.info,
    auth: 'team',
    summary: "A media of the team: its upload and transcoding state (another team's answers 404)",
    input: mediaIdQuery,
    output: mediaSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: Routes.media.usage,
    auth: 'team',
    summary: "The team's media storage: bytes used (uploads in progress included) and its quota",
    output: mediaUsageSchema,
  }),
  play: endpoint({
    method: 'POST',
    path: Routes.media.play,
    auth: 'public',
    summary:
      'Signed, short-lived HLS addresses of a media block in a lesson, for whoever may read the lesson (404 otherwise)',
    input: mediaPlayBody,
    output: mediaPlaySchema,
  }),
  captions: endpoint({
    method: 'GET',
    path: Routes.media.captions,
    auth: 'team',
    summary: "A media's caption languages (another team's media answers 404)",
    input: mediaIdQuery,
    output: captionListSchema,
  }),
  captionUpload: endpoint({
    method: 'POST',
    path: Routes.media.captionUpload,
    auth: 'team',
    summary:
      'Captions of a media in one language, from a WebVTT or SRT file (SRT converted, cue text kept as plain text); the same language again replaces it',
    input: captionUploadBody,
    output: captionSchema,
    // Room for a file a little over the limit, so its author reads CAPTION_TOO_LARGE, not a 413.
    bodyLimit: CAPTION_LIMITS.maxBytes * 4 + 64 * 1024,
  }),
  captionRemove: endpoint({
    method: 'POST',
    path: Routes.media.captionRemove,
    auth: 'team',
    summary: "Removes one caption language of a media of the team (another team's answers 404)",
    input: captionRemoveBody,
    output: z.null(),
  }),
};
