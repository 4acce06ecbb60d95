/** 100,000 released courses, written straight into the server's database, and the lessons they hold. */
import pg from 'pg';
import { seedSearch } from './search-seed.ts';

export const STORE_COURSES = 100_000;
export const KEYWORD = '入门';

export const TOPICS = [
  'Python',
  '数据分析',
  '机器学习',
  '前端开发',
  'Java',
  '产品经理',
  '项目管理',
  '摄影',
  '手机摄影',
  '视频剪辑',
  '平面设计',
  'UI 设计',
  '室内设计',
  '英语口语',
  '日语',
  '商务英语',
  '雅思写作',
  '财务报表',
  '理财',
  '短视频运营',
  '新媒体写作',
  '演讲表达',
  '职场沟通',
  'Excel',
  'PPT',
  '心理学',
  '育儿',
  '烘焙',
  '瑜伽',
  '吉他',
  '钢琴',
  '书法',
  '绘画',
  '中医养生',
  '营养健身',
  '考研数学',
  '公务员考试',
  '少儿编程',
  '人工智能',
  '电商运营',
];
export const PATTERNS = [
  '{t}零基础入门',
  '{t}实战课',
  '{t}进阶指南',
  '从入门到精通：{t}',
  '{t}高手训练营',
  '21 天学会{t}',
  '{t}核心方法论',
  '{t}系统课',
  '{t}必修 30 讲',
  '{t}案例精讲',
  '{t}速成班',
  '给忙碌者的{t}',
  '{t}完全手册',
  '{t}思维与方法',
  '{t}专项突破',
  '{t}常见问题 50 问',
  '一看就懂的{t}',
  '{t}工作坊',
  '{t}宝典',
  '{t}：从新手到专家',
];
const CITIES = ['北京', '上海', '深圳', '杭州', '成都', '武汉', '南京', '西安', '广州', '苏州'];
const NOUNS = ['学堂', '课堂', '研习社', '知识工坊', '学院', '读书会', '训练营', '教研组', '工作室', '书院'];
export const SELLER_TEAMS = 200;
const SEED_BATCH = 100_000;

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

// Lesson text: sentences drawn from a vocabulary with a fixed-seed generator, so a snapshot
// compresses about as well as real prose does (and, like a real course's, is stored out of line).
const WORDS = (
  '学习 方法 练习 项目 案例 思路 工具 问题 目标 结果 数据 分析 设计 表达 沟通 习惯 时间 计划 复盘 反馈 ' +
  '细节 结构 逻辑 原理 技巧 步骤 标准 流程 场景 用户 需求 价值 效率 质量 成本 风险 机会 经验 错误 总结 ' +
  '理解 记忆 观察 判断 选择 调整 优化 验证 实践 拓展'
).split(' ');
const GLUE = '的 和 与 把 在 从 到 让 用 对 将 先 再 然后 因此 所以 但是 如果 就 也 还 都 更'.split(' ');

function sentences(seed: number) {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  return () => {
    let text = '';
    for (let i = 8 + next(8); i > 0; i--) text += WORDS[next(WORDS.length)]! + GLUE[next(GLUE.length)]!;
    return `${text}。`;
  };
}

/** A lesson document: a heading, paragraphs, and for the editor's save a list and some code. */
export function lessonDoc(n: number, rich = false) {
  const sentence = sentences(n);
  const content: object[] = [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `第 ${n} 讲：本节要点` }] },
    ...Array.from({ length: 3 }, () => para(sentence())),
  ];
  if (rich)
    content.push(
      {
        type: 'bulletList',
        content: [0, 1, 2].map(() => ({ type: 'listItem', content: [para(sentence())] })),
      },
      {
        type: 'codeBlock',
        attrs: { language: 'python' },
        content: [{ type: 'text', text: 'scores = [88, 92, 75]\naverage = sum(scores) / len(scores)' }],
      },
      para(sentence()),
    );
  return { type: 'doc', content };
}

/** Every two-character Chinese word of the titles: the cold-cache search asks for each in turn. */
export function titleBigrams(): string[] {
  const words = new Set<string>();
  for (const pattern of PATTERNS)
    for (const topic of TOPICS) {
      const chars = [...pattern.replace('{t}', topic)];
      for (let i = 0; i + 1 < chars.length; i++) {
        const pair = chars[i]! + chars[i + 1]!;
        if (/^[\u4e00-\u9fff]{2}$/.test(pair)) words.add(pair);
      }
    }
  return [...words];
}

type Seeded = {
  matching: number;
  seconds: number;
  snapshotKb: number;
  storedKb: number;
  heapMb: number;
  toastMb: number;
};

