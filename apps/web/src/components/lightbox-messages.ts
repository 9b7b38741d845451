// Texts of the picture viewer (issue 12 item 8).
export const lightboxMessages = {
  open: (alt: string) => `${alt} 크게 보기`,
  zoomIn: '확대',
  zoomOut: '화면에 맞추기',
  hint: '사진을 누르면 확대하거나 화면에 맞춥니다. Esc로 닫습니다.',
} as const;
