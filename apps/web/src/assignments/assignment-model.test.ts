import { describe, expect, it } from 'vitest';
import { addAssignee, chipsOf, countChanges, removeAssignee, saveRequestOf, setOwners, unsavablePairs, type KnownMember } from './assignment-model';

const known = (code: number, name: string, validated = 1): KnownMember => ({ code, id: `m${code}`, name, validated });
const members = new Map([
  [1, known(1, '김지민')],
  [2, known(2, '한서연')],
  [3, known(3, '최유진')],
  [4, known(4, '이하은', 0)],
]);

describe('assignment model', () => {
  const saved = { '10': [1], '11': [2, 4] };

  it('marks chips: saved blue, new green, unknown or unapproved grey, other grade tagged', () => {
    const current = addAssignee(addAssignee(saved, [10], 3), [10], 99);
    const chips = chipsOf(10, current, saved, members, new Set([1, 2]));
    expect(chips).toEqual([
      { code: 1, name: '김지민', state: 'existing', reason: null, otherGrade: false },
      { code: 3, name: '최유진', state: 'new', reason: null, otherGrade: true },
      { code: 99, name: null, state: 'unknown', reason: 'unknown', otherGrade: false },
    ]);
    expect(chipsOf(11, current, saved, members, null).map((c) => [c.state, c.reason])).toEqual([
      ['existing', null],
      ['unknown', 'unapproved'],
    ]);
  });

  it('adds, removes and replaces owners without touching the input', () => {
    const added = addAssignee(saved, [10, 12], 1);
    expect(added).toEqual({ '10': [1], '11': [2, 4], '12': [1] });
    expect(removeAssignee(added, 11, 2)).toEqual({ '10': [1], '11': [4], '12': [1] });
    expect(removeAssignee({ '10': [1] }, 10, 1)).toEqual({});
    expect(setOwners(saved, new Map([[11, 3]]))).toEqual({ '10': [1], '11': [3] });
    expect(saved).toEqual({ '10': [1], '11': [2, 4] });
  });

  it('counts changes against the server map', () => {
    expect(countChanges(saved, saved)).toBe(0);
    expect(countChanges(setOwners(saved, new Map([[11, 3]])), saved)).toBe(3);
    expect(countChanges({}, saved)).toBe(3);
  });

  it('builds the whole exam in list order, leaving out members the server would refuse', () => {
    const current = { '11': [2, 4, 99], '10': [1] };
    expect(unsavablePairs(current, members)).toBe(2);
    expect(saveRequestOf(7, [10, 11, 12], current, members)).toEqual({
      test_code: 7,
      assignments: [
        { problem_code: 10, assignee_code: 1 },
        { problem_code: 11, assignee_code: 2 },
      ],
    });
  });
});
