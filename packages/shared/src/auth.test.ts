import { describe, expect, it } from 'vitest';
import { loginRequestSchema, signupFormSchema, signupRequestSchema } from './auth';

const valid = { name: '김민지', id: 'minji', password: 'password-123', nickname: '민지', school_no: '2026190001' };

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('signupRequestSchema', () => {
  it('trims the text fields', () => {
    expect(signupRequestSchema.parse({ ...valid, name: '  김민지 ', id: ' minji ' })).toMatchObject({ name: '김민지', id: 'minji' });
  });

  it.each([
    ['name', '이름은 1~32자 이내로 입력하세요.'],
    ['id', '아이디는 1~32자 이내로 입력하세요.'],
    ['nickname', '닉네임은 1~32자 이내로 입력하세요.'],
    ['school_no', '학번은 1~32자 이내로 입력하세요.'],
  ])('%s: 1–32 characters after trimming', (field, message) => {
    expect(signupRequestSchema.safeParse({ ...valid, [field]: 'ㄱ'.repeat(32) }).success).toBe(true);
    expect(signupRequestSchema.safeParse({ ...valid, [field]: `  ${'ㄱ'.repeat(32)}  ` }).success).toBe(true);
    for (const bad of ['ㄱ'.repeat(33), '', '   ', undefined, 7, null]) {
      expect(firstMessage(signupRequestSchema.safeParse({ ...valid, [field]: bad }))).toBe(message);
    }
  });

  it('keeps passwords between 8 and 128 characters, untrimmed and untruncated', () => {
    expect(signupRequestSchema.parse({ ...valid, password: ' 8 chars' }).password).toBe(' 8 chars');
    expect(signupRequestSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
    for (const bad of ['1234567', 'x'.repeat(129)]) {
      expect(firstMessage(signupRequestSchema.safeParse({ ...valid, password: bad }))).toBe('비밀번호는 8~128자로 입력하세요.');
    }
  });

  it('rejects unknown fields such as a self-granted authority', () => {
    expect(signupRequestSchema.safeParse({ ...valid, authority: 3 }).success).toBe(false);
  });

  it('the form variant requires matching passwords', () => {
    const result = signupFormSchema.safeParse({ ...valid, password_confirm: 'different-1', grade: '2' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['password_confirm'], message: '비밀번호 확인이 일치하지 않습니다.' });
    expect(signupFormSchema.safeParse({ ...valid, password_confirm: valid.password, grade: '2' }).success).toBe(true);
  });

  it('the form variant requires the current grade, 1 to 4', () => {
    for (const grade of [undefined, '', '0', '5']) {
      const result = signupFormSchema.safeParse({ ...valid, password_confirm: valid.password, grade });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({ path: ['grade'], message: '현재 학년(1~4학년)을 선택하세요.' });
    }
  });
});

describe('loginRequestSchema', () => {
  it('accepts the identifier as id, email or both, trimmed', () => {
    expect(loginRequestSchema.parse({ id: ' minji ', email: ' minji ', password: 'x' })).toMatchObject({ id: 'minji', email: 'minji' });
    expect(loginRequestSchema.safeParse({ email: 'a@b.kr', password: 'x' }).success).toBe(true);
  });

  it('requires an identifier and a password', () => {
    expect(firstMessage(loginRequestSchema.safeParse({ password: 'x' }))).toBe('아이디 또는 이메일을 입력하세요.');
    expect(firstMessage(loginRequestSchema.safeParse({ id: '  ', password: 'x' }))).toBe('아이디 또는 이메일을 입력하세요.');
    expect(firstMessage(loginRequestSchema.safeParse({ id: 'minji', password: '' }))).toBe('비밀번호를 입력하세요.');
  });
});
