// The load scenarios of issue 7 item 2, built from the seed:large summary. Each `next()` hands
// out the following request, so rotating ids spread over the whole run and over all connections.
import { getChoseong } from 'es-hangul';
import { bearer } from './api.mjs';

/** Page sizes, as the web app asks for them (apps/web/src/problems/api.ts, exams/api.ts). */
const EXAMS_PAGE_SIZE = 20;
const TEST_PROBLEMS_PAGE_SIZE = 20;
const CLASS_PROBLEMS_PAGE_SIZE = 5;

function rotate(items) {
  let i = 0;
  return () => items[i++ % items.length];
}

/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const pages = (count, size) => Array.from({ length: Math.max(1, Math.ceil(count / size)) }, (_, i) => i + 1);

/**
 * summary: the seed:large summary; token: an approved student's bearer token; boxCodes: boxes of
 * that student; load: { read, write, login } autocannon settings; reviewUids: the problems of
 * that student's review deck, as its first read gave them (bench/api.mjs `reviewDeckUids`);
 * typedStems: stems typed over existing problems (bench/api.mjs `typedStems`).
 */
export function buildScenarios({ summary, token, boxCodes, base, load, statsTokens = null, reviewUids = [], typedStems = [] }) {
  const auth = bearer(token);
  const get = (path) => ({ method: 'GET', path, headers: auth });
  const exam = summary.exam120.test_code;
  const klass = summary.classWithProblems.class_heritage_code;
  const ids = summary.problemIds;

  const examPage = rotate(pages(summary.exam120.problems, TEST_PROBLEMS_PAGE_SIZE));
  const classPage = rotate(pages(summary.classWithProblems.problems, CLASS_PROBLEMS_PAGE_SIZE));
  const term = rotate(summary.searchTerms);

  // Bookmark add: every (box, problem) pair once before any repeats, so requests insert rows; a
  // repeat would still be a valid 200 (adding twice succeeds, boxes/routes.ts).
  let pair = 0;
  const nextPair = () => {
    const i = pair++;
    return { box: boxCodes[Math.floor(i / ids.length) % boxCodes.length], problem: ids[i % ids.length] };
  };
  let replyCount = 0;
  const student = rotate(summary.students);
  const writeHeaders = { ...auth, 'content-type': 'application/json', origin: base };

  return [
    {
      name: 'healthz (qbank server)',
      kind: 'diagnostic',
      ...load.read,
      next: () => get('/healthz'),
    },
    {
      name: 'exam list page',
      kind: 'read',
      // A cached public read: issue 33 holds it to half its same-bytes ceiling (bench/report.mjs).
      cachedPublic: true,
      ...load.read,
      next: () => get(`/v1/test/tests?page=1&limit=${EXAMS_PAGE_SIZE}`),
    },
    {
      name: '120-problem exam, problem list',
      kind: 'read',
      cachedPublic: true,
      ...load.read,
      next: () => get(`/v1/problem?test_code=${exam}&page=${examPage()}&limit=${TEST_PROBLEMS_PAGE_SIZE}`),
    },
    {
      // The same pages as a browser asks for them: every browser sends Accept-Encoding, and the
      // cached answer goes out gzipped (~7 kB instead of ~37 kB). Beside the row above, it shows
      // how much of that row is the bytes on loopback and the load generator reading them.
      name: '120-problem exam, problem list (gzip)',
      kind: 'read',
      cachedPublic: true,
      ...load.read,
      next: () => ({
        ...get(`/v1/problem?test_code=${exam}&page=${examPage()}&limit=${TEST_PROBLEMS_PAGE_SIZE}`),
        headers: { ...auth, 'accept-encoding': BROWSER_ENCODINGS },
      }),
    },
    {
      name: 'Korean substring search (all problems)',
      kind: 'read',
      cachedPublic: true,
      search: true,
      ...load.read,
      next: () => get(`/v1/problem?q=${encodeURIComponent(term())}&page=1&limit=${TEST_PROBLEMS_PAGE_SIZE}`),
    },
    {
      name: 'class problem list',
      kind: 'read',
      cachedPublic: true,
      ...load.read,
      next: () => get(`/v1/problem?class_heritage_code=${klass}&page=${classPage()}&limit=${CLASS_PROBLEMS_PAGE_SIZE}`),
    },
    {
      // A problem's 출제 이력 (issue 28, target p95 ≤ 20 ms): lineages exist only as far as the
      // lineage worker has drained the queue the seed filled (decision 130).
      name: "a problem's lineage",
      kind: 'read',
      ...load.read,
      next: (() => {
        const problem = rotate(ids);
        return () => get(`/v1/problem/${problem()}/lineage`);
      })(),
    },
    {
      // The badges of an exam list's chunk of 20 (issue 28, decision 132): one call per chunk.
      name: "an exam chunk's lineage badges",
      kind: 'read',
      ...load.read,
      next: (() => {
        let at = 0;
        return () => {
          const chunk = Array.from({ length: TEST_PROBLEMS_PAGE_SIZE }, (_, i) => ids[(at + i) % ids.length]);
          at += TEST_PROBLEMS_PAGE_SIZE;
          return get(`/v1/lineages/summary?uids=${chunk.join(',')}`);
        };
      })(),
    },
    {
      // A class list sorted 빈출순 (issue 28 item 3, decision 190): ranked by its lineages, from the
      // lineage cache while no lineage or content write came in between (decision 211).
      name: 'class problem list, 빈출순',
      kind: 'read',
      ...load.read,
      next: () => get(`/v1/problem?class_heritage_code=${klass}&sort=frequency&page=1&limit=${CLASS_PROBLEMS_PAGE_SIZE}`),
    },
    {
      // How much of a lecture class recurs (decision 190), shown on its page.
      name: "a class's recurrence",
      kind: 'read',
      ...load.read,
      next: () => get(`/v1/lineages/class/${klass}`),
    },
    {
      // The whole bank's search grouped by lineage (issue 28 item 5; the per-exam search's budget,
      // p95 ≤ 30 ms at 100,000 problems).
      name: 'whole-bank search by lineage',
      kind: 'read',
      search: true,
      ...load.read,
      next: () => get(`/v1/search?q=${encodeURIComponent(term())}&page=1&limit=20`),
    },
    {
      // The editor's live suggestions (issue 28 item 6, target p95 ≤ 50 ms): stems as typed, two
      // thirds over existing problems (a student rebuilding a past exam: suggestions found and
      // scored), a third new questions that match nothing.
      name: "the editor's similar problems",
      kind: 'read',
      ...load.read,
      next: (() => {
        const stems = [
          ...typedStems,
          '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 가장 적절한 치료는?',
          '혈액검사에서 빈혈이 관찰되었다. 가장 가능성 높은 진단은?',
        ];
        const stem = rotate(stems);
        return () => get(`/v1/problem/similar?text=${encodeURIComponent(stem())}`);
      })(),
    },
    ...statsScenarios({ summary, statsTokens, load }),
    ...lineageLeadScenarios({ statsTokens, load }),
    {
      // The session builder's live count over the whole bank (issue 13): every problem is tested
      // against the member's answers, so this is the builder's slowest common question.
      name: 'study session count, unseen (whole bank)',
      kind: 'read',
      ...load.read,
      next: () => get('/v1/study/sessions/count?filter=unseen'),
    },
    {
      // The student's due cards (card data only, decision 205), from the member cache while their
      // answers and cards are unchanged (decisions 061, 200).
      name: 'review deck (due problems)',
      kind: 'read',
      ...load.read,
      next: () => get('/v1/study/review'),
    },
    {
      // As the web app asks for it: the cached body is stored gzipped once with it
      // (read-caches/response-cache.ts).
      name: 'review deck, gzip',
      kind: 'read',
      ...load.read,
      next: () => ({ ...get('/v1/study/review'), headers: { ...auth, 'accept-encoding': BROWSER_ENCODINGS } }),
    },
    ...reviewProblemScenarios({ reviewUids, get, load }),
    {
      name: 'review due count (/home)',
      kind: 'read',
      ...load.read,
      next: () => get('/v1/study/review/count'),
    },
    {
      name: 'bookmark add',
      kind: 'write',
      ...load.write,
      next: () => {
        const { box, problem } = nextPair();
        return { method: 'POST', path: `/v1/box/${box}/problem/${problem}`, headers: { ...auth, origin: base } };
      },
    },
    {
      name: 'reply post',
      kind: 'write',
      ...load.write,
      next: () => {
        const n = ++replyCount;
        return {
          method: 'POST',
          path: `/v1/problem/${ids[n % ids.length]}/reply`,
          headers: writeHeaders,
          body: JSON.stringify({ reply_text: `벤치마크 댓글 ${n}: 해설 잘 봤습니다.` }),
        };
      },
    },
    {
      name: 'login',
      kind: 'login',
      ...load.login,
      next: () => ({
        method: 'POST',
        path: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: student(), password: summary.password }),
      }),
    },
  ];
}

