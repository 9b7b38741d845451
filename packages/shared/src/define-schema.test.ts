import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineSchema } from './define-schema';

describe('defineSchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const schema = defineSchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: '심장' })).toEqual({ name: '심장' });
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('behaves as the schema it stands for: identity checks, composition, nesting, introspection', () => {
    const item = defineSchema(() => z.object({ uid: z.number().int(), text: z.string().transform((text) => text.trim()) }));
    const page = defineSchema(() => z.object({ items: z.array(item), total: z.number() }).extend({ capped: z.boolean().optional() }));
    expect(item instanceof z.ZodObject).toBe(true);
    expect(item instanceof z.ZodType).toBe(true);
    expect(Object.keys(item.shape)).toEqual(['uid', 'text']);
    expect(page.parse({ items: [{ uid: 1, text: ' 빈혈 ' }], total: 1 })).toEqual({ items: [{ uid: 1, text: '빈혈' }], total: 1 });
    expect(() => page.parse({ items: [{ uid: 1.5, text: 'x' }], total: 1 })).toThrow(z.ZodError);
    expect(item.pick({ uid: true }).parse({ uid: 3, text: 'dropped' })).toEqual({ uid: 3 });
    expect(item.nullable().parse(null)).toBeNull();
    // Spreading and listing the stand-in do not throw (a proxy's invariants hold).
    expect(Object.keys({ ...item }).length).toBeGreaterThan(0);
    expect('_zod' in item).toBe(true);
  });

  it('reports its parse errors with the messages the definition gives', () => {
    const code = defineSchema(() => z.number({ error: '숫자를 입력하세요.' }).int());
    const result = code.safeParse('a');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('숫자를 입력하세요.');
  });
});
