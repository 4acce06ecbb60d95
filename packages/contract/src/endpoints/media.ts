import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import {
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
};
