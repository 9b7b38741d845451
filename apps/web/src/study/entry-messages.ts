// The texts of the study entry card on /home: a file of their own, so the first screen does not
// carry every study screen's texts (decision 050). studyMessages.entry is this object.
export const studyEntryMessages = {
  title: '맞춤 학습',
  text: '과목·연도·시험을 골라 튜터 모드나 시간 제한 시험 모드로 풉니다.',
} as const;
