/**
 * The learner's player page under test (/learn/course/:courseId): the API mocked, jsdom given a
 * scrolled lesson and an IntersectionObserver the test drives. Shared by the player's test files.
 */
import { Code, Routes, type LearnProgressBody } from '@studio/contract';
import { screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { http } from '../lib/request.ts';
import { writeStoredUser } from '../lib/storage.ts';
import { user } from './fixtures.ts';
import { learnCourse, learnProgress } from './learn-fixtures.ts';
import { useSession } from '../lib/session-store.ts';

/** What the tests drive: the progress posts (with the fake time sent), the scroll, the end seen. */
export const player: {
  posts: { at: number; body: LearnProgressBody }[];
  scrolled: number;
  endSeen: ((visible: boolean) => void) | null;
} = { posts: [], scrolled: 0, endSeen: null };

export const mock = new MockAdapter(http);
export const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [
  200,
  { code, msg: 'ok', data },
];
export const bodyOf = (data: unknown) => JSON.parse(String(data)) as Record<string, unknown>;

/** Every progress post, with the (fake) time it was sent. */

export const progressPosts = (lessonId?: number) =>
  player.posts.filter((p) => lessonId === undefined || p.body.lessonId === lessonId);

/** jsdom lays nothing out: the lesson is 2768 px tall in a 768 px window, player.scrolled by `player.scrolled`. */

const rect = (top: number, height: number) =>
  ({
    top,
    height,
    bottom: top + height,
    left: 0,
    right: 0,
    width: 0,
    x: 0,
    y: top,
    toJSON: () => ({}),
  }) as DOMRect;

/** IntersectionObserver stand-in: the test says when the lesson's end comes into view. */

class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe() {
    player.endSeen = (visible) =>
      this.callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never);
  }
  disconnect() {
    player.endSeen = null;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

export const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The player page's stand-ins and answers, before and after each test of the file calling it. */
export function setUpPlayerPage(): void {
  // This module is evaluated once per worker (isolate: false), and each file's own `new MockAdapter`
  // takes the request client over: this file's tests answer through this mock again.
  beforeAll(() => {
    http.defaults.adapter = mock.adapter();
  });
  beforeEach(() => {
    useSession.setState({ status: 'ready', user: null });
    writeStoredUser(user());
    player.posts = [];
    player.scrolled = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('learn-lesson') ? rect(-player.scrolled, 2768) : rect(0, 0);
    });
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
    mock.onGet(Routes.learn.course).reply(...ok(learnCourse()));
    mock.onPost(Routes.learn.progress).reply((config) => {
      const body = bodyOf(config.data) as unknown as LearnProgressBody;
      player.posts.push({ at: Date.now(), body });
      // As the server: a position keeps a completed lesson completed and starts one not started.
      const was = learnCourse().lessons.find((l) => l.lessonId === body.lessonId)?.state;
      const state = was === 'not_started' || !was ? 'in_progress' : was;
      return ok(learnProgress({ lessonId: body.lessonId as number, state }));
    });
  });
  afterEach(() => {
    mock.reset();
    queryClient.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
