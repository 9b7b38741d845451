// What changed between two appearances of a question (issue 28 item 3): a word-level diff by the
// longest common subsequence. No diff library is installed, and stems and options are a few
// hundred words at most, so the O(n·m) table stays small (docs/architecture.md, lineage).

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

const MAX_WORDS = 1500;

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

/** The words of `after` against `before`, runs of one kind joined by spaces. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > MAX_WORDS * MAX_WORDS) {
    const whole: DiffPart[] = [
      { kind: 'removed', text: a.join(' ') },
      { kind: 'added', text: b.join(' ') },
    ];
    return whole.filter((part) => part.text);
  }
  // lengths[i][j]: the LCS of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], word: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}

export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.kind !== 'same');
}
