import { createHash } from 'node:crypto';
import { LOOK_SCRIPT } from '@qbank/shared/look-script';

/** The CSP source that allows the documents' look script and nothing else inline (decision 166). */
export function lookScriptHash(): string {
  return `'sha256-${createHash('sha256').update(LOOK_SCRIPT, 'utf8').digest('base64')}'`;
}
