// The lead problem list's link to the bulk import (issue 16).
export const importButtonLabel = '파일에서 가져오기';
