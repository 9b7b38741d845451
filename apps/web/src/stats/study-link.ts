// The study-session builder (the study branch's /study/new) opened on one subject. Kept here,
// in one place, so the merge can point it at the builder's path and query name.
export function studySessionHref(subjectCode: number): string {
  return `/study/new?subject_codes=${encodeURIComponent(String(subjectCode))}`;
}