export async function seedStore(databaseUrl: string, courses = STORE_COURSES): Promise<Seeded> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let mark = Date.now();
  const lap = (what: string) => {
    console.log(`  seed: ${what} ${Date.now() - mark} ms`);
    mark = Date.now();
  };
  try {
    const lessons = Array.from({ length: 8 }, (_, i) => ({
      lessonId: i + 1,
      title: `第 ${i + 1} 讲`,
      position: i + 1,
      durationMin: 15,
      freePreview: i === 0,
      version: 1,
      updateTime: Date.now(),
      content: lessonDoc(i + 1),
    }));
    const template = {
      summary: '这门课面向希望系统学习的你：讲清原理，配上练习和案例，学完能独立完成一个小项目。',
      tags: ['入门', '实战'],
      authorName: '讲师',
      lessons,
    };
    await client.query('begin');
    await client.query('select setseed(0.42)');
    // The seller teams once; a later call (the 1,000,000 top-up) adds courses to the same teams.
    const sellers = await client.query("select 1 from teams where team_code = 'BENCH1'");
    if (sellers.rowCount === 0) {
      await client.query(
        `insert into users (phone, nick_name, created_at)
         select '1990000' || lpad(g::text, 4, '0'), '讲师' || g, now() from generate_series(1, $1) g`,
        [SELLER_TEAMS],
      );
      await client.query(
        `insert into teams (team_code, team_name, owner_id)
         select 'BENCH' || g, ($2::text[])[1 + g % 10] || ($3::text[])[1 + (g / 10) % 10], u.id
         from generate_series(1, $1) g join users u on u.phone = '1990000' || lpad(g::text, 4, '0')`,
        [SELLER_TEAMS, CITIES, NOUNS],
      );
      await client.query(
        `insert into team_members (team_id, user_id, role)
         select t.id, t.owner_id, 'OWNER' from teams t where t.team_code like 'BENCH%'`,
      );
    }
    const { rows } = await client.query<{ id: number }>('select coalesce(max(id), 0) as id from courses');
    const firstNew = rows[0]!.id + 1;
    // A batch per statement pair keeps each statement's memory bounded at a million courses.
    for (let done = 0; done < courses; done += SEED_BATCH) {
      const { rows: batchStart } = await client.query<{ id: number }>(
        'select coalesce(max(id), 0) + 1 as id from courses',
      );
      await client.query(
        `insert into courses (team_id, author_id, title, subtitle, summary, cover, category, tags, price,
                            status, version, released_version, created_at, updated_at)
       select t.id, t.owner_id, x.title, '讲透原理，配套练习与案例', $4, '/api/files/cover/bench.png',
              ($5::text[])[1 + floor(random() * 7)::int], '["入门","实战"]'::jsonb, x.price,
              'released', 1, 1, x.at, x.at
       from (
         select g,
                replace(($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int], '{t}',
                        ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int]) as title,
                (array[0, 990, 1990, 2990, 4990, 9900, 19900, 29900])[1 + floor(random() * 8)::int] as price,
                now() - random() * interval '730 days' as at
         from generate_series(1, $1) g
       ) x
       join teams t on t.team_code = 'BENCH' || (1 + x.g % ${SELLER_TEAMS})`,
        [
          Math.min(SEED_BATCH, courses - done),
          PATTERNS,
          TOPICS,
          template.summary,
          ['tech', 'business', 'design', 'language', 'education', 'life', 'other'],
        ],
      );
      await client.query(
        `insert into course_releases (course_id, version_no, snapshot, title, notes, price, released_by, created_at)
       select c.id, 1,
              $1::jsonb || jsonb_build_object('courseId', c.id, 'title', c.title, 'subtitle', c.subtitle,
                'cover', c.cover, 'category', c.category, 'price', c.price, 'teamName', t.team_name),
              c.title, '首次发布', c.price, c.author_id, c.created_at
       from courses c join teams t on t.id = c.team_id
       where c.id >= $2`,
        [JSON.stringify(template), batchStart[0]!.id],
      );
      // Sales are the store's (course_sales): most courses sell little, a few sell thousands.
      await client.query(
        `insert into course_sales (course_id, sales)
         select id, n from (select id, floor(power(random(), 3) * 5000)::int as n from courses where id >= $1) s
         where n > 0`,
        [batchStart[0]!.id],
      );
      lap(`courses and releases ${done + Math.min(SEED_BATCH, courses - done)}`);
    }
    await seedSearch(client, firstNew, lap);
    await client.query('commit');
    lap('commit');
    // Steady state, as autovacuum leaves it: statistics, visibility map, GIN pending lists merged.
    await client.query(
      'vacuum analyze courses, course_releases, teams, users, team_members, store_search_docs, store_search_terms, store_search_term_counts',
    );
    // Written out now rather than by a checkpoint in the middle of a measurement.
    await client.query('checkpoint');
    lap('vacuum analyze');
    const count = await client.query<{ n: number }>(
      `select count(*)::int as n from course_releases where title ilike $1`,
      [`%${KEYWORD}%`],
    );
    const sizes = await client.query<{ raw: number; stored: number; heap: number; toast: number }>(
      `select (select avg(octet_length(snapshot::text))::int from course_releases) as raw,
              (select avg(pg_column_size(snapshot))::int from course_releases) as stored,
              pg_relation_size(c.oid)::bigint as heap, pg_relation_size(c.reltoastrelid)::bigint as toast
       from pg_class c where c.relname = 'course_releases'`,
    );
    const size = sizes.rows[0]!;
    return {
      matching: count.rows[0]!.n,
      seconds: Math.round((Date.now() - started) / 1000),
      snapshotKb: Math.round(size.raw / 102.4) / 10,
      storedKb: Math.round(size.stored / 102.4) / 10,
      heapMb: Math.round(Number(size.heap) / 2 ** 20),
      toastMb: Math.round(Number(size.toast) / 2 ** 20),
    };
  } finally {
    await client.end();
  }
}
