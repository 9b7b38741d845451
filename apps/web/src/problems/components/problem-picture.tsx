import { resolvePicturePath } from '@qbank/shared/pictures';
import './problems.css';

/** A picture of a problem or passage; the path is resolved as spec §3 says (uploads, URLs, data). */
export function ProblemPicture({ path, alt }: { path: string | null; alt: string }) {
  const src = resolvePicturePath(path);
  if (!src) return null;
  return <img className="qbank-problem-picture" src={src} alt={alt} loading="lazy" decoding="async" />;
}