/**
 * 초성 search (issue 16): the initials of the most frequent term ("혈액검사" → "ㅎㅇㄱㅅ", the
 * choseong index) and its first syllable followed by initials ("혈ㅇㄱㅅ", the mixed path).
 */
function choseongTerms(terms) {
  const [frequent] = terms;
  if (!frequent) return [];
  const initials = getChoseong(frequent).replace(/\s+/g, '');
  return [initials, [...frequent][0] + [...initials].slice(1).join('')];
}

/**
 * One short run per search term at a single connection: what one user waits, term by term. The
 * same URL again and again would be answered from the response cache (read-caches/response-cache.ts)
 * after the first request; `cache-control: no-cache` makes every request run the search, as the
 * first search of a term after any content write does.
 */
export function buildSearchTermScenarios({ summary, token, load }) {
  const headers = { ...bearer(token), 'cache-control': 'no-cache' };
  return [...summary.searchTerms, ...choseongTerms(summary.searchTerms)].map((q) => ({
    name: `search "${q}" (1 connection)`,
    kind: 'search-term',
    term: q,
    connections: 1,
    duration: load.duration,
    next: () => ({ method: 'GET', path: `/v1/problem?q=${encodeURIComponent(q)}&page=1&limit=${TEST_PROBLEMS_PAGE_SIZE}`, headers }),
  }));
}

