import { describe, expect, it } from 'vitest';
import { hasChanges, wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the reworded words of a stem, keeping the rest', () => {
    expect(wordDiff('65세 남자가 가슴 통증으로 왔다', '68세 남자가 심한 가슴 통증으로 왔다')).toEqual([
      { kind: 'removed', text: '65세' },
      { kind: 'added', text: '68세' },
      { kind: 'same', text: '남자가' },
      { kind: 'added', text: '심한' },
      { kind: 'same', text: '가슴 통증으로 왔다' },
    ]);
  });

  it('finds no change in the same text, whatever the spacing', () => {
    const parts = wordDiff('가장 적절한  치료는?', '가장 적절한 치료는?\n');
    expect(hasChanges(parts)).toBe(false);
    expect(parts).toEqual([{ kind: 'same', text: '가장 적절한 치료는?' }]);
  });

  it('handles an empty side', () => {
    expect(wordDiff('', '새 보기')).toEqual([{ kind: 'added', text: '새 보기' }]);
    expect(wordDiff('옛 보기', '')).toEqual([{ kind: 'removed', text: '옛 보기' }]);
  });
});
