import { resolvePicturePath } from '@qbank/shared/pictures';
import { ZoomablePicture } from '../../components/zoomable-picture';
import './problems.css';

/** A picture of a problem or passage (its stored path resolved to an address, @qbank/shared/pictures); a click opens the viewer. */
export function ProblemPicture({ path, alt }: { path: string | null; alt: string }) {
  const src = resolvePicturePath(path);
  if (!src) return null;
  return <ZoomablePicture className="qbank-problem-picture" src={src} alt={alt} />;
}