/** Leads open an exam's item analysis one or a few at a time, not by the hundred. */
const ANALYSIS_CONNECTIONS = 10;

/**
 * The review screen's second read (decision 205): each problem of the deck from the content cache
 * every member shares, GET /v1/problem?uid=N, in rotation over the deck. None without a deck.
 */
function reviewProblemScenarios({ reviewUids, get, load }) {
  if (reviewUids.length === 0) return [];
  const uid = rotate(reviewUids);
  return [
    {
      name: "review deck's problems",
      kind: 'read',
      cachedPublic: true,
      ...load.read,
      next: () => get(`/v1/problem?uid=${uid()}`),
    },
  ];
}

/**
 * The lead's 출제 이력 관리 reads (decision 203), as the lead of the statistics scenarios: the first
 * page of the bank's undecided suggestions and of the lineages keyed differently, and the run's
 * progress the screen polls.
 */
function lineageLeadScenarios({ statsTokens, load }) {
  if (!statsTokens) return [];
  const asLead = (path) => () => ({ method: 'GET', path, headers: bearer(statsTokens.lead) });
  return [
    { name: 'lineage suggestions (lead)', kind: 'read', ...load.read, next: asLead('/v1/lineage/suggestions?page=1&limit=10') },
    { name: 'lineage key conflicts (lead)', kind: 'read', ...load.read, next: asLead('/v1/lineage/key-conflicts?page=1&limit=10') },
    { name: 'lineage run progress (lead)', kind: 'read', ...load.read, next: asLead('/v1/lineages/progress') },
  ];
}

/**
 * Issue 14's three statistics reads on the seeded answers (seed:large's `stats` summary): the
 * stats student's own figures, the class's first answers to the most answered exam's first
 * problem, and a lead's item analysis of that exam. Skipped for a summary written before them.
 */
function statsScenarios({ summary, statsTokens, load }) {
  if (!summary.stats || !statsTokens) return [];
  const { test_code: exam, problem_uid: problem } = summary.stats;
  return [
    {
      name: 'my stats (/v1/stats/me)',
      kind: 'read',
      ...load.read,
      next: () => ({ method: 'GET', path: '/v1/stats/me', headers: bearer(statsTokens.student) }),
    },
    {
      name: "a problem's class answers",
      kind: 'read',
      ...load.read,
      next: () => ({ method: 'GET', path: `/v1/problem/${problem}/stats`, headers: bearer(statsTokens.student) }),
    },
    {
      name: 'item analysis (lead)',
      kind: 'read',
      ...load.read,
      connections: Math.min(ANALYSIS_CONNECTIONS, load.read.connections),
      next: () => ({ method: 'GET', path: `/v1/test/${exam}/item-analysis`, headers: bearer(statsTokens.lead) }),
    },
    {
      // As the lead's browser asks for it: 47 kB of JSON at scale 1, sent gzipped from the cache.
      name: 'item analysis (lead), gzip',
      kind: 'read',
      ...load.read,
      connections: Math.min(ANALYSIS_CONNECTIONS, load.read.connections),
      next: () => ({
        method: 'GET',
        path: `/v1/test/${exam}/item-analysis`,
        headers: { ...bearer(statsTokens.lead), 'accept-encoding': BROWSER_ENCODINGS },
      }),
    },
  ];
}
