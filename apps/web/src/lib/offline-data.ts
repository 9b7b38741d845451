import type { ReviewRating } from '@qbank/shared/review';
import { clear, createStore, del, set, values, type UseStore } from 'idb-keyval';
import { OFFLINE_CACHES } from './offline-caches';

// What this browser keeps for one member to study offline (decision 041): the service worker's
// runtime caches (an exam's API reads, its pictures), the answers and the annotation changes
// waiting to be sent (decision 197), and the list of exams saved with "오프라인 저장". All of it belongs to the member signed in when it was
// made; the login session (lib/login-session.ts) clears it when that member leaves, so on a shared
// computer nothing of one member is ever served to the next.

/** An answer kept until the server has recorded it (decisions 041, 054). */
interface QueuedAnswerBase {
  /** The answer's own id: the server records one answer per id (a replay gets the first record). */
  client_id: string;
  member_code: number;
  /** The problem's exam. */
  test_code: number;
  problem_uid: number;
  answer: string;
  /** The screen's own verdict, shown until the server's arrives. */
  local_correct: boolean;
  queued_at: string;
}

/** Solve mode's (answers kept before sessions and reviews were queued have no kind). */
export interface QueuedSolveAnswer extends QueuedAnswerBase {
  kind?: 'solve';
}

/** A study session's answer, and when it was made on the server's clock (a late arrival still counts). */
export interface QueuedSessionAnswer extends QueuedAnswerBase {
  kind: 'session';
  session_code: number;
  answered_at: string;
}

/** A review-deck answer, with the rating given while it waited. */
export interface QueuedReviewAnswer extends QueuedAnswerBase {
  kind: 'review';
  rating?: ReviewRating;
}

export type QueuedAnswer = QueuedSolveAnswer | QueuedSessionAnswer | QueuedReviewAnswer;
export type AnswerKind = NonNullable<QueuedAnswer['kind']>;

/** Which screen an answer belongs to. */
export const answerKindOf = (answer: QueuedAnswer): AnswerKind => answer.kind ?? 'solve';

/** Where queued answers live: IndexedDB, or memory where there is none (unit tests, old browsers). */
export interface AnswerStore {
  all(): Promise<QueuedAnswer[]>;
  put(answer: QueuedAnswer): Promise<void>;
  remove(clientId: string): Promise<void>;
  clear(): Promise<void>;
}

export function memoryAnswerStore(): AnswerStore {
  const map = new Map<string, QueuedAnswer>();
  return {
    all: async () => [...map.values()],
    put: async (answer) => void map.set(answer.client_id, answer),
    remove: async (clientId) => void map.delete(clientId),
    clear: async () => map.clear(),
  };
}

function indexedDbAnswerStore(): AnswerStore {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore('qbank-offline', 'answers'));
  return {
    all: () => values<QueuedAnswer>(db()),
    put: (answer) => set(answer.client_id, answer, db()),
    remove: (clientId) => del(clientId, db()),
    clear: () => clear(db()),
  };
}

export const answerStore: AnswerStore = typeof indexedDB === 'undefined' ? memoryAnswerStore() : indexedDbAnswerStore();

/**
 * The member's answers in `store` still waiting to be sent (those `match` picks), oldest first:
 * what the answer queue sends (answering/answer-queue.ts) and the shell's indicator counts.
 */
export async function waitingAnswers(store: AnswerStore, memberCode: number, match: (answer: QueuedAnswer) => boolean = () => true): Promise<QueuedAnswer[]> {
  const all = await store.all();
  return all.filter((a) => a.member_code === memberCode && match(a)).sort((a, b) => a.queued_at.localeCompare(b.queued_at));
}

const listeners = new Set<() => void>();

/** Told whenever the queue or the saved exams change (the shell's count, the save buttons). */
export function subscribeOfflineData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyOfflineData(): void {
  for (const listener of listeners) listener();
}

const SAVED_EXAMS_KEY = 'qbank.offlineExams';
const OWNER_KEY = 'qbank.offlineOwner';
/** Strikes, highlights and marks waiting to be sent (annotations/annotation-queue.ts). */
export const PENDING_ANNOTATIONS_KEY = 'qbank.pending-annotations';
/** Highlights kept before strikes and marks were queued too; read once into the queue above. */
export const LEGACY_PENDING_HIGHLIGHTS_KEY = 'qbank.pending-highlights';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage blocked: offline saving is then only as good as the service worker's caches
  }
}

/** The exams saved for offline study, by exam code, with when (ISO time). */
export function savedExams(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readStorage(SAVED_EXAMS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function markExamSaved(testCode: number, at: string): void {
  writeStorage(SAVED_EXAMS_KEY, JSON.stringify({ ...savedExams(), [testCode]: at }));
  notifyOfflineData();
}

async function deleteCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

/** Everything kept for offline study goes: the member left (logout, expired session, another member). */
export async function clearOfflineData(): Promise<void> {
  writeStorage(SAVED_EXAMS_KEY, null);
  writeStorage(OWNER_KEY, null);
  writeStorage(PENDING_ANNOTATIONS_KEY, null);
  writeStorage(LEGACY_PENDING_HIGHLIGHTS_KEY, null);
  await Promise.all([deleteCaches(), answerStore.clear()]).catch(() => undefined);
  notifyOfflineData();
}

/**
 * The member now signed in owns what is kept from here on. Whatever is kept without being theirs
 * (another member's session ended without a logout here, e.g. it expired) is cleared first.
 */
export async function claimOfflineData(memberCode: number): Promise<void> {
  if (readStorage(OWNER_KEY) === String(memberCode)) return;
  await clearOfflineData();
  writeStorage(OWNER_KEY, String(memberCode));
}
