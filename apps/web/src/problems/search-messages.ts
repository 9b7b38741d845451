// Problem search boxes (viewers and library): the placeholder says initials work too (issue 16).
export const problemSearchPlaceholder = '문제, 정답, 해설, 보기에서 검색 (초성도 됩니다: ㅅㄱㄱㅅ)';
