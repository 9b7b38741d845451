import { MAX_PAGE_LIMIT } from '@qbank/shared/paging';
import { resolvePicturePath } from '@qbank/shared/pictures';
import { problemsResponseSchema, type Problem } from '@qbank/shared/problems';
import { commonMessages } from '../common/messages';
import { ApiRequestError, withQuery } from '../lib/api-client';
import { OFFLINE_CACHES } from '../lib/offline-caches';
import { markExamSaved } from '../lib/offline-data';

// 오프라인 저장: the reads that keep an exam for offline study (decision 041), and what a study
// session or the review deck keeps of itself when it opens (decision 054).

const UPLOAD_URL = /\/uploads\/[^"'\s)<>\\]+/g;

/** Reads a URL the way apiRequest does and puts the answer in the service worker's cache. */
async function fetchInto(cache: Cache, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    throw new ApiRequestError({ status: 0, message: commonMessages.errors.network, code: 'NETWORK', body: error });
  }
  if (!response.ok) throw new ApiRequestError({ status: response.status, message: commonMessages.errors.requestFailed(response.status) });
  await cache.put(url, response.clone());
  return response;
}

/** Runs `work` over `items`, a few at a time (pictures of a long exam, without flooding a phone's link). */
async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * 오프라인 저장: everything the exam's screens read, fetched now and written to the caches the
 * service worker answers from when there is no connection: the member, the exam and its type
 * counts, its problems in the problem list's pages (`listPageSize`) and in solve mode's, the
 * member's progress, and every picture the problems show. The caches are written directly (not
 * through the service worker), so this works even before the worker controls the page.
 */
export async function saveExamForOffline(testCode: number, listPageSize: number): Promise<void> {
  if (typeof caches === 'undefined') throw new Error('Cache Storage is unavailable');
  const api = await caches.open(OFFLINE_CACHES.api);
  const uploads = await caches.open(OFFLINE_CACHES.uploads);
  const json = { headers: { Accept: 'application/json' } };
  const read = (url: string) => fetchInto(api, url, json);

  await Promise.all(['/v1/auth/me', `/v1/test/${testCode}`, `/v1/test/${testCode}/meta`, `/v1/solve/tests/${testCode}`].map(read));

  const pictures = new Set<string>();
  // The same pages the screens ask for (the same limit in the URL), until the server's own page
  // size says the count is reached, as fetchAllProblems and the problem list do.
  const readPages = async (limit: number) => {
    for (let page = 1; ; page++) {
      const response = await read(withQuery('/v1/problem', { test_code: testCode, page, limit }));
      const text = await response.text();
      const data = problemsResponseSchema.parse(JSON.parse(text));
      for (const match of text.matchAll(UPLOAD_URL)) pictures.add(match[0]);
      if (data.problem.length === 0 || page * data.limit >= data.problem_count) break;
    }
  };
  await readPages(MAX_PAGE_LIMIT);
  await readPages(listPageSize);
  await inBatches([...pictures], 4, (url) => fetchInto(uploads, url, {}));
  markExamSaved(testCode, new Date().toISOString());
}

/**
 * A study session or the review deck, read online, keeps itself for the subway (decision 054):
 * every picture its problems show goes into the picture cache (the screen shows one problem at a
 * time, so the worker alone would keep only those seen), and its own reads (the review deck: the
 * deck and each problem's, decision 205) into the API cache when no service worker answered them
 * (the first visit, before the worker controls the page).
 */
export async function keepForOffline(reads: string | readonly string[], problems: readonly Problem[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const uploads = await caches.open(OFFLINE_CACHES.uploads);
  const named = problems.flatMap((problem) => [problem.question_pic_path, problem.answer_pic_path, problem.comment_pic_path, problem.set_header?.pic_path]);
  const pictures = new Set([
    ...(JSON.stringify(problems).match(UPLOAD_URL) ?? []),
    ...named.map((path) => resolvePicturePath(path)).filter((url) => url?.startsWith('/uploads/')),
  ]);
  const missing = (await Promise.all([...pictures].map(async (url) => ((await uploads.match(url!)) ? null : url!)))).filter((url) => url !== null);
  await inBatches(missing, 4, (url) => fetchInto(uploads, url, {}));
  if (navigator.serviceWorker?.controller) return;
  const api = await caches.open(OFFLINE_CACHES.api);
  await inBatches(typeof reads === 'string' ? [reads] : reads, 4, (url) => fetchInto(api, url, { headers: { Accept: 'application/json' } }));
}
