import type { QueuedAnswer } from '../lib/offline-data';
import { useAnswerRecording as useQueuedRecording, type RecordingHandlers } from '../offline/use-answer-recording';
import type { RecordOf } from '../offline/api';

/**
 * Solve mode's answers go through the offline queue (decision 041): kept first, then sent, and
 * sent again when the connection returns under the same client_id. `queued` are the answers an
 * earlier visit left waiting; they are shown with token 0, so their records find them too.
 */
export function useAnswerRecording(memberCode: number | null, testCode: number, queued: QueuedAnswer[] | null, handlers: RecordingHandlers<RecordOf['solve']>) {
  return useQueuedRecording('solve', memberCode, queued, () => ({ kind: 'solve', test_code: testCode }), handlers);
}
