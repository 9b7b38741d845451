// The few direct API calls the bench makes around the load runs: sign in, make bookmark boxes
// for the write scenario, read the review deck's problems and the editor's typed stems for their
// scenarios, and time the Word export.
import { median, round } from './util.mjs';

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** POST /v1/auth/login (packages/shared/src/auth.ts); returns the bearer token. */
export async function login(base, id, password) {
  const response = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, password }),
  });
  const body = await json(response, `login as ${id}`);
  return body.token;
}

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** Fresh boxes of the signed-in member, so the bookmark scenario inserts instead of re-adding. */
export async function createBoxes(base, token, count) {
  const codes = [];
  for (let i = 1; i <= count; i += 1) {
    const response = await fetch(`${base}/v1/box`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ box_name: `벤치마크 ${i}` }),
    });
    codes.push((await json(response, 'create box')).box.code);
  }
  return codes;
}

/** The problems of the member's review deck (GET /v1/study/review, card data only: decision 205). */
export async function reviewDeckUids(base, token) {
  const response = await fetch(`${base}/v1/study/review`, { headers: bearer(token) });
  return (await json(response, 'review deck')).problems.map((card) => card.problem_uid);
}

/**
 * Stems as an author types them over existing problems (issue 28 item 6): the first `count`
 * questions of the exam, tags gone, cut to four fifths of their length. The editor's
 * suggestions are asked for with these beside stems that match nothing in the bank.
 */
export async function typedStems(base, token, testCode, count = 4) {
  const response = await fetch(`${base}/v1/problem?test_code=${testCode}&page=1&limit=20`, { headers: bearer(token) });
  const texts = (await json(response, 'typed stems')).problem.map((problem) =>
    problem.question
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const stems = texts.filter((text) => text.length >= 20).slice(0, count);
  if (stems.length < count) throw new Error(`typed stems: exam ${testCode} has ${stems.length} questions of 20 characters or more, ${count} asked`);
  return stems.map((text) => text.slice(0, Math.ceil(text.length * 0.8)));
}

/** Entries under word/media/ in a .docx (zip): each name appears in a local and a central header.
 * The docx library stores a picture used twice once, so this counts distinct pictures. */
function countMediaEntries(buffer) {
  const text = buffer.toString('latin1');
  return Math.floor((text.match(/word\/media\//g) ?? []).length / 2);
}

/**
 * Times GET /v1/test/:id/export?format=docx&mode=all (questions, answers, explanations,
 * so every picture) `runs` times in a row, each to the last byte.
 */
export async function timeExport(base, token, testCode, runs) {
  const url = `${base}/v1/test/${testCode}/export?format=docx&mode=all`;
  const times = [];
  let bytes = 0;
  let media = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: bearer(token) });
    const buffer = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`export: HTTP ${response.status} ${buffer.toString('utf8', 0, 300)}`);
    if (buffer.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('export: the answer is not a .docx (zip) file');
    bytes = buffer.length;
    media = countMediaEntries(buffer);
  }
  return {
    test_code: testCode,
    mode: 'all',
    runs,
    first_ms: round(times[0], 0),
    median_ms: round(median(times), 0),
    max_ms: round(Math.max(...times), 0),
    all_ms: times.map((t) => round(t, 0)),
    bytes,
    distinct_images_in_document: media,
  };
}
