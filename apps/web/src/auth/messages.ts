// Korean texts of auth. Shared words and page titles: ../common/messages.ts.
import { commonMessages } from '../common/messages';

export const authMessages = {
  login: {
    title: '로그인',
    identifier: '아이디 또는 이메일',
    password: '비밀번호',
    submit: '로그인',
    failed: '로그인 실패',
    noUser: '사용자 정보를 가져올 수 없습니다.',
    noAccount: '아직 회원이 아니신가요?',
    signupLink: '회원가입',
  },
  signup: {
    title: '회원가입',
    intro: '가입 후 관리자 승인이 끝나면 모든 기능을 이용할 수 있습니다.',
    name: '이름',
    id: '아이디',
    idHint: '아이디는 다른 회원과 중복될 수 없습니다.',
    password: '비밀번호',
    passwordHint: '8자 이상 128자 이하로 입력하세요.',
    passwordConfirm: '비밀번호 확인',
    nickname: '닉네임',
    schoolNo: '학번',
    schoolNoHint: '학번은 다른 회원과 중복될 수 없습니다.',
    submit: '회원가입',
    failed: '회원가입 실패',
    haveAccount: '이미 회원이신가요?',
    loginLink: '로그인',
  },
  loginRequired: {
    title: '로그인이 필요합니다',
    text: '이 화면은 로그인한 회원만 이용할 수 있습니다. 로그인하거나 회원가입해 주세요.',
    login: '로그인',
    signup: '회원가입',
  },
  pending: {
    title: '관리자 승인 대기 중',
    text: '관리자 승인 후 이용할 수 있습니다.',
    account: (id: string) => `가입한 아이디: ${id}`,
    recheck: '승인 상태 다시 확인',
    logout: '로그아웃',
    notice: '관리자 승인 대기 중입니다. 승인 후 문제, 해설 등 모든 기능을 이용할 수 있습니다.',
  },
  passwordChange: {
    intro: '현재 비밀번호를 확인한 뒤 입력한 이메일로 인증 메일을 보냅니다. 메일의 링크를 누르면 새 비밀번호가 적용됩니다.',
    email: '이메일',
    emailHint: '계정에 등록된 이메일을 입력하세요. 등록된 이메일이 없으면 변경을 마칠 때 이 이메일이 등록됩니다.',
    currentPassword: '현재 비밀번호',
    newPassword: '새 비밀번호',
    newPasswordConfirm: '새 비밀번호 확인',
    hint: '영문, 숫자, 특수문자를 섞어 8자 이상으로 입력하세요.',
    submit: '인증 메일 보내기',
    sent: '인증 메일을 보냈습니다. 메일의 링크를 눌러 변경을 완료하세요.',
    failed: '비밀번호 변경 요청에 실패했습니다. 다시 시도하세요.',
  },
  passwordConfirm: {
    checking: '확인 중…',
    success: '비밀번호가 변경되었습니다. 3초 후 로그인 화면으로 이동합니다.',
    toLogin: '로그인 화면으로',
  },
} as const;

/** What the screens of this feature read: the common texts and their own. */
export const messages = {
  ...commonMessages,
  ...authMessages,
};
